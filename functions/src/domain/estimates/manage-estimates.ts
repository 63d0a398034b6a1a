import type { Transaction } from '../../ports/document-store.js';
import type { Actor } from '../../platform/actor.js';
import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { getArticleIn, updateArticleIn, youtubeId, type ArticleRecord } from '../articles/index.js';
import { isDocumentId } from '../../ports/document-values.js';
import { writeAudit } from '../audit/index.js';
import { exportInfoBlock, raceDataBlock, raceHeadingBlock, selectionBlocks } from './export-blocks.js';
import { assertTeaserKeepsSecrets } from './article-result.js';
import { istanbulDate } from '../../platform/time.js';
import { getRaceDayIn, getRacesIn, RACE_ID, type Race, type RaceDay } from '../races/index.js';
import { requireReadyUpload } from '../uploads/index.js';
import { assertTipNamesDeclared, withRunners } from './tip-horses.js';
import { BET_MESSAGES, normalizeBet, toStoredBet, type Bet, type BetInput, type StoredBet } from './bet.js';
import {
  describeVideo,
  ESTIMATE_MESSAGES as M,
  isLocked,
  parseRaceEstimate,
  selectionsHash,
  type CreateEstimateInput,
  type EstimateRace,
  type RaceEstimate,
  type UpdateEstimateInput,
} from './estimate.js';
import { formatIsoDay } from '../../shared/text/dates.js';

/**
 * Staff services for race estimates (spec 002 §7 'Race estimates', issue 8 lock). Admins work on
 * every article's estimates, authors only on their own articles'. Every change runs in one
 * transaction with its audit entry, and a selection change is refused once the first race started.
 */

type ExportRace = CreateEstimateInput['races'][number];

/** A race estimate as the API answers it (staff tool and readers alike). */
export interface EstimateView extends RaceEstimate {
  /** Spec compatibility: the old client reads `_id`. */
  _id: string;
}

export function estimateView(estimate: RaceEstimate): EstimateView {
  return { ...estimate, _id: estimate.id };
}

const isAdmin = (actor: Actor) => actor.user.role === 'admin';

function assertOwner(actor: Actor, article: Pick<ArticleRecord, 'authorId'>, message: string): void {
  if (isAdmin(actor)) return;
  if (actor.user.role !== 'author' || article.authorId !== actor.user.id) throw new AppError('FORBIDDEN', message);
}

async function txArticle(tx: Transaction, articleId: string): Promise<ArticleRecord> {
  const article = isDocumentId(articleId) ? await getArticleIn(tx, articleId) : null;
  if (!article || article.isDeleted) throw new AppError('NOT_FOUND', 'Makale bulunamadı.');
  return article;
}

async function txEstimate(tx: Transaction, articleId: string, estimateId: string): Promise<RaceEstimate> {
  const raw = isDocumentId(estimateId) ? await tx.get('raceEstimates', estimateId) : null;
  const estimate = raw ? parseRaceEstimate(raw) : null;
  if (!estimate || estimate.articleId !== articleId) throw new AppError('NOT_FOUND', M.notFound);
  return estimate;
}

function audit(deps: AppDeps, tx: Transaction, actor: Actor, action: string, id: string, before: unknown, after: unknown): void {
  writeAudit(tx, deps.store.newId(), {
    action,
    by: actor.user,
    entity: { collection: 'raceEstimates', id },
    before,
    after,
    at: deps.now(),
  });
}

/** An estimate (or changes to one) as stored: the bet's places as maps (bet.ts `toStoredBet`). */
function storable<T extends Partial<RaceEstimate>>(estimate: T): Omit<T, 'bet'> & { bet?: StoredBet | null } {
  const { bet, ...rest } = estimate;
  return 'bet' in estimate ? { ...rest, bet: bet ? toStoredBet(bet) : null } : rest;
}

/** A bet's horses stand in for its one race's selection, so the coupon tools and the hash see them. */
function withBetHorses(input: Pick<ExportRace, 'id' | 'selectedHorses'>[], bet: BetInput | Bet | null | undefined): Pick<ExportRace, 'id' | 'selectedHorses'>[] {
  if (!bet) return input;
  if (input.length !== 1) throw new AppError('VALIDATION', BET_MESSAGES.oneRace);
  return [{ ...input[0]!, selectedHorses: [...new Set(bet.places.flat())].map((number) => ({ number })) }];
}

/** Checks the selections (and a single-race bet) against the programme and rebuilds every race from it. */
async function buildRaces(tx: Transaction, rawInput: ExportRace[], betInput: BetInput | null = null) {
  const input = withBetHorses(rawInput, betInput) as ExportRace[];
  const ids = input.map((r) => r.id);
  if (new Set(ids).size !== ids.length) throw new AppError('VALIDATION', M.duplicateRace);
  for (const id of ids) if (!RACE_ID.test(id)) throw new AppError('VALIDATION', M.raceNotFound(id));
  const stored: Race[] = (await getRacesIn(tx, ids)).map((race, i) => {
    if (!race) throw new AppError('VALIDATION', M.raceNotFound(ids[i]!));
    return race;
  });
  if (new Set(stored.map((r) => r.raceDayId)).size > 1) throw new AppError('VALIDATION', M.sameCard);
  const races: EstimateRace[] = stored
    .map((race, i) => {
      const numbers = input[i]!.selectedHorses.map((h) => h.number);
      const selectedHorses = numbers.map((n) => {
        if (numbers.indexOf(n) !== numbers.lastIndexOf(n)) throw new AppError('VALIDATION', M.duplicateHorse(n, race.number));
        const entry = race.entries.find((e) => e.number === n);
        if (!entry) throw new AppError('VALIDATION', M.horseNotInRace(n, race.number));
        return { number: entry.number, name: entry.name, horseId: entry.horseId };
      });
      return {
        ...raceHeadingBlock(race),
        startsAt: race.startsAt,
        selectedHorses: selectedHorses.sort((a, b) => a.number - b.number),
        totalHorses: race.entries.length,
      };
    })
    .sort((a, b) => a.raceNumber - b.raceNumber);
  const total = races.reduce((n, r) => n + r.selectedHorses.length, 0);
  if (total === 0) throw new AppError('VALIDATION', M.needHorse);
  const raceDay = await getRaceDayIn(tx, stored[0]!.raceDayId);
  if (!raceDay) throw new AppError('VALIDATION', M.raceNotFound(stored[0]!.id));
  // The server clock decides the lock: the earliest start of the races covered (Istanbul times
  // were turned into instants when the programme was imported).
  const lockAt = new Date(Math.min(...races.map((r) => r.startsAt.getTime())));
  let bet: Bet | null = null;
  if (betInput) {
    try {
      bet = normalizeBet(betInput, stored[0]!);
    } catch (error) {
      throw new AppError('VALIDATION', (error as Error).message);
    }
  }
  return { races, raceDay, lockAt, total, bet };
}

function derived(races: EstimateRace[], bet: Bet | null) {
  return {
    raceIds: races.map((r) => r.id),
    ...selectionBlocks(races.map((r) => ({ ...r, picked: r.selectedHorses.map((h) => h.number) }))),
    bet,
    selectionsHash: selectionsHash(races, bet),
  };
}


/** An article is written for one card: a tip published now is not evidence for a card weeks away. */
const MAX_DAYS_AHEAD = 3;

/**
 * An estimate belongs to the article whose races it names: every estimate of one article is on the
 * same card (date and hippodrome), and that card is raced on the article's publication day or in
 * the few days after it. Returns the article's other estimates (for the teaser check).
 */
async function assertArticleRaceDay(deps: AppDeps, tx: Transaction, article: ArticleRecord, raceDay: Pick<RaceDay, 'date' | 'location'>, ownId: string | null): Promise<RaceEstimate[]> {
  const others = (await tx.query(deps.store.collection('raceEstimates').where('articleId', '==', article.id))).map(parseRaceEstimate).filter((e) => e.id !== ownId);
  const first = others[0];
  if (first && (first.raceData.date !== raceDay.date || first.raceData.location !== raceDay.location)) {
    throw new AppError('VALIDATION', M.otherRaceDay(`${formatIsoDay(first.raceData.date)} ${first.raceData.location}`));
  }
  if (article.publishedAt) {
    const published = istanbulDate(article.publishedAt);
    const days = (Date.parse(raceDay.date) - Date.parse(published)) / 86_400_000;
    if (days < 0 || days > MAX_DAYS_AHEAD) throw new AppError('VALIDATION', M.raceDayFarFromArticle(formatIsoDay(published), formatIsoDay(raceDay.date)));
  }
  return others;
}

export async function createEstimate(deps: AppDeps, actor: Actor, articleId: string, input: CreateEstimateInput): Promise<RaceEstimate> {
  const now = deps.now();
  const id = deps.store.newId();
  const estimate = await deps.store.runTransaction(async (tx) => {
    const article = await txArticle(tx, articleId);
    if (article.category !== 'estimation' || article.status !== 'published') throw new AppError('VALIDATION', M.articleNotEstimation);
    assertOwner(actor, article, M.forbiddenCreate);
    const { races, raceDay, lockAt, total, bet } = await buildRaces(tx, input.races, input.bet ?? null);
    if (isLocked({ lockAt }, now)) throw new AppError('LOCKED', M.lockedCreate);
    const others = await assertArticleRaceDay(deps, tx, article, raceDay, null);
    // One coupon per published article: a second one would let the article count as a win when
    // either hit. A later coupon is a new article.
    if (others.length > 0) throw new AppError('CONFLICT', M.oneCoupon);
    assertTeaserKeepsSecrets(article, await withRunners(deps, [...others, { races, isActive: input.isActive ?? true } as RaceEstimate]));
    await assertTipNamesDeclared(deps, article, [...others, { races, raceData: raceDataBlock(raceDay) }]);
    const record: Omit<RaceEstimate, 'id'> = {
      articleId: article.id,
      authorId: article.authorId,
      title: input.title || `${raceDay.location} ${formatIsoDay(raceDay.date)} Yarış Tahmini`,
      description: input.description ?? '',
      isActive: input.isActive ?? true,
      exportInfo: exportInfoBlock({ exportDate: now, location: raceDay.location, raceFilter: input.exportInfo?.raceFilter ?? 'custom', totalSelections: total }),
      raceData: raceDataBlock(raceDay),
      raceDayId: raceDay.id,
      races,
      ...derived(races, bet),
      audio: null,
      video: null,
      lockAt,
      settlement: null,
      createdAt: now,
      updatedAt: now,
    };
    tx.create('raceEstimates', id, storable(record));
    if (!article.hasRaceEstimate) updateArticleIn(tx, article.id, { hasRaceEstimate: true, updatedAt: now });
    audit(deps, tx, actor, 'estimate.create', id, null, { articleId: article.id, selectionsHash: record.selectionsHash, bet: bet && toStoredBet(bet), lockAt });
    return parseRaceEstimate({ id, ...storable(record) });
  });
  deps.requestRebuild(`race estimate added: ${articleId}`);
  return estimate;
}

/**
 * Applies a full-estimate PUT. Title, description, active flag may always change; the selections
 * only before the lock. A body repeating the stored selections is not a change.
 */
export async function updateEstimate(deps: AppDeps, actor: Actor, articleId: string, estimateId: string, input: UpdateEstimateInput): Promise<RaceEstimate> {
  const now = deps.now();
  const updated = await deps.store.runTransaction(async (tx) => {
    const estimate = await txEstimate(tx, articleId, estimateId);
    const article = await txArticle(tx, articleId);
    assertOwner(actor, article, input.races ? M.forbiddenHorses : M.forbiddenUpdate);
    const changes: Partial<RaceEstimate> = { updatedAt: now };
    if (input.title !== undefined) changes.title = input.title;
    if (input.description !== undefined) changes.description = input.description;
    if (input.isActive !== undefined) changes.isActive = input.isActive;
    if (input.races || input.bet !== undefined) {
      const racesInput: ExportRace[] = input.races ?? estimate.races.map((r) => ({ id: r.id, selectedHorses: r.selectedHorses.map((h) => ({ number: h.number })) }));
      const betInput = input.bet === undefined ? estimate.bet : input.bet;
      const sortedBet = betInput ? { kind: betInput.kind, places: betInput.places.map((list) => [...list].sort((a, b) => a - b)) } : null;
      if (selectionsHash(withBetHorses(racesInput, betInput), sortedBet) !== estimate.selectionsHash) {
        if (isLocked(estimate, now)) throw new AppError('LOCKED', M.locked);
        const { races, lockAt, raceDay, total, bet } = await buildRaces(tx, racesInput, betInput);
        if (isLocked({ lockAt }, now)) throw new AppError('LOCKED', M.lockedCreate);
        const others = await assertArticleRaceDay(deps, tx, article, raceDay, estimate.id);
        assertTeaserKeepsSecrets(article, await withRunners(deps, [...others, { races, isActive: input.isActive ?? estimate.isActive } as RaceEstimate]));
        await assertTipNamesDeclared(deps, article, [...others, { races, raceData: raceDataBlock(raceDay) }]);
        Object.assign(changes, { races, lockAt, raceDayId: raceDay.id, ...derived(races, bet), settlement: null, exportInfo: { ...estimate.exportInfo, totalSelections: total } });
        changes.raceData = raceDataBlock(raceDay);
      }
    }
    tx.update('raceEstimates', estimate.id, storable(changes));
    const after = parseRaceEstimate({ ...storable(estimate), ...storable(changes) });
    const summary = (e: RaceEstimate) => ({ title: e.title, description: e.description, isActive: e.isActive, selectionsHash: e.selectionsHash, bet: e.bet && toStoredBet(e.bet), lockAt: e.lockAt });
    audit(deps, tx, actor, 'estimate.update', estimate.id, summary(estimate), summary(after));
    return after;
  });
  deps.requestRebuild(`race estimate updated: ${articleId}`);
  return updated;
}

async function removeEstimates(deps: AppDeps, tx: Transaction, actor: Actor, article: ArticleRecord, estimates: RaceEstimate[], remaining: number) {
  const now = deps.now();
  // Deleting a locked estimate would let a losing pick vanish from the record.
  if (estimates.some((e) => isLocked(e, now))) throw new AppError('LOCKED', M.lockedDelete);
  for (const e of estimates) {
    tx.delete('raceEstimates', e.id);
    audit(deps, tx, actor, 'estimate.delete', e.id, { articleId: e.articleId, title: e.title, selectionsHash: e.selectionsHash }, null);
  }
  if (remaining === 0 && article.hasRaceEstimate) updateArticleIn(tx, article.id, { hasRaceEstimate: false, updatedAt: now });
}

export async function deleteEstimate(deps: AppDeps, actor: Actor, articleId: string, estimateId: string): Promise<void> {
  await deps.store.runTransaction(async (tx) => {
    const estimate = await txEstimate(tx, articleId, estimateId);
    const article = await txArticle(tx, articleId);
    assertOwner(actor, article, M.forbiddenUpdate);
    const all = await tx.query(deps.store.collection('raceEstimates').where('articleId', '==', articleId));
    await removeEstimates(deps, tx, actor, article, [estimate], all.length - 1);
  });
  deps.requestRebuild(`race estimate deleted: ${articleId}`);
}

export async function deleteAllEstimates(deps: AppDeps, actor: Actor, articleId: string): Promise<number> {
  const count = await deps.store.runTransaction(async (tx) => {
    const article = await txArticle(tx, articleId);
    assertOwner(actor, article, M.forbiddenUpdate);
    const all = (await tx.query(deps.store.collection('raceEstimates').where('articleId', '==', articleId))).map(parseRaceEstimate);
    if (all.length === 0) throw new AppError('NOT_FOUND', M.notFound);
    await removeEstimates(deps, tx, actor, article, all, 0);
    return all.length;
  });
  deps.requestRebuild(`race estimates deleted: ${articleId}`);
  return count;
}

type MediaChange = (estimate: RaceEstimate) => Promise<Partial<RaceEstimate>> | Partial<RaceEstimate>;

async function changeMedia(deps: AppDeps, actor: Actor, articleId: string, estimateId: string, action: string, build: MediaChange) {
  // Reads the upload (if any) before the transaction: it is the caller's own finalized file.
  const result = await deps.store.runTransaction(async (tx) => {
    const estimate = await txEstimate(tx, articleId, estimateId);
    const article = await txArticle(tx, articleId);
    assertOwner(actor, article, M.forbiddenUpdate);
    const changes = { ...(await build(estimate)), updatedAt: deps.now() };
    tx.update('raceEstimates', estimate.id, changes);
    audit(deps, tx, actor, action, estimate.id, { audio: estimate.audio?.url ?? null, video: estimate.video?.url ?? null }, { audio: changes.audio === undefined ? estimate.audio?.url ?? null : changes.audio?.url ?? null, video: changes.video === undefined ? estimate.video?.url ?? null : changes.video?.url ?? null });
    return parseRaceEstimate({ ...storable(estimate), ...changes });
  });
  deps.requestRebuild(`race estimate media: ${articleId}`);
  return result;
}

export async function attachEstimateAudio(deps: AppDeps, actor: Actor, articleId: string, estimateId: string, input: { uploadId: string; title?: string | undefined }) {
  const file = await requireReadyUpload(deps, input.uploadId, actor, 'audio');
  return changeMedia(deps, actor, articleId, estimateId, 'estimate.audio.add', (estimate) => {
    if (estimate.audio) throw new AppError('CONFLICT', M.audioExists);
    return { audio: { url: file.url, title: input.title || file.name, originalName: file.name, mimeType: file.contentType, size: file.size, duration: null, uploadedAt: deps.now() } };
  });
}

export function removeEstimateAudio(deps: AppDeps, actor: Actor, articleId: string, estimateId: string) {
  return changeMedia(deps, actor, articleId, estimateId, 'estimate.audio.remove', (estimate) => {
    if (!estimate.audio) throw new AppError('NOT_FOUND', M.noAudio);
    return { audio: null };
  });
}

export function attachEstimateVideo(deps: AppDeps, actor: Actor, articleId: string, estimateId: string, input: { url: string; title?: string | undefined }) {
  const info = describeVideo(input.url, youtubeId);
  if (!info) throw new AppError('VALIDATION', M.videoInvalid);
  return changeMedia(deps, actor, articleId, estimateId, 'estimate.video.add', (estimate) => {
    if (estimate.video) throw new AppError('CONFLICT', M.videoExists);
    return { video: { ...info, title: input.title || '', duration: null, addedAt: deps.now() } };
  });
}

export function removeEstimateVideo(deps: AppDeps, actor: Actor, articleId: string, estimateId: string) {
  return changeMedia(deps, actor, articleId, estimateId, 'estimate.video.remove', (estimate) => {
    if (!estimate.video) throw new AppError('NOT_FOUND', M.noVideo);
    return { video: null };
  });
}
