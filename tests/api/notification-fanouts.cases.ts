/**
 * Staff see the VIP notice fan-outs (issue 15): on the article (GET /api/admin/articles/{id}/notifications)
 * and in the VIP statistics (GET /api/admin/notifications/fanouts): status, expected, queued, sent
 * (the extension's SUCCESS, counted once) and skipped.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { deliveryId } from '../../functions/src/domain/notifications/fanout.js';
import { markMessageSent } from '../../functions/src/domain/notifications/fanout-progress.js';
import { runNotifications } from '../../functions/src/jobs/notifications.js';
import { createAccount, createVipMember, type TestAccount } from '../support/accounts.js';
import { publishVipEstimateAs } from '../support/notifications.js';
import { startTestServer, type TestServer, type TestStoreKind } from '../support/server.js';
import { everyCase, type CaseIt } from '../support/cases.js';

export const notificationFanoutsCases = (store: TestStoreKind = 'sqlite', it: CaseIt = everyCase): void => {
  let server: TestServer;
  let admin: TestAccount;

  beforeAll(async () => {
    server = await startTestServer({ now: new Date('2026-11-24T06:00:00Z'), store });
    admin = await createAccount(server, { role: 'admin' });
  });
  afterAll(() => server.close());

  const both = { email: { estimates: 'each', results: false }, sms: { estimates: 'each', results: false } };

  describe('fan-out progress for staff', { timeout: 120_000 }, () => {
    it('shows the counts on the article and in the VIP statistics; a delivery reported twice counts as sent once', async () => {
      const vips = [await createVipMember(server), await createVipMember(server)];
      const lapsed = await createVipMember(server);
      for (const m of [...vips, lapsed]) expect((await server.api('PUT', '/api/users/notification-preferences', { token: m.token, body: both })).status).toBe(200);
      // This one's VIP ended after opting in: skipped on both channels.
      await server.deps.store.update('users', lapsed.id, { 'vip.endDate': new Date('2026-11-01T00:00:00Z'), 'vip.status': 'expired' });

      const article = await publishVipEstimateAs(server, admin);
      const before = await server.api('GET', `/api/admin/articles/${article.id}/notifications`, { token: admin.token });
      expect(before.status).toBe(200);
      expect(before.body.data).toEqual([]);

      await runNotifications(server.deps);
      const fanoutId = `estimate_${article.id}`;
      const after = await server.api('GET', `/api/admin/articles/${article.id}/notifications`, { token: admin.token });
      expect(after.body.data).toEqual([expect.objectContaining({ id: fanoutId, kind: 'estimate', status: 'done', expected: 6, queued: 4, skipped: 2, sent: 0, articleIds: [article.id] })]);
      // Nothing reports deliveries back to a test server: the panel must say "queued", not "0 sent".
      expect(after.body.data[0].deliveryReports).toBe(false);

      // The mail extension reports a delivery (twice, as triggers may); an unrelated mail changes nothing.
      const mailId = deliveryId(fanoutId, vips[0]!.id, 'email');
      expect(await markMessageSent(server.deps, mailId)).toBe(true);
      expect(await markMessageSent(server.deps, mailId)).toBe(false);
      expect(await markMessageSent(server.deps, 'parola-sifirlama-123')).toBe(false);
      // A skipped member's delivery never becomes sent.
      expect(await markMessageSent(server.deps, deliveryId(fanoutId, lapsed.id, 'sms'))).toBe(false);

      const stats = await server.api('GET', '/api/admin/notifications/fanouts', { token: admin.token });
      expect(stats.status).toBe(200);
      expect(stats.body.data).toMatchObject({ fanouts: 1, running: 0, queued: 4, sent: 1, skipped: 2, deliveryReports: false });
      expect(stats.body.data.recent[0]).toMatchObject({ id: fanoutId, sent: 1 });

      // Authors see it on the article too; the statistics are the admins'.
      const author = await createAccount(server, { role: 'author' });
      expect((await server.api('GET', `/api/admin/articles/${article.id}/notifications`, { token: author.token })).body.data[0]).toMatchObject({ queued: 4, sent: 1 });
      expect((await server.api('GET', '/api/admin/notifications/fanouts', { token: author.token })).status).toBe(403);
    });
  });
};
