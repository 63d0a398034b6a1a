import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import toast, { Toaster } from 'react-hot-toast';
import { getSession, NON_VIP, setFlash, takeFlash } from '../lib/session';
import { vipRemaining } from '../lib/vip-time';
import { useSession } from './member/useSession';
import './member/header-session.css';

const noSubscription = () => () => undefined;
let stripHostNode: HTMLElement | null = null;

/**
 * The strip sits under the header bar, across the page, in the node Header.astro puts right after
 * <header> (made here only if a page lacks it). That node holds the static visitor strip, so a
 * visitor's page has its final height before any script runs; the island's own strip replaces it.
 */
function welcomeStripHost(): HTMLElement | null {
  if (!stripHostNode) {
    stripHostNode = document.querySelector<HTMLElement>('.welcome-strip-host');
    if (!stripHostNode) {
      const header = document.querySelector('header');
      if (!header) return null;
      stripHostNode = document.createElement('div');
      stripHostNode.className = 'welcome-strip-host';
      header.after(stripHostNode);
    }
  }
  return stripHostNode;
}

/**
 * The header's session area on every public page (spec 000 §2.3, §2.3.1): skeletons while the
 * stored session is read, login/register for visitors, the user menu for members, 'VIP Ol' for
 * everyone who is not VIP, and the welcome strip under the header. It also hosts the page's one
 * Toaster, so toasts raised by any island show here (top-right; success 3 s, error 5 s, default 4 s).
 */
export default function HeaderSession() {
  const state = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);

  const stripHost = useSyncExternalStore(noSubscription, welcomeStripHost, () => null);
  // The island's strip is in the DOM now (same commit, before paint): drop the static copy.
  useLayoutEffect(() => {
    if (state.loading) return;
    stripHost?.querySelectorAll('[data-static-strip]').forEach((node) => node.remove());
    // A stored session that turned out to be over leaves the visitor's layout (no reserved strip line).
    document.documentElement.classList.toggle('hs-member', state.isAuthenticated);
  }, [stripHost, state.loading, state.isAuthenticated]);
  useEffect(() => {
    const flash = takeFlash();
    if (flash) toast[flash.kind](flash.message);
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !menuRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [menuOpen]);

  async function logout() {
    setMenuOpen(false);
    setFlash('success', 'Başarıyla çıkış yaptınız');
    try {
      await getSession().logout();
    } catch {
      // The local session is gone either way; say that the server could not be told.
      setFlash('error', 'Çıkış yapılırken bir hata oluştu');
    }
  }

  const { user, vipStatus } = state;
  const isVip = state.isAuthenticated && vipStatus.hasVip;
  const name = user ? `${user.firstName} ${user.lastName}`.trim() || user.username : 'Hesabım';
  const initials = user ? `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toLocaleUpperCase('tr-TR') : '?';
  const remaining = isVip ? vipRemaining(vipStatus) : null;
  // html.hs-vip (set before first paint from the stored VIP end) follows the server's answer once it
  // arrives; until then, or when it fails, the stored decision stands (no upsell flashes at a VIP).
  const vipKnown = !state.loading && (!state.isAuthenticated || vipStatus !== NON_VIP);
  useLayoutEffect(() => {
    if (vipKnown) document.documentElement.classList.toggle('hs-vip', isVip);
  }, [vipKnown, isVip]);

  return (
    <div className="hs">
      {state.loading ? (
        // Before the stored session is read (and in the static HTML): a visitor's buttons, or, when
        // the inline script in PublicLayout found a stored session (html.hs-member), two skeletons.
        <>
          <VisitorLinks pending />
          <span className="hs-pending">
            <span className="hs-skeleton" aria-hidden="true" />
            <span className="hs-skeleton" aria-hidden="true" />
            <span className="sr-only">Oturum bilgisi yükleniyor</span>
          </span>
        </>
      ) : (
        <>
          {state.isAuthenticated && !isVip && (
            <a className="hs-btn hs-vip" href="/vip-uyelik">
              VIP Ol
            </a>
          )}
          {state.isAuthenticated ? (
            <div className="hs-menu" ref={menuRef}>
              <button type="button" className="hs-user" aria-haspopup="menu" aria-expanded={menuOpen} onClick={() => setMenuOpen((open) => !open)}>
                {user?.avatar ? <img src={user.avatar} alt="" className="hs-avatar" /> : <span className="hs-avatar" aria-hidden="true">{initials}</span>}
                <span className="hs-name">{name}</span>
                <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
                  <path d="M2 4l4 4 4-4" stroke="currentColor" strokeWidth="1.8" fill="none" />
                </svg>
              </button>
              {menuOpen && (
                <ul className="hs-dropdown" role="menu">
                  <li role="none">
                    <a role="menuitem" href="/profil">Profilim</a>
                  </li>
                  <li role="none">
                    <a role="menuitem" href="/vip-siparislerim">Siparişlerim</a>
                  </li>
                  <li role="none">
                    <a role="menuitem" href="/takip-ettigim-atlar">Takip Ettiğim Atlar</a>
                  </li>
                  <li role="none">
                    <button role="menuitem" type="button" onClick={logout}>
                      Çıkış Yap
                    </button>
                  </li>
                </ul>
              )}
            </div>
          ) : (
            <VisitorLinks />
          )}
        </>
      )}
      {/* Phones have no room in the bar for three buttons: visitors get register and 'VIP Ol' in the strip. */}
      {stripHost &&
        !state.loading &&
        !state.isAuthenticated &&
        createPortal(
          <div className="welcome-strip visitor-strip">
            <div className="ws-inner">
              <span>Ücretsiz üye olun:</span>
              <a href="/kayit">Kayıt Ol</a>
              <a className="hs-btn hs-vip" href="/vip-uyelik">
                VIP Ol
              </a>
            </div>
          </div>,
          stripHost,
        )}
      {stripHost &&
        state.isAuthenticated &&
        user &&
        createPortal(
          <div className="welcome-strip" data-testid="welcome-strip">
            <div className="ws-inner">
              <span>
                Hoş geldiniz, <strong>{name}</strong>
              </span>
              <span className={isVip ? 'ws-badge ws-badge-vip' : 'ws-badge'}>{isVip ? 'VIP Üye' : 'Standart Üye'}</span>
              {remaining && (
                <span className={`ws-remaining ws-${remaining.tone}`}>
                  <span className="ws-label">{remaining.label}</span>
                  <span className="ws-bar" role="progressbar" aria-label="Kalan VIP süresi" aria-valuemin={0} aria-valuemax={100} aria-valuenow={remaining.percent}>
                    <span style={{ width: `${remaining.percent}%` }} />
                  </span>
                </span>
              )}
            </div>
          </div>,
          stripHost,
        )}
      <Toaster
        position="top-right"
        /* Below the 4rem header bar, so a toast never covers the user menu a member reaches for next. */
        containerStyle={{ top: '4.75rem' }}
        toastOptions={{
          duration: 4000,
          success: { duration: 3000, style: { background: '#1e7b34', color: '#fff' } },
          error: { duration: 5000, style: { background: '#b42318', color: '#fff' } },
        }}
      />
    </div>
  );
}

/**
 * A visitor's header buttons. `pending`: the same buttons in the static HTML, before the stored
 * session is read (hs-guest lets the inline script in PublicLayout hide them for a stored member).
 */
function VisitorLinks({ pending = false }: { pending?: boolean }) {
  const guest = pending ? ' hs-guest' : '';
  return (
    <>
      <a className={`hs-btn hs-vip hs-wide-only${guest}`} href="/vip-uyelik">
        VIP Ol
      </a>
      <a className={`hs-btn${guest}`} href="/giris">
        Giriş Yap
      </a>
      <a className={`hs-btn hs-solid hs-wide-only${guest}`} href="/kayit">
        Kayıt Ol
      </a>
    </>
  );
}
