import { formatDate, formatNumber, isoDate, wonBadgeText } from '../article/format';
import { cardHref, isVipArticle, type CardData } from './types';

export interface CardOptions {
  /** Show the category badge (prediction list). */
  showCategory?: boolean;
  /** Link VIP articles to /vip-uyari unless the reader is VIP. */
  gateVip?: boolean;
  readerIsVip?: boolean;
  /** Show the 'KAZANDI' badge and up to two tags (successful predictions). */
  showResult?: boolean;
  /** The first cards are above the fold: their images load eagerly. */
  eager?: boolean;
}

/**
 * One article card of the list pages (spec 000 §2.6-2.8). Rendered statically for the first
 * page and by the islands for further pages, so both look the same.
 */
export function ArticleCardView({ card, options = {} }: { card: CardData; options?: CardOptions }) {
  const href = cardHref(card, options.readerIsVip ?? false, options.gateVip ?? false);
  const vip = isVipArticle(card);
  const titleId = `card-${card.id}`;
  const shownTags = card.tags.slice(0, 2);
  const moreTags = card.tags.length - shownTags.length;
  return (
    <article className="card list-card" aria-labelledby={titleId}>
      <div className="card-media">
        {card.featuredImage ? (
          <img
            src={card.featuredImage.url}
            alt=""
            width={card.featuredImage.width ?? 640}
            height={card.featuredImage.height ?? 360}
            loading={options.eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <div className="list-card__placeholder" aria-hidden="true">
            {card.categoryLabel}
          </div>
        )}
        <div className="list-card__badges">
          {options.showResult && card.raceResult === 'won' ? <span className="badge badge-won">{wonBadgeText(card.raceResultSource)}</span> : null}
          {options.showCategory ? <span className="badge">{card.categoryLabel}</span> : null}
          {vip ? <span className="badge badge-vip">VIP</span> : null}
        </div>
      </div>
      <div className="card-body">
        {card.publishedAt ? (
          <time className="list-card__date" dateTime={isoDate(card.publishedAt)}>
            {formatDate(card.publishedAt)}
          </time>
        ) : null}
        <h2 className="card-title" id={titleId}>
          {href ? (
            <a href={href} className="list-card__title-link">
              {card.title}
            </a>
          ) : (
            card.title
          )}
        </h2>
        <p className="card-excerpt">{card.excerpt}</p>
        {options.showResult && shownTags.length > 0 ? (
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
            {formatNumber(card.stats.comments)}
            <span className="sr-only"> yorum</span>
          </span>
        </div>
        {href ? (
          <a href={href} className="list-card__more">
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
    <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function CommentIcon() {
  return (
    <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
    </svg>
  );
}

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
