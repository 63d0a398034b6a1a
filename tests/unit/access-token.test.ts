import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from '../../functions/src/domain/identity/access-token.js';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const NOW = new Date('2026-11-22T10:00:00Z');
const claims = { userId: 'u-1', audience: 'member' as const, sessionId: 'fam-1' };
const seconds = Math.floor(NOW.getTime() / 1000);

/** Signed by hand, so tokens a library would refuse to make (a critical header) can be made too. */
async function forge(header: Record<string, unknown>, payload: Record<string, unknown>, secret = SECRET, alg: 'HS256' | 'HS512' = 'HS256') {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${b64({ ...header, alg })}.${b64(payload)}`;
  return `${input}.${createHmac(alg === 'HS256' ? 'sha256' : 'sha512', secret).update(input).digest('base64url')}`;
}
const base = { sub: 'u-1', sid: 'fam-1', iss: 'ganyan', aud: 'ganyan:member', iat: seconds, exp: seconds + 60 };

describe('access tokens', () => {
  it('round-trips its own tokens until the expiry second, for the audience they were made for', async () => {
    const token = await signAccessToken(SECRET, claims, NOW);
    expect(await verifyAccessToken(SECRET, token, 'member', NOW)).toEqual(claims);
    expect(await verifyAccessToken(SECRET, token, 'member', new Date(NOW.getTime() + 15 * 60_000 - 1000))).toEqual(claims);
    expect(await verifyAccessToken(SECRET, token, 'member', new Date(NOW.getTime() + 15 * 60_000))).toBeNull();
    expect(await verifyAccessToken(SECRET, token, 'staff', NOW)).toBeNull();
    expect(await verifyAccessToken(`${SECRET}x`, token, 'member', NOW)).toBeNull();
  });

  it('accepts a standard HS256 token with the claims, and an audience list naming it', async () => {
    expect(await verifyAccessToken(SECRET, await forge({ typ: 'JWT' }, base), 'member', NOW)).toEqual(claims);
    expect(await verifyAccessToken(SECRET, await forge({}, { ...base, aud: ['x', 'ganyan:member'] }), 'member', NOW)).toEqual(claims);
  });

  it.each([
    ['another algorithm', () => forge({}, base, SECRET, 'HS512')],
    ['a critical header', () => forge({ crit: ['exp'] }, base)],
    ['another issuer', () => forge({}, { ...base, iss: 'baska' })],
    ['no expiry', () => forge({}, { ...base, exp: undefined })],
    ['a text expiry', () => forge({}, { ...base, exp: String(seconds + 60) })],
    ['not valid yet', () => forge({}, { ...base, nbf: seconds + 30 })],
    ['no session id', () => forge({}, { ...base, sid: undefined })],
    ['a numeric subject', () => forge({}, { ...base, sub: 7 })],
  ])('refuses %s', async (_name, make) => {
    expect(await verifyAccessToken(SECRET, await make(), 'member', NOW)).toBeNull();
  });

  it('refuses malformed tokens and signatures that are not the canonical text', async () => {
    const token = await signAccessToken(SECRET, claims, NOW);
    const [h, p, s] = token.split('.') as [string, string, string];
    for (const bad of ['', 'a.b', `${h}.${p}`, `${h}.${p}.${s}.x`, `${h}.${p}.${s}=`, `${h}.${p}.${s}!`, `${h}.${p}.${s.slice(0, -2)}`, `e30.${p}.${s}`, `${h}.bm90IGpzb24.${s}`]) {
      expect(await verifyAccessToken(SECRET, bad, 'member', NOW), bad).toBeNull();
    }
  });
});
