import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { DeferredImage, type ImageLoad } from './DeferredImage';
import type { ImageCopy } from '@shared/uploads/upload';
import { articleHref, copiesOf, formatDate, wonBadgeText, type CardData } from '../lib/format';
import './featured-carousel.css';

/**
 * Featured predictions carousel (spec 000 §2.5.1). The build passes at most 20 featured estimation
 * articles, newest first; two share a slide. Arrows, dots, mouse drag, touch swipe and the arrow
 * keys change the slide; during a transition input is ignored and a progress bar runs.
 */

export const PER_SLIDE = 2;
export const SWIPE = {
  distancePx: 80,
  minSpeed: 0.5, // px/ms: a flick shorter than 80 px still changes the slide
  skipSpeed: 1.5, // px/ms: faster flicks skip further slides ...
  maxExtraSlides: 2, // ... at most this many more
  maxDragRatio: 0.3, // of the viewport width
  edgeResistance: 0.3,
  transitionMs: 300,
  fastTransitionMs: 400,
} as const;
/** Quiet time after the last native scroll event before the island takes over from native scrolling. */
const SETTLE_MS = 150;

/** What a slide shows of an article: the page passes only this (the props are part of the HTML). */
export type FeaturedCard = Pick<CardData, 'id' | 'slug' | 'title' | 'categoryLabel' | 'audience' | 'raceResult' | 'raceResultSource' | 'publishedAt'> & {
  featuredImage: { url: string; width?: number; copies?: ImageCopy[] } | null;
  author: { displayName: string };
};

export function toFeaturedCard(card: CardData): FeaturedCard {
  const { id, slug, title, categoryLabel, audience, raceResult, raceResultSource, publishedAt, featuredImage, author } = card;
  return { id, slug, title, categoryLabel, audience, raceResult, raceResultSource, publishedAt, featuredImage: featuredImage ? { url: featuredImage.url, width: featuredImage.width, ...copiesOf(featuredImage) } : null, author: { displayName: author.displayName } };
}

export interface FeaturedCarouselProps {
  articles: FeaturedCard[];
  /** Set when the build could not read the list: shows the same text as an empty list (spec). */
  failed?: boolean;
}

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  startTime: number;
  dx: number;
  moved: boolean;
  horizontal: boolean | null;
}

/** How many slides a released drag moves (negative: backwards), from its distance and speed. */
export function slidesForSwipe(dx: number, durationMs: number): { step: number; fast: boolean } {
  const speed = Math.abs(dx) / Math.max(durationMs, 1);
  if (Math.abs(dx) <= SWIPE.distancePx && speed <= SWIPE.minSpeed) return { step: 0, fast: false };
  const direction = dx < 0 ? 1 : -1;
  const fast = speed > SWIPE.skipSpeed;
  // Each further 0.75 px/ms over the skip speed adds a slide, capped at 2 extra.
  const extra = fast ? Math.min(SWIPE.maxExtraSlides, 1 + Math.floor((speed - SWIPE.skipSpeed) / 0.75)) : 0;
  return { step: direction * (1 + extra), fast };
}

export default function FeaturedCarousel({ articles, failed = false }: FeaturedCarouselProps) {
  const slides: FeaturedCard[][] = [];
  for (let i = 0; i < articles.length; i += PER_SLIDE) slides.push(articles.slice(i, i + PER_SLIDE));
  const last = slides.length - 1;

  const [index, setIndex] = useState(0);
  const [dragPx, setDragPx] = useState(0);
  const [transition, setTransition] = useState<{ ms: number; key: number } | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const viewport = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const suppressClick = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    // Before hydration the slides scroll natively (phones swipe them). A touch is what hydrates the
    // island, so React usually arrives in the middle of that first swipe: switching to the
    // transform-driven track then would stop the swipe dead. Native scrolling stays until the
    // finger is up (`data-pressed`, set by client:interact) and the snap has settled; then the
    // scrolled-to slide carries over.
    const v = viewport.current;
    const host = v?.closest('astro-island');
    let quiet: ReturnType<typeof setTimeout> | null = null;
    const events = ['scroll', 'touchend', 'touchcancel', 'pointerup'] as const;
    const stopWatching = () => {
      if (quiet) clearTimeout(quiet);
      for (const type of events) v?.removeEventListener(type, wait);
    };
    function settle() {
      if (host?.hasAttribute('data-pressed')) return; // the gesture's end calls again
      stopWatching();
      if (v && v.scrollLeft > 0 && v.clientWidth > 0) {
        setIndex(Math.max(0, Math.min(v.querySelectorAll('.fc-slide').length - 1, Math.round(v.scrollLeft / v.clientWidth))));
        v.scrollLeft = 0;
      }
      setHydrated(true);
    }
    function wait() {
      if (quiet) clearTimeout(quiet);
      quiet = setTimeout(settle, SETTLE_MS);
    }
    for (const type of events) v?.addEventListener(type, wait, { passive: true });
    if (host?.hasAttribute('data-pressed') || (v && v.scrollLeft % Math.max(1, v.clientWidth) !== 0)) wait();
    else settle();
    return () => {
      stopWatching();
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);

  const busy = transition !== null;

  const goTo = useCallback(
    (target: number, ms: number = SWIPE.transitionMs) => {
      const next = Math.max(0, Math.min(last, target));
      setDragPx(0);
      if (next === index) {
        // A drag that did not change the slide still springs back, without blocking input.
        return;
      }
      setIndex(next);
      setTransition({ ms, key: Date.now() });
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setTransition(null), ms);
    },
    [index, last],
  );

  if (slides.length === 0 || failed) {
    return (
      <div className="fc-empty empty-state">
        <strong>Henüz öne çıkan tahmin makalesi bulunmuyor</strong>
        <p>Yeni tahminler yayınlandığında burada görünecektir.</p>
      </div>
    );
  }

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // Until it has taken over (see the first effect) the browser's own scrolling handles the gesture.
    if (!hydrated || busy || (event.pointerType === 'mouse' && event.button !== 0)) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, startTime: event.timeStamp, dx: 0, moved: false, horizontal: null };
    suppressClick.current = false;
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId || busy) return;
    const rawDx = event.clientX - d.startX;
    const rawDy = event.clientY - d.startY;
    if (d.horizontal === null && Math.abs(rawDx) + Math.abs(rawDy) > 6) {
      // A mostly vertical touch gesture is a page scroll, not a swipe.
      d.horizontal = Math.abs(rawDx) > Math.abs(rawDy);
      if (d.horizontal) viewport.current?.setPointerCapture(event.pointerId);
    }
    if (!d.horizontal) return;
    d.moved = true;
    const width = viewport.current?.clientWidth ?? 1;
    const limit = width * SWIPE.maxDragRatio;
    let dx = Math.max(-limit, Math.min(limit, rawDx));
    if ((index === 0 && dx > 0) || (index === last && dx < 0)) dx *= SWIPE.edgeResistance;
    d.dx = dx;
    setDragPx(dx);
  };

  const endDrag = (event: PointerEvent<HTMLDivElement>, cancelled: boolean) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    drag.current = null;
    if (!d.moved || cancelled) {
      setDragPx(0);
      return;
    }
    suppressClick.current = true;
    const { step, fast } = slidesForSwipe(d.dx, event.timeStamp - d.startTime);
    goTo(index + step, fast ? SWIPE.fastTransitionMs : SWIPE.transitionMs);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    if (!busy) goTo(index + (event.key === 'ArrowRight' ? 1 : -1));
  };

  const dragging = drag.current?.moved ?? false;
  const idle = !busy && !dragging && dragPx === 0;
  const trackStyle = hydrated
    ? {
        transform: `translate3d(calc(${-index * 100}% + ${dragPx}px), 0, 0)`,
        transition: dragPx !== 0 ? 'none' : `transform ${transition?.ms ?? SWIPE.transitionMs}ms cubic-bezier(0.22, 0.61, 0.36, 1)`,
      }
    : undefined;

  return (
    <section className={`fc${hydrated ? ' fc-ready' : ''}`} aria-roledescription="carousel" aria-label="Öne çıkan tahminler" onKeyDown={onKeyDown}>
      <div
        className="fc-viewport"
        ref={viewport}
        tabIndex={0}
        aria-label={`Slayt ${index + 1} / ${slides.length}. Ok tuşlarıyla geçiş yapabilirsiniz.`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={(e) => endDrag(e, false)}
        onPointerCancel={(e) => endDrag(e, true)}
        onClickCapture={(e) => {
          // The click that ends a drag must not open the article under the pointer.
          if (suppressClick.current || busy) {
            e.preventDefault();
            e.stopPropagation();
            suppressClick.current = false;
          }
        }}
        onDragStart={(e) => e.preventDefault()}
      >
        <div className="fc-track" style={trackStyle} data-slide-index={index}>
          {slides.map((slide, i) => (
            <div
              key={slide[0]!.id}
              className="fc-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} / ${slides.length}`}
              aria-hidden={hydrated && i !== index ? true : undefined}
              inert={hydrated && i !== index ? true : undefined}
            >
              {slide.map((card, j) => (
                <FeaturedSlideCard key={card.id} card={card} load={slideImageLoad(i, j, index, hydrated)} />
              ))}
            </div>
          ))}
        </div>
        {transition && <div key={transition.key} className="fc-progress" style={{ animationDuration: `${transition.ms}ms` }} aria-hidden="true" />}
      </div>
      {slides.length > 1 && (
        <div className="fc-controls">
          {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to the page body. */}
          <button type="button" className="fc-arrow" aria-label="Önceki slayt" aria-disabled={index === 0 || undefined} onClick={() => index > 0 && !busy && goTo(index - 1)}>
            <span aria-hidden="true">‹</span>
          </button>
          <div className="fc-dots">
            {slides.map((slide, i) => (
              <button
                key={slide[0]!.id}
                type="button"
                className="fc-dot"
                aria-label={`Slayt ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => !busy && goTo(i)}
              />
            ))}
          </div>
          <button type="button" className="fc-arrow" aria-label="Sonraki slayt" aria-disabled={index === last || undefined} onClick={() => index < last && !busy && goTo(index + 1)}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
      {articles.length > 2 && (
        <p className="fc-hint" aria-hidden={!idle} style={{ visibility: idle && hydrated ? 'visible' : 'hidden' }}>
          Sürükleyerek kaydırabilirsiniz
        </p>
      )}
    </section>
  );
}

/**
 * When a slide's image is fetched. The first card is the page's largest paint: in the HTML, fetched
 * first. The rest of the first slide is on screen too. The other slides' images wait until the
 * carousel has started (the reader's first use of it) and are then fetched for the slide shown and
 * its neighbours, so the next one is there when it slides in: Chromium's own lazy loading fetched
 * every slide within ~1,250 px of the screen at load, sideways ones included.
 */
export function slideImageLoad(slide: number, card: number, index: number, hydrated: boolean): ImageLoad {
  if (slide === 0) return card === 0 ? 'first' : 'lazy';
  return hydrated && Math.abs(slide - index) <= 1 ? 'lazy' : 'deferred';
}

/** The card's box on screen: the whole column on phones, half of it from 700 px (two cards side by side). */
const CARD_SIZES = '(min-width: 1100px) 26rem, (min-width: 700px) calc(50vw - 1rem), calc(100vw - 2rem)';

function FeaturedSlideCard({ card, load }: { card: FeaturedCard; load: ImageLoad }) {
  const [failed, setFailed] = useState(false);
  const href = articleHref(card);
  const image = card.featuredImage?.url && !failed ? card.featuredImage.url : null;
  const body = (
    <>
      {image ? (
        <DeferredImage className="fc-img" src={image} width={640} height={360} fullWidth={card.featuredImage?.width} copies={card.featuredImage?.copies} sizes={CARD_SIZES} load={load} draggable={false} onError={() => setFailed(true)} />
      ) : (
        <div className="fc-img fc-placeholder" aria-hidden="true">
          <span>Yarış Tahmini</span>
        </div>
      )}
      <div className="fc-overlay">
        <div className="fc-badges">
          <span className="badge">{card.categoryLabel}</span>
          {(card.audience === 'vip' || card.audience === 'premium') && <span className="badge badge-vip">VIP</span>}
          {card.raceResult === 'won' && <span className="badge badge-won">{wonBadgeText(card.raceResultSource)}</span>}
        </div>
        <h3 className="fc-title">{card.title}</h3>
        <p className="fc-meta">
          {card.author.displayName}
          {card.publishedAt && (
            <>
              {' · '}
              <time dateTime={card.publishedAt}>{formatDate(card.publishedAt)}</time>
            </>
          )}
        </p>
      </div>
    </>
  );
  return href ? (
    <a className="fc-card" href={href} draggable={false}>
      {body}
    </a>
  ) : (
    <div className="fc-card">{body}</div>
  );
}
