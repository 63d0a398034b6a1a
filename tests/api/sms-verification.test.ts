/**
 * Issue 52 §3: SMS go only to VIP members, only to a number the member proved with a code sent by
 * SMS and typed on /profil (throttled), and one verified number belongs to one account.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../functions/src/domain/identity/access-token.js';
import { formatTurkishPhone } from '../../functions/src/domain/text/phone.js';
import { createAccount, type TestAccount } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';

const NOW = new Date('2026-11-24T09:00:00Z');
const MIN = 60_000;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ now: NOW });
});
afterAll(() => server.close());

const vip = () => ({ status: 'active' as const, startDate: NOW, endDate: new Date(NOW.getTime() + 30 * 86_400_000), durationDays: 30 });
/** A member whose profile holds `phone` and who has proved nothing yet. */
const member = (phone: string, isVip = true) => createAccount(server, { ...(isVip ? { vip: vip() } : {}), fields: { phone, phoneVerification: null } });
const smsOn = { email: { estimates: 'off', results: false, horses: true }, sms: { estimates: 'each', results: false, horses: true } };
const textsTo = async (to: string) => (await server.deps.store.collection('messages').where('to', '==', to).get()).map((m) => String(m.body));
const sendCode = (m: TestAccount) => server.api('POST', '/api/users/phone-verification', { token: m.token });
const confirm = (m: TestAccount, code: string) => server.api('POST', '/api/users/phone-verification/confirm', { token: m.token, body: { code } });
/** The account with a token signed at the server's (moved) clock: access tokens last 15 minutes. */
const now = async (a: TestAccount): Promise<TestAccount> => ({ ...a, token: await signAccessToken(server.deps.config.jwtSecret, { userId: a.id, audience: 'member', sessionId: randomUUID() }, server.deps.now()) });
const prefs = async (m: TestAccount) => (await server.api('GET', '/api/users/notification-preferences', { token: m.token })).body.data;

/** Asks for a code and reads it from the SMS outbox (the one message this request added). */
async function codeFor(m: TestAccount, to: string): Promise<string> {
  const before = await textsTo(to);
  const sent = await sendCode(m);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  expect(sent.body.message).toBe(`${formatTurkishPhone(to)} numarasına 6 haneli bir doğrulama kodu gönderdik. Kod 10 dakika geçerlidir.`);
  const added = (await textsTo(to)).filter((t) => !before.includes(t));
  expect(added).toHaveLength(1);
  return /kodunuz: (\d{6})\./.exec(added[0]!)![1]!;
}

describe('SMS number verification', () => {
  it('tells a free member the truth and sends no code or SMS to an account that does not pay', async () => {
    const free = await member('0532 100 00 01', false);
    expect(await prefs(free)).toMatchObject({ isVip: false, smsPhone: '+905321000001', smsVerified: false });
    const code = await sendCode(free);
    expect(code.status).toBe(403);
    expect(code.body.message).toBe('SMS bildirimleri yalnızca VIP üyelere gönderilir; telefon doğrulaması da VIP üyeler içindir.');
    const on = await server.api('PUT', '/api/users/notification-preferences', { token: free.token, body: smsOn });
    expect(on.status).toBe(403);
    expect(on.body.message).toBe('SMS bildirimleri yalnızca VIP üyelere gönderilir.');
    expect(await textsTo('+905321000001')).toEqual([]);
    expect((await prefs(free)).sms).toEqual({ estimates: 'off', results: false, horses: false });
  });

  it("proves a VIP member's number with a code sent by SMS; only then can SMS be turned on", async () => {
    const m = await member('0532 100 00 02');
    const refused = await server.api('PUT', '/api/users/notification-preferences', { token: m.token, body: smsOn });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('SMS bildirimlerini açmak için önce telefon numaranızı doğrulayın.');

    const code = await codeFor(m, '+905321000002');
    expect(formatTurkishPhone('+905321000002')).toBe('0532 100 00 02');
    expect((await server.deps.store.collection('messages').where('to', '==', '+905321000002').get())[0]!.body).toBe(
      `Ganyan dogrulama kodunuz: ${code}. Kod 10 dakika gecerlidir; kimseyle paylasmayin.`,
    );
    const stored = await server.deps.store.get('phoneVerifications', m.id);
    expect(JSON.stringify(stored)).not.toContain(code);

    for (const [bad, message] of [
      ['12345', 'Lütfen SMS ile gelen 6 haneli kodu girin.'],
      ['abcdef', 'Lütfen SMS ile gelen 6 haneli kodu girin.'],
    ] as const) {
      const r = await confirm(m, bad);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(message);
    }
    const wrong = await confirm(m, code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Kod hatalı. 4 deneme hakkınız kaldı.');
    expect((await prefs(m)).smsVerified).toBe(false);

    const ok = await confirm(m, code);
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('0532 100 00 02 numaranız doğrulandı. SMS bildirimlerini açabilirsiniz.');
    expect(ok.body.data).toMatchObject({ smsPhone: '+905321000002', smsVerified: true });
    // The code is used up.
    expect((await confirm(m, code)).body.message).toBe('Geçerli bir doğrulama kodunuz yok. Lütfen yeni kod isteyin.');
    expect((await sendCode(m)).body.message).toBe('Bu numara zaten doğrulanmış.');
    expect((await server.api('PUT', '/api/users/notification-preferences', { token: m.token, body: smsOn })).status).toBe(200);
    expect(await server.deps.store.collection('auditLog').where('action', '==', 'user.phone.verify').count()).toBeGreaterThanOrEqual(1);

    // A new number on the profile must be proved again.
    const moved = await server.api('PUT', '/api/auth/profile', { token: m.token, body: { firstName: 'Ece', lastName: 'Kar', email: m.email, phone: '0532 100 00 22' } });
    expect(moved.status).toBe(200);
    expect(await prefs(m)).toMatchObject({ smsPhone: '+905321000022', smsVerified: false });
  });

  it('throttles codes per account and per number, and wrong attempts per code; a code lasts 10 minutes', async () => {
    const m = await member('0532 100 00 03');
    for (let i = 0; i < 2; i += 1) expect((await sendCode(m)).status).toBe(200);
    const code = await codeFor(m, '+905321000003');
    const fourth = await sendCode(m);
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toBe('Çok fazla doğrulama kodu istendi. Lütfen daha sonra tekrar deneyin.');
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await textsTo('+905321000003')).toHaveLength(3);

    // Only the newest code counts; five wrong attempts end it, the right code included.
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 4; i += 1) expect((await confirm(m, wrong)).status).toBe(400);
    const fifth = await confirm(m, wrong);
    expect(fifth.status).toBe(429);
    expect(fifth.body.message).toBe('Çok fazla hatalı deneme yapıldı. Lütfen yeni kod isteyin.');
    expect((await confirm(m, code)).status).toBe(429);
    expect((await prefs(m)).smsVerified).toBe(false);

    // Another account typing the same number cannot spray it with codes either (5 a day per number).
    server.setNow(new Date(NOW.getTime() + 61 * MIN));
    const o = await now(await member('0532 100 00 03'));
    expect((await sendCode(o)).status).toBe(200);
    expect((await sendCode(o)).status).toBe(200);
    const sixth = await sendCode(o);
    expect(sixth.status).toBe(429);

    // An expired code is refused.
    const late = await now(await member('0532 100 00 04'));
    const lateCode = await codeFor(late, '+905321000004');
    server.setNow(new Date(NOW.getTime() + 61 * MIN + 11 * MIN));
    const expired = await confirm(await now(late), lateCode);
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe('Doğrulama kodunun süresi doldu. Lütfen yeni kod isteyin.');
    server.setNow(NOW);
  });

  it('gives one verified number to one account: proving it elsewhere moves it, and SMS follow', async () => {
    const first = await member('0532 100 00 05');
    const second = await member('0532 100 00 05');
    expect((await confirm(first, await codeFor(first, '+905321000005'))).status).toBe(200);
    expect((await confirm(second, await codeFor(second, '+905321000005'))).status).toBe(200);

    expect(await prefs(first)).toMatchObject({ smsPhone: '+905321000005', smsVerified: false });
    expect(await prefs(second)).toMatchObject({ smsPhone: '+905321000005', smsVerified: true });
    expect((await server.deps.store.get('verifiedPhones', '+905321000005'))!.userId).toBe(second.id);
    const verified = (await server.deps.store.collection('users').where('phoneVerification.number', '==', '+905321000005').get()).map((u) => u.id);
    expect(verified).toEqual([second.id]);
  });
});
