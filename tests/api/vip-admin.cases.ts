import { afterAll, beforeAll, expect } from 'vitest';
import { createAccount, type TestAccount } from '../support/accounts.js';
import { startTestServer, type TestServer, type TestStoreKind } from '../support/server.js';
import { everyCase, type CaseIt } from '../support/cases.js';

const BASE = new Date('2026-11-22T09:00:00Z');
const DAY = 86_400_000;

export const VIP_ADMIN_CASES = 'staff VIP management API';

export const vipAdminCases = (store: TestStoreKind = 'sqlite', it: CaseIt = everyCase): void => {
  let server: TestServer;
  let admin: TestAccount;
  let author: TestAccount;

  async function pendingRequest(member: TestAccount, body: Record<string, unknown> = {}): Promise<string> {
    const res = await server.api('POST', '/api/users/request-vip', { token: member.token, body });
    expect(res.status).toBe(201);
    return res.body.data.id;
  }
  const mails = (to: string) => server.deps.store.collection('mail').where('to', '==', to).get();
  // Staff actions only: the member's own filing writes its entry too (vip.request.create).
  const audits = async (userId: string) =>
    (await server.deps.store.collection('auditLog').where('targetUserId', '==', userId).get()).filter((a) => a.action !== 'vip.request.create');

  beforeAll(async () => {
    server = await startTestServer({ now: BASE, store });
    admin = await createAccount(server, { role: 'admin' });
    author = await createAccount(server, { role: 'author' });
  });
  afterAll(() => server.close());

  it('is admin only', async () => {
    const member = await createAccount(server);
    const paths: [string, string][] = [
      ['GET', '/api/users/admin/vip-requests'],
      ['GET', '/api/users/admin/vip-subscriptions'],
      ['GET', '/api/users/admin/vip-stats'],
      ['POST', '/api/users/admin/vip-requests/x/approve'],
      ['POST', '/api/users/admin/vip-requests/x/reject'],
      ['POST', `/api/users/admin/users/${member.id}/grant-vip`],
      ['POST', `/api/users/admin/users/${member.id}/cancel-vip`],
    ];
    for (const [method, path] of paths) {
      const body = method === 'POST' ? {} : undefined;
      expect((await server.api(method, path, { body })).status, path).toBe(401);
      expect((await server.api(method, path, { token: member.token, body })).status, path).toBe(403);
      expect((await server.api(method, path, { token: author.token, body })).status, path).toBe(403);
    }
  });

  it('approves a request: one transaction, the user mirror, an audit entry, a mail after commit', async () => {
    const member = await createAccount(server);
    const id = await pendingRequest(member, { requestedDays: 15 });
    const res = await server.api('POST', `/api/users/admin/vip-requests/${id}/approve`, { token: admin.token, body: { durationDays: 20, adminNotes: 'Havale geldi', evidenceReason: 'Havale hesapta görüldü, tutar doğru.' } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('VIP talebi onaylandı.');
    const user = await server.deps.store.get('users', member.id);
    expect(user!.vip).toMatchObject({ status: 'active', durationDays: 20 });
    expect((user!.vip as { endDate: Date }).endDate.getTime()).toBe(BASE.getTime() + 20 * DAY);
    const request = await server.deps.store.get('vipRequests', id);
    expect(request).toMatchObject({ status: 'approved', adminNotes: 'Havale geldi', reviewedBy: admin.id });
    const [audit] = await audits(member.id);
    expect(audit).toMatchObject({ action: 'vip.request.approve', actorId: admin.id, entity: { collection: 'vipRequests', id } });
    expect(audit!.before).toMatchObject({ request: { status: 'pending' }, vip: { status: 'none' } });
    expect(audit!.after).toMatchObject({ request: { status: 'approved' }, vip: { status: 'active' } });
    // Besides the request's own payment mail (issue 50), the approval sends exactly one.
    const sent = (await mails(member.email)).filter((m) => !String((m.message as { subject: string }).subject).includes('VIP talebiniz oluşturuldu'));
    expect(sent).toHaveLength(1);
    expect((sent[0]!.message as { subject: string }).subject).toBe('Ganyan: VIP üyeliğiniz onaylandı');

    // Approving again changes nothing.
    const again = await server.api('POST', `/api/users/admin/vip-requests/${id}/approve`, { token: admin.token, body: {} });
    expect(again.status).toBe(409);
    expect((await server.deps.store.get('users', member.id))!.vip).toEqual(user!.vip);
  });

  it('ten simultaneous approvals of one request extend once, audit once, mail once', async () => {
    const member = await createAccount(server);
    // Already VIP for 10 more days: the approval must extend from the current end.
    await server.api('POST', `/api/users/admin/users/${member.id}/grant-vip`, { token: admin.token, body: { durationDays: 10 } });
    const id = await pendingRequest(member);
    const auditsBefore = (await audits(member.id)).length;
    const mailsBefore = (await mails(member.email)).length;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => server.api('POST', `/api/users/admin/vip-requests/${id}/approve`, { token: admin.token, body: { durationDays: 30, evidenceReason: 'Havale hesapta görüldü, tutar doğru.' } })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    const vip = (await server.deps.store.get('users', member.id))!.vip as { endDate: Date; durationDays: number };
    expect(vip.endDate.getTime()).toBe(BASE.getTime() + 40 * DAY);
    expect(vip.durationDays).toBe(40);
    expect((await audits(member.id)).length).toBe(auditsBefore + 1);
    expect((await mails(member.email)).length).toBe(mailsBefore + 1);
    expect(await server.deps.store.collection('vipSubscriptions').where('userId', '==', member.id).count()).toBe(1);
  });

  it('a repeated approval with the same Idempotency-Key answers the first result; without it, 409', async () => {
    const member = await createAccount(server);
    const id = await pendingRequest(member);
    const approve = (key?: string) =>
      server.api('POST', `/api/users/admin/vip-requests/${id}/approve`, { token: admin.token, body: { durationDays: 30, evidenceReason: 'Havale hesapta görüldü, tutar doğru.' }, headers: key ? { 'Idempotency-Key': key } : {} });
    const first = await approve('approve-key-0001');
    expect(first.status).toBe(200);
    const again = await approve('approve-key-0001');
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ userId: member.id, subscriptionId: first.body.data.subscriptionId, requestId: id, replayed: true });
    expect(new Date(again.body.data.vip.endDate).getTime()).toBe(new Date(first.body.data.vip.endDate).getTime());
    expect((await approve('approve-key-0002')).status).toBe(409);
    expect((await approve()).status).toBe(409);
    expect((await approve('kisa')).status).toBe(400);
    const vip = (await server.deps.store.get('users', member.id))!.vip as { durationDays: number };
    expect(vip.durationDays).toBe(30);
    expect((await mails(member.email)).filter((m) => String((m.message as { subject: string }).subject).includes('onaylandı'))).toHaveLength(1);
  });

  it('rejects with a required reason, mails the member and leaves VIP alone', async () => {
    const member = await createAccount(server);
    const id = await pendingRequest(member);
    const missing = await server.api('POST', `/api/users/admin/vip-requests/${id}/reject`, { token: admin.token, body: { rejectionReason: '  ' } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Lütfen bir red sebebi giriniz');
    expect((await server.deps.store.get('vipRequests', id))!.status).toBe('pending');

    const res = await server.api('POST', `/api/users/admin/vip-requests/${id}/reject`, { token: admin.token, body: { rejectionReason: 'Dekont eşleşmedi', adminNotes: 'not' } });
    expect(res.status).toBe(200);
    expect(await server.deps.store.get('vipRequests', id)).toMatchObject({ status: 'rejected', rejectionReason: 'Dekont eşleşmedi' });
    expect((await server.deps.store.get('users', member.id))!.vip).toMatchObject({ status: 'none' });
    const [mail] = (await mails(member.email)).filter((m) => !String((m.message as { subject: string }).subject).includes('VIP talebiniz oluşturuldu'));
    expect((mail!.message as { text: string }).text).toContain('Dekont eşleşmedi');
    expect((await server.api('POST', `/api/users/admin/vip-requests/${id}/approve`, { token: admin.token, body: {} })).status).toBe(409);
    expect((await server.api('POST', '/api/users/admin/vip-requests/yok/approve', { token: admin.token, body: {} })).status).toBe(404);
  });

  it('grants 1-365 days, extends from max(now, end), and honours the Idempotency-Key', async () => {
    const member = await createAccount(server);
    for (const durationDays of [0, 366, 2.5]) {
      const bad = await server.api('POST', `/api/users/admin/users/${member.id}/grant-vip`, { token: admin.token, body: { durationDays } });
      expect(bad.status).toBe(400);
    }
    expect(await server.deps.store.collection('vipSubscriptions').where('userId', '==', member.id).count()).toBe(0);

    const headers = { 'Idempotency-Key': 'grant-key-0001' };
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        server.api('POST', `/api/users/admin/users/${member.id}/grant-vip`, { token: admin.token, headers, body: { durationDays: 15, adminNotes: 'Hediye' } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => new Date(r.body.data.vip.endDate).getTime()))).toEqual(new Set([BASE.getTime() + 15 * DAY]));
    expect((await audits(member.id)).length).toBe(1);
    expect((await mails(member.email)).length).toBe(1);
    expect(results[0]!.body.message).toBe('VIP aboneliği 15 gün uzatıldı');

    const reusedDifferently = await server.api('POST', `/api/users/admin/users/${member.id}/grant-vip`, { token: admin.token, headers, body: { durationDays: 20 } });
    expect(reusedDifferently.status).toBe(409);

    // Without a key a second grant extends from the current end.
    const more = await server.api('POST', `/api/users/admin/users/${member.id}/grant-vip`, { token: admin.token, body: { durationDays: 5 } });
    expect(new Date(more.body.data.vip.endDate).getTime()).toBe(BASE.getTime() + 20 * DAY);
  });

  it('never gives VIP to staff accounts', async () => {
    for (const target of [admin, author]) {
      const res = await server.api('POST', `/api/users/admin/users/${target.id}/grant-vip`, { token: admin.token, body: { durationDays: 30 } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Yönetici ve yazar hesaplarına VIP verilemez.');
    }
    expect((await server.deps.store.get('users', admin.id))!.vip).toMatchObject({ status: 'none' });
    expect((await server.api('POST', '/api/users/admin/users/yok-boyle/grant-vip', { token: admin.token, body: { durationDays: 3 } })).status).toBe(404);
  });

  it('cancels an active membership with a required reason', async () => {
    const member = await createAccount(server);
    const none = await server.api('POST', `/api/users/admin/users/${member.id}/cancel-vip`, { token: admin.token, body: { reason: 'x' } });
    expect(none.status).toBe(409);
    await server.api('POST', `/api/users/admin/users/${member.id}/grant-vip`, { token: admin.token, body: { durationDays: 30 } });
    const noReason = await server.api('POST', `/api/users/admin/users/${member.id}/cancel-vip`, { token: admin.token, body: { reason: '' } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('Lütfen bir sebep giriniz');
    const res = await server.api('POST', `/api/users/admin/users/${member.id}/cancel-vip`, { token: admin.token, body: { reason: 'İade talebi' } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('VIP aboneliği iptal edildi');
    expect((await server.deps.store.get('users', member.id))!.vip).toMatchObject({ status: 'cancelled' });
    const [sub] = await server.deps.store.collection('vipSubscriptions').where('userId', '==', member.id).get();
    expect(sub).toMatchObject({ status: 'cancelled', reason: 'İade talebi', cancelledBy: admin.id });
    const status = (await server.api('GET', '/api/users/vip-status', { token: member.token })).body.data;
    expect(status.hasVip).toBe(false);
  });

  it('lists requests and subscriptions with filters, pages of 10 and sorting; computes the stats', async () => {
    const fresh = await startTestServer({ now: BASE, store });
    try {
      const boss = await createAccount(fresh, { role: 'admin' });
      const members = await Promise.all(Array.from({ length: 12 }, () => createAccount(fresh)));
      for (const [i, m] of members.entries()) {
        fresh.setNow(new Date(BASE.getTime() + i * 60_000));
        await fresh.api('POST', '/api/users/request-vip', { token: m.token, body: {} });
      }
      fresh.setNow(BASE);
      const page1 = await fresh.api('GET', '/api/users/admin/vip-requests?status=pending&page=1&limit=10', { token: boss.token });
      expect(page1.body.data).toHaveLength(10);
      expect(page1.body.pagination).toMatchObject({ page: 1, limit: 10, total: 12, totalPages: 2, hasNext: true, hasPrev: false });
      expect(page1.body.data[0].userId).toBe(members[11]!.id); // newest first
      const page2 = await fresh.api('GET', '/api/users/admin/vip-requests?status=pending&page=2', { token: boss.token });
      expect(page2.body.data).toHaveLength(2);

      const ids = page1.body.data.map((r: { id: string }) => r.id);
      // Approve 3 with different lengths, reject 1.
      await fresh.api('POST', `/api/users/admin/vip-requests/${ids[0]}/approve`, { token: boss.token, body: { durationDays: 5, evidenceReason: 'Havale hesapta görüldü, tutar doğru.' } });
      await fresh.api('POST', `/api/users/admin/vip-requests/${ids[1]}/approve`, { token: boss.token, body: { durationDays: 20, evidenceReason: 'Havale hesapta görüldü, tutar doğru.' } });
      await fresh.api('POST', `/api/users/admin/vip-requests/${ids[2]}/approve`, { token: boss.token, body: { durationDays: 60, evidenceReason: 'Havale hesapta görüldü, tutar doğru.' } });
      await fresh.api('POST', `/api/users/admin/vip-requests/${ids[3]}/reject`, { token: boss.token, body: { rejectionReason: 'Yok' } });

      const approved = await fresh.api('GET', '/api/users/admin/vip-requests?status=approved', { token: boss.token });
      expect(approved.body.data).toHaveLength(3);
      const all = await fresh.api('GET', '/api/users/admin/vip-requests?limit=100', { token: boss.token });
      expect(all.body.pagination.total).toBe(12);

      const subs = await fresh.api('GET', '/api/users/admin/vip-subscriptions?status=active&sortBy=endDate&sortOrder=asc', { token: boss.token });
      expect(subs.body.data.map((s: { durationDays: number }) => s.durationDays)).toEqual([5, 20, 60]);
      const desc = await fresh.api('GET', '/api/users/admin/vip-subscriptions?status=active&sortOrder=desc', { token: boss.token });
      expect(desc.body.data.map((s: { durationDays: number }) => s.durationDays)).toEqual([60, 20, 5]);
      expect(desc.body.data[0]).toMatchObject({ status: 'active', remainingDays: 60, user: { email: expect.any(String) } });

      const stats = (await fresh.api('GET', '/api/users/admin/vip-stats', { token: boss.token })).body.data;
      expect(stats).toEqual({
        totalVipUsers: 3,
        activeSubscriptions: 3,
        pendingRequests: 8,
        expiringInNext7Days: 1,
        expiringInNext30Days: 2,
        expiredSubscriptions: 0,
        totalRequests: 12,
        approvedRequests: 3,
        rejectedRequests: 1,
        averageSubscriptionDuration: 28,
        openRequests: 8,
        expiredRequests: 0,
        matchedPayments: 0,
      });

      for (const bad of ['?status=foo', '?page=0', '?limit=1000', '?sortBy=name', '?extra=1']) {
        expect((await fresh.api('GET', `/api/users/admin/vip-subscriptions${bad}`, { token: boss.token })).status, bad).toBe(400);
      }
    } finally {
      await fresh.close();
    }
  });
};
