import { afterAll, beforeAll, describe, expect } from 'vitest';
import { runScheduledPublish } from '../../functions/src/jobs/scheduled-publish.js';
import { createAccount, type TestAccount } from '../support/accounts.js';
import { startTestServer, type TestServer, type TestStoreKind } from '../support/server.js';
import { articleBody, recordRebuilds } from '../support/staff-articles.js';
import { everyCase, type CaseIt } from '../support/cases.js';

export const articleSchedulingCases = (store: TestStoreKind = 'sqlite', it: CaseIt = everyCase): void => {
  /** Scheduled publishing (issue 17 point 1): the publish time, the job, and what it leaves alone. */

  const START = new Date('2026-11-24T09:00:00Z');
  let server: TestServer;
  let admin: TestAccount;
  let author: TestAccount;
  let rebuilds: string[] = [];

  const body = (over: Record<string, unknown> = {}) => articleBody(author.id, over);

  /** 14:30 Istanbul time on the START day, as the form sends it. */
  const AT_1430 = '2026-11-24T14:30:00+03:00';

  beforeAll(async () => {
    server = await startTestServer({ now: START, store });
    rebuilds = recordRebuilds(server);
    admin = await createAccount(server, { role: 'admin' });
    author = await createAccount(server, { role: 'author' });
  });
  afterAll(() => server.close());

  async function article(id: string) {
    const r = await server.api('GET', `/api/admin/articles/${id}`, { token: admin.token });
    return r.body.data;
  }

  describe('scheduled articles', { timeout: 60_000 }, () => {
    it('a scheduled article keeps its publish time; a missing, past or malformed time is refused and nothing is stored', async () => {
      const before = await server.deps.store.collection('articles').count();
      const missing = await server.api('POST', '/api/articles', { token: author.token, body: body({ status: 'scheduled' }) });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe('Zamanlanmış makale için yayın zamanı seçin.');
      const past = await server.api('POST', '/api/articles', { token: author.token, body: body({ status: 'scheduled', scheduledAt: '2026-11-24T11:59:00+03:00' }) });
      expect(past.status).toBe(400);
      expect(past.body.message).toBe('Yayın zamanı gelecekte olmalıdır.');
      const bad = await server.api('POST', '/api/articles', { token: author.token, body: body({ status: 'scheduled', scheduledAt: '24.11.2026 14:30' }) });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Geçerli bir yayın zamanı girin (GG.AA.YYYY SS:DD).');
      expect(await server.deps.store.collection('articles').count()).toBe(before);

      const ok = await server.api('POST', '/api/articles', { token: author.token, body: body({ status: 'scheduled', scheduledAt: AT_1430 }) });
      expect(ok.status).toBe(201);
      expect(ok.body.data).toMatchObject({ status: 'scheduled', scheduledAt: '2026-11-24T11:30:00.000Z', publishedAt: null });
      // A draft carries no publish time, whatever the body said.
      const draft = await server.api('POST', '/api/articles', { token: author.token, body: body({ status: 'draft', scheduledAt: AT_1430 }) });
      expect(draft.body.data.scheduledAt).toBeNull();
    });

    it('the job publishes only what is due, once, and asks for the rebuild a manual publish asks for', async () => {
      server.setNow(START);
      const due = (await server.api('POST', '/api/articles', { token: author.token, body: body({ status: 'scheduled', scheduledAt: '2026-11-24T13:00:00+03:00' }) })).body.data;
      const later = (await server.api('POST', '/api/articles', { token: author.token, body: body({ status: 'scheduled', scheduledAt: '2026-11-25T13:00:00+03:00' }) })).body.data;
      const binned = (await server.api('POST', '/api/articles', { token: author.token, body: body({ status: 'scheduled', scheduledAt: '2026-11-24T13:00:00+03:00' }) })).body.data;
      expect((await server.api('DELETE', `/api/articles/${binned.id}`, { token: author.token })).status).toBe(200);

      // Not yet due: nothing happens.
      expect((await runScheduledPublish(server.deps)).published).toEqual([]);
      expect((await server.api('GET', `/api/articles/slug/${due.slug}`)).status).toBe(404);

      server.setNow(new Date('2026-11-24T10:00:30Z'));
      rebuilds.length = 0;
      const [first, second] = await Promise.all([runScheduledPublish(server.deps), runScheduledPublish(server.deps)]);
      expect([...first.published, ...second.published]).toEqual([due.id]);
      expect((await runScheduledPublish(server.deps)).published).toEqual([]);
      expect(rebuilds.filter((r) => r.includes(due.slug))).toHaveLength(1);

      admin = await createAccount(server, { role: 'admin' });
      const live = await article(due.id);
      expect(live).toMatchObject({ status: 'published', publishedAt: '2026-11-24T10:00:30.000Z', scheduledAt: null });
      const publicView = await server.api('GET', `/api/articles/slug/${due.slug}`);
      expect(publicView.status).toBe(200);
      expect((await article(later.id)).status).toBe('scheduled');
      // A deleted scheduled article stays out of sight.
      const deleted = await server.deps.store.get('articles', binned.id);
      expect(deleted).toMatchObject({ status: 'scheduled', isDeleted: true });
    });

    it('staff who unschedule before the time win over the job', async () => {
      server.setNow(START);
      admin = await createAccount(server, { role: 'admin' });
      const a = (await server.api('POST', '/api/articles', { token: admin.token, body: body({ status: 'scheduled', scheduledAt: '2026-11-24T12:10:00+03:00' }) })).body.data;
      const r = await server.api('PUT', `/api/articles/${a.id}`, { token: admin.token, body: { status: 'draft' } });
      expect(r.body.data).toMatchObject({ status: 'draft', scheduledAt: null });
      server.setNow(new Date('2026-11-24T09:30:00Z'));
      expect((await runScheduledPublish(server.deps)).published).not.toContain(a.id);
      expect((await server.deps.store.get('articles', a.id))!.status).toBe('draft');
    });

    it('rescheduling needs a future time too, and an edit of other fields keeps the time', async () => {
      server.setNow(START);
      admin = await createAccount(server, { role: 'admin' });
      const a = (await server.api('POST', '/api/articles', { token: admin.token, body: body({ status: 'scheduled', scheduledAt: AT_1430 }) })).body.data;
      const past = await server.api('PUT', `/api/articles/${a.id}`, { token: admin.token, body: { scheduledAt: '2026-11-24T08:00:00Z' } });
      expect(past.status).toBe(400);
      expect(past.body.message).toBe('Yayın zamanı gelecekte olmalıdır.');
      const edited = await server.api('PUT', `/api/articles/${a.id}`, { token: admin.token, body: { subtitle: 'Yeni alt başlık' } });
      expect(edited.body.data).toMatchObject({ status: 'scheduled', scheduledAt: '2026-11-24T11:30:00.000Z' });
    });
  });
};
