import { Hono } from 'hono';
import { AUTH_MESSAGES, changePasswordSchema, EMAIL_CHANGE_MESSAGES, emailChangeTokenSchema, loginSchema, logoutSchema, passwordResetConfirmSchema, passwordResetRequestSchema, refreshSchema, profileUpdateSchema, registerSchema, changePassword, cancelEmailChange, confirmEmailChange, pendingEmail, joinMemberSession, login, refresh, confirmPasswordReset, requestPasswordReset, registerMember, logout, updateProfile, accountView, staffView, type AccountView, type ProfileView, type SessionTokensView, type SignedInView, type StaffUserView } from '../../domain/identity/index.js';
import { exportMemberData } from '../../domain/data-export/index.js';
import { staffBadges } from '../../domain/staff/index.js';
import { optionalViewer, requireAdmin, requireViewer } from '../http/auth-context.js';
import { clientAddress } from '../http/client-address.js';
import type { ApiEnv } from '../http/env.js';
import { linkOrigin } from '../http/link-origin.js';
import { ok } from '../http/respond.js';
import { parseBody } from '../http/validation.js';

export const authRoutes = new Hono<ApiEnv>()
  .post('/register', async (c) => {
    const input = await parseBody(c, registerSchema);
    const deps = c.get('deps');
    const session = await registerMember(deps, { ...input, ip: clientAddress(c), origin: linkOrigin(c) });
    return ok<SignedInView<AccountView>>(
      c,
      { token: session.token, refreshToken: session.refreshToken, expiresIn: session.expiresIn, user: accountView(session.user, deps.now()) },
      { message: AUTH_MESSAGES.registered, status: 201 },
    );
  })
  .post('/login', async (c) => {
    const input = await parseBody(c, loginSchema);
    const deps = c.get('deps');
    const session = await login(deps, { ...input, ip: clientAddress(c), audience: 'member' });
    return ok<SignedInView<AccountView>>(
      c,
      { token: session.token, refreshToken: session.refreshToken, expiresIn: session.expiresIn, user: accountView(session.user, deps.now()) },
      { message: AUTH_MESSAGES.loggedIn },
    );
  })
  .post('/admin/login', async (c) => {
    const input = await parseBody(c, loginSchema);
    const deps = c.get('deps');
    const session = await login(deps, { ...input, ip: clientAddress(c), audience: 'staff' });
    return ok<SignedInView<StaffUserView>>(c, { token: session.token, refreshToken: session.refreshToken, expiresIn: session.expiresIn, user: staffView(session.user) }, { message: AUTH_MESSAGES.loggedIn });
  })
  // A new tab of the same browser joins an open tab's member session (src/lib/session.ts).
  .post('/join', async (c) => {
    const { refreshToken } = await parseBody(c, refreshSchema);
    const deps = c.get('deps');
    const session = await joinMemberSession(deps, refreshToken);
    return ok<SignedInView<AccountView>>(c, { token: session.token, refreshToken: session.refreshToken, expiresIn: session.expiresIn, user: accountView(session.user, deps.now()) });
  })
  .post('/refresh', async (c) => {
    const { refreshToken } = await parseBody(c, refreshSchema);
    const session = await refresh(c.get('deps'), refreshToken, 'member');
    return ok<SessionTokensView>(c, { token: session.token, refreshToken: session.refreshToken, expiresIn: session.expiresIn });
  })
  .post('/admin/refresh', async (c) => {
    const { refreshToken } = await parseBody(c, refreshSchema);
    const session = await refresh(c.get('deps'), refreshToken, 'staff');
    return ok<SessionTokensView>(c, { token: session.token, refreshToken: session.refreshToken, expiresIn: session.expiresIn });
  })
  .post('/logout', async (c) => {
    const { refreshToken } = await parseBody(c, logoutSchema);
    const viewer = optionalViewer(c);
    await logout(c.get('deps'), viewer && { userId: viewer.user.id, sessionId: viewer.sessionId }, refreshToken);
    return ok(c, null, { message: AUTH_MESSAGES.loggedOut });
  })
  .get('/profile', async (c) => {
    const viewer = requireViewer(c);
    const deps = c.get('deps');
    return ok<ProfileView>(c, { ...accountView(viewer.user, deps.now()), pendingEmail: await pendingEmail(deps, viewer.user) });
  })
  .put('/profile', async (c) => {
    const viewer = requireViewer(c);
    const input = await parseBody(c, profileUpdateSchema);
    const deps = c.get('deps');
    const { user, emailChangeRequested } = await updateProfile(deps, viewer.user, input, linkOrigin(c));
    return ok<ProfileView>(
      c,
      { ...accountView(user, deps.now()), pendingEmail: await pendingEmail(deps, user) },
      { message: emailChangeRequested ? `${AUTH_MESSAGES.profileSaved} ${EMAIL_CHANGE_MESSAGES.pending}` : AUTH_MESSAGES.profileSaved },
    );
  })
  // The mailed links carry the proof; no session is needed (they may be opened on another device).
  .post('/email-change/confirm', async (c) => {
    const { token } = await parseBody(c, emailChangeTokenSchema);
    await confirmEmailChange(c.get('deps'), token);
    return ok(c, null, { message: EMAIL_CHANGE_MESSAGES.confirmed });
  })
  .post('/email-change/cancel', async (c) => {
    const { token } = await parseBody(c, emailChangeTokenSchema);
    await cancelEmailChange(c.get('deps'), token);
    return ok(c, null, { message: EMAIL_CHANGE_MESSAGES.cancelled });
  })
  .post('/password-reset', async (c) => {
    const { email } = await parseBody(c, passwordResetRequestSchema);
    await requestPasswordReset(c.get('deps'), { email, ip: clientAddress(c), origin: linkOrigin(c) });
    return ok(c, null, { message: AUTH_MESSAGES.resetSent });
  })
  .post('/password-reset/confirm', async (c) => {
    const input = await parseBody(c, passwordResetConfirmSchema);
    await confirmPasswordReset(c.get('deps'), { ...input, ip: clientAddress(c) });
    return ok(c, null, { message: AUTH_MESSAGES.resetDone });
  })
  .post('/change-password', async (c) => {
    const viewer = requireViewer(c);
    const input = await parseBody(c, changePasswordSchema);
    await changePassword(c.get('deps'), { user: viewer.user, sessionId: viewer.sessionId, ...input });
    return ok(c, null, { message: AUTH_MESSAGES.passwordChanged });
  })
  .get('/me/export', async (c) => {
    const viewer = requireViewer(c);
    const deps = c.get('deps');
    const data = await exportMemberData(deps, viewer.user);
    const day = deps.now().toISOString().slice(0, 10);
    c.header('Content-Disposition', `attachment; filename="ganyan-verilerim-${day}.json"`);
    return ok(c, data);
  })
  .get('/admin/badges', async (c) => {
    requireAdmin(c);
    return ok(c, await staffBadges(c.get('deps')));
  });
