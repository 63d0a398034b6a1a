import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, type Audience } from './access-token.js';
import { revokedSessionsSchema, type UserRecord } from './user.js';

/**
 * Sessions are refresh-token families. Each refresh token is 256 random bits, stored only as its
 * SHA-256 (the document id), used once and replaced by a new one of the same family. The family's
 * absolute end is fixed at login and copied to every successor, so rotation never extends it.
 * Presenting a token that was already used means it leaked: the whole family is revoked.
 */
export const SESSION_LIFETIME_MS = {
  memberRemembered: 30 * 86_400_000,
  /** Without remember-me the browser keeps the token only for the tab session; the server caps it too. */
  memberSession: 12 * 3_600_000,
  staff: 12 * 3_600_000,
} as const;

export const refreshTokenRecordSchema = z.object({
  id: z.string(),
  userId: z.string(),
  familyId: z.string(),
  audience: z.enum(['member', 'staff']),
  rememberMe: z.boolean(),
  createdAt: z.date(),
  expiresAt: z.date(),
  usedAt: z.date().nullable(),
  revokedAt: z.date().nullable(),
});
export type RefreshTokenRecord = z.infer<typeof refreshTokenRecordSchema>;

export interface IssuedSession {
  token: string;
  refreshToken: string;
  expiresIn: number;
  sessionId: string;
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Starts a new session (token family) for a user who just proved who they are. */
export async function startSession(deps: AppDeps, input: { userId: string; audience: Audience; rememberMe: boolean }): Promise<IssuedSession> {
  const now = deps.now();
  const lifetime =
    input.audience === 'staff' ? SESSION_LIFETIME_MS.staff : input.rememberMe ? SESSION_LIFETIME_MS.memberRemembered : SESSION_LIFETIME_MS.memberSession;
  const familyId = randomUUID();
  const refreshToken = newRefreshToken();
  await deps.store.create('refreshTokens', hashRefreshToken(refreshToken), {
    userId: input.userId,
    familyId,
    audience: input.audience,
    rememberMe: input.rememberMe,
    createdAt: now,
    expiresAt: new Date(now.getTime() + lifetime),
    usedAt: null,
    revokedAt: null,
  });
  const token = await signAccessToken(deps.config.jwtSecret, { userId: input.userId, audience: input.audience, sessionId: familyId }, now);
  return { token, refreshToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS, sessionId: familyId };
}

const INVALID_REFRESH = 'Oturumunuzun süresi doldu. Lütfen tekrar giriş yapın.';

/**
 * Exchanges a refresh token for a new pair. `isAllowed` re-checks the account (still active, still
 * staff for staff sessions) inside the same step.
 */
export async function rotateSession(
  deps: AppDeps,
  refreshToken: string,
  audience: Audience,
  isAllowed: (userId: string) => Promise<boolean>,
): Promise<IssuedSession> {
  const id = hashRefreshToken(refreshToken);
  const outcome = await deps.store.runTransaction(async (tx) => {
    const now = deps.now();
    const raw = await tx.get('refreshTokens', id);
    if (!raw) return { kind: 'invalid' as const };
    const record = refreshTokenRecordSchema.parse(raw);
    if (record.audience !== audience || record.revokedAt) return { kind: 'invalid' as const };
    if (record.usedAt) return { kind: 'reused' as const, familyId: record.familyId };
    if (record.expiresAt.getTime() <= now.getTime()) return { kind: 'invalid' as const };
    const next = newRefreshToken();
    tx.update('refreshTokens', id, { usedAt: now });
    tx.create('refreshTokens', hashRefreshToken(next), {
      userId: record.userId,
      familyId: record.familyId,
      audience: record.audience,
      rememberMe: record.rememberMe,
      createdAt: now,
      expiresAt: record.expiresAt,
      usedAt: null,
      revokedAt: null,
    });
    return { kind: 'rotated' as const, record, next };
  });
  if (outcome.kind === 'reused') {
    await revokeFamily(deps, outcome.familyId);
    deps.log.warn('refresh token reuse: family revoked', { familyId: outcome.familyId });
  }
  if (outcome.kind !== 'rotated') throw new AppError('UNAUTHORIZED', INVALID_REFRESH);
  if (!(await isAllowed(outcome.record.userId))) {
    await revokeFamily(deps, outcome.record.familyId);
    throw new AppError('UNAUTHORIZED', INVALID_REFRESH);
  }
  const token = await signAccessToken(
    deps.config.jwtSecret,
    { userId: outcome.record.userId, audience, sessionId: outcome.record.familyId },
    deps.now(),
  );
  return { token, refreshToken: outcome.next, expiresIn: ACCESS_TOKEN_TTL_SECONDS, sessionId: outcome.record.familyId };
}

/**
 * A new browser tab joins the member session of an open tab (issue 50; spec 000 §3.8 keeps a
 * session without "Beni hatırla" in one tab's sessionStorage). The open tab hands over its current
 * refresh token; the new tab gets a family of its own, so the two never rotate one token between
 * them (that would look like a leak and end both). The new family keeps the original's end, so
 * joining never lengthens a session, and is per-session too: it ends with the browser. The token
 * handed over is only read, never used up, and a used or ended one is simply refused.
 */
export async function joinSession(deps: AppDeps, refreshToken: string, isAllowed: (userId: string) => Promise<boolean>): Promise<IssuedSession & { userId: string }> {
  const now = deps.now();
  const raw = await deps.store.get('refreshTokens', hashRefreshToken(refreshToken));
  const record = raw ? refreshTokenRecordSchema.parse(raw) : null;
  if (!record || record.audience !== 'member' || record.rememberMe || record.revokedAt || record.usedAt || record.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('UNAUTHORIZED', INVALID_REFRESH);
  }
  if (!(await isAllowed(record.userId))) throw new AppError('UNAUTHORIZED', INVALID_REFRESH);
  const familyId = randomUUID();
  const next = newRefreshToken();
  await deps.store.create('refreshTokens', hashRefreshToken(next), {
    userId: record.userId,
    familyId,
    audience: 'member',
    rememberMe: false,
    createdAt: now,
    expiresAt: record.expiresAt,
    usedAt: null,
    revokedAt: null,
  });
  const token = await signAccessToken(deps.config.jwtSecret, { userId: record.userId, audience: 'member', sessionId: familyId }, now);
  return { token, refreshToken: next, expiresIn: ACCESS_TOKEN_TTL_SECONDS, sessionId: familyId, userId: record.userId };
}

async function revokeWhere(deps: AppDeps, field: 'familyId' | 'userId', value: string, keepFamily?: string): Promise<number> {
  const now = deps.now();
  const live = await deps.store.collection('refreshTokens').where(field, '==', value).where('revokedAt', '==', null).get();
  const targets = live.filter((doc) => doc.familyId !== keepFamily);
  // Batches stay well under Firestore's 500-write limit.
  for (let i = 0; i < targets.length; i += 200) {
    const batch = deps.store.batch();
    for (const doc of targets.slice(i, i + 200)) batch.update('refreshTokens', doc.id, { revokedAt: now });
    await batch.commit();
  }
  // Access tokens already issued to these sessions must stop working now, not when they expire.
  // The ended sessions are listed on their user's document, which every signed-in request reads
  // anyway: the check costs no read of its own (issue 21).
  const byUser = new Map<string, Set<string>>();
  for (const doc of targets) {
    const userId = String(doc.userId);
    byUser.set(userId, (byUser.get(userId) ?? new Set()).add(String(doc.familyId)));
  }
  for (const [userId, families] of byUser) await listRevokedSessions(deps, userId, [...families]);
  return targets.length;
}

/**
 * Adds ended sessions to the user's `revokedSessions`, each kept until the last access token it
 * could have issued has expired (entries past that are dropped on the next write, so the list
 * stays as short as the sessions ended in the last 15 minutes).
 */
async function listRevokedSessions(deps: AppDeps, userId: string, familyIds: string[]): Promise<void> {
  await deps.store.runTransaction(async (tx) => {
    const raw = await tx.get('users', userId);
    if (!raw) return;
    const now = deps.now();
    const until = new Date(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000);
    const kept = revokedSessionsSchema.parse(raw.revokedSessions).filter((entry) => entry.until.getTime() > now.getTime() && !familyIds.includes(entry.id));
    tx.update('users', userId, { revokedSessions: [...kept, ...familyIds.map((id) => ({ id, until }))] });
  });
}

/** Whether the session an access token belongs to was ended (logout, password change, reuse). */
export function isSessionRevoked(user: Pick<UserRecord, 'revokedSessions'>, familyId: string, now: Date): boolean {
  return user.revokedSessions.some((entry) => entry.id === familyId && entry.until.getTime() > now.getTime());
}

export function revokeFamily(deps: AppDeps, familyId: string): Promise<number> {
  return revokeWhere(deps, 'familyId', familyId);
}

/** Every session of the user, except `keepFamily` (the caller's own session, on password change). */
export function revokeUserSessions(deps: AppDeps, userId: string, keepFamily?: string): Promise<number> {
  return revokeWhere(deps, 'userId', userId, keepFamily);
}

/**
 * Logout: ends the caller's session, and the one of the refresh token sent along when that token
 * is the caller's own, or when there is no caller (a tab whose access token has already expired).
 */
export async function logout(deps: AppDeps, caller: { userId: string; sessionId: string } | null, refreshToken: string | undefined): Promise<void> {
  if (caller) await revokeFamily(deps, caller.sessionId);
  if (!refreshToken) return;
  const record = await deps.store.get('refreshTokens', hashRefreshToken(refreshToken));
  if (record && (!caller || record.userId === caller.userId)) await revokeFamily(deps, String(record.familyId));
}
