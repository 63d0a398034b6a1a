import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdminUserView } from '../../../functions/src/domain/users-admin/manage-users';
import type { Wire } from '@shared/wire';
import { api } from '../session';
import { fmtDate, useDebounced } from '../ui';

const PICKER_SIZE = 20;

export type PickUser = Wire<AdminUserView>;

/** Member search for the grant dialog: 300 ms after typing stops, 20 a page, more on scroll or button. */
export function UserPicker({ selected, onSelect }: { selected: PickUser | null; onSelect: (u: PickUser | null) => void }) {
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim(), 300);
  const [items, setItems] = useState<PickUser[]>([]);
  const [page, setPage] = useState(1);
  const [hasNext, setHasNext] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const seq = useRef(0);

  const fetchPage = useCallback(
    async (p: number) => {
      const mine = ++seq.current;
      setLoading(true);
      setError(null);
      const q = new URLSearchParams({ page: String(p), limit: String(PICKER_SIZE), role: 'user' });
      if (search) q.set('search', search);
      try {
        const r = await api.call((r) => r.auth.admin.users.$get(), { query: q });
        if (mine !== seq.current) return;
        const live = r.data.filter((u) => !u.isDeleted);
        setItems((prev) => (p === 1 ? live : [...prev, ...live]));
        setPage(p);
        setHasNext(!!r.pagination?.hasNext);
      } catch (e) {
        if (mine === seq.current) setError((e as Error).message);
      } finally {
        if (mine === seq.current) setLoading(false);
      }
    },
    [search],
  );
  useEffect(() => {
    void fetchPage(1);
  }, [fetchPage]);

  if (selected) {
    return (
      <div className="a-readonly o-chosen" data-testid="picked-user">
        <span>
          <strong>
            {selected.firstName} {selected.lastName}
          </strong>{' '}
          <span className="a-muted">{selected.email}</span>
        </span>
        <button type="button" className="a-link" onClick={() => onSelect(null)}>
          Değiştir
        </button>
      </div>
    );
  }
  return (
    <div className="a-form" style={{ gap: '0.4rem' }}>
      <input type="search" placeholder="Ad, kullanıcı adı veya e-posta ile arayın…" value={input} onChange={(e) => setInput(e.target.value)} aria-label="Kullanıcı ara" className="o-input" />
      <div
        className="o-picker"
        data-testid="user-picker"
        onScroll={(e) => {
          const el = e.currentTarget;
          if (hasNext && !loading && el.scrollTop + el.clientHeight >= el.scrollHeight - 8) void fetchPage(page + 1);
        }}
      >
        {items.map((u) => (
          <button key={u.id} type="button" className="o-pick" onClick={() => onSelect(u)}>
            <span>
              <strong>
                {u.firstName} {u.lastName}
              </strong>{' '}
              <span className="a-muted">@{u.username}</span>
              <span className="o-sub">{u.email}</span>
            </span>
            {u.isVip && <span className="a-pill a-pill-vip">VIP · {fmtDate(u.vipEndDate)}</span>}
          </button>
        ))}
        <div className="o-picker-foot">
          {error ? (
            <span className="a-error">
              {error}{' '}
              <button type="button" className="a-link" onClick={() => void fetchPage(page)}>
                Tekrar Dene
              </button>
            </span>
          ) : loading ? (
            'Yükleniyor…'
          ) : items.length === 0 ? (
            'Kullanıcı bulunamadı'
          ) : hasNext ? (
            <button type="button" className="a-link" onClick={() => void fetchPage(page + 1)}>
              Daha fazla yükle
            </button>
          ) : (
            `${items.length} kullanıcı`
          )}
        </div>
      </div>
    </div>
  );
}
