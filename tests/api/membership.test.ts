import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../functions/src/domain/identity/access-token.js';
import { hashParams } from '../../functions/src/domain/identity/password.js';
import { groupedIban, isValidTurkishIban, normalizeIban } from '../../functions/src/domain/membership/iban.js';
import { seedMembership } from '../../server/seed/membership.js';
import { DEMO_PASSWORD, seedUsers } from '../../server/seed/users.js';
import { loginMember, loginStaff } from '../support/login.js';
import { startTestServer, type TestServer } from '../support/server.js';

/** The demo data the local store starts with: every VIP state the member area and staff panel show. */
describe('membership seed', () => {
  let server: TestServer;
  const memberToken = (id: string) => signAccessToken(server.deps.config.jwtSecret, { userId: id, audience: 'member', sessionId: 'seed' }, server.deps.now());
  const status = async (n: number) =>
    (await server.api('GET', '/api/users/vip-status', { token: await memberToken(`u-member-${String(n).padStart(2, '0')}`) })).body.data;

  beforeAll(async () => {
    server = await startTestServer({ now: new Date('2026-11-22T09:00:00Z') });
    await seedUsers(server.deps);
    await seedMembership(server.deps);
  }, 600_000);
  afterAll(() => server.close());

  it('creates 1 admin, 6 authors and 40 members with salted scrypt hashes of the demo password', async () => {
    const users = server.deps.store.collection('users');
    expect(await users.where('role', '==', 'admin').count()).toBe(1);
    expect(await users.where('role', '==', 'author').count()).toBe(6);
    expect(await users.where('role', '==', 'user').count()).toBe(40);
    const a = (await server.deps.store.get('users', 'u-member-01'))!.passwordHash as string;
    const b = (await server.deps.store.get('users', 'u-member-02'))!.passwordHash as string;
    expect(hashParams(a)).toEqual(server.deps.config.passwordCost);
    expect(a).not.toBe(b);
    const author = await server.deps.store.get('users', 'u-author-1');
    expect(author).toMatchObject({ email: 'yazar1@ganyan.local', role: 'author' });
    expect((author!.specializations as string[]).length).toBeGreaterThan(0);
    expect(author!.bio).toBeTruthy();
  });

  it('the demo logins work through the real endpoints', async () => {
    const staff = await loginStaff(server, 'admin@ganyan.local', DEMO_PASSWORD, { ip: '10.0.0.1' });
    expect(staff.user.role).toBe('admin');
    const member = await loginMember(server, 'uye01@ganyan.local', DEMO_PASSWORD, { ip: '10.0.0.2' });
    expect(member.user).toMatchObject({ id: 'u-member-01', isVip: true });
  });

  it('puts members in every VIP state', async () => {
    for (const n of [1, 2, 3, 4, 5]) {
      const s = await status(n);
      expect(s.userVipStatus, `member ${n}`).toBe('active');
      expect(s.subscription.remainingDays).toBeGreaterThanOrEqual(30);
    }
    for (const n of [6, 7, 8]) {
      const s = await status(n);
      expect(s.userVipStatus).toBe('active');
      expect(s.subscription.remainingDays).toBeLessThanOrEqual(7);
    }
    for (const n of [9, 10, 11]) expect((await status(n)).userVipStatus).toBe('expired');
    for (const n of [12, 13, 14]) expect((await status(n)).pendingRequest).toMatchObject({ status: 'pending' });
    for (const n of [15, 16]) {
      const s = await status(n);
      expect(s.userVipStatus).toBe('rejected');
      expect(s.lastRejectionReason).toBeTruthy();
    }
    for (const n of [17, 30, 40]) expect((await status(n)).userVipStatus).toBe('none');
  });

  it('has the four packages, a bank account with a valid IBAN and the payment texts', async () => {
    const packages = (await server.api('GET', '/api/admin/settings/vip-packages')).body.data;
    expect(packages.map((p: { price: number; durationDays: number }) => [p.price, p.durationDays])).toEqual([
      [450, 15],
      [750, 30],
      [1400, 60],
      [2000, 90],
    ]);
    const bank = (await server.api('GET', '/api/settings/bank-account')).body.data;
    expect(isValidTurkishIban(bank.ibanNumber)).toBe(true);
    expect(groupedIban(bank.ibanNumber)).toMatch(/^TR\d\d( \d{4}){5} \d\d$/);
    expect(normalizeIban(groupedIban(` ${bank.ibanNumber.toLowerCase()}`))).toBe(bank.ibanNumber);
    const texts = (await server.api('GET', '/api/admin/settings/general-settings')).body.data;
    expect(texts.map((t: { key: string }) => t.key).sort()).toEqual(['payment_bottom_description', 'payment_description']);
    expect(await server.deps.store.get('settings', 'contact_phone')).toBeTruthy();
    expect(await server.deps.store.collection('contactMessages').where('status', '==', 'new').count()).toBeGreaterThan(0);
  });
});
