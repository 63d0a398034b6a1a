import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../functions/src/domain/identity/access-token.js';
import { createAccount, createVipMember } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';

const BASE = new Date('2026-11-22T09:00:00Z');
const DAY = 86_400_000;

describe('member VIP: status and requests', () => {
  let server: TestServer;
  let admin: { token: string };
  beforeAll(async () => {
    server = await startTestServer({ now: BASE });
    admin = await createAccount(server, { role: 'admin' });
    const at = BASE;
    await server.deps.store.set('vipPackages', 'p30', { name: 'Aylık', price: 750, durationDays: 30, description: 'x', sortOrder: 2, isActive: true, createdAt: at, updatedAt: at });
    await server.deps.store.set('vipPackages', 'p60', { name: 'İki Aylık', price: 1400, durationDays: 60, description: 'x', sortOrder: 3, isActive: true, createdAt: at, updatedAt: at });
    await server.deps.store.set('vipPackages', 'pOld', { name: 'Eski', price: 100, durationDays: 7, description: 'x', sortOrder: 1, isActive: false, createdAt: at, updatedAt: at });
  });
  afterAll(() => server.close());

  it('reports none for a new member', async () => {
    const member = await createAccount(server);
    const res = await server.api('GET', '/api/users/vip-status', { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      // The status's version (issue 50: pages check it cheaply on focus and navigation).
      version: expect.stringMatching(/^[0-9a-z]+$/),
      hasVip: false,
      userVipStatus: 'none',
      subscription: null,
      lastSubscriptionEndDate: null,
      lastRejectionReason: null,
      pendingRequest: null,
      latestRequest: null,
    });
  });

  it('files a request with the spec defaults and refuses a second pending one', async () => {
    const member = await createAccount(server, { fields: { firstName: 'Zeynep', lastName: 'Doğan' } });
    const res = await server.api('POST', '/api/users/request-vip', { token: member.token, body: {} });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('VIP üyelik talebiniz başarıyla oluşturuldu. Talebiniz 24 saat içinde değerlendirilecektir.');
    expect(res.body.data).toMatchObject({ status: 'pending', reason: 'VIP üyelik talebi', requestedDays: 30, otherName: 'Zeynep Doğan' });

    const second = await server.api('POST', '/api/users/request-vip', { token: member.token, body: { packageId: 'p60' } });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('Zaten değerlendirme bekleyen bir VIP talebiniz var. Sonuçlanmadan yeni talep oluşturamazsınız.');
    expect(await server.deps.store.collection('vipRequests').where('userId', '==', member.id).count()).toBe(1);

    const status = (await server.api('GET', '/api/users/vip-status', { token: member.token })).body.data;
    expect(status.userVipStatus).toBe('pending');
    expect(status.pendingRequest).toMatchObject({ status: 'pending', requestedDays: 30, otherName: 'Zeynep Doğan', reason: 'VIP üyelik talebi' });
  });

  it('lets only one of several simultaneous requests through', async () => {
    const member = await createAccount(server);
    const results = await Promise.all(Array.from({ length: 5 }, () => server.api('POST', '/api/users/request-vip', { token: member.token, body: {} })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
    expect(await server.deps.store.collection('vipRequests').where('userId', '==', member.id).count()).toBe(1);
  });

  it('takes the days from the chosen package and refuses an inactive or unknown one', async () => {
    const member = await createAccount(server);
    const inactive = await server.api('POST', '/api/users/request-vip', { token: member.token, body: { packageId: 'pOld' } });
    expect(inactive.status).toBe(400);
    expect(inactive.body.message).toBe('Seçtiğiniz paket artık mevcut değil. Lütfen başka bir paket seçiniz.');
    const unknown = await server.api('POST', '/api/users/request-vip', { token: member.token, body: { packageId: 'yok' } });
    expect(unknown.status).toBe(400);
    const ok = await server.api('POST', '/api/users/request-vip', {
      token: member.token,
      body: { packageId: 'p60', requestedDays: 30, otherName: '  Kenan Çetin ', reason: 'Havale yaptım' },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ requestedDays: 60, otherName: 'Kenan Çetin', reason: 'Havale yaptım', packageName: 'İki Aylık', price: 1400 });
  });

  it('refuses bad bodies with Turkish messages and stores nothing', async () => {
    const member = await createAccount(server);
    for (const body of [{ requestedDays: 0 }, { requestedDays: 1.5 }, { requestedDays: '30' }, { isVip: true }]) {
      const res = await server.api('POST', '/api/users/request-vip', { token: member.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
    }
    expect((await server.api('POST', '/api/users/request-vip', { token: member.token, body: { requestedDays: 0 } })).body.message).toBe(
      'Lütfen geçerli bir gün sayısı giriniz',
    );
    expect(await server.deps.store.collection('vipRequests').where('userId', '==', member.id).count()).toBe(0);
  });

  it('is for members: visitors get 401, staff sessions 403', async () => {
    expect((await server.api('GET', '/api/users/vip-status')).status).toBe(401);
    expect((await server.api('POST', '/api/users/request-vip', { body: {} })).status).toBe(401);
    expect((await server.api('POST', '/api/users/request-vip', { token: admin.token, body: {} })).status).toBe(403);
  });

  it('walks through rejected, active and expired with the right figures', async () => {
    const member = await createAccount(server);
    const req = await server.api('POST', '/api/users/request-vip', { token: member.token, body: { packageId: 'p30' } });
    await server.api('POST', `/api/users/admin/vip-requests/${req.body.data.id}/reject`, {
      token: admin.token,
      body: { rejectionReason: 'Ödeme bulunamadı.' },
    });
    let status = (await server.api('GET', '/api/users/vip-status', { token: member.token })).body.data;
    expect(status).toMatchObject({ hasVip: false, userVipStatus: 'rejected', lastRejectionReason: 'Ödeme bulunamadı.', pendingRequest: null });

    const again = await server.api('POST', '/api/users/request-vip', { token: member.token, body: { packageId: 'p30' } });
    expect(again.status).toBe(201);
    await server.api('POST', `/api/users/admin/vip-requests/${again.body.data.id}/approve`, { token: admin.token, body: { evidenceReason: 'Havale hesapta görüldü, tutar doğru.' } });
    status = (await server.api('GET', '/api/users/vip-status', { token: member.token })).body.data;
    expect(status).toMatchObject({ hasVip: true, userVipStatus: 'active' });
    expect(status.subscription).toMatchObject({ remainingDays: 30, durationDays: 30, status: 'active', isAutoRenew: false });
    expect(new Date(status.subscription.endDate).getTime()).toBe(BASE.getTime() + 30 * DAY);

    // 29.5 days later: rounded up to one day left.
    // Access tokens live 15 minutes: sign one at each moved clock, as a refresh would.
    const tokenAt = (at: Date) => signAccessToken(server.deps.config.jwtSecret, { userId: member.id, audience: 'member', sessionId: 's' }, at);
    server.setNow(new Date(BASE.getTime() + 29.5 * DAY));
    status = (await server.api('GET', '/api/users/vip-status', { token: await tokenAt(server.deps.now()) })).body.data;
    expect(status.subscription.remainingDays).toBe(1);
    // After the end, even before the expiry job ran, the member is not VIP any more.
    server.setNow(new Date(BASE.getTime() + 30 * DAY + 1000));
    status = (await server.api('GET', '/api/users/vip-status', { token: await tokenAt(server.deps.now()) })).body.data;
    expect(status).toMatchObject({ hasVip: false, userVipStatus: 'expired' });
    expect(new Date(status.lastSubscriptionEndDate).getTime()).toBe(BASE.getTime() + 30 * DAY);
    server.setNow(BASE);
  });

  it('counts a VIP member set up directly as active', async () => {
    const vip = await createVipMember(server, 10);
    const status = (await server.api('GET', '/api/users/vip-status', { token: vip.token })).body.data;
    expect(status).toMatchObject({ hasVip: true, userVipStatus: 'active' });
    expect(status.subscription.remainingDays).toBe(10);
  });
});
