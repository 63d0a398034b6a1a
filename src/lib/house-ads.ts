import type { PublicAdView } from '../../functions/src/domain/ads/house-ad';
import type { Wire } from '../../functions/src/platform/wire';
import { createApiClient, type TokenSource } from './api-client';

/**
 * Fills the page's house-ad slots (components/HouseAd.astro). The slots' boxes are already in the
 * static HTML at their final size, so nothing here moves the page; an active VIP's slots are
 * hidden by CSS from the first frame (html.hs-vip, set by PublicLayout's inline script) and never
 * asked for. The calls carry no session: the answer is the same for everyone and cacheable.
 */

const NO_SESSION: TokenSource = { getToken: () => null, getRefreshToken: () => null, setTokens: () => undefined, clear: () => undefined };
const api = createApiClient({ tokens: NO_SESSION, refreshPath: '/auth/refresh' });

/** A random id for one showing of an ad: the click counter counts one click per showing. */
function showingId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const isVip = () => document.documentElement.classList.contains('hs-vip');

function render(slot: HTMLElement, ad: Wire<PublicAdView> | undefined): void {
  const box = slot.querySelector<HTMLElement>('.house-ad__box');
  if (!box) return;
  if (!ad) {
    // Nothing booked for this place now: the box keeps its size and offers the ad-free membership.
    slot.dataset.state = 'empty';
    return;
  }
  const link = document.createElement('a');
  link.className = 'house-ad__link';
  link.href = ad.linkUrl;
  link.rel = 'sponsored noopener';
  link.target = '_blank';
  link.dataset.adId = ad.id;
  const img = document.createElement('img');
  img.src = ad.imageUrl;
  img.alt = ad.altText;
  img.decoding = 'async';
  link.append(img);
  const showing = showingId();
  const count = () => void api.post(`/ads/${encodeURIComponent(ad.id)}/click`, { impression: showing }, { auth: false }).catch(() => undefined);
  link.addEventListener('click', count);
  link.addEventListener('auxclick', (event) => {
    if (event.button === 1) count();
  });
  box.replaceChildren(link);
  slot.dataset.state = 'filled';
}

async function fill(slot: HTMLElement): Promise<void> {
  const placement = slot.dataset.houseAd;
  if (!placement || slot.dataset.state) return;
  slot.dataset.state = 'loading';
  try {
    const { data } = await api.get<Wire<PublicAdView>[]>(`/ads?placement=${encodeURIComponent(placement)}`, { auth: false });
    // Several booked for one place take turns, one per page view.
    render(slot, data.length ? data[Math.floor(Math.random() * data.length)] : undefined);
  } catch {
    slot.dataset.state = 'empty';
  }
}

export function fillHouseAds(): void {
  const run = () => {
    if (isVip()) return;
    for (const slot of document.querySelectorAll<HTMLElement>('[data-house-ad]')) void fill(slot);
  };
  run();
  // A membership that ended since the page was stored: the session island drops html.hs-vip.
  new MutationObserver(run).observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
}
