import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';

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

/**
 * Verifies signature, algorithm, issuer, audience and expiry; null for any failure.
 *
 * Checked here with node:crypto's HMAC rather than jose's jwtVerify: jose goes through WebCrypto,
 * whose asynchronous job costs about as much as the rest of a signed-in request together, and
 * every signed-in request verifies a token. Signing stays with jose.
 */
export async function verifyAccessToken(secret: string, token: string, audience: Audience, now: Date): Promise<AccessClaims | null> {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [encodedHeader, encodedPayload, encodedSignature] = parts as [string, string, string];
  const expected = createHmac('sha256', secret).update(`${encodedHeader}.${encodedPayload}`).digest();
  const given = Buffer.from(encodedSignature, 'base64url');
  // base64url decoding ignores stray characters: the signature must be exactly the canonical text.
  if (given.length !== expected.length || given.toString('base64url') !== encodedSignature || !timingSafeEqual(given, expected)) return null;
  const header = decodeSegment(encodedHeader);
  const payload = decodeSegment(encodedPayload);
  // A header naming critical extensions this verifier does not know must be refused (RFC 7515 §4.1.11).
  if (!header || header.alg !== ALGORITHM || header.crit !== undefined || !payload) return null;
  const seconds = Math.floor(now.getTime() / 1000);
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (payload.iss !== ISSUER || !audiences.includes(AUDIENCE[audience])) return null;
  if (typeof payload.exp !== 'number' || payload.exp <= seconds) return null;
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > seconds)) return null;
  if (payload.iat !== undefined && typeof payload.iat !== 'number') return null;
  if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
  return { userId: payload.sub, audience, sessionId: payload.sid };
}

function decodeSegment(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
