import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { formatDateTime } from './format';
import { apiCall, errorText, getSessionUser, isLoggedIn, type SessionUser } from './session';
import type { CommentData } from './types';

const PAGE_SIZE = 50;
// COMMENT_MAX_LENGTH of domain/comments/comment.ts (not imported: it would bring zod into the island).
const MAX_LENGTH = 2000;

/** The names the priority rule may meet: a comment (`CommentView`) sends displayName and username. */
interface NamedPerson {
  displayName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
}

/** Display-name priority of spec 000 §2.13. */
export function commenterName(comment: NamedPerson): string {
  const first = comment.firstName?.trim();
  const last = comment.lastName?.trim();
  if (comment.displayName?.trim()) return comment.displayName.trim();
  if (first && last) return `${first} ${last}`;
  if (first) return first;
  if (comment.username?.trim()) return comment.username.trim();
  return 'Anonim Kullanıcı';
}

/** The author name a new comment carries: the username, else first plus last name. */
export function authorNameFor(user: SessionUser | null): string {
  if (!user) return '';
  if (user.username?.trim()) return user.username.trim();
  return `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim();
}

export interface ThreadNode extends CommentData {
  children: ThreadNode[];
}

/**
 * Builds the reply tree by parentId. Accepts a flat list or one that already nests `replies`;
 * a reply whose parent is not loaded is shown at the top level rather than dropped.
 */
export function buildThread(comments: CommentData[]): ThreadNode[] {
  const flat: CommentData[] = [];
  const walk = (list: CommentData[]) => {
    for (const comment of list) {
      flat.push(comment);
      if (comment.replies?.length) walk(comment.replies);
    }
  };
  walk(comments);
  const nodes = new Map<string, ThreadNode>();
  for (const comment of flat) if (!nodes.has(comment.id)) nodes.set(comment.id, { ...comment, children: [] });
  const roots: ThreadNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  const byDate = (a: ThreadNode, b: ThreadNode) => a.createdAt.localeCompare(b.createdAt);
  const sortTree = (list: ThreadNode[], newestFirst: boolean) => {
    list.sort((a, b) => (newestFirst ? byDate(b, a) : byDate(a, b)));
    for (const node of list) sortTree(node.children, false);
  };
  sortTree(roots, true);
  return roots;
}

function CommentForm({
  articleId,
  parentId,
  onPosted,
  onCancel,
  autoFocus,
}: {
  articleId: string;
  parentId?: string;
  onPosted: (comment: CommentData | null) => void;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const trimmed = text.trim();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!trimmed || busy) return;
    const user = getSessionUser();
    setBusy(true);
    setError(null);
    const answer = await apiCall((r) => r.articles[':articleId'].comments.$post({ param: { articleId: encodeURIComponent(articleId) } }), {
      body: { content: trimmed, authorName: authorNameFor(user), username: user?.username ?? '', ...(parentId ? { parentId } : {}) },
    });
    setBusy(false);
    if (!answer.ok) {
      setError(errorText(answer, 'Yorum eklenirken hata oluştu'));
      return;
    }
    setText('');
    // The route's type flattens the recursive `replies` to JSON values; the thread's own type names them.
    onPosted(answer.data as CommentData | null);
  }

  return (
    <form className={`comment-form${parentId ? ' comment-form--reply' : ''}`} onSubmit={(e) => void submit(e)}>
      <label htmlFor={id} className={parentId ? 'sr-only' : 'comment-form__label'}>
        {parentId ? 'Yanıtınız' : 'Yorumunuz'}
      </label>
      <textarea
        id={id}
        value={text}
        maxLength={MAX_LENGTH}
        rows={parentId ? 2 : 3}
        placeholder={parentId ? 'Yanıtınızı yazın...' : 'Düşüncelerinizi paylaşın...'}
        onChange={(e) => setText(e.target.value)}
        autoFocus={autoFocus}
      />
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="comment-form__actions">
        {onCancel ? (
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            Vazgeç
          </button>
        ) : null}
        <button type="submit" className="btn" disabled={!trimmed || busy}>
          {busy ? 'Gönderiliyor...' : parentId ? 'Yanıtla' : 'Yorum Yap'}
        </button>
      </div>
    </form>
  );
}

function CommentItem({
  node,
  articleId,
  depth,
  loggedIn,
  onPosted,
  onLike,
}: {
  node: ThreadNode;
  articleId: string;
  depth: number;
  loggedIn: boolean;
  onPosted: (comment: CommentData | null) => void;
  onLike: (id: string) => Promise<string | null>;
}) {
  const [replying, setReplying] = useState(false);
  const [likeError, setLikeError] = useState<string | null>(null);
  const pending = node.status === 'pending' || node.isPending === true;
  return (
    <li className={`comment${pending ? ' comment--pending' : ''}`} data-comment-id={node.id}>
      <article>
        <header className="comment__meta">
          <span className="comment__author">{commenterName(node)}</span>
          <time dateTime={node.createdAt}>{formatDateTime(node.createdAt)}</time>
          {pending ? <span className="badge badge--pending">Onay bekliyor</span> : null}
        </header>
        {/* Plain text only: React escapes it; comments are never rendered as HTML. */}
        <p className="comment__text">{node.content}</p>
        <div className="comment__actions">
          {!pending ? (
            <button
              type="button"
              className="link-button"
              aria-pressed={Boolean(node.liked)}
              onClick={() => void onLike(node.id).then(setLikeError)}
            >
              {node.liked ? '♥' : '♡'} Beğen ({node.likes ?? 0})
            </button>
          ) : null}
          {loggedIn && !pending && depth < 4 ? (
            <button type="button" className="link-button" aria-expanded={replying} onClick={() => setReplying((v) => !v)}>
              Yanıtla
            </button>
          ) : null}
        </div>
        {likeError ? (
          <p className="form-error" role="alert">
            {likeError}
          </p>
        ) : null}
        {replying ? (
          <CommentForm
            articleId={articleId}
            parentId={node.id}
            autoFocus
            onCancel={() => setReplying(false)}
            onPosted={(comment) => {
              setReplying(false);
              onPosted(comment);
            }}
          />
        ) : null}
      </article>
      {node.children.length > 0 ? (
        <ol className="comment__replies">
          {node.children.map((child) => (
            <CommentItem key={child.id} node={child} articleId={articleId} depth={depth + 1} loggedIn={loggedIn} onPosted={onPosted} onLike={onLike} />
          ))}
        </ol>
      ) : null}
    </li>
  );
}

type ListState = { kind: 'idle' } | { kind: 'loading' } | { kind: 'ready' } | { kind: 'error'; message: string };

/**
 * The comments section of an article (spec 000 §2.13): collapsed until the reader asks
 * (comments load then), threaded replies, the poster's own comments marked while they await
 * staff approval, and likes.
 */
export default function Comments({ articleId, commentCount, allowComments = true }: { articleId: string; commentCount: number; allowComments?: boolean }) {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<ListState>({ kind: 'idle' });
  const [comments, setComments] = useState<CommentData[]>([]);
  const [page, setPage] = useState(1);
  const [hasNext, setHasNext] = useState(false);
  const [total, setTotal] = useState(commentCount);
  // Comments this reader posted in this visit: kept so they stay visible (as pending) even if the list omits them.
  const [mine, setMine] = useState<CommentData[]>([]);
  const [loggedIn, setLoggedIn] = useState(false);
  const panelId = useId();

  useEffect(() => setLoggedIn(isLoggedIn()), []);

  const load = useCallback(
    async (nextPage = 1) => {
      setState({ kind: 'loading' });
      const answer = await apiCall((r) => r.articles[':articleId'].comments.$get({ param: { articleId: encodeURIComponent(articleId) } }), { query: { page: nextPage, limit: PAGE_SIZE } });
      if (!answer.ok || !Array.isArray(answer.data)) {
        setState({ kind: 'error', message: errorText(answer, 'Yorumlar yüklenirken hata oluştu') });
        return;
      }
      const list = answer.data as CommentData[];
      setComments((previous) => (nextPage === 1 ? list : [...previous, ...list]));
      setPage(nextPage);
      setHasNext(Boolean(answer.pagination?.hasNext));
      if (answer.pagination) setTotal(answer.pagination.total);
      setState({ kind: 'ready' });
    },
    [articleId],
  );

  function toggle() {
    const next = !open;
    setOpen(next);
    if (next && state.kind === 'idle') void load(1);
  }

  function posted(comment: CommentData | null) {
    if (comment) setMine((previous) => [...previous.filter((c) => c.id !== comment.id), comment]);
    void load(1);
  }

  async function like(id: string): Promise<string | null> {
    if (!isLoggedIn()) return 'Beğenmek için giriş yapmalısınız.';
    const answer = await apiCall((r) => r.comments[':id'].like.$post({ param: { id: encodeURIComponent(id) } }));
    if (!answer.ok || !answer.data) return errorText(answer, 'Beğeni eklenirken hata oluştu');
    const { likes, liked } = answer.data;
    const update = (list: CommentData[]): CommentData[] =>
      list.map((c) => (c.id === id ? { ...c, likes, liked: liked ?? !c.liked } : c.replies ? { ...c, replies: update(c.replies) } : c));
    setComments(update);
    return null;
  }

  const listed = new Set<string>();
  const collect = (list: CommentData[]) => list.forEach((c) => (listed.add(c.id), c.replies && collect(c.replies)));
  collect(comments);
  const thread = buildThread([...comments, ...mine.filter((c) => !listed.has(c.id)).map((c) => ({ ...c, status: c.status ?? 'pending' }))]);

  return (
    <section className="comments" aria-labelledby={`${panelId}-heading`}>
      <div className="comments__header">
        <h2 id={`${panelId}-heading`}>Yorumlar ({total})</h2>
        <button type="button" className="btn btn-outline" aria-expanded={open} aria-controls={panelId} onClick={toggle}>
          {open ? 'Gizle' : 'Göster'}
        </button>
      </div>
      <div id={panelId} hidden={!open} className="comments__panel">
        {!allowComments ? (
          <p className="comments__closed">Bu makale yorumlara kapalıdır.</p>
        ) : loggedIn ? (
          <CommentForm articleId={articleId} onPosted={posted} />
        ) : (
          <div className="comments__login">
            <p>Yorum yapabilmek için giriş yapmalısınız.</p>
            <a className="btn" href="/giris">
              Giriş Yap
            </a>
          </div>
        )}
        {state.kind === 'loading' && comments.length === 0 ? (
          <p aria-busy="true">Yorumlar yükleniyor...</p>
        ) : state.kind === 'error' ? (
          <div className="notice notice--error" role="alert">
            <p>{state.message}</p>
            <button type="button" className="btn btn-outline" onClick={() => void load(1)}>
              Tekrar Dene
            </button>
          </div>
        ) : null}
        {state.kind !== 'error' && thread.length === 0 && state.kind === 'ready' ? <p className="comments__empty">Henüz yorum yapılmamış. İlk yorumu siz yapın.</p> : null}
        {thread.length > 0 ? (
          <ol className="comments__list">
            {thread.map((node) => (
              <CommentItem key={node.id} node={node} articleId={articleId} depth={0} loggedIn={loggedIn} onPosted={posted} onLike={like} />
            ))}
          </ol>
        ) : null}
        {hasNext ? (
          <button type="button" className="btn btn-outline" disabled={state.kind === 'loading'} onClick={() => void load(page + 1)}>
            Daha fazla yorum
          </button>
        ) : null}
      </div>
    </section>
  );
}
