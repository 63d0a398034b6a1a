import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { HOME_PATH, LOGIN_PATH, navRoutes, type StaffRole } from './routes';
import { api, logout, type StaffUser } from './session';
import { BADGE_POLL_MS, BADGES_EVENT, badgeText, NO_BADGES, type Badges } from './ui';

const ROLE_LABELS: Record<string, string> = { admin: 'Yönetici', author: 'Yazar' };

/** Badge counters for admins only (spec 002 §2): every 30 s, on demand, zeros when the call fails. */
function useBadges(enabled: boolean): [Badges, () => void] {
  const [badges, setBadges] = useState<Badges>(NO_BADGES);
  const load = useCallback(() => {
    if (!enabled) return;
    api
      .call((r) => r.auth.admin.badges.$get())
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
    navigate(LOGIN_PATH, { replace: true });
  }

  return (
    <div className="a-shell">
      <aside className={`a-side ${open ? 'is-open' : ''}`}>
        <a className="a-side-brand" href={HOME_PATH}>
          <span className="a-logo">G</span> Ganyan Panel
        </a>
        <nav aria-label="Panel menüsü">
          {navRoutes(user).map((entry) => (
            // The articles entry stays lit on its own sub-screens (new, edit, deleted).
            <NavLink key={entry.path} to={entry.path} className={({ isActive }) => `a-nav ${isActive ? 'is-active' : ''}`} onClick={() => setOpen(false)} end={entry.path !== HOME_PATH}>
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

/** Who a route is for, in the sentence 'Bu sayfa yalnızca … açıktır.' */
const ROLE_AUDIENCE: Record<StaffRole, string> = { admin: 'yöneticilere', author: 'yazarlara' };

/** A signed-in user on a screen their role may not open (spec 002 §2 'Erişim Reddedildi'). */
export function AccessDenied({ roles }: { roles: readonly StaffRole[] }) {
  return (
    <div className="a-denied">
      <h1 className="a-h1">Erişim Reddedildi</h1>
      <p>
        Bu sayfayı görüntüleme yetkiniz bulunmamaktadır. Bu sayfa yalnızca {roles.map((r) => ROLE_AUDIENCE[r]).join(' ve ')} açıktır.
      </p>
      <NavLink className="a-btn a-btn-primary" to={HOME_PATH}>
        Makalelere dön
      </NavLink>
    </div>
  );
}
