import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../../functions/src/domain/identity/access-token.js';
import { loadConfig } from '../../../functions/src/platform/config.js';
import { startTestServer, type TestServer } from '../../support/server.js';

/** The constant an unset JWT_SECRET used to fall back to: anyone could sign an admin token with it. */
const OLD_WELL_KNOWN_SECRET = 'ganyan-local-development-secret-change-me';

const folders: string[] = [];
function freshFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ganyan-secret-'));
  folders.push(dir);
  return dir;
}
const envWithout = (dir: string, extra: NodeJS.ProcessEnv = {}) => {
  const env: NodeJS.ProcessEnv = { ...process.env, GANYAN_DATA_DIR: dir, GANYAN_ENV: 'development', ...extra };
  delete env.JWT_SECRET;
  delete env.UPLOAD_SECRET;
  return env;
};

describe('finding 1: no well-known secret', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses an admin token signed with the constant that used to be the development secret', async () => {
    const now = server.deps.now();
    await server.deps.store.set('users', 'u-admin-x', {
      email: 'x@example.com', username: 'adminx', usernameLower: 'adminx', firstName: 'A', lastName: 'B', role: 'admin', status: 'active', isDeleted: false,
      passwordHash: null, vip: { status: 'none', endDate: null, packageId: null, subscriptionId: null }, createdAt: now, updatedAt: now,
    });
    const forged = await signAccessToken(OLD_WELL_KNOWN_SECRET, { userId: 'u-admin-x', audience: 'staff', sessionId: 'forged' }, now);
    const res = await server.api('GET', '/api/auth/admin/badges', { token: forged });
    expect(res.status).toBe(401);
  });

  it('makes a random secret per data folder on first start, private to its owner, and reuses it', () => {
    const dir = freshFolder();
    const first = loadConfig(envWithout(dir));
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.uploadSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.uploadSecret).not.toBe(first.jwtSecret);
    for (const name of ['jwt', 'upload']) {
      const file = join(dir, 'secrets', `${name}.secret`);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, 'utf8').trim()).toBe(name === 'jwt' ? first.jwtSecret : first.uploadSecret);
    }
    expect(statSync(join(dir, 'secrets')).mode & 0o077).toBe(0);

    const again = loadConfig(envWithout(dir));
    expect(again.jwtSecret).toBe(first.jwtSecret);
    expect(again.uploadSecret).toBe(first.uploadSecret);

    const other = loadConfig(envWithout(freshFolder()));
    expect(other.jwtSecret).not.toBe(first.jwtSecret);
  });

  it('narrows a secret file that lost its mode, and refuses a truncated one', () => {
    const dir = freshFolder();
    loadConfig(envWithout(dir));
    const file = join(dir, 'secrets', 'jwt.secret');
    writeFileSync(file, readFileSync(file), { mode: 0o644 });
    chmodSync(file, 0o644);
    loadConfig(envWithout(dir));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    writeFileSync(file, 'short');
    expect(() => loadConfig(envWithout(dir))).toThrow(/shorter than 32/);
  });

  it('still demands JWT_SECRET in production and never writes one there', () => {
    const dir = freshFolder();
    expect(() => loadConfig(envWithout(dir, { GANYAN_ENV: 'production' }))).toThrow('JWT_SECRET');
    expect(() => statSync(join(dir, 'secrets', 'jwt.secret'))).toThrow();
  });

  it('keeps no secret value in the source', () => {
    const sources = ['functions/src/platform/config.ts', 'src/lib/build-data.ts'].map((p) => readFileSync(p, 'utf8'));
    for (const text of sources) expect(text).not.toMatch(/secret[^\n]*=\s*'[^']{16,}'/i);
  });
});
