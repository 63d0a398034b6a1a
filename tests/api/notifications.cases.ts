import { afterAll, beforeAll, describe, expect } from 'vitest';
import { RECIPIENTS_PER_BATCH } from '../../functions/src/domain/notifications/fanout.js';
import { smsSegments } from '../../functions/src/domain/notifications/messages.js';
import { subscriptionTokens, type NotificationPreferencesInput } from '../../functions/src/domain/notifications/preferences.js';
import { unsubscribeToken } from '../../functions/src/domain/notifications/unsubscribe-token.js';
import { runNotifications } from '../../functions/src/jobs/notifications.js';
import type { WriteBatch } from '../../functions/src/ports/document-store.js';
import { createAccount, createVipMember, type TestAccount } from '../support/accounts.js';
import { publishVipEstimateAs } from '../support/notifications.js';
import { startTestServer, type TestServer, type TestStoreKind } from '../support/server.js';
import { everyCase, type CaseIt } from '../support/cases.js';

export const notificationsCases = (store: TestStoreKind = 'sqlite', it: CaseIt = everyCase): void => {
  // 09:00 in Istanbul: before the default daily package hour (10:00).
  const MORNING = new Date('2026-11-24T06:00:00Z');
  const DAY_MS = 86_400_000;

  let server: TestServer;
  let admin: TestAccount;

  const each = { email: { estimates: 'each', results: false }, sms: { estimates: 'each', results: false } };
  const off = { email: { estimates: 'off', results: false }, sms: { estimates: 'off', results: false } };

  async function setPrefs(account: TestAccount, body: unknown) {
    return server.api('PUT', '/api/users/notification-preferences', { token: account.token, body });
  }

  /** Each scenario starts with nobody opted in, so its counts are its own. */
  async function resetPreferences() {
    const rows = await server.deps.store.collection('notificationPreferences').get();
    await Promise.all(rows.map((r) => server.deps.store.delete('notificationPreferences', r.id)));
  }

  async function outbox() {
    const [mail, sms] = await Promise.all([server.deps.store.collection('mail').get(), server.deps.store.collection('messages').get()]);
    return { mail, sms };
  }

  /** A VIP estimation article published by staff through the real endpoints. */
  const publishVipEstimate = (over: Record<string, unknown> = {}) => publishVipEstimateAs(server, admin, over);

  beforeAll(async () => {
    server = await startTestServer({ now: MORNING, store });
    admin = await createAccount(server, { role: 'admin' });
  });
  afterAll(() => server.close());

  describe('notification preferences', { timeout: 60_000 }, () => {
    it('are all off until the member turns them on, and every consent and withdrawal is recorded', async () => {
      const member = await createVipMember(server);
      const first = await server.api('GET', '/api/users/notification-preferences', { token: member.token });
      expect(first.status).toBe(200);
      // All off but the horse tracker's mail: following a horse is asking for it (issue 20).
    expect(first.body.data).toEqual({ email: { ...off.email, horses: true }, sms: { ...off.sms, horses: false }, smsPhone: '+905551234567', smsVerified: true, dailyHour: '10:00', isVip: true });

      const on = await setPrefs(member, { email: { estimates: 'each', results: true }, sms: { estimates: 'daily', results: false } });
      expect(on.status).toBe(200);
      expect(on.body.message).toBe('Bildirim tercihleriniz kaydedildi.');
      expect(on.body.data).toMatchObject({ email: { estimates: 'each', results: true }, sms: { estimates: 'daily', results: false } });
      // Saving the same choices again records nothing new.
      await setPrefs(member, { email: { estimates: 'each', results: true }, sms: { estimates: 'daily', results: false } });
      server.setNow(new Date(MORNING.getTime() + 60_000));
      await setPrefs(member, { ...off, email: { estimates: 'off', results: true } });
      server.setNow(MORNING);

      const exported = await server.api('GET', '/api/auth/me/export', { token: member.token });
      expect(exported.body.data.notificationPreferences).toMatchObject({ email: { estimates: 'off', results: true }, sms: { estimates: 'off', results: false } });
      const consents = exported.body.data.notificationConsents as { channel: string; topic: string; value: string; granted: boolean; source: string; at: string }[];
      const rows = consents.map((c) => [c.at, c.channel, c.topic, c.value, c.granted, c.source].join(' '));
      const t0 = MORNING.toISOString();
      const t1 = new Date(MORNING.getTime() + 60_000).toISOString();
      expect(rows.slice(0, 3).sort()).toEqual([`${t0} email estimates each true profil`, `${t0} email results on true profil`, `${t0} sms estimates daily true profil`]);
      expect(rows.slice(3).sort()).toEqual([`${t1} email estimates off false profil`, `${t1} sms estimates off false profil`]);
      expect(consents.every((c) => typeof c.at === 'string' && !Number.isNaN(Date.parse(c.at)))).toBe(true);
    });

    it('refuses bad input with a Turkish message and changes nothing', async () => {
      const member = await createVipMember(server);
      await setPrefs(member, each);
      const bad = await setPrefs(member, { email: { estimates: 'always', results: false }, sms: { estimates: 'off', results: false } });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Geçersiz tahmin bildirimi seçimi');
      const extra = await setPrefs(member, { ...off, push: {} });
      expect(extra.status).toBe(400);
      expect((await server.api('GET', '/api/users/notification-preferences', { token: member.token })).body.data).toMatchObject(each);
      expect((await server.api('GET', '/api/users/notification-preferences')).status).toBe(401);
      expect((await server.api('PUT', '/api/users/notification-preferences', { token: admin.token, body: off })).status).toBe(403);
    });

    it('SMS needs a valid Turkish mobile number; phone numbers are kept in E.164', async () => {
      const member = await createVipMember(server);
      const foreign = await server.api('PUT', '/api/auth/profile', { token: member.token, body: { firstName: 'Ece', lastName: 'Kar', email: `${member.id}@example.com`, phone: '+44 7911 123456' } });
      expect(foreign.status).toBe(200);
      expect(foreign.body.data.phone).toBe('+447911123456');
      const refused = await setPrefs(member, { ...off, sms: { estimates: 'each', results: false } });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('SMS bildirimleri için profilinizde geçerli bir Türkiye cep telefonu numarası olmalı.');
      expect((await server.api('GET', '/api/users/notification-preferences', { token: member.token })).body.data).toMatchObject({ ...off, smsPhone: null });

    // Each bad number is told what is wrong with it (issue 52 §5), and nothing is saved.
    for (const [phone, message] of [
      ['0212 444 55 66', 'Bu bir sabit hat numarası; lütfen cep telefonu numaranızı girin (ör. 0532 123 45 67).'],
      ['12345', 'Telefon numarası eksik ya da fazla haneli: cep numarası 0 ile birlikte 11 hanedir (ör. 0532 123 45 67).'],
      ['0532 123 45', 'Telefon numarası eksik ya da fazla haneli: cep numarası 0 ile birlikte 11 hanedir (ör. 0532 123 45 67).'],
      ['+90 999 123 45 67', 'Bu bir Türkiye cep telefonu numarası değil: cep numaraları 05 ile başlar (ör. 0532 123 45 67).'],
      ['+49 30 1234567', 'Bu yurt dışı numarası bir cep telefonu numarası değil; lütfen cep telefonu numaranızı girin.'],
      ['+49 301', 'Yurt dışı numarasının hane sayısı o ülke için geçerli değil; ülke kodunu (+49 gibi) ve numarayı kontrol edin.'],
      ['0532 ABC 45 67', 'Telefon numarasında yalnızca rakam, boşluk, +, -, ( ve ) olabilir.'],
    ]) {
        const res = await server.api('PUT', '/api/auth/profile', { token: member.token, body: { firstName: 'Ece', lastName: 'Kar', email: `${member.id}@example.com`, phone } });
        expect(res.status, phone).toBe(400);
      expect(res.body.message, phone).toBe(message);
      }
    expect((await server.deps.store.get('users', member.id))!.phone).toBe('+447911123456');
      const local = await server.api('PUT', '/api/auth/profile', { token: member.token, body: { firstName: 'Ece', lastName: 'Kar', email: `${member.id}@example.com`, phone: '0 (532) 123-45-67' } });
      expect(local.body.data.phone).toBe('+905321234567');
    // A new number is proved before SMS go to it (issue 52 §3, tests/api/sms-verification.test.ts).
    const unproved = await setPrefs(member, { ...off, sms: { estimates: 'each', results: false } });
    expect(unproved.status).toBe(400);
    expect(unproved.body.message).toBe('SMS bildirimlerini açmak için önce telefon numaranızı doğrulayın.');
    });
  });

  describe('VIP estimate notices', { timeout: 120_000 }, () => {
    it('reach each opted-in active VIP once by mail and SMS; expired, deleted, non-VIP and withdrawn members get nothing', async () => {
      await resetPreferences();
      const vip = await createVipMember(server);
      const emailOnly = await createVipMember(server);
      const expired = await createAccount(server, { vip: { status: 'expired', endDate: new Date(MORNING.getTime() - DAY_MS) } });
      const endedNotYetMarked = await createAccount(server, { vip: { status: 'active', endDate: new Date(MORNING.getTime() - 1000) } });
      const plain = await createAccount(server);
      const deleted = await createVipMember(server);
      const withdrawn = await createVipMember(server);
    for (const m of [vip, deleted, withdrawn]) expect((await setPrefs(m, each)).status).toBe(200);
    // Members without an active VIP cannot turn SMS on any more; their choices were saved earlier
    // (while VIP, or by an older version): the delivery rule alone must keep them out.
    for (const m of [expired, endedNotYetMarked, plain]) {
      await server.deps.store.set('notificationPreferences', m.id, { userId: m.id, ...each, subscribed: subscriptionTokens(each as NotificationPreferencesInput), updatedAt: MORNING });
    }
      await setPrefs(emailOnly, { ...off, email: { estimates: 'each', results: false } });
      await setPrefs(withdrawn, off);
      await server.deps.store.update('users', deleted.id, { isDeleted: true, deletedAt: MORNING });
      await server.deps.store.update('users', vip.id, { firstName: 'Şule' });

      const before = await outbox();
      const article = await publishVipEstimate();
      // The staff request only published: the notices are the job's work.
      expect((await outbox()).mail.length).toBe(before.mail.length);

      const run = await runNotifications(server.deps);
      expect(run.fanouts).toEqual([{ id: `estimate_${article.id}`, ran: true, queued: 3, skipped: 8 }]);
      const after = await outbox();
      const newMail = after.mail.filter((m) => !before.mail.some((b) => b.id === m.id));
      const newSms = after.sms.filter((m) => !before.sms.some((b) => b.id === m.id));
      expect(newMail.map((m) => m.to).sort()).toEqual([vip.email, emailOnly.email].sort());
      expect(newSms.map((m) => m.to)).toEqual(['+905551234567']);
      expect(newSms).toHaveLength(1);

      const mail = newMail.find((m) => m.to === vip.email)! as unknown as { message: { subject: string; text: string; html: string; headers: Record<string, string> } };
      expect(mail.message.subject).toBe(`Yeni VIP tahmin: ${article.title}`);
      expect(mail.message.text).toContain('Merhaba Şule,');
      expect(mail.message.text).toContain(`${server.deps.config.siteUrl}/makale/${article.slug}`);
      expect(mail.message.text).not.toContain('Seçimler içeride');
      expect(mail.message.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(mail.message.headers['List-Unsubscribe']).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/api\/notifications\/unsubscribe\?token=[^>]+>$/);
      expect(mail.message.text).toMatch(/\/bildirimler\/iptal\?token=/);

      const sms = newSms[0]! as unknown as { to: string; body: string };
      // One segment: the Turkish wording when it fits 70 UCS-2 characters, else a GSM-7 wording (160).
      expect(sms.body).toMatch(new RegExp(`^Ganyan.* ${server.deps.config.siteUrl}/makale/${article.slug}$`));
      expect(smsSegments(sms.body).segments).toBe(1);
      expect(Object.keys(sms).sort()).toEqual(['body', 'createdAt', 'id', 'to']);

      const deliveries = await server.deps.store.collection('notificationDeliveries').where('fanoutId', '==', `estimate_${article.id}`).get();
      const byUser = Object.fromEntries(deliveries.map((d) => [`${String(d.userId)}:${String(d.channel)}`, `${String(d.status)}:${String(d.reason)}`]));
      expect(byUser).toMatchObject({
        [`${vip.id}:email`]: 'queued:null',
        [`${vip.id}:sms`]: 'queued:null',
        [`${emailOnly.id}:email`]: 'queued:null',
        [`${expired.id}:email`]: 'skipped:not-vip',
        [`${endedNotYetMarked.id}:sms`]: 'skipped:not-vip',
        [`${plain.id}:email`]: 'skipped:not-vip',
        [`${deleted.id}:email`]: 'skipped:deleted',
      });
      expect(Object.keys(byUser).some((k) => k.startsWith(withdrawn.id))).toBe(false);
      expect(await server.deps.store.get('notificationFanouts', `estimate_${article.id}`)).toMatchObject({ status: 'done', queued: 3, skipped: 8 });

      // Run again, edit, unpublish and republish: nothing is sent twice.
      expect((await runNotifications(server.deps)).fanouts).toEqual([]);
      await server.api('PUT', `/api/articles/${article.id}`, { token: admin.token, body: { title: 'Bugünün altılı tahmini (güncellendi)' } });
      await server.api('PUT', `/api/articles/${article.id}/toggle-publish`, { token: admin.token });
      await server.api('PUT', `/api/articles/${article.id}/toggle-publish`, { token: admin.token });
      expect((await runNotifications(server.deps)).fanouts).toEqual([]);
      const last = await outbox();
      expect(last.mail.length).toBe(after.mail.length);
      expect(last.sms.length).toBe(after.sms.length);
    });

    it('do not go out for everyone-audience estimates or before a scheduled time is reached', async () => {
      await resetPreferences();
      const vip = await createVipMember(server);
      await setPrefs(vip, each);
      await publishVipEstimate({ audience: 'everyone', visibility: 'public' });
      const scheduled = await server.api('POST', '/api/articles', {
        token: admin.token,
        body: { title: 'Yarının tahmini', authorId: admin.id, excerpt: 'Veliefendi altılı ganyan tahmini.', content: '<p>Seçimler içeride.</p>', category: 'estimation', audience: 'vip', visibility: 'premium' },
      });
      expect(scheduled.status).toBe(201);
      // A scheduled publication that is stored as published with a future date (the scheduler's way) stays quiet until then.
      await server.deps.store.update('articles', scheduled.body.data.id, { status: 'published', publishedAt: new Date(MORNING.getTime() + 40 * 60_000) });
      const report = await runNotifications(server.deps);
      expect(report.fanouts.filter((f) => f.queued > 0)).toEqual([]);
      expect((await server.deps.store.collection('mail').where('to', '==', vip.email).get()).length).toBe(0);
      server.setNow(new Date(MORNING.getTime() + 40 * 60_000));
      try {
        const due = await runNotifications(server.deps);
        expect(due.fanouts.find((f) => f.id === `estimate_${scheduled.body.data.id}`)).toMatchObject({ queued: expect.any(Number) });
        expect((await server.deps.store.collection('mail').where('to', '==', vip.email).get()).length).toBe(1);
      } finally {
        server.setNow(MORNING);
      }
    });

    it('two runs at once send each notice once', async () => {
      await resetPreferences();
      const members = await Promise.all(Array.from({ length: 5 }, () => createVipMember(server)));
      for (const m of members) await setPrefs(m, each);
      const article = await publishVipEstimate();
      const runs = await Promise.all([runNotifications(server.deps), runNotifications(server.deps), runNotifications(server.deps)]);
      const total = runs.flatMap((r) => r.fanouts).filter((f) => f.id === `estimate_${article.id}`);
      expect(total.reduce((n, f) => n + f.queued, 0)).toBeLessThanOrEqual(10);
      await runNotifications(server.deps);
      for (const m of members) {
        expect((await server.deps.store.collection('mail').where('to', '==', m.email).get()).length).toBe(1);
      }
      const deliveries = await server.deps.store.collection('notificationDeliveries').where('fanoutId', '==', `estimate_${article.id}`).get();
      expect(deliveries.filter((d) => d.status === 'queued')).toHaveLength(10);
    });
  });

  describe('daily package and result notices', { timeout: 120_000 }, () => {
    it('send one package at the staff hour with the day’s VIP estimates, and a result notice after settlement', async () => {
      await resetPreferences();
      const daily = await createVipMember(server);
      const results = await createVipMember(server);
      await setPrefs(daily, { email: { estimates: 'daily', results: false }, sms: { estimates: 'daily', results: false } });
      await setPrefs(results, { email: { estimates: 'each', results: true }, sms: { estimates: 'off', results: false } });
      const hour = await server.api('POST', '/api/admin/settings/general-settings', { token: admin.token, body: { key: 'notification_daily_hour', title: 'Günlük paket saati', content: '11:30', isActive: true } });
      expect(hour.status).toBe(201);
      expect((await server.api('GET', '/api/users/notification-preferences', { token: daily.token })).body.data.dailyHour).toBe('11:30');
      const a = await publishVipEstimate();
      const b = await publishVipEstimate();
      await runNotifications(server.deps);
      const settled = await server.api('PUT', `/api/articles/${a.id}/race-result`, { token: admin.token, body: { raceResult: 'won' } });
      expect(settled.status).toBe(200);
      expect((await server.deps.store.collection('mail').where('to', '==', daily.email).get()).length).toBe(0);

      // 11:30 Istanbul = 08:30 UTC.
      server.setNow(new Date('2026-11-24T08:31:00Z'));
      try {
        await runNotifications(server.deps);
        await runNotifications(server.deps);
        const mails = await server.deps.store.collection('mail').where('to', '==', daily.email).get();
        expect(mails).toHaveLength(1);
        const message = mails[0]!.message as { subject: string; text: string };
        expect(message.subject).toBe('Günün VIP tahminleri (24.11.2026)');
        expect(message.text).toContain(`/makale/${a.slug}`);
        expect(message.text).toContain(`/makale/${b.slug}`);
        const texts = await server.deps.store.collection('messages').where('to', '==', '+905551234567').get();
        expect(texts.some((t) => String(t.body).startsWith('Ganyan: bugün'))).toBe(true);

        const resultMails = (await server.deps.store.collection('mail').where('to', '==', results.email).get()).filter((m) => String((m.message as { subject: string }).subject).startsWith('Tahmin sonucu'));
        expect(resultMails).toHaveLength(1);
        expect((resultMails[0]!.message as { text: string }).text).toContain('tahmin tuttu');
        // The daily member did not choose result notices.
        expect((await server.deps.store.collection('mail').where('to', '==', daily.email).get())).toHaveLength(1);
      } finally {
        server.setNow(MORNING);
      }
    });
  });

  describe('one-click unsubscribe', { timeout: 60_000 }, () => {
    it('works without logging in from the List-Unsubscribe header, records the withdrawal, and refuses a forged token', async () => {
      const member = await createVipMember(server);
      await setPrefs(member, { email: { estimates: 'each', results: true }, sms: { estimates: 'each', results: false } });
      const token = unsubscribeToken(server.deps.config.jwtSecret, member.id, 'email');
      const res = await fetch(`${server.baseUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { message: string }).message).toBe('E-posta bildirimlerinin tümü kapatıldı.');
      const prefs = await server.api('GET', '/api/users/notification-preferences', { token: member.token });
      expect(prefs.body.data).toMatchObject({ email: { estimates: 'off', results: false }, sms: { estimates: 'each', results: false } });
      const again = await server.api('POST', `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`);
      expect(again.status).toBe(200);
      const consents = await server.deps.store.collection('notificationConsents').where('userId', '==', member.id).get();
      expect(consents.filter((c) => c.source === 'abonelik-iptal-baglantisi').map((c) => `${String(c.channel)}:${String(c.topic)}`).sort()).toEqual(['email:estimates', 'email:horses', 'email:results']);

      for (const forged of [token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')), `${member.id}.push.x`, 'abc', unsubscribeToken('another-secret-of-at-least-32-characters', member.id, 'sms')]) {
        const bad = await server.api('POST', `/api/notifications/unsubscribe?token=${encodeURIComponent(forged)}`);
        expect(bad.status).toBe(400);
        expect(bad.body.message).toBe('Abonelik iptal bağlantısı geçersiz. Tercihlerinizi profil sayfanızdan değiştirebilirsiniz.');
      }
      expect((await server.api('POST', '/api/notifications/unsubscribe')).status).toBe(400);
      expect((await server.api('GET', '/api/users/notification-preferences', { token: member.token })).body.data.sms.estimates).toBe('each');
    });
  });

  describe('fan-out at scale', { timeout: 180_000 }, () => {
    it('goes out in batches of at most 500 writes, and a crash half-way neither skips nor repeats anyone', async () => {
      await resetPreferences();
      const count = RECIPIENTS_PER_BATCH * 2 + 37;
      const now = server.deps.now();
      const ids: string[] = [];
      for (let start = 0; start < count; start += 200) {
        const batch = server.deps.store.batch();
        for (let i = start; i < Math.min(count, start + 200); i += 1) {
          const id = `bulk-${String(i).padStart(4, '0')}`;
          ids.push(id);
          batch.set('users', id, {
            email: `${id}@example.com`, username: id, usernameLower: id, firstName: 'Toplu', lastName: 'Üye', phone: '+905321112233',
            role: 'user', status: 'active', isDeleted: false, passwordHash: 'x', createdAt: now, updatedAt: now,
            vip: { status: 'active', subscriptionId: null, startDate: now, endDate: new Date(now.getTime() + 30 * DAY_MS), durationDays: 30 },
          });
          batch.set('notificationPreferences', id, { userId: id, email: { estimates: 'each', results: false }, sms: { estimates: 'off', results: false }, subscribed: ['email:each'], updatedAt: now });
        }
        await batch.commit();
      }

      // Count the writes of every batch, and let the second one crash once.
      const store = server.deps.store;
      const original = store.batch.bind(store);
      const sizes: number[] = [];
      let crashed = false;
      store.batch = () => {
        const batch = original();
        let writes = 0;
        for (const op of ['set', 'create', 'update', 'delete'] as const) {
          const fn = batch[op].bind(batch) as (...args: unknown[]) => WriteBatch;
          (batch as unknown as Record<string, unknown>)[op] = (...args: unknown[]) => {
            writes += 1;
            fn(...args);
            return batch;
          };
        }
        const commit = batch.commit.bind(batch);
        batch.commit = async () => {
          if (sizes.length === 1 && !crashed) {
            crashed = true;
            throw new Error('process died');
          }
          sizes.push(writes);
          await commit();
        };
        return batch;
      };
      try {
        const article = await publishVipEstimate();
        await expect(runNotifications(server.deps)).rejects.toThrow('process died');
        // The crashed run still holds the lease; the next one after the lease resumes from the cursor.
        expect((await runNotifications(server.deps)).fanouts).toEqual([]);
        server.setNow(new Date(MORNING.getTime() + 3 * 60_000));
        await runNotifications(server.deps);
        expect(sizes.length).toBeGreaterThanOrEqual(3);
        expect(Math.max(...sizes)).toBeLessThanOrEqual(500);
        const mails = await store.collection('mail').where('to', 'in', ids.slice(0, 10).map((id) => `${id}@example.com`)).get();
        expect(mails).toHaveLength(10);
        const deliveries = await store.collection('notificationDeliveries').where('fanoutId', '==', `estimate_${article.id}`).get();
        const bulk = deliveries.filter((d) => String(d.userId).startsWith('bulk-'));
        expect(bulk).toHaveLength(count);
        expect(new Set(bulk.map((d) => d.userId)).size).toBe(count);
        expect(await store.get('notificationFanouts', `estimate_${article.id}`)).toMatchObject({ status: 'done' });
        const allMail = await store.collection('mail').get();
        const bulkMail = allMail.filter((m) => String(m.to).startsWith('bulk-'));
        expect(bulkMail).toHaveLength(count);
      } finally {
        store.batch = original;
        server.setNow(MORNING);
      }
    });
  });

  describe('SMS text', () => {
    it('fits one UCS-2 segment with Turkish letters', () => {
      expect(smsSegments('Ganyan: yeni VIP tahmin yayında https://ganyan.com.tr/makale/altili')).toMatchObject({ encoding: 'UCS-2', segments: 1 });
      expect(smsSegments('abc')).toEqual({ encoding: 'GSM-7', units: 3, segments: 1 });
      expect(smsSegments('ı'.repeat(71)).segments).toBe(2);
    });
  });
};
