import { useState } from 'react';
import { DeferredImage } from '../DeferredImage';
import { articleHref, formatDate, formatNumber, isVipAudience, PLACEHOLDER_IMAGE, wonBadgeText, type CardData } from '../../lib/format';
import './article-card.css';

export interface CardOptions {
  /** 'h2' on the list pages (the page's h1 is above), 'h3' inside a section of the home page. */
  heading?: 'h2' | 'h3';
  /** Show the category badge (prediction list). */
  showCategory?: boolean;
  /** Link VIP articles to /vip-uyari (the reader's VIP state swaps the link later, see vip-links.ts). */
  gateVip?: boolean;
  readerIsVip?: boolean;
  /** Up to two tags plus '+N' (successful predictions). */
  showTags?: boolean;
  /** The 'Devamını Oku' link of the list pages (spec 000 §2.6). */
  readMore?: boolean;
  /** The first cards are above the fold: their images load eagerly. */
  eager?: boolean;
  /** Below the fold in an island: no image address until the island runs (see DeferredImage). */
  deferImage?: boolean;
}

/** A card's box: one column on phones, two from ~460 px, three or four on wide screens. */
const CARD_SIZES = '(min-width: 1100px) 380px, (min-width: 460px) 50vw, calc(100vw - 2rem)';

/** VIP or premium articles: the badge, and the list link goes to /vip-uyari for a non-VIP reader (spec 000 §2.7, §6). */
export function isVipArticle(card: Pick<CardData, 'audience' | 'visibility'>): boolean {
  return isVipAudience(card) || card.visibility === 'premium' || card.visibility === 'private';
}

export const VIP_GATE_HREF = '/vip-uyari';

/**
 * The one public article card (spec 000 §2.5-2.8): the list pages render it as static HTML, the
 * home tabs inside their island, so a card looks and links the same wherever it appears. The title
 * link covers the whole card; the card is inert when the article has neither slug nor id.
 */
export function ArticleCardView({ card, options = {} }: { card: CardData; options?: CardOptions }) {
  const [imageFailed, setImageFailed] = useState(false);
  const articleLink = articleHref(card);
  const gated = Boolean(options.gateVip && isVipArticle(card) && articleLink);
  const href = gated && !options.readerIsVip ? VIP_GATE_HREF : articleLink;
  // A VIP reader's page swaps the gate for the article itself (vip-links.ts reads this).
  const swap = gated ? { 'data-vip-href': articleLink ?? undefined } : {};
  const Heading = options.heading ?? 'h2';
  const titleId = `card-${card.id}`;
  const shownTags = options.showTags ? card.tags.slice(0, 2) : [];
  const moreTags = options.showTags ? card.tags.length - shownTags.length : 0;
  const src = card.featuredImage?.url && !imageFailed ? card.featuredImage.url : PLACEHOLDER_IMAGE;
  return (
    <article className="card list-card" aria-labelledby={titleId}>
      <div className="card-media">
        <DeferredImage
          src={src}
          width={card.featuredImage?.width ?? 640}
          height={card.featuredImage?.height ?? 360}
          // The placeholder that replaces a picture that failed has no copies.
          fullWidth={imageFailed ? undefined : card.featuredImage?.width}
          copies={card.featuredImage?.copies}
          sizes={CARD_SIZES}
          load={options.deferImage ? 'deferred' : options.eager ? 'eager' : 'lazy'}
          onError={() => setImageFailed(true)}
        />
        <div className="list-card__badges">
          {card.raceResult === 'won' ? <span className="badge badge-won">{wonBadgeText(card.raceResultSource)}</span> : null}
          {options.showCategory ? <span className="badge">{card.categoryLabel}</span> : null}
          {isVipArticle(card) ? <span className="badge badge-vip">VIP</span> : null}
        </div>
      </div>
      <div className="card-body">
        {card.publishedAt ? (
          <time className="list-card__date" dateTime={card.publishedAt}>
            {formatDate(card.publishedAt)}
          </time>
        ) : null}
        <Heading className="card-title" id={titleId}>
          {href ? (
            <a href={href} className="list-card__title-link" {...swap}>
              {card.title || 'Başlıksız'}
            </a>
          ) : (
            card.title || 'Başlıksız'
          )}
        </Heading>
        {card.excerpt ? <p className="card-excerpt">{card.excerpt}</p> : null}
        {shownTags.length > 0 ? (
          <ul className="list-card__tags" aria-label="Etiketler">
            {shownTags.map((tag) => (
              <li key={tag.name} className="tag" style={{ borderColor: tag.color }}>
                {tag.name}
              </li>
            ))}
            {moreTags > 0 ? <li className="tag tag--more">+{moreTags}</li> : null}
          </ul>
        ) : null}
        <div className="card-meta">
          <span>{card.author.displayName}</span>
          <span className="list-card__stat">
            <EyeIcon />
            {formatNumber(card.stats.views)}
            <span className="sr-only"> görüntülenme</span>
          </span>
          <span className="list-card__stat">
            <CommentIcon />
            {formatNumber(Math.max(0, card.stats.comments))}
            <span className="sr-only"> yorum</span>
          </span>
        </div>
        {options.readMore && href ? (
          <a href={href} className="list-card__more" {...swap}>
            Devamını Oku<span className="sr-only">: {card.title}</span>
            <span aria-hidden="true"> →</span>
          </a>
        ) : null}
      </div>
    </article>
  );
}

function EyeIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function CommentIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
    </svg>
  );
}

/** A placeholder card while a page of cards loads (same box as a card, so nothing jumps). */
export function CardSkeleton() {
  return (
    <div className="card list-card list-card--skeleton" aria-hidden="true">
      <div className="card-media skeleton" />
      <div className="card-body">
        <div className="skeleton" style={{ height: '0.8rem', width: '40%' }} />
        <div className="skeleton" style={{ height: '1.1rem', width: '90%' }} />
        <div className="skeleton" style={{ height: '0.8rem', width: '100%' }} />
        <div className="skeleton" style={{ height: '0.8rem', width: '70%' }} />
      </div>
    </div>
  );
}
