import type { PublicAdView } from '@shared/ads/house-ad';
import type { Wire } from '@shared/wire';
import { avifSrcSet, imageSrcSet, withAvifSource } from './image-srcset';
import { publicApi as api } from './public-api';

/**
 * Fills the page's house-ad slots (components/HouseAd.astro). The slots' boxes are already in the
 * static HTML at their final size, so nothing here moves the page; an active VIP's slots are
 * hidden by CSS from the first frame (html.hs-vip, set by PublicLayout's inline script) and never
 * asked for. The calls carry no session: the answer is the same for everyone and cacheable.
 * A slot is filled when it comes near the screen: the article's slot sits mid-text and the side
 * column's is not displayed on phones, so neither costs a reader who never sees it a request and
 * an image (the article page's bytes at load, issue 21).
 */

/** How far ahead of the screen a slot is filled, so its image is usually there when it scrolls in. */
const AHEAD = '150px';


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
  // Sized for the slot's reserved box, which is already its final size.
  const fullWidth = ad.image?.width ?? Number(slot.dataset.fullWidth);
  const sizes = `${Math.ceil(box.getBoundingClientRect().width)}px`;
  const avif = avifSrcSet(ad.imageUrl, fullWidth, ad.image?.copies);
  link.append(avif ? withAvifSource(img, avif, sizes) : img);
  const srcset = imageSrcSet(ad.imageUrl, fullWidth, ad.image?.copies);
  if (srcset) {
    img.srcset = srcset;
    img.sizes = sizes;
  }
  img.src = ad.imageUrl;
  img.alt = ad.altText;
  img.decoding = 'async';
  const showing = showingId();
  const count = () => void api.call((r) => r.ads[':id'].click.$post({ param: { id: encodeURIComponent(ad.id) } }), { body: { impression: showing }, auth: false }).catch(() => undefined);
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
    const { data } = await api.call((r) => r.ads.$get(), { query: { placement }, auth: false });
    // Several booked for one place take turns, one per page view.
    render(slot, data.length ? data[Math.floor(Math.random() * data.length)] : undefined);
  } catch {
    slot.dataset.state = 'empty';
  }
}

export function fillHouseAds(): void {
  // A slot that is not displayed (display: none) never intersects: the side column's on a phone.
  const near = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting || isVip()) continue;
        near.unobserve(entry.target);
        void fill(entry.target as HTMLElement);
      }
    },
    { rootMargin: AHEAD },
  );
  const run = () => {
    if (isVip()) return;
    for (const slot of document.querySelectorAll<HTMLElement>('[data-house-ad]')) if (!slot.dataset.state) near.observe(slot);
  };
  run();
  // A membership that ended since the page was stored: the session island drops html.hs-vip.
  new MutationObserver(run).observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
}
