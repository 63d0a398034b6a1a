import { getSession, NON_VIP, type SessionState } from './session';
import { el } from './dom';
import { setFlash, takeFlash } from './flash';
import { toast } from './toast';
import { vipRemaining, type VipRemaining } from './vip-time';

/**
 * The header's member view (spec 000 §2.3, §2.3.1): 'VIP Ol' for members who are not VIP, the user
 * menu and the welcome strip under the header. Plain DOM, not a React island: it runs on every page
 * a member opens, and React made each of those pages wait for about 60 KB of script. A visitor's
 * header is complete in the static HTML (Header.astro); MEMBER_HEADER_LOADER (inline-script.ts) runs
 * this module only for a stored session, a sign-in on the page, or a toast left by the previous page.
 */

function chevron(): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  for (const [name, value] of Object.entries({ width: '12', height: '12', viewBox: '0 0 12 12', 'aria-hidden': 'true' })) svg.setAttribute(name, value);
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  for (const [name, value] of Object.entries({ d: 'M2 4l4 4 4-4', stroke: 'currentColor', 'stroke-width': '1.8', fill: 'none' })) path.setAttribute(name, value);
  svg.append(path);
  return svg;
}

interface MemberView {
  name: string;
  initials: string;
  avatar: string | null;
  isVip: boolean;
  /** The days left, once the server has answered (the stored VIP end says only that there are some). */
  remaining: VipRemaining | null;
  /** Only when the member's account is known: a session whose profile could not be read has no strip. */
  strip: boolean;
}

/**
 * `storedVip` is html.hs-vip, decided before first paint from the stored VIP end: until the server's
 * answer (or when it fails) the header draws that, so an active VIP is never shown 'VIP Ol' or
 * 'Standart Üye' on the way to their own status.
 */
function memberView(state: SessionState, storedVip: boolean): MemberView | null {
  if (!state.isAuthenticated) return null;
  const { user } = state;
  const answered = state.vipStatus !== NON_VIP;
  const isVip = answered ? state.vipStatus.hasVip : storedVip;
  return {
    name: user ? `${user.firstName} ${user.lastName}`.trim() || user.username : 'Hesabım',
    initials: user ? `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toLocaleUpperCase('tr-TR') : '?',
    avatar: user?.avatar ?? null,
    isVip,
    remaining: isVip && answered ? vipRemaining(state.vipStatus) : null,
    strip: user !== null,
  };
}

const MENU_LINKS = [
  { href: '/profil', label: 'Profilim' },
  { href: '/vip-siparislerim', label: 'Siparişlerim' },
  { href: '/takip-ettigim-atlar', label: 'Takip Ettiğim Atlar' },
] as const;

async function logout(): Promise<void> {
  setFlash('success', 'Başarıyla çıkış yaptınız');
  try {
    await getSession().logout();
  } catch {
    // The local session is gone either way; say that the server could not be told.
    setFlash('error', 'Çıkış yapılırken bir hata oluştu');
  }
}

/** The account button and its menu: open on click, closed by Escape (focus back on the button) or a press elsewhere. */
function userMenu(view: MemberView): HTMLElement {
  const button = el(
    'button',
    { type: 'button', class: 'hs-user', 'aria-haspopup': 'menu', 'aria-expanded': 'false' },
    view.avatar ? el('img', { src: view.avatar, alt: '', class: 'hs-avatar' }) : el('span', { class: 'hs-avatar', 'aria-hidden': 'true' }, view.initials),
    el('span', { class: 'hs-name' }, view.name),
    chevron(),
  );
  const logoutButton = el('button', { role: 'menuitem', type: 'button' }, 'Çıkış Yap');
  const list = el(
    'ul',
    { class: 'hs-dropdown', role: 'menu' },
    ...MENU_LINKS.map((link) => el('li', { role: 'none' }, el('a', { role: 'menuitem', href: link.href }, link.label))),
    el('li', { role: 'none' }, logoutButton),
  );
  list.hidden = true;
  const menu = el('div', { class: 'hs-menu' }, button, list);

  const setOpen = (open: boolean) => {
    list.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    if (open) {
      document.addEventListener('mousedown', closeOnOutside);
      document.addEventListener('keydown', closeOnEscape);
    } else {
      document.removeEventListener('mousedown', closeOnOutside);
      document.removeEventListener('keydown', closeOnEscape);
    }
  };
  const closeOnOutside = (event: MouseEvent) => {
    if (!menu.contains(event.target as Node)) setOpen(false);
  };
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    setOpen(false);
    button.focus();
  };
  button.addEventListener('click', () => setOpen(list.hidden));
  logoutButton.addEventListener('click', () => {
    setOpen(false);
    void logout();
  });
  return menu;
}

function welcomeStrip(view: MemberView): HTMLElement {
  const { remaining } = view;
  return el(
    'div',
    { class: 'welcome-strip', 'data-testid': 'welcome-strip' },
    el(
      'div',
      { class: 'ws-inner' },
      el('span', {}, 'Hoş geldiniz, ', el('strong', {}, view.name)),
      el('span', { class: view.isVip ? 'ws-badge ws-badge-vip' : 'ws-badge' }, view.isVip ? 'VIP Üye' : 'Standart Üye'),
      remaining &&
        el(
          'span',
          { class: `ws-remaining ws-${remaining.tone}` },
          el('span', { class: 'ws-label' }, remaining.label),
          el(
            'span',
            { class: 'ws-bar', role: 'progressbar', 'aria-label': 'Kalan VIP süresi', 'aria-valuemin': '0', 'aria-valuemax': '100', 'aria-valuenow': String(remaining.percent) },
            filled(remaining.percent),
          ),
        ),
    ),
  );
}

function filled(percent: number): HTMLElement {
  const bar = el('span', {});
  bar.style.width = `${percent}%`;
  return bar;
}

/** The strip goes in the node Header.astro puts right after <header> (made here only if a page lacks it). */
function stripHost(): HTMLElement | null {
  const existing = document.querySelector<HTMLElement>('.welcome-strip-host');
  if (existing) return existing;
  const header = document.querySelector('header');
  if (!header) return null;
  const host = el('div', { class: 'welcome-strip-host' });
  header.after(host);
  return host;
}

/**
 * Renders the member view into the header's `.hs` and keeps it in step with the session. Each part
 * is rebuilt only when what it shows changed, so a VIP status arriving late does not close an open
 * menu or take the focus from the account button.
 */
export function startHeaderSession(): void {
  const area = document.querySelector<HTMLElement>('[data-header-session]');
  if (!area) return;
  const root = document.documentElement;
  const strips = stripHost();
  const shown = { menu: '', vipButton: '', strip: '' };
  let menu: HTMLElement | null = null;
  let vipButton: HTMLElement | null = null;
  let strip: HTMLElement | null = null;

  const render = (state: SessionState) => {
    if (state.loading) return;
    area.querySelector('.hs-pending')?.remove();
    // A stored session that turned out to be over leaves the visitor's layout (the static buttons and strip).
    root.classList.toggle('hs-member', state.isAuthenticated);
    // html.hs-vip and hs-vip-pending (set before first paint from what the last answer stored) follow
    // the server's answer once it arrives; until then, or when it fails, the stored decision stands
    // (no upsell flashes at a VIP, the VIP page's 'waiting' banner does not drop in late).
    if (!state.isAuthenticated || state.vipStatus !== NON_VIP) {
      root.classList.toggle('hs-vip', state.isAuthenticated && state.vipStatus.hasVip);
      root.classList.toggle('hs-vip-pending', state.isAuthenticated && state.vipStatus.userVipStatus === 'pending');
    }

    const view = memberView(state, root.classList.contains('hs-vip'));
    const menuKey = view ? JSON.stringify([view.name, view.initials, view.avatar]) : '';
    if (menuKey !== shown.menu) {
      shown.menu = menuKey;
      menu?.remove();
      menu = view ? userMenu(view) : null;
      if (menu) area.append(menu);
    }
    const vipKey = view && !view.isVip ? 'upsell' : '';
    if (vipKey !== shown.vipButton) {
      shown.vipButton = vipKey;
      vipButton?.remove();
      vipButton = vipKey ? el('a', { class: 'hs-btn hs-vip', href: '/vip-uyelik' }, 'VIP Ol') : null;
      if (vipButton) area.insertBefore(vipButton, menu);
    }
    const stripKey = view?.strip ? JSON.stringify([view.name, view.isVip, view.remaining]) : '';
    if (stripKey !== shown.strip) {
      shown.strip = stripKey;
      strip?.remove();
      strip = view?.strip ? welcomeStrip(view) : null;
      if (strip) strips?.append(strip);
    }
  };

  const session = getSession();
  session.subscribe(render);
  render(session.getState());
  void session.init();
  const flash = takeFlash();
  if (flash) toast[flash.kind](flash.message);
}
