import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { api, logout, type StaffUser } from './session';

export interface Badges {
  unrespondedComments: number;
  pendingVipRequests: number;
  unrespondedMessages: number;
  total: number;
}
const NO_BADGES: Badges = { unrespondedComments: 0, pendingVipRequests: 0, unrespondedMessages: 0, total: 0 };
export const BADGE_POLL_MS = 30_000;
/** Screens that change a counted thing dispatch this to refresh the badges at once ("on demand"). */
export const BADGES_EVENT = 'admin:badges';

export function badgeText(n: number): string {
  return n > 99 ? '99+' : String(n);
}

type Entry = { to: string; label: string; roles: string[]; badge?: keyof Badges };
const ENTRIES: Entry[] = [
  { to: '/admin/articles', label: 'Makaleler', roles: ['admin', 'author'] },
  { to: '/admin/races', label: 'Yarışlar', roles: ['admin', 'author'] },
  { to: '/admin/authors', label: 'Yazarlar', roles: ['admin'] },
  { to: '/admin/author-profile', label: 'Profilim', roles: ['author'] },
  { to: '/admin/orders', label: 'VIP Yönetimi', roles: ['admin'], badge: 'pendingVipRequests' },
  { to: '/admin/comments', label: 'Yorumlar', roles: ['admin'], badge: 'unrespondedComments' },
  { to: '/admin/users', label: 'Kullanıcılar', roles: ['admin'] },
  { to: '/admin/messages', label: 'Mesajlar', roles: ['admin'], badge: 'unrespondedMessages' },
  { to: '/admin/settings', label: 'Ayarlar', roles: ['admin'] },
];

const ROLE_LABELS: Record<string, string> = { admin: 'Yönetici', author: 'Yazar' };

/** Badge counters for admins only (spec 002 §2): every 30 s, on demand, zeros when the call fails. */
function useBadges(enabled: boolean): [Badges, () => void] {
  const [badges, setBadges] = useState<Badges>(NO_BADGES);
  const load = useCallback(() => {
    if (!enabled) return;
    api
      .get<Badges>('/auth/admin/badges')
      .then((r) => setBadges({ ...NO_BADGES, ...r.data }))
      .catch(() => setBadges(NO_BADGES));
  }, [enabled]);
  useEffect(() => {
    if (!enabled) return;
    load();
    const timer = setInterval(load, BADGE_POLL_MS);
    window.addEventListener(BADGES_EVENT, load);
    return () => {
      clearInterval(timer);
      window.removeEventListener(BADGES_EVENT, load);
    };
  }, [enabled, load]);
  return [badges, load];
}

export function PanelShell({ user, children }: { user: StaffUser; children: ReactNode }) {
  const navigate = useNavigate();
  const isAdmin = user.role === 'admin';
  const [badges, reload] = useBadges(isAdmin);
  const [open, setOpen] = useState(false);

  async function signOut() {
    await logout();
    navigate('/admin/login', { replace: true });
  }

  return (
    <div className="a-shell">
      <aside className={`a-side ${open ? 'is-open' : ''}`}>
        <a className="a-side-brand" href="/admin/articles">
          <span className="a-logo">G</span> Ganyan Panel
        </a>
        <nav aria-label="Panel menüsü">
          {ENTRIES.filter((e) => e.roles.includes(user.role)).map((entry) => (
            <NavLink key={entry.to} to={entry.to} className={({ isActive }) => `a-nav ${isActive ? 'is-active' : ''}`} onClick={() => setOpen(false)} end={entry.to !== '/admin/articles'}>
              <span className="a-nav-label">{entry.label}</span>
              {isAdmin && entry.badge && badges[entry.badge] > 0 && (
                <span className="a-badge" data-testid={`badge-${entry.badge}`} aria-label={`${badges[entry.badge]} bekleyen`}>
                  {badgeText(badges[entry.badge])}
                </span>
              )}
            </NavLink>
          ))}
        </nav>
        <a className="a-nav a-nav-site" href="/" target="_blank" rel="noopener">
          Siteyi görüntüle ↗
        </a>
      </aside>
      <div className="a-main">
        <header className="a-top">
          <button type="button" className="a-menu-btn" aria-label="Menüyü aç" onClick={() => setOpen((o) => !o)}>
            ☰
          </button>
          <div className="a-top-spacer" />
          {isAdmin && (
            <button type="button" className="a-bell" onClick={reload} title="Bildirimleri yenile" data-testid="badge-total">
              Bildirimler <span className={`a-badge ${badges.total === 0 ? 'is-zero' : ''}`}>{badgeText(badges.total)}</span>
            </button>
          )}
          <div className="a-user">
            <strong>{user.displayName || user.name}</strong>
            <span>{ROLE_LABELS[user.role] ?? 'Moderatör'}</span>
          </div>
          <button type="button" className="a-btn a-btn-ghost" onClick={signOut}>
            Çıkış Yap
          </button>
        </header>
        <div className="a-content">{children}</div>
      </div>
    </div>
  );
}

export function AccessDenied() {
  return (
    <div className="a-denied">
      <h1 className="a-h1">Erişim Reddedildi</h1>
      <p>Bu sayfayı görüntüleme yetkiniz bulunmamaktadır. Yalnızca yöneticiler erişebilir.</p>
      <NavLink className="a-btn a-btn-primary" to="/admin/articles">
        Makalelere dön
      </NavLink>
    </div>
  );
}

const SECTION_TITLES: Record<string, string> = {
  races: 'Yarış Yönetimi',
  orders: 'VIP Yönetimi',
  comments: 'Yorum Yönetimi',
  users: 'Kullanıcı Yönetimi',
  messages: 'İletişim Mesajları',
  settings: 'Sistem Ayarları',
};

/** Sections built by the staff panel's second part; the route exists so the menu and role rules already hold. */
export function SectionPending({ section, user }: { section: string; user: StaffUser }) {
  if (section !== 'races' && user.role !== 'admin') return <AccessDenied />;
  return (
    <div className="a-page">
      <h1 className="a-h1">{SECTION_TITLES[section]}</h1>
      <div className="a-card a-empty">Bu bölümün ekranı panelin ikinci aşamasında eklenecek.</div>
    </div>
  );
}
