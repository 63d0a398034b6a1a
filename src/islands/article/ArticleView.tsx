import type { ReactNode } from 'react';
import type { ArticleDetail } from '../../../functions/src/domain/articles/public-view';
import type { AuthorRecord } from '../../../functions/src/domain/records/author-record';
import { recordLine } from '@shared/records/record-text';
import { formatDate, formatNumber, isoDate, wonBadgeText } from './format';
import { DeferredImage } from '../DeferredImage';

/** A detail as it arrives over JSON (dates as strings) or from the build (Dates). */
export type DetailData = Omit<ArticleDetail, 'publishedAt' | 'updatedAt'> & { publishedAt: string | Date | null; updatedAt: string | Date };

export interface ArticleViewProps {
  article: DetailData;
  record?: AuthorRecord | null;
  /** The body: static HTML for a public article, the gating island otherwise. */
  body?: ReactNode;
  estimates?: ReactNode;
  like?: ReactNode;
  share?: ReactNode;
  comments?: ReactNode;
}

// Mirrors AUDIENCE_LABELS of domain/articles/article.ts; importing that module would pull zod into
// the fallback page's bundle for three words.
const AUDIENCE_LABELS = { everyone: 'Herkes', vip: 'VIP', premium: 'Premium' } as const;

/** The author's record from settled estimates (issue 8), always with the sample. */
function successText(record: AuthorRecord): string {
  return `Tahmin kaydı: ${recordLine(record.windows.all)}`;
}

/**
 * The article detail layout (spec 000 §2.12). Rendered statically by /makale/[slug] with the
 * interactive parts passed in as islands, and inside the client-side fallback page for slugs
 * the build has not seen yet, so both look the same.
 */
export function ArticleView({ article, record, body, estimates, like, share, comments }: ArticleViewProps) {
  const image = article.featuredImage;
  const audience = AUDIENCE_LABELS[article.audience];
  return (
    <article className="article" data-article-id={article.id}>
      <nav aria-label="Sayfa konumu" className="breadcrumb">
        <ol>
          <li>
            <a href="/">Ana Sayfa</a>
          </li>
          <li>
            <a href="/makaleler">Makaleler</a>
          </li>
          <li aria-current="page">{article.title}</li>
        </ol>
      </nav>
      <header className="article__header">
        <div className="article__badges">
          <span className="badge">{article.categoryLabel}</span>
          <span className={`badge${article.audience === 'everyone' ? '' : ' badge-vip'}`}>{audience}</span>
          {article.raceResult === 'won' ? <span className="badge badge-won">{wonBadgeText(article.raceResultSource)}</span> : null}
        </div>
        {article.publishedAt ? (
          <time className="article__date" dateTime={isoDate(article.publishedAt)}>
            {formatDate(article.publishedAt)}
          </time>
        ) : null}
        <h1 className="article__title">{article.title}</h1>
        {article.subtitle ? <p className="article__subtitle">{article.subtitle}</p> : null}
        <p className="article__byline">
          <a href={`/yazarlar/${encodeURIComponent(article.author.id)}`} rel="author">
            {article.author.displayName}
          </a>
          <span aria-hidden="true"> · </span>
          <span>{article.readTime} dk okuma</span>
        </p>
      </header>
      {image ? (
        <figure className="article__image">
          <DeferredImage src={image.url} alt={image.alt} width={image.width} height={image.height} fullWidth={image.width} copies={image.copies} sizes="(min-width: 900px) 820px, calc(100vw - 1rem)" load="first" />
        </figure>
      ) : null}
      <p className="article__excerpt">{article.excerpt}</p>
      <div className="article__body">{body}</div>
      {estimates}
      {article.tags.length > 0 ? (
        <ul className="article__tags" aria-label="Etiketler">
          {article.tags.map((tag) => (
            <li key={tag.name} className="tag" style={{ borderColor: tag.color }}>
              #{tag.name}
            </li>
          ))}
        </ul>
      ) : null}
      {share}
      <dl className="article__stats" aria-label="İstatistikler">
        <div>
          <dt>Görüntülenme</dt>
          <dd data-view-count={article.id}>{formatNumber(article.stats.views)}</dd>
        </div>
        <div>
          <dt>Beğeni</dt>
          <dd>{formatNumber(article.stats.likes)}</dd>
        </div>
        <div>
          <dt>Okuma süresi</dt>
          <dd>{article.readTime} dk</dd>
        </div>
        <div>
          <dt>Yorum</dt>
          <dd>{formatNumber(article.stats.comments)}</dd>
        </div>
      </dl>
      {like ? <div className="article__like">{like}</div> : null}
      {comments}
      <aside className="author-box" aria-labelledby="author-box-name">
        {article.author.avatar ? (
          <img className="author-box__avatar" src={article.author.avatar} alt="" width={64} height={64} loading="lazy" />
        ) : (
          <span className="author-box__avatar author-box__avatar--initial" aria-hidden="true">
            {article.author.displayName.slice(0, 1).toLocaleUpperCase('tr-TR')}
          </span>
        )}
        <div>
          <p className="author-box__label">Yazar</p>
          <h2 id="author-box-name" className="author-box__name">
            <a href={`/yazarlar/${encodeURIComponent(article.author.id)}`}>{article.author.displayName}</a>
          </h2>
          {article.author.bio ? <p className="author-box__bio">{article.author.bio}</p> : null}
          {record && record.windows.all.estimates > 0 ? (
            <p className="author-box__rate">
              {successText(record)} · <a href="/basari-kayitlari">Başarı Kayıtları</a>
            </p>
          ) : null}
          <a className="author-box__more" href={`/yazarlar/${encodeURIComponent(article.author.id)}`}>
            Tüm yazıları
          </a>
        </div>
      </aside>
    </article>
  );
}

/** 'Makale Bulunamadı' with the reason and the way home (spec 000 §2.12). */
export function ArticleNotFound({ message = 'Makale bulunamadı' }: { message?: string }) {
  return (
    <div className="article-missing panel">
      <h1>Makale Bulunamadı</h1>
      <p>{message}</p>
      <a className="btn" href="/">
        Ana Sayfaya Dön
      </a>
    </div>
  );
}
