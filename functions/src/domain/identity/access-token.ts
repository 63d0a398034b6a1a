import { jwtVerify, SignJWT } from 'jose';

export type Audience = 'member' | 'staff';

const ISSUER = 'ganyan';
const AUDIENCE: Record<Audience, string> = { member: 'ganyan:member', staff: 'ganyan:staff' };
/** One algorithm only: `alg: none` or any other algorithm in a token is refused. */
const ALGORITHM = 'HS256';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AccessClaims {
  userId: string;
  audience: Audience;
  /** Refresh-token family the access token was issued with, so logout can name the session. */
  sessionId: string;
}

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signAccessToken(secret: string, claims: AccessClaims, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE[claims.audience])
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(key(secret));
}

/** Verifies signature, algorithm, issuer, audience and expiry; null for any failure. */
export async function verifyAccessToken(secret: string, token: string, audience: Audience, now: Date): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE[audience],
      currentDate: now,
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { userId: payload.sub, audience, sessionId: payload.sid };
  } catch {
    return null;
  }
}
