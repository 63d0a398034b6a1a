/**
 * A VIP purchase a careful buyer trusts (issue 50, "Buying"): who takes the money is a setting staff
 * edit and every payment mail prints, the request's mail gives the one instruction (code in the
 * description, never a name first or payment before the request), and the public offer's figures
 * are counted from the published articles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_STEPS, paymentInstructionFor } from '../../functions/src/domain/membership/payment-instruction.js';
import { operationsSince } from '../../functions/src/ports/operation-meter.js';
import { OFFER_WINDOW_DAYS, vipOffer } from '../../functions/src/domain/records/vip-offer.js';
import { runVipRequestExpiry } from '../../functions/src/jobs/vip-expiry.js';
import { DEMO_COMPANY, DEMO_IBAN } from '../../server/seed/membership.js';
import { createAccount, type TestAccount } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';

const BASE = new Date('2026-11-22T09:00:00Z');
const DAY = 86_400_000;
const COMPANY = { ...DEMO_COMPANY, legalName: 'Örnek Yayın Hizmetleri A.Ş.' };

describe('VIP purchase: company identity, payment mails, public offer', () => {
  let server: TestServer;
  let admin: TestAccount;
  let author: TestAccount;
  const mailsTo = async (to: string) => (await server.deps.store.collection('mail').where('to', '==', to).get()).map((m) => m.message as { subject: string; text: string; html: string });

  beforeAll(async () => {
    server = await startTestServer({ now: BASE });
    admin = await createAccount(server, { role: 'admin' });
    author = await createAccount(server, { role: 'author' });
    await server.deps.store.set('vipPackages', 'p30', { name: 'Aylık VIP', price: 750, durationDays: 30, description: 'x', sortOrder: 1, isActive: true, createdAt: BASE, updatedAt: BASE });
    await server.deps.store.set('vipPackages', 'p90', { name: 'Eski paket', price: 2000, durationDays: 90, description: 'x', sortOrder: 2, isActive: false, createdAt: BASE, updatedAt: BASE });
    await server.deps.store.set('bankAccounts', 'b1', { bankName: 'Türkiye İş Bankası', accountOwner: COMPANY.legalName, branchName: 'Levent', branchCode: '', accountNumber: '', ibanNumber: DEMO_IBAN, createdAt: BASE, updatedAt: BASE });
  });
  afterAll(() => server.close());

  it('company identity: only admins save it, each field is checked in Turkish, a refusal changes nothing', async () => {
    expect((await server.api('GET', '/api/settings/company')).body.data).toBeNull();
    expect((await server.api('PUT', '/api/admin/settings/company', { token: author.token, body: COMPANY })).status).toBe(403);
    const cases: [Record<string, unknown>, string][] = [
      [{ legalName: '  ' }, 'Ticari unvan gerekli'],
      [{ mersisNo: '12345' }, 'MERSİS numarası 16 haneli olmalıdır'],
      [{ taxNumber: '12345678901' }, 'Vergi numarası 10 haneli olmalıdır'],
      [{ kvkkContact: '' }, 'KVKK başvuru adresi gerekli'],
      [{ extra: 'x' }, 'Bilinmeyen alan: extra'],
    ];
    for (const [patch, message] of cases) {
      const res = await server.api('PUT', '/api/admin/settings/company', { token: admin.token, body: { ...COMPANY, ...patch } });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await server.api('GET', '/api/settings/company')).body.data).toBeNull();

    const saved = await server.api('PUT', '/api/admin/settings/company', { token: admin.token, body: COMPANY });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Şirket bilgileri güncellendi!');
    expect((await server.api('GET', '/api/settings/company')).body.data).toEqual(COMPANY);
    const audit = await server.deps.store.collection('auditLog').where('action', '==', 'companyIdentity.create').get();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(admin.id);
  });

  it('filing a request mails the code, the one instruction, the amount, the account and who takes the money', async () => {
    const member = await createAccount(server);
    const res = await server.api('POST', '/api/users/request-vip', { token: member.token, body: { packageId: 'p30' } });
    expect(res.status).toBe(201);
    const code = res.body.data.referenceCode as string;
    const [mail, ...more] = await mailsTo(member.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`Ganyan: VIP talebiniz oluşturuldu, ödeme bilgileri (${code})`);
    for (const text of [mail!.text, mail!.html]) {
      expect(text).toContain(paymentInstructionFor(code));
      expect(text).toContain('750 TL');
      expect(text).toContain('TR');
      for (const value of Object.values(COMPANY)) expect(text).toContain(value);
    }
    // Nothing asks for a name or an e-mail in the description, or to pay before filing.
    expect(mail!.text).not.toMatch(/adınızı|e-posta adresinizi yazın|ödemenizden sonra/i);
  });

  it('the unpaid-request reminder says the same, with the same company lines', async () => {
    const member = await createAccount(server);
    const res = await server.api('POST', '/api/users/request-vip', { token: member.token, body: { packageId: 'p30' } });
    const code = res.body.data.referenceCode as string;
    server.setNow(new Date(BASE.getTime() + 3 * DAY));
    try {
      await runVipRequestExpiry(server.deps);
    } finally {
      server.setNow(BASE);
    }
    const reminder = (await mailsTo(member.email)).find((m) => m.subject.includes('ödeme bekliyor'));
    expect(reminder).toBeDefined();
    expect(reminder!.text).toContain(paymentInstructionFor(code));
    expect(reminder!.text).toContain(`MERSİS no: ${COMPANY.mersisNo}`);
    // The steps before the request name the code and put the request first.
    expect(PAYMENT_STEPS[0]).toContain('talebinizi oluşturun');
    expect(PAYMENT_STEPS[2]).toContain('referans kodunu');
  });

  it('the public offer lists the active packages and counts the VIP articles of the last four weeks', async () => {
    const article = (id: string, visibility: string, daysAgo: number) =>
      server.deps.store.set('articles', id, {
        title: id, slug: id, content: '<p>x</p>', excerpt: 'x', category: 'estimation', audience: visibility === 'public' ? 'everyone' : 'vip', visibility,
        status: 'published', isDeleted: false, authorId: author.id, publishedAt: new Date(BASE.getTime() - daysAgo * DAY), createdAt: BASE, updatedAt: BASE,
      });
    await article('vip-1', 'premium', 1);
    await article('vip-2', 'private', 10);
    await article('vip-3', 'premium', 27);
    await article('vip-old', 'premium', OFFER_WINDOW_DAYS + 2);
    await article('free-1', 'public', 2);
    const offer = await vipOffer(server.deps);
    expect(offer.packages.map((p) => [p.name, p.price, p.durationDays])).toEqual([['Aylık VIP', 750, 30]]);
    expect(offer.vipArticles).toBe(3);
    expect(offer.vipArticlesPerWeek).toBe(0.8);
    expect(offer.dailyHour).toBe('10:00');
  });

  it('the status carries a version: a page that holds the current one is told "unchanged" from the user document alone, and a grant moves it', async () => {
    const member = await createAccount(server);
    const reads = async (path: string) => {
      const before = server.deps.store.meter.snapshot();
      const res = await server.api('GET', path, { token: member.token });
      return { body: res.body.data, reads: operationsSince(before, server.deps.store.meter.snapshot()).reads };
    };
    const first = await reads('/api/users/vip-status');
    expect(first.body).toMatchObject({ hasVip: false, userVipStatus: 'none' });
    // The user document and the (empty) request list: one who never had VIP has no subscriptions to read.
    expect(first.reads).toBe(2);
    const version = first.body.version as string;
    expect(version).toMatch(/^[0-9a-z]+$/);
    const same = await reads(`/api/users/vip-status?known=${version}`);
    expect(same).toEqual({ body: { unchanged: true, version }, reads: 1 });

    server.setNow(new Date(BASE.getTime() + 60_000));
    try {
      expect((await server.api('POST', `/api/users/admin/users/${member.id}/grant-vip`, { token: admin.token, body: { durationDays: 30 } })).status).toBe(200);
      const moved = await reads(`/api/users/vip-status?known=${version}`);
      expect(moved.body).toMatchObject({ hasVip: true, userVipStatus: 'active' });
      expect(moved.body.version).not.toBe(version);
      // An active member's status is on the user document: no subscription list is read either.
      expect(moved.reads).toBe(2);
    } finally {
      server.setNow(BASE);
    }
  });
});
