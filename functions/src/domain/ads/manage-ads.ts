import { createHash } from 'node:crypto';
import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { FieldValue } from '../../ports/document-store.js';
import { istanbulDate, istanbulInstant } from '../../platform/time.js';
import { requireReadyUpload } from '../uploads/index.js';
import type { Actor } from '../../platform/actor.js';
import { writeAudited, type AuditTarget } from '../audit/index.js';
import { AD_MESSAGES, AD_PLACEMENTS, adState, parseHouseAd, publicAdView, type AdminAdView, type AdPlacement, type HouseAd, type HouseAdInput, type PublicAdView } from './house-ad.js';

export const HOUSE_ADS = 'houseAds';
export const AD_CLICKS = 'adClicks';
/** How long a click marker is kept (a Firestore TTL field can drop it afterwards). */
const CLICK_MARKER_MS = 24 * 3_600_000;

const DAY_MS = 86_400_000;

export function adminAdView(ad: HouseAd, now: Date): AdminAdView {
  return {
    ...publicAdView(ad),
    placement: ad.placement,
    activeFrom: istanbulDate(ad.startsAt),
    activeTo: ad.endsAt ? istanbulDate(new Date(ad.endsAt.getTime() - 1)) : null,
    isActive: ad.isActive,
    state: adState(ad, now),
    clicks: ad.clicks,
    createdAt: ad.createdAt,
    updatedAt: ad.updatedAt,
  };
}

/** The stored fields of a create/update (everything but the image, the counter and the times). */
export function adFields(input: HouseAdInput) {
  return {
    placement: input.placement,
    linkUrl: input.linkUrl,
    altText: input.altText,
    startsAt: istanbulInstant(input.activeFrom, '00:00'),
    // The end day is included: the ad stops at the first instant of the day after it.
    endsAt: input.activeTo ? new Date(istanbulInstant(input.activeTo, '00:00').getTime() + DAY_MS) : null,
    isActive: input.isActive,
  };
}

/** The image of a new ad or a changed one: only the staff member's own finished image upload. */
async function adImage(deps: AppDeps, uploadId: string | undefined, viewer: Actor): Promise<Pick<HouseAd, 'imageUrl' | 'image'>> {
  if (!uploadId) throw new AppError('VALIDATION', AD_MESSAGES.imageRequired);
  const file = await requireReadyUpload(deps, uploadId, viewer, 'image');
  return { imageUrl: file.url, image: file.image };
}

/** Staff list: placement order, newest first within a placement (a few dozen documents at most). */
export async function listAds(deps: AppDeps): Promise<AdminAdView[]> {
  const rows = (await deps.store.collection(HOUSE_ADS).get()).map(parseHouseAd);
  const now = deps.now();
  rows.sort((a, b) => AD_PLACEMENTS.indexOf(a.placement) - AD_PLACEMENTS.indexOf(b.placement) || b.createdAt.getTime() - a.createdAt.getTime());
  return rows.map((ad) => adminAdView(ad, now));
}

/** The ads a page may show now in one placement (single-field equality: no composite index). */
export async function activeAds(deps: AppDeps, placement: AdPlacement): Promise<PublicAdView[]> {
  const rows = (await deps.store.collection(HOUSE_ADS).where('placement', '==', placement).get()).map(parseHouseAd);
  const now = deps.now();
  return rows
    .filter((ad) => adState(ad, now) === 'active')
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map(publicAdView);
}

/**
 * Counts one click per viewer per ad per Istanbul day, like article views: the server decides who
 * is clicking (`viewerKey`: the member, else a hash of address and browser), so fresh impression
 * ids from one client do not inflate the count. The marker `adClicks/{hash of ad, viewer, day}` is
 * created in the same transaction as the increment, so a double click, a retry or two concurrent
 * requests count once. The marker keeps the ad and the times only, never the viewer.
 */
export async function recordAdClick(deps: AppDeps, adId: string, viewer: string): Promise<{ counted: boolean }> {
  return deps.store.runTransaction(async (tx) => {
    const now = deps.now();
    const markerId = createHash('sha256').update(`${adId}\n${viewer}\n${istanbulDate(now)}`).digest('hex');
    const [ad, marker] = await Promise.all([tx.get(HOUSE_ADS, adId), tx.get(AD_CLICKS, markerId)]);
    if (!ad) throw new AppError('NOT_FOUND', AD_MESSAGES.notFound);
    if (marker) return { counted: false };
    tx.create(AD_CLICKS, markerId, { adId, createdAt: now, expiresAt: new Date(now.getTime() + CLICK_MARKER_MS) });
    tx.update(HOUSE_ADS, adId, { clicks: FieldValue.increment(1) });
    return { counted: true };
  });
}

const AD = (id: string): AuditTarget => ({ collection: HOUSE_ADS, id, notFound: AD_MESSAGES.notFound });

export async function createAd(deps: AppDeps, actor: Actor, input: HouseAdInput): Promise<AdminAdView> {
  const image = await adImage(deps, input.uploadId, actor);
  const now = deps.now();
  const doc = await writeAudited(deps, actor, AD(deps.store.newId()), () => ({ ...adFields(input), ...image, clicks: 0, createdAt: now, updatedAt: now }), true);
  return adminAdView(parseHouseAd(doc), now);
}

export async function updateAd(deps: AppDeps, actor: Actor, id: string, input: HouseAdInput): Promise<AdminAdView> {
  // A new image is checked before the transaction; without one the current image stays.
  const newImage = input.uploadId ? await adImage(deps, input.uploadId, actor) : null;
  const now = deps.now();
  const doc = await writeAudited(deps, actor, AD(id), (cur) => {
    const current = parseHouseAd(cur);
    return { ...adFields(input), ...(newImage ?? { imageUrl: current.imageUrl, image: current.image }), clicks: current.clicks, createdAt: current.createdAt, updatedAt: now };
  });
  return adminAdView(parseHouseAd(doc), now);
}

export async function deleteAd(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  await writeAudited(deps, actor, AD(id), () => null);
}
