/**
 * Issue 52 §4, the review's low findings: an expired request is never paid from a statement nor
 * approved; filing and cancelling VIP requests is throttled; stored URLs carry no control
 * characters; a statement up to the documented 2 MB is taken; an e-mail typed with 'İ' is plain 'i'.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../functions/src/domain/identity/access-token.js';
import { backfillEmailDots } from '../../functions/src/domain/identity/backfill-email-dots.js';
import { isHttpUrl } from '../../functions/src/domain/text/url.js';
import { createAccount, type TestAccount } from '../support/accounts.js';
import { addUser, loginMember } from '../support/login.js';
import { startTestServer, type TestServer } from '../support/server.js';

const BASE = new Date('2026-11-22T09:00:00Z');
const HOUR = 3_600_000;
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

describe('review lows (issue 52 §4)', () => {
  let server: TestServer;
  let admin: TestAccount;

  beforeAll(async () => {
    server = await startTestServer({ now: BASE });
    admin = await createAccount(server, { role: 'admin' });
    await server.deps.store.set('vipPackages', 'p30', { name: 'Aylık', price: 1250, durationDays: 30, description: 'x', sortOrder: 1, isActive: true, createdAt: BASE, updatedAt: BASE });
  });
  afterAll(() => server.close());

  const tokenAt = (userId: string, audience: 'member' | 'staff') => signAccessToken(server.deps.config.jwtSecret, { userId, audience, sessionId: randomUUID() }, server.deps.now());

  async function file(member: TestAccount, token = member.token) {
    const res = await server.api('POST', '/api/users/request-vip', { token, body: { packageId: 'p30' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: string; referenceCode: string };
  }

  it('never matches nor approves a request past its 7 days, though the hourly job has not closed it yet', async () => {
    server.setNow(BASE);
    const member = await createAccount(server);
    const req = await file(member);
    const csv = `Tarih;Açıklama;Tutar\n29.11.2026;FAST ${req.referenceCode};1.250,00\n`;
    // Matched while open; approved only after the expiry passed.
    const early = await server.api('POST', '/api/users/admin/vip-statements', { token: admin.token, body: { fileName: 'ekstre.csv', csv } });
    expect(early.body.data.lines[0].status).toBe('matched');

    server.setNow(new Date(BASE.getTime() + 7 * 24 * HOUR + HOUR));
    const staff = await tokenAt(admin.id, 'staff');
    expect((await server.deps.store.get('vipRequests', req.id))!.status).toBe('pending');
    const late = await server.api('POST', '/api/users/admin/vip-statements', { token: staff, body: { fileName: 'ekstre-2.csv', csv } });
    expect(late.body.data.lines[0]).toMatchObject({ status: 'not-open', message: `${req.referenceCode} talebinin ödeme süresi dolmuş (7 gün); onaylanmaz, lütfen elle kontrol edin.` });
    expect(late.body.data.counts.matched).toBe(0);

    const approve = await server.api('POST', `/api/users/admin/vip-statements/${early.body.data.id}/approve`, { token: staff });
    expect(approve.body.data.approved).toBe(0);
    expect(approve.body.data.results[0].message).toBe(`${req.referenceCode} talebinin ödeme süresi dolmuş (7 gün); onaylanmaz, lütfen elle kontrol edin.`);

    const byHand = await server.api('POST', `/api/users/admin/vip-requests/${req.id}/approve`, { token: staff, body: {} });
    expect(byHand.status).toBe(409);
    expect(byHand.body.message).toBe('Bu talebin ödeme süresi (7 gün) dolmuş; onaylanamaz. Üyenin yeni bir talep oluşturması gerekir.');
    expect((await server.deps.store.get('vipRequests', req.id))!.status).toBe('pending');
    expect(await server.deps.store.collection('vipSubscriptions').where('userId', '==', member.id).count()).toBe(0);
    expect(await server.deps.store.collection('vipStatementLines').count()).toBe(0);
    server.setNow(BASE);
  });

  it('refuses a fourth open-and-cancel within 24 hours with a Turkish 429, and allows it a day later', async () => {
    server.setNow(BASE);
    const member = await createAccount(server);
    for (let i = 0; i < 3; i += 1) {
      await file(member);
      expect((await server.api('POST', '/api/users/request-vip/cancel', { token: member.token })).status).toBe(200);
    }
    const codesBefore = await server.deps.store.collection('vipReferenceCodes').count();
    const refused = await server.api('POST', '/api/users/request-vip', { token: member.token, body: { packageId: 'p30' } });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Son 24 saatte çok sayıda VIP talebi açıp iptal ettiniz. Lütfen daha sonra tekrar deneyin.');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    expect(await server.deps.store.collection('vipReferenceCodes').count()).toBe(codesBefore);
    expect(await server.deps.store.collection('vipRequests').where('userId', '==', member.id).count()).toBe(3);
    // Another member is not affected.
    await file(await createAccount(server));

    server.setNow(new Date(BASE.getTime() + 24 * HOUR + 60_000));
    await file(member, await tokenAt(member.id, 'member'));
    server.setNow(BASE);
  });

  it('refuses control characters in every stored address', () => {
    for (const bad of ['https://ganyan\t.example/', 'https://ganyan.example/\nvip', 'https://ganyan.example/\r', 'https://ganyan.example/\u0085']) expect(isHttpUrl(bad), JSON.stringify(bad)).toBe(false);
    expect(isHttpUrl('https://ganyan.example/vip-uyelik')).toBe(true);
  });

  it("takes a 2,000-line statement of about 1.4 MB and refuses one past 2 MB with the document's Turkish text", async () => {
    server.setNow(BASE);
    const line = (n: number) => `28.11.2026;Havale ${String(n).padStart(4, '0')} ${'Ayşe Şahin kira ve aidat ödemesi '.repeat(20)};1.250,00`;
    const big = ['Tarih;Açıklama;Tutar', ...Array.from({ length: 2000 }, (_, i) => line(i + 1))].join('\n');
    expect(Buffer.byteLength(big)).toBeGreaterThan(1_300_000);
    const taken = await server.api('POST', '/api/users/admin/vip-statements', { token: admin.token, body: { fileName: 'kasim.csv', contentBase64: Buffer.from(big).toString('base64') } });
    expect(taken.status, JSON.stringify(taken.body).slice(0, 300)).toBe(201);
    expect(taken.body.data.counts['no-code']).toBe(2000);

    const before = await server.deps.store.collection('vipStatements').count();
    const tooBig = Buffer.alloc(2_300_000, 'a');
    const refused = await server.api('POST', '/api/users/admin/vip-statements', { token: admin.token, body: { fileName: 'buyuk.csv', contentBase64: tooBig.toString('base64') } });
    expect(refused.status).toBe(413);
    expect(refused.body.message).toBe("Ekstre dosyası 2 MB'dan büyük olamaz.");
    // Just past 2 MB: the body fits, the file does not.
    const justOver = Buffer.alloc(2 * 1024 * 1024 + 10, 'a');
    const over = await server.api('POST', '/api/users/admin/vip-statements', { token: admin.token, body: { fileName: 'buyuk.csv', contentBase64: justOver.toString('base64') } });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe("Ekstre dosyası 2 MB'dan büyük olamaz.");
    expect(await server.deps.store.collection('vipStatements').count()).toBe(before);
    // Other routes keep their small limit.
    const other = await server.api('POST', '/api/contact', { body: { name: 'Ali', email: 'ali@example.com', subject: 'x', message: 'a'.repeat(300_000) } });
    expect(other.status).toBe(413);
    expect(other.body.message).toBe('İstek gövdesi çok büyük.');
  });

  it("stores an e-mail typed with 'İ' as plain 'i' and signs in with either form; older dotted addresses are folded", async () => {
    const registration = {
      firstName: 'İlker',
      lastName: 'Işık',
      phone: '0532 123 45 67',
      birthDay: '09',
      birthMonth: '04',
      birthYear: '1991',
      email: 'İLKER.ISIK@EXAMPLE.COM',
      username: 'ilker_isik',
      password: 'gizli123',
      confirmPassword: 'gizli123',
      agreeToTerms: true,
    };
    const res = await server.api('POST', '/api/auth/register', { body: registration, headers: { 'X-Forwarded-For': freshIp() } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.user.email).toBe('ilker.isik@example.com');
    const stored = await server.deps.store.get('users', res.body.data.user.id);
    expect([...String(stored!.email)].some((ch) => ch.charCodeAt(0) === 0x307)).toBe(false);
    for (const typed of ['İlker.Isik@example.com', 'ilker.isik@example.com', 'ILKER.ISIK@EXAMPLE.COM']) {
      expect((await loginMember(server, typed, 'gizli123', { ip: freshIp() })).user.id).toBe(res.body.data.user.id);
    }
    // The same address with a dotted capital is taken, not a second account.
    const again = await server.api('POST', '/api/auth/register', { body: { ...registration, email: 'ilker.isik@example.com', username: 'ilker_iki' }, headers: { 'X-Forwarded-For': freshIp() } });
    expect(again.status).toBe(409);

    // An account stored before the fix holds 'i' + U+0307: folded once, then found by either form.
    const old = await addUser(server, { email: 'i\u0307pek.old@example.com' });
    expect(await backfillEmailDots(server.deps)).toEqual({ fixed: 1, clashes: [] });
    expect(await backfillEmailDots(server.deps)).toEqual({ fixed: 0, clashes: [] });
    expect((await server.deps.store.get('users', old.id))!.email).toBe('ipek.old@example.com');
    expect((await loginMember(server, 'İpek.Old@example.com', old.password, { ip: freshIp() })).user.id).toBe(old.id);
  });
});
