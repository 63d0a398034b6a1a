import { afterAll, beforeAll, expect, it } from 'vitest';
import { startNotificationThread, type NotificationThread } from '../../server/notification-thread.js';
import { createAccount, createVipMember, type TestAccount } from '../support/accounts.js';
import { publishVipEstimateAs } from '../support/notifications.js';
import { startTestServer, type TestServer } from '../support/server.js';

// npm start runs the notification job on a thread of its own with its own connection to the store:
// what it queues is what the server sees, and a second run finds nothing left to send.
let server: TestServer;
let thread: NotificationThread;
let admin: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  thread = startNotificationThread(server.deps.config, { quiet: true });
  admin = await createAccount(server, { role: 'admin' });
});
afterAll(async () => {
  await thread.close();
  await server.close();
});

it('queues a VIP estimate notice from the worker thread into the server store, once', { timeout: 60_000 }, async () => {
  const vip = await createVipMember(server);
  const optIn = await server.api('PUT', '/api/users/notification-preferences', {
    token: vip.token,
    body: { email: { estimates: 'each', results: false }, sms: { estimates: 'off', results: false } },
  });
  expect(optIn.status).toBe(200);
  const article = await publishVipEstimateAs(server, admin);

  const [first, second] = await Promise.all([thread.run(), thread.run()]);
  expect(first.fanouts).toEqual([{ id: `estimate_${article.id}`, ran: true, queued: 1, skipped: 0 }]);
  expect(second.fanouts).toEqual([]);
  const mail = await server.deps.store.collection('mail').where('to', '==', vip.email).get();
  expect(mail).toHaveLength(1);
  expect((await server.deps.store.get('notificationFanouts', `estimate_${article.id}`))?.status).toBe('done');
});
