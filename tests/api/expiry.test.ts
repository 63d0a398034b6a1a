import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVipExpiry, startVipExpiryInterval } from '../../functions/src/jobs/vip-expiry.js';
import { createAccount, type TestAccount } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';

const BASE = new Date('2026-11-22T09:00:00Z');
const DAY = 86_400_000;

describe('VIP expiry job', () => {
  let server: TestServer;
  let admin: TestAccount;
  const subjects = async (to: string) =>
    (await server.deps.store.collection('mail').where('to', '==', to).get())
      .sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime())
      .map((m) => (m.message as { subject: string }).subject);

  async function vipFor(days: number): Promise<TestAccount> {
    const member = await createAccount(server);
    const res = await server.api('POST', `/api/users/admin/users/${member.id}/grant-vip`, { token: admin.token, body: { durationDays: days } });
    expect(res.status).toBe(200);
    return member;
  }

  beforeAll(async () => {
    server = await startTestServer({ now: BASE });
    admin = await createAccount(server, { role: 'admin' });
  });
  afterAll(() => server.close());

  it('expires a subscription ending now in one run, on the subscription and the user', async () => {
    server.setNow(BASE);
    const member = await vipFor(1);
    server.setNow(new Date(BASE.getTime() + DAY));
    const report = await runVipExpiry(server.deps);
    expect(report.expired).toBeGreaterThanOrEqual(1);
    const [sub] = await server.deps.store.collection('vipSubscriptions').where('userId', '==', member.id).get();
    expect(sub!.status).toBe('expired');
    expect((await server.deps.store.get('users', member.id))!.vip).toMatchObject({ status: 'expired' });
    expect(await subjects(member.email)).toContain('Ganyan: VIP üyeliğiniz sona erdi');
    server.setNow(BASE);
  });

  it('mails 7 days and 3 days before the end and on the end, each once however often it runs', async () => {
    server.setNow(BASE);
    const member = await vipFor(10);
    const grantMail = (await subjects(member.email)).length;
    const runTwice = async (at: Date) => {
      server.setNow(at);
      await runVipExpiry(server.deps);
      await Promise.all([runVipExpiry(server.deps), runVipExpiry(server.deps)]);
    };
    await runTwice(new Date(BASE.getTime() + 2 * DAY)); // 8 days left: nothing yet
    expect((await subjects(member.email)).length).toBe(grantMail);
    await runTwice(new Date(BASE.getTime() + 3 * DAY)); // 7 days left
    await runTwice(new Date(BASE.getTime() + 5 * DAY)); // 5 days left: the 7-day notice is not repeated
    await runTwice(new Date(BASE.getTime() + 7 * DAY)); // 3 days left
    await runTwice(new Date(BASE.getTime() + 10 * DAY)); // the end
    await runTwice(new Date(BASE.getTime() + 11 * DAY));
    const sent = (await subjects(member.email)).slice(grantMail);
    expect(sent).toEqual([
      'Ganyan: VIP üyeliğinizin bitmesine 7 gün kaldı',
      'Ganyan: VIP üyeliğinizin bitmesine 3 gün kaldı',
      'Ganyan: VIP üyeliğiniz sona erdi',
    ]);
    server.setNow(BASE);
  });

  it('re-arms the reminders when the membership is extended', async () => {
    server.setNow(BASE);
    const member = await vipFor(5);
    const before = (await subjects(member.email)).length;
    server.setNow(new Date(BASE.getTime() + DAY)); // 4 days left: the 7-day notice
    await runVipExpiry(server.deps);
    expect((await subjects(member.email)).length).toBe(before + 1);
    const freshAdmin = await createAccount(server, { role: 'admin' });
    await server.api('POST', `/api/users/admin/users/${member.id}/grant-vip`, { token: freshAdmin.token, body: { durationDays: 30 } });
    // New end: 34 days from now; at 6 days left the 7-day notice goes out for the new end date.
    server.setNow(new Date(BASE.getTime() + 29 * DAY));
    await runVipExpiry(server.deps);
    await runVipExpiry(server.deps);
    const subjectsNow = await subjects(member.email);
    expect(subjectsNow.filter((s) => s === 'Ganyan: VIP üyeliğinizin bitmesine 6 gün kaldı')).toHaveLength(1);
    expect((await server.deps.store.get('users', member.id))!.vip).toMatchObject({ status: 'active' });
    server.setNow(BASE);
  });

  it('leaves cancelled and far-off memberships alone', async () => {
    server.setNow(BASE);
    const far = await vipFor(60);
    const cancelled = await vipFor(2);
    await server.api('POST', `/api/users/admin/users/${cancelled.id}/cancel-vip`, { token: admin.token, body: { reason: 'İade' } });
    const counts = [(await subjects(far.email)).length, (await subjects(cancelled.email)).length];
    server.setNow(new Date(BASE.getTime() + 3 * DAY));
    await runVipExpiry(server.deps);
    expect([(await subjects(far.email)).length, (await subjects(cancelled.email)).length]).toEqual(counts);
    expect((await server.deps.store.get('users', cancelled.id))!.vip).toMatchObject({ status: 'cancelled' });
    server.setNow(BASE);
  });

  it('runs on an interval in a long-lived process and stops when asked', async () => {
    server.setNow(BASE);
    const member = await vipFor(1);
    server.setNow(new Date(BASE.getTime() + 2 * DAY));
    const stop = startVipExpiryInterval(server.deps, 50);
    try {
      await expect.poll(async () => (await server.deps.store.get('users', member.id))!.vip, { timeout: 5000 }).toMatchObject({ status: 'expired' });
    } finally {
      stop();
      server.setNow(BASE);
    }
  });
});
