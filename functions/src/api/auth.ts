import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  AUTH_MESSAGES,
  changePasswordSchema,
  loginSchema,
  logoutSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  profileUpdateSchema,
  refreshSchema,
  registerSchema,
} from '../domain/identity/auth-schemas.js';
import { changePassword } from '../domain/identity/change-password.js';
import { exportMemberData } from '../domain/identity/export-member-data.js';
import { login, refresh } from '../domain/identity/login.js';
import { confirmPasswordReset, requestPasswordReset } from '../domain/identity/password-reset.js';
import { registerMember } from '../domain/identity/register-member.js';
import { hashRefreshToken, revokeFamily } from '../domain/identity/sessions.js';
import { updateProfile } from '../domain/identity/update-profile.js';
import { fullName, hasActiveVip, publicUser, type UserRecord } from '../domain/identity/user.js';
import { optionalViewer, requireAdmin, requireViewer } from './auth-context.js';
import type { ApiEnv } from './env.js';
import { ok } from './respond.js';
import { parseBody } from './validation.js';

/**
 * The caller's address for throttling. Each proxy in front of us appends the address it saw to
 * X-Forwarded-For, so the entry `GANYAN_PROXY_HOPS` from the right is the last one a trusted proxy
 * wrote (entries further left are whatever the client sent). Cloud Functions alone: 1 (Google's
 * front end); behind Firebase Hosting: 2 (Hosting's CDN, then the front end). Locally there is none.
 */
const PROXY_HOPS = Math.max(1, Number(process.env.GANYAN_PROXY_HOPS ?? 1) || 1);

export function clientIp(c: Context<ApiEnv>): string {
  const entries = (c.req.header('x-forwarded-for') ?? '').split(',').map((p) => p.trim()).filter(Boolean);
  const entry = entries[Math.max(0, entries.length - PROXY_HOPS)];
  return entry?.slice(0, 64) || 'local';
}

/** The signed-in user as the member area shows it: the public fields plus the VIP summary. */
export function accountView(user: UserRecord, now: Date) {
  return {
    ...publicUser(user),
    name: fullName(user),
    isVip: hasActiveVip(user, now),
    vipStatus: user.vip.status,
    vipEndDate: user.vip.endDate,
    lastLogin: user.lastLogin,
  };
}

function staffView(user: UserRecord) {
  return {
    ...publicUser(user),
    name: fullName(user),
    bio: user.bio,
    specializations: user.specializations,
    socialMedia: user.socialMedia,
  };
}

export const authRoutes = new Hono<ApiEnv>()
  .post('/auth/register', async (c) => {
    const input = await parseBody(c, registerSchema);
    const deps = c.get('deps');
    const session = await registerMember(deps, { ...input, ip: clientIp(c) });
    return ok(
      c,
      { token: session.token, refreshToken: session.refreshToken, expiresIn: session.expiresIn, user: accountView(session.user, deps.now()) },
      { message: AUTH_MESSAGES.registered, status: 201 },
    );
  })
  .post('/auth/login', async (c) => {
    const input = await parseBody(c, loginSchema);
    const deps = c.get('deps');
    const session = await login(deps, { ...input, ip: clientIp(c), audience: 'member' });
    return ok(
      c,
      { token: session.token, refreshToken: session.refreshToken, expiresIn: session.expiresIn, user: accountView(session.user, deps.now()) },
      { message: AUTH_MESSAGES.loggedIn },
    );
  })
  .post('/auth/admin/login', async (c) => {
    const input = await parseBody(c, loginSchema);
    const deps = c.get('deps');
    const session = await login(deps, { ...input, ip: clientIp(c), audience: 'staff' });
    return ok(c, { token: session.token, refreshToken: session.refreshToken, expiresIn: session.expiresIn, user: staffView(session.user) }, { message: AUTH_MESSAGES.loggedIn });
  })
  .post('/auth/refresh', async (c) => {
    const { refreshToken } = await parseBody(c, refreshSchema);
    const session = await refresh(c.get('deps'), refreshToken, 'member');
    return ok(c, { token: session.token, refreshToken: session.refreshToken, expiresIn: session.expiresIn });
  })
  .post('/auth/admin/refresh', async (c) => {
    const { refreshToken } = await parseBody(c, refreshSchema);
    const session = await refresh(c.get('deps'), refreshToken, 'staff');
    return ok(c, { token: session.token, refreshToken: session.refreshToken, expiresIn: session.expiresIn });
  })
  .post('/auth/logout', async (c) => {
    const { refreshToken } = await parseBody(c, logoutSchema);
    const deps = c.get('deps');
    const viewer = optionalViewer(c);
    if (viewer) await revokeFamily(deps, viewer.sessionId);
    if (refreshToken) {
      const record = await deps.store.get('refreshTokens', hashRefreshToken(refreshToken));
      if (record && (!viewer || record.userId === viewer.user.id)) await revokeFamily(deps, String(record.familyId));
    }
    return ok(c, null, { message: AUTH_MESSAGES.loggedOut });
  })
  .get('/auth/profile', (c) => {
    const viewer = requireViewer(c);
    return ok(c, accountView(viewer.user, c.get('deps').now()));
  })
  .put('/auth/profile', async (c) => {
    const viewer = requireViewer(c);
    const input = await parseBody(c, profileUpdateSchema);
    const deps = c.get('deps');
    const user = await updateProfile(deps, viewer.user, input);
    return ok(c, accountView(user, deps.now()), { message: AUTH_MESSAGES.profileSaved });
  })
  .post('/auth/password-reset', async (c) => {
    const { email } = await parseBody(c, passwordResetRequestSchema);
    await requestPasswordReset(c.get('deps'), { email, ip: clientIp(c) });
    return ok(c, null, { message: AUTH_MESSAGES.resetSent });
  })
  .post('/auth/password-reset/confirm', async (c) => {
    const input = await parseBody(c, passwordResetConfirmSchema);
    await confirmPasswordReset(c.get('deps'), input);
    return ok(c, null, { message: AUTH_MESSAGES.resetDone });
  })
  .post('/auth/change-password', async (c) => {
    const viewer = requireViewer(c);
    const input = await parseBody(c, changePasswordSchema);
    await changePassword(c.get('deps'), { user: viewer.user, sessionId: viewer.sessionId, ...input });
    return ok(c, null, { message: AUTH_MESSAGES.passwordChanged });
  })
  .get('/auth/me/export', async (c) => {
    const viewer = requireViewer(c);
    const deps = c.get('deps');
    const data = await exportMemberData(deps, viewer.user);
    const day = deps.now().toISOString().slice(0, 10);
    c.header('Content-Disposition', `attachment; filename="ganyan-verilerim-${day}.json"`);
    return ok(c, data);
  })
  .get('/auth/admin/badges', async (c) => {
    requireAdmin(c);
    const { store } = c.get('deps');
    const [unrespondedComments, pendingVipRequests, unrespondedMessages] = await Promise.all([
      store.collection('comments').where('status', '==', 'pending').count(),
      store.collection('vipRequests').where('status', '==', 'pending').count(),
      store.collection('contactMessages').where('status', '==', 'new').count(),
    ]);
    return ok(c, {
      unrespondedComments,
      pendingVipRequests,
      unrespondedMessages,
      total: unrespondedComments + pendingVipRequests + unrespondedMessages,
    });
  });
