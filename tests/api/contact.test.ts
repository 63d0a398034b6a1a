import { describe, expect, it } from 'vitest';
import { createAccount } from '../support/accounts.js';
import { useTestServer } from '../support/server.js';

let ipCounter = 0;
const freshIp = () => ({ 'X-Forwarded-For': `192.0.2.${++ipCounter}` });
const valid = { name: 'Ayşe Kaya', email: 'Ayse@Example.com', phone: '0532 000 00 00', subject: 'VIP ödemesi', message: 'Havale yaptım, kontrol eder misiniz?', type: 'support' };

describe('POST /api/contact', () => {
  const server = useTestServer();

  it('stores the message as new, medium priority, with the spec’s success text', async () => {
    const res = await server.api('POST', '/api/contact', { body: valid, headers: freshIp() });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Mesajınız başarıyla gönderildi! En kısa sürede size dönüş yapacağız.');
    const stored = await server.deps.store.get('contactMessages', res.body.data.id);
    expect(stored).toMatchObject({
      name: 'Ayşe Kaya',
      email: 'ayse@example.com',
      phone: '0532 000 00 00',
      subject: 'VIP ödemesi',
      type: 'support',
      status: 'new',
      priority: 'medium',
      userId: null,
    });
    expect(JSON.stringify(stored)).not.toContain('192.0.2.');
  });

  it('accepts every spec type, defaults to general, and links a signed-in sender', async () => {
    const member = await createAccount(server);
    for (const type of ['general', 'support', 'business', 'technical', 'complaint', 'suggestion']) {
      expect((await server.api('POST', '/api/contact', { body: { ...valid, type }, headers: freshIp() })).status).toBe(201);
    }
    const { phone: _p, type: _t, ...minimal } = valid;
    const res = await server.api('POST', '/api/contact', { body: minimal, token: member.token, headers: freshIp() });
    expect(await server.deps.store.get('contactMessages', res.body.data.id)).toMatchObject({ type: 'general', phone: null, userId: member.id });
  });

  it('refuses bad input with the spec’s texts and stores nothing', async () => {
    const before = await server.deps.store.collection('contactMessages').count();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '   ' }, 'Lütfen tüm gerekli alanları doldurunuz'],
      [{ message: '' }, 'Lütfen tüm gerekli alanları doldurunuz'],
      [{ subject: undefined }, 'Lütfen tüm gerekli alanları doldurunuz'],
      [{ email: 'ayse@' }, 'Lütfen geçerli bir e-posta adresi giriniz'],
      [{ type: 'spam' }, 'Geçersiz mesaj türü'],
      [{ status: 'responded' }, 'Bilinmeyen alan: status'],
      [{ message: 'x'.repeat(5001) }, 'En fazla 5000 karakter girilebilir'],
    ];
    for (const [patch, message] of cases) {
      const res = await server.api('POST', '/api/contact', { body: { ...valid, ...patch }, headers: freshIp() });
      expect(res.status, JSON.stringify(patch).slice(0, 60)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await server.deps.store.collection('contactMessages').count()).toBe(before);
  });

  it('rate-limits one sender address', async () => {
    const headers = freshIp();
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await server.api('POST', '/api/contact', { body: valid, headers })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
