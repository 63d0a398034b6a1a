import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CURRENT_SCRYPT_PARAMS, hashPassword } from '../../../functions/src/domain/identity/password.js';
import { useTestServer } from '../../support/server.js';

/** CPU time of this process (the server runs in it, scrypt's worker threads included), in ms. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

describe('finding 5: reset-confirm checks the token before hashing, and is limited per address', () => {
  const server = useTestServer();

  it('spends no scrypt derivation on made-up tokens', async () => {
    // At production cost, so one derivation clearly outweighs four requests' own work.
    server.deps.config.passwordCost = CURRENT_SCRYPT_PARAMS;
    const before = cpuMs();
    await hashPassword('Olcum-Sifresi-1', server.deps.config.passwordCost);
    const oneHash = cpuMs() - before;

    const start = cpuMs();
    for (const token of [randomBytes(32).toString('base64url'), 'x'.repeat(20), randomBytes(32).toString('base64url'), 'ü'.repeat(43)]) {
      const res = await server.api('POST', '/api/auth/password-reset/confirm', {
        body: { token, newPassword: 'Yeni-Sifre-1' },
        headers: { 'X-Forwarded-For': '198.51.100.200' },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Şifre sıfırlama bağlantısı geçersiz veya süresi dolmuş. Lütfen yeni bir bağlantı isteyin.');
    }
    // Four refusals together cost well under one derivation (the old code spent four).
    expect(cpuMs() - start).toBeLessThan(oneHash);
  });

  it('answers 429 with Retry-After after 20 attempts from one address', async () => {
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 21; i++) {
      const res = await server.api('POST', '/api/auth/password-reset/confirm', {
        body: { token: randomBytes(32).toString('base64url'), newPassword: 'Yeni-Sifre-1' },
        headers: { 'X-Forwarded-For': '198.51.100.201' },
      });
      statuses.push(res.status);
      retryAfter = res.headers.get('retry-after');
    }
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Another address is not affected.
    const other = await server.api('POST', '/api/auth/password-reset/confirm', {
      body: { token: randomBytes(32).toString('base64url'), newPassword: 'Yeni-Sifre-1' },
      headers: { 'X-Forwarded-For': '198.51.100.202' },
    });
    expect(other.status).toBe(400);
  });
});
