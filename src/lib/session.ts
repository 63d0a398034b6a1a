/**
 * The member session shared by every island (spec 000 §4.1, §9; spec 001 §4): where the tokens
 * live, who is logged in, the VIP status, and a tiny subscribe() store the islands render from.
 * Framework-free; `createSession` takes its storages, fetch and navigation so tests can fake them.
 * Staff keys (adminToken, adminRefreshToken...) are never touched: the staff panel owns them.
 */
import { ApiError, createApiClient, type ApiClient, type TokenSource } from './api-client';
import type { AccountView, SignedInView } from '../../functions/src/domain/identity/account-view';
import type { VipStatusView } from '../../functions/src/domain/membership/vip-status';
import type { Wire } from '@shared/wire';

import { JOIN_KEY, SESSION_CHANNEL, type SessionMessage } from './session-channel';

export { FLASH_KEY, setFlash, takeFlash } from './flash';

export const STORAGE_KEYS = {
  token: 'authToken',
  refreshToken: 'refreshToken',
  user: 'userData',
  rememberMe: 'rememberMe',
  /** End of an active VIP membership (ISO), read by PublicLayout's inline script before first paint. */
  vipUntil: 'vipUntil',
  /** '1' while the member has a VIP request waiting for staff, read by the same script (html.hs-vip-pending). */
  vipPending: 'vipPending',
  /** The last VIP status answer for this tab (`CachedVipStatus`), so a visit asks once, not on every page. */
  vipStatus: 'vipStatus',
  /** An open tab's refresh token offered to this new tab, until it is exchanged for the tab's own (session-channel.ts). */
  joinToken: JOIN_KEY,
} as const;

/**
 * How long a tab reuses its member's VIP status between pages without asking. The status is shown
 * (header badge, upsell, the ads' "no ads for VIPs"), never trusted: what a member may read is
 * decided by the server from the user document on every request. A change the member makes (a
 * request, a receipt, a cancellation) refreshes it at once; one staff or the clock make (approval,
 * grant, expiry) reaches an open page when the member comes back to it (focus, a shown tab: at
 * most every VIP_RECHECK_MS), at once on the member's own pages (`VIP_FRESH_PATHS`), and on the
 * next page after this time. Every check after the first sends the version it holds (`?known=`):
 * an unchanged status is answered from the user document alone (issue 50), so checking often
 * costs no query, and page views within this time cost nothing at all.
 */
export const VIP_STATUS_TTL_MS = 5 * 60_000;

/** The least time between two checks when the member returns to the page (focus, tab shown). */
export const VIP_RECHECK_MS = 2_000;

/** Pages about the member's VIP state always ask the server (/profil, /vip-uyelik, /vip-siparislerim…). */
export const VIP_FRESH_PATHS = /^\/(profil|vip-)/;

interface CachedVipStatus {
  userId: string;
  /** When it was asked (ms since the epoch). */
  at: number;
  status: VipStatus;
}

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface Storages {
  /** localStorage: chosen by remember-me. */
  persistent: KeyValueStorage;
  /** sessionStorage: the default, and always for a fresh registration. */
  perSession: KeyValueStorage;
}

/**
 * The member as the session keeps it in storage: the login answer (`AccountView`). A session stored
 * by an earlier version of the site may lack the fields added since, so only what every version
 * stored is required.
 */
export type SessionUser = Pick<Wire<AccountView>, 'id' | 'email' | 'username' | 'firstName' | 'lastName' | 'role'> & Partial<Wire<AccountView>>;

export type VipStatus = Wire<VipStatusView>;

export const NON_VIP: VipStatus = { version: '', hasVip: false, userVipStatus: 'none', subscription: null, lastSubscriptionEndDate: null, lastRejectionReason: null, pendingRequest: null, latestRequest: null };

export interface SessionState {
  user: SessionUser | null;
  isAuthenticated: boolean;
  /** True until the stored session has been read (the header shows skeletons meanwhile). */
  loading: boolean;
  /** NON_VIP for visitors, staff and when the status call failed. */
  vipStatus: VipStatus;
  vipLoading: boolean;
  /** The status call failed: screens about VIP show a retry instead of guessing (architecture §7). */
  vipError: string | null;
  /** The session was just ended here (logout, refused refresh, other tab): the page is already leaving for '/'. */
  signedOut: boolean;
}

function safeGet(storage: KeyValueStorage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null; // storage disabled (privacy modes): behave as if empty
  }
}

function safeRemove(storage: KeyValueStorage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // nothing stored where nothing can be stored
  }
}

export interface TokenStore extends TokenSource {
  getUser(): SessionUser | null;
  isRememberMe(): boolean;
  /** Stores a new session; `remember` picks persistent storage, otherwise per-session. */
  save(session: { token: string; refreshToken: string; user: SessionUser }, remember: boolean): void;
  setUser(user: SessionUser): void;
  /**
   * Remembers, next to the session, what the next page must draw before it can ask: the end of an
   * active VIP membership (null: none) and whether a VIP request is waiting for staff.
   */
  rememberVip(vip: { until: string | null; pending: boolean }): void;
  /** This tab's last VIP status answer (kept in per-session storage, so one tab, one visit). */
  getCachedVipStatus(): CachedVipStatus | null;
  setCachedVipStatus(entry: CachedVipStatus | null): void;
}

export function createTokenStore({ persistent, perSession }: Storages): TokenStore {
  const read = (key: string) => safeGet(persistent, key) ?? safeGet(perSession, key);
  /** The storage that currently holds the session (persistent wins, as for reading). */
  const home = () => (safeGet(persistent, STORAGE_KEYS.token) !== null ? persistent : perSession);
  const clearIn = (storage: KeyValueStorage) => Object.values(STORAGE_KEYS).forEach((key) => safeRemove(storage, key));
  return {
    getToken: () => read(STORAGE_KEYS.token),
    getRefreshToken: () => read(STORAGE_KEYS.refreshToken),
    getUser() {
      const raw = read(STORAGE_KEYS.user);
      if (!raw) return null;
      try {
        const user = JSON.parse(raw) as SessionUser;
        return user && typeof user.id === 'string' ? user : null;
      } catch {
        return null;
      }
    },
    isRememberMe: () => safeGet(persistent, STORAGE_KEYS.rememberMe) === 'true',
    save({ token, refreshToken, user }, remember) {
      clearIn(persistent);
      clearIn(perSession);
      const target = remember ? persistent : perSession;
      target.setItem(STORAGE_KEYS.token, token);
      target.setItem(STORAGE_KEYS.refreshToken, refreshToken);
      target.setItem(STORAGE_KEYS.user, JSON.stringify(user));
      if (remember) persistent.setItem(STORAGE_KEYS.rememberMe, 'true');
    },
    setTokens(token, refreshToken) {
      const target = home();
      target.setItem(STORAGE_KEYS.token, token);
      target.setItem(STORAGE_KEYS.refreshToken, refreshToken);
    },
    setUser(user) {
      home().setItem(STORAGE_KEYS.user, JSON.stringify(user));
    },
    rememberVip({ until, pending }) {
      const keep = (key: string, value: string | null) => {
        if (value) home().setItem(key, value);
        else {
          safeRemove(persistent, key);
          safeRemove(perSession, key);
        }
      };
      keep(STORAGE_KEYS.vipUntil, until);
      keep(STORAGE_KEYS.vipPending, pending ? '1' : null);
    },
    getCachedVipStatus() {
      const raw = safeGet(perSession, STORAGE_KEYS.vipStatus);
      if (!raw) return null;
      try {
        const entry = JSON.parse(raw) as CachedVipStatus;
        return entry && typeof entry.userId === 'string' && typeof entry.at === 'number' && entry.status && typeof entry.status === 'object' ? entry : null;
      } catch {
        return null;
      }
    },
    setCachedVipStatus(entry) {
      if (!entry) return safeRemove(perSession, STORAGE_KEYS.vipStatus);
      try {
        perSession.setItem(STORAGE_KEYS.vipStatus, JSON.stringify(entry));
      } catch {
        // storage full or disabled: the next page simply asks again
      }
    },
    clear() {
      clearIn(persistent);
      clearIn(perSession);
    },
  };
}

export type AuthAnswer = Wire<SignedInView<AccountView>>;

export interface SessionDeps {
  storages: Storages;
  fetch?: typeof fetch;
  /** Full page navigation; the browser default is location.assign. */
  navigate?: (path: string) => void;
  /** Where to listen for other tabs' storage changes (the window). */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** After a login or registration on this page. */
  onSignedIn?: () => void;
  /** The page's path (decides `VIP_FRESH_PATHS`); the browser default is location.pathname. */
  pathname?: () => string;
  /** Milliseconds since the epoch; Date.now by default. */
  now?: () => number;
  /**
   * The tabs of this browser (a BroadcastChannel): a new tab with no session asks, an open tab with a
   * per-session login offers its refresh token, and a logout tells the others (issue 50).
   */
  channel?: Pick<BroadcastChannel, 'postMessage' | 'addEventListener'>;
  /** Resolves once the page's head script has asked the open tabs for a session (inline-script.ts). */
  joined?: () => Promise<unknown>;
  /** The document, whose visibilitychange says the member came back to the tab. */
  visibility?: Pick<Document, 'addEventListener' | 'visibilityState'>;
}

export interface Session {
  api: ApiClient;
  tokens: TokenStore;
  getState(): SessionState;
  subscribe(listener: (state: SessionState) => void): () => void;
  /** Reads the stored session once; later calls return the same promise. */
  init(): Promise<void>;
  login(input: { email: string; password: string; rememberMe: boolean }): Promise<AuthAnswer>;
  register(input: Record<string, unknown>): Promise<AuthAnswer>;
  logout(): Promise<void>;
  setUser(user: SessionUser): void;
  /** Asks the server for the member's VIP status (always; concurrent calls share one request). */
  refreshVipStatus(): Promise<VipStatus>;
  /** A cheap check of the status when the member comes back to the page (focus, tab shown). */
  recheckVipStatus(): void;
  /** Ends the local session (tokens, state) and goes to '/'. */
  endSession(): void;
}

export function createSession(deps: SessionDeps): Session {
  const tokens = createTokenStore(deps.storages);
  const navigate = deps.navigate ?? ((path: string) => window.location.assign(path));
  let state: SessionState = { user: null, isAuthenticated: false, loading: true, vipStatus: NON_VIP, vipLoading: false, vipError: null, signedOut: false };
  const listeners = new Set<(s: SessionState) => void>();
  const set = (patch: Partial<SessionState>) => {
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener(state));
  };

  let ended = false;
  function endSession(): void {
    tokens.clear();
    set({ user: null, isAuthenticated: false, loading: false, vipStatus: NON_VIP, vipLoading: false, vipError: null, signedOut: true });
    if (ended) return;
    ended = true;
    navigate('/');
  }

  const api = createApiClient({ tokens, refreshPath: '/auth/refresh', fetch: deps.fetch, onSessionEnded: endSession });

  const now = deps.now ?? Date.now;
  const pathname = deps.pathname ?? (() => window.location.pathname);

  function showVipStatus(vipStatus: VipStatus): void {
    tokens.rememberVip({
      until: vipStatus.hasVip && vipStatus.subscription?.endDate ? vipStatus.subscription.endDate : null,
      pending: vipStatus.userVipStatus === 'pending',
    });
    set({ vipStatus, vipLoading: false, vipError: null });
  }

  let vipInFlight: Promise<VipStatus> | null = null;
  /** When this page last asked the server (ms), for the focus checks' pace. */
  let lastAsked = -Infinity;
  /**
   * Asks for the status; with `held` (this member's last answer) the server answers `unchanged`
   * when its version is still the member's, and the held status stays, freshly dated.
   */
  async function askVipStatus(userId: string, held: VipStatus | null = null): Promise<VipStatus> {
    // A check in the background keeps what is shown; only a first answer shows 'loading'.
    if (!held) set({ vipLoading: true });
    lastAsked = now();
    try {
      const { data } = await api.call((r) => r.users['vip-status'].$get(), { query: { known: held?.version || undefined } });
      const vipStatus = held && 'unchanged' in data && data.unchanged ? held : { ...NON_VIP, ...(data as VipStatus) };
      tokens.setCachedVipStatus({ userId, at: now(), status: vipStatus });
      showVipStatus(vipStatus);
      return vipStatus;
    } catch (error) {
      tokens.setCachedVipStatus(null);
      set({ vipStatus: NON_VIP, vipLoading: false, vipError: error instanceof Error ? error.message : 'VIP durumu yenilenirken bir hata oluştu' });
      throw error;
    }
  }

  function refreshVipStatus(held: VipStatus | null = null): Promise<VipStatus> {
    const user = state.user;
    // Staff are non-VIP in the public area and never ask (spec 000 §4.1).
    if (!state.isAuthenticated || !user || user.role !== 'user') {
      set({ vipStatus: NON_VIP, vipLoading: false, vipError: null });
      return Promise.resolve(NON_VIP);
    }
    // The header and the page's own island both ask on a VIP page: one request answers both.
    vipInFlight ??= askVipStatus(user.id, held).finally(() => {
      vipInFlight = null;
    });
    return vipInFlight;
  }

  /** This member's status as this tab last had it, when it still describes the present. */
  function heldStatus(): VipStatus | null {
    const user = state.user;
    const cached = tokens.getCachedVipStatus();
    if (!cached || !user || cached.userId !== user.id || !cached.status.version) return null;
    // A membership whose end has passed is not held: the clock changed it, not the server.
    const end = cached.status.hasVip ? Date.parse(cached.status.subscription?.endDate ?? '') : NaN;
    return Number.isFinite(end) && end <= now() ? null : { ...NON_VIP, ...cached.status };
  }

  /** The member came back to the page (focus, the tab shown again): a cheap check, at most every VIP_RECHECK_MS. */
  function recheckVipStatus(): void {
    if (!state.isAuthenticated || state.user?.role !== 'user' || now() - lastAsked < VIP_RECHECK_MS) return;
    void refreshVipStatus(heldStatus()).catch(() => undefined);
  }

  /**
   * A page load: this tab's answer when it is the same member's and recent; otherwise the server's,
   * asked with the version held when there is one (an unchanged status then costs no query).
   */
  async function loadVipStatus(): Promise<void> {
    const user = state.user;
    const cached = tokens.getCachedVipStatus();
    const held = heldStatus();
    const age = cached ? now() - cached.at : Infinity;
    if (held && user?.role === 'user' && age >= 0 && age < VIP_STATUS_TTL_MS && !VIP_FRESH_PATHS.test(pathname())) {
      // Asked that recently on an earlier page: a focus right after this load need not ask again.
      lastAsked = cached!.at;
      showVipStatus(held);
      return;
    }
    if (held) showVipStatus(held);
    await refreshVipStatus(held).catch(() => undefined);
  }

  function signedIn(user: SessionUser): void {
    set({ user, isAuthenticated: true, loading: false, signedOut: false });
    deps.onSignedIn?.();
  }

  /** A new tab's offered session becomes its own (POST /auth/join); a refused offer leaves a visitor. */
  async function joinOfferedSession(): Promise<void> {
    if (!tokens.getToken() && !tokens.getRefreshToken()) await deps.joined?.();
    const offered = safeGet(deps.storages.perSession, JOIN_KEY);
    if (!offered) return;
    safeRemove(deps.storages.perSession, JOIN_KEY);
    if (tokens.getToken()) return;
    try {
      const { data } = await api.call((r) => r.auth.join.$post(), { body: { refreshToken: offered }, auth: false });
      tokens.save(data, false);
    } catch {
      // The open tab's session ended meanwhile: this tab is a visitor's, with nothing half-stored.
      tokens.clear();
    }
  }

  function onChannel(event: MessageEvent<SessionMessage>): void {
    const message = event.data;
    const user = tokens.getUser();
    // Only a per-session login is offered: a remembered one is in localStorage, which every tab reads.
    if (message?.type === 'ask' && tokens.getToken() && !tokens.isRememberMe() && user) {
      const refreshToken = tokens.getRefreshToken();
      const until = state.vipStatus.hasVip ? (state.vipStatus.subscription?.endDate ?? null) : null;
      if (refreshToken) deps.channel?.postMessage({ type: 'offer', refreshToken, user, vipUntil: until } satisfies SessionMessage);
    }
    // The member logged out in another tab of this browser: this tab's own session ends too.
    if (message?.type === 'signed-out' && message.userId === user?.id && state.isAuthenticated) void logout(false);
  }

  async function logout(tellOthers = true): Promise<void> {
    const refreshToken = tokens.getRefreshToken();
    const token = tokens.getToken();
    const userId = tokens.getUser()?.id;
    try {
      // Revokes the refresh token server-side; a dead access token must not trigger a refresh here.
      if (token) await api.call((r) => r.auth.logout.$post(), { body: refreshToken ? { refreshToken } : {}, auth: true });
    } finally {
      if (tellOthers && userId) deps.channel?.postMessage({ type: 'signed-out', userId } satisfies SessionMessage);
      endSession();
    }
  }

  let initialised: Promise<void> | null = null;
  async function loadStoredSession(): Promise<void> {
    await joinOfferedSession();
    const token = tokens.getToken();
    if (!token) {
      set({ loading: false });
      return;
    }
    let user = tokens.getUser();
    if (!user) {
      try {
        user = (await api.call((r) => r.auth.profile.$get())).data;
        tokens.setUser(user);
      } catch (error) {
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
          endSession();
          return;
        }
        // Any other failure keeps the session with no user (spec 000 §4.1).
        set({ isAuthenticated: true, loading: false });
        return;
      }
    }
    set({ user, isAuthenticated: true, loading: false });
    await loadVipStatus();
  }

  function onStorage(event: StorageEvent): void {
    // Another tab logged out (or cleared storage) and this tab keeps no token of its own.
    if ((event.key === STORAGE_KEYS.token || event.key === null) && event.newValue === null && tokens.getToken() === null && state.isAuthenticated) {
      endSession();
    }
  }

  return {
    api,
    tokens,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    init() {
      if (!initialised) {
        deps.events?.addEventListener('storage', onStorage as EventListener);
        deps.channel?.addEventListener('message', onChannel as EventListener);
        // Back to the page: staff may have approved, granted or ended the membership meanwhile.
        deps.events?.addEventListener('focus', recheckVipStatus);
        // A page restored from the back/forward cache (a fresh load already asked or used the cache).
        deps.events?.addEventListener('pageshow', (event) => {
          if ((event as PageTransitionEvent).persisted) recheckVipStatus();
        });
        deps.visibility?.addEventListener('visibilitychange', () => {
          if (deps.visibility?.visibilityState === 'visible') recheckVipStatus();
        });
        initialised = loadStoredSession();
      }
      return initialised;
    },
    async login(input) {
      const { data } = await api.call((r) => r.auth.login.$post(), { body: input, auth: false });
      tokens.save(data, input.rememberMe);
      ended = false;
      signedIn(data.user);
      await refreshVipStatus().catch(() => undefined);
      return data;
    },
    async register(input) {
      const { data } = await api.call((r) => r.auth.register.$post(), { body: input, auth: false });
      // A fresh registration is per-session only (spec 001 §9).
      tokens.save(data, false);
      ended = false;
      signedIn(data.user);
      await refreshVipStatus().catch(() => undefined);
      return data;
    },
    logout: () => logout(),
    setUser(user) {
      tokens.setUser(user);
      set({ user });
    },
    refreshVipStatus: () => refreshVipStatus(),
    recheckVipStatus,
    endSession,
  };
}

let browserSession: Session | null = null;

/** The page's one session (islands are separate React roots but share this module). */
export function getSession(): Session {
  if (!browserSession) {
    browserSession = createSession({
      storages: { persistent: window.localStorage, perSession: window.sessionStorage },
      events: window,
      visibility: document,
      channel: typeof BroadcastChannel === 'function' ? new BroadcastChannel(SESSION_CHANNEL) : undefined,
      joined: () => (window as unknown as { __gnyJoin?: Promise<unknown> }).__gnyJoin ?? Promise.resolve(false),
      // A visitor's header fetches its member view when a member appears (MEMBER_HEADER_LOADER).
      onSignedIn: () => document.documentElement.classList.add('hs-member'),
    });
  }
  return browserSession;
}
