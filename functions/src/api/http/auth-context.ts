import type { Context, MiddlewareHandler } from 'hono';
import { verifyAccessToken, isSessionRevoked, type Role, getUser } from '../../domain/identity/index.js';
import { AppError, MESSAGES } from '../../platform/errors.js';
import type { ApiEnv, Viewer } from './env.js';

/**
 * Resolves the caller from the bearer token. The token proves identity only: role, status and
 * VIP state are read from the store on every request, so a change takes effect at once.
 * Staff tokens are tried as staff, member tokens as members; the audiences never mix.
 */
export const resolveViewer: MiddlewareHandler<ApiEnv> = async (c, next) => {
  c.set('viewer', null);
  const header = c.req.header('authorization');
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
  if (token) {
    const { config, store, now } = c.get('deps');
    const claims =
      (await verifyAccessToken(config.jwtSecret, token, 'member', now())) ??
      (await verifyAccessToken(config.jwtSecret, token, 'staff', now()));
    if (!claims) throw new AppError('UNAUTHORIZED', MESSAGES.sessionExpired);
    // One read: the user document carries the sessions ended in the last 15 minutes.
    const user = await getUser({ store }, claims.userId);
    if (!user) throw new AppError('UNAUTHORIZED', MESSAGES.sessionExpired);
    if (isSessionRevoked(user, claims.sessionId, now())) throw new AppError('UNAUTHORIZED', MESSAGES.sessionExpired);
    if (user.isDeleted || user.status !== 'active') throw new AppError('UNAUTHORIZED', MESSAGES.sessionExpired);
    if (claims.audience === 'staff' && user.role === 'user') throw new AppError('UNAUTHORIZED', MESSAGES.sessionExpired);
    c.set('viewer', { user, audience: claims.audience, sessionId: claims.sessionId });
  }
  await next();
};

export function optionalViewer(c: Context<ApiEnv>): Viewer | null {
  return c.get('viewer');
}

/** Any signed-in caller (member or staff). */
export function requireViewer(c: Context<ApiEnv>): Viewer {
  const viewer = c.get('viewer');
  if (!viewer) throw new AppError('UNAUTHORIZED', MESSAGES.unauthorized);
  return viewer;
}

/** A member session (role user, member audience): the member area's endpoints. */
export function requireMember(c: Context<ApiEnv>): Viewer {
  const viewer = requireViewer(c);
  if (viewer.audience !== 'member') throw new AppError('FORBIDDEN', MESSAGES.forbidden);
  return viewer;
}

/** A staff session whose role is one of `roles`. */
export function requireStaff(c: Context<ApiEnv>, roles: readonly Role[] = ['author', 'admin']): Viewer {
  const viewer = requireViewer(c);
  if (viewer.audience !== 'staff' || !roles.includes(viewer.user.role)) throw new AppError('FORBIDDEN', MESSAGES.noPageAccess);
  return viewer;
}

export function requireAdmin(c: Context<ApiEnv>): Viewer {
  return requireStaff(c, ['admin']);
}
