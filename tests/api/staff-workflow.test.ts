import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTurkishPhone, telHref } from '../../functions/src/domain/text/phone.js';
import { turkishIban } from '../../functions/src/domain/membership/iban.js';
import { createAccount, type TestAccount } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { articleBody, recordRebuilds } from '../support/staff-articles.js';

/** Issue 17 points 2-5: SEO fields, the two missing staff filters, settings with an effect, honest answers. */

let server: TestServer;
let admin: TestAccount;
let author: TestAccount;
let rebuilds: string[] = [];

const body = (over: Record<string, unknown> = {}) => articleBody(author.id, over);

beforeAll(async () => {
  server = await startTestServer();
  rebuilds = recordRebuilds(server);
  admin = await createAccount(server, { role: 'admin' });
  author = await createAccount(server, { role: 'author' });
});
afterAll(() => server.close());

describe('SEO fields', { timeout: 60_000 }, () => {
  it('are stored, returned to staff and readers, and validated', async () => {
    const seo = { metaTitle: 'Veliefendi altılı tahmini', metaDescription: 'Pazar günkü altılının ayak ayak değerlendirmesi.', keywords: ['altılı', 'veliefendi'], canonicalUrl: 'https://ornek.com/altili' };
    const created = await server.api('POST', '/api/articles', { token: author.token, body: body({ status: 'published', seo }) });
    expect(created.status).toBe(201);
    expect(created.body.data.seo).toEqual(seo);
    const pub = await server.api('GET', `/api/articles/slug/${created.body.data.slug}`);
    expect(pub.body.data.seo).toEqual(seo);

    // Defaults: empty fields, which the page fills from title and excerpt.
    const plain = await server.api('POST', '/api/articles', { token: author.token, body: body() });
    expect(plain.body.data.seo).toEqual({ metaTitle: '', metaDescription: '', keywords: [], canonicalUrl: '' });

    const badUrl = await server.api('PUT', `/api/articles/${plain.body.data.id}`, { token: author.token, body: { seo: { ...seo, canonicalUrl: 'javascript:alert(1)' } } });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.message).toBe('Kanonik adres http:// veya https:// ile başlayan geçerli bir adres olmalıdır.');
    const long = await server.api('PUT', `/api/articles/${plain.body.data.id}`, { token: author.token, body: { seo: { ...seo, metaTitle: 'x'.repeat(121) } } });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Meta başlık en fazla 120 karakter olabilir.');
    const tooMany = await server.api('PUT', `/api/articles/${plain.body.data.id}`, { token: author.token, body: { seo: { ...seo, keywords: Array.from({ length: 11 }, (_, i) => `k${i}`) } } });
    expect(tooMany.body.message).toBe('En fazla 10 anahtar kelime eklenebilir.');
    expect((await server.deps.store.get('articles', plain.body.data.id))!.seo).toEqual({ metaTitle: '', metaDescription: '', keywords: [], canonicalUrl: '' });

    const edited = await server.api('PUT', `/api/articles/${plain.body.data.id}`, { token: author.token, body: { seo: { metaTitle: '  Yeni başlık  ' } } });
    expect(edited.body.data.seo).toEqual({ metaTitle: 'Yeni başlık', metaDescription: '', keywords: [], canonicalUrl: '' });
  });
});

describe('staff list filters', { timeout: 60_000 }, () => {
  it('narrow by audience and race result, with paging over the filtered set', async () => {
    const mine = await createAccount(server, { role: 'author' });
    const make = async (over: Record<string, unknown>) => (await server.api('POST', '/api/articles', { token: mine.token, body: body({ authorId: mine.id, ...over }) })).body.data;
    const vip1 = await make({ audience: 'vip' });
    const vip2 = await make({ audience: 'vip' });
    const everyone = await make({ audience: 'everyone' });
    await server.api('PUT', `/api/articles/${vip1.id}/race-result`, { token: mine.token, body: { raceResult: 'won' } });
    await server.api('PUT', `/api/articles/${everyone.id}/race-result`, { token: mine.token, body: { raceResult: 'won' } });

    const byAudience = await server.api('GET', '/api/admin/articles?audience=vip&limit=1', { token: mine.token });
    expect(byAudience.status).toBe(200);
    expect(byAudience.body.pagination).toMatchObject({ total: 2, totalPages: 2 });
    const page2 = await server.api('GET', '/api/admin/articles?audience=vip&limit=1&page=2', { token: mine.token });
    expect([byAudience.body.data[0].id, page2.body.data[0].id].sort()).toEqual([vip1.id, vip2.id].sort());

    const won = await server.api('GET', '/api/admin/articles?raceResult=won', { token: mine.token });
    expect(won.body.data.map((a: { id: string }) => a.id).sort()).toEqual([vip1.id, everyone.id].sort());
    const both = await server.api('GET', '/api/admin/articles?raceResult=won&audience=vip', { token: mine.token });
    expect(both.body.data.map((a: { id: string }) => a.id)).toEqual([vip1.id]);

    const bad = await server.api('GET', '/api/admin/articles?audience=herkes', { token: mine.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Geçersiz hitap değeri.');
  });
});

describe('settings that do something', { timeout: 60_000 }, () => {
  it('site_maintenance and contact_phone reach GET /api/settings/site only while active; the phone rebuilds the site', async () => {
    const empty = await server.api('GET', '/api/settings/site');
    expect(empty.body.data).toEqual({ maintenance: null, contactPhone: null });

    rebuilds.length = 0;
    const phone = await server.api('POST', '/api/admin/settings/general-settings', { token: admin.token, body: { key: 'contact_phone', title: 'İletişim Telefonu', content: '+90 (532) 123-4567' } });
    expect(phone.status).toBe(201);
    expect(rebuilds).toContain('setting: contact_phone');
    const notice = await server.api('POST', '/api/admin/settings/general-settings', { token: admin.token, body: { key: 'site_maintenance', title: 'Bakım', content: 'Bu gece 02:00-03:00 arası bakım yapılacaktır.' } });
    expect(notice.status).toBe(201);

    const site = await server.api('GET', '/api/settings/site');
    expect(site.body.data).toEqual({ maintenance: { title: 'Bakım', content: 'Bu gece 02:00-03:00 arası bakım yapılacaktır.' }, contactPhone: '0532 123 45 67' });

    await server.api('PUT', '/api/admin/settings/general-settings/site_maintenance', { token: admin.token, body: { key: 'site_maintenance', title: 'Bakım', content: 'Bitti.', isActive: false } });
    expect((await server.api('GET', '/api/settings/site')).body.data.maintenance).toBeNull();
  });

  it('everything /vip-uyelik shows is built into it: saving its bank account, payment texts or packages rebuilds the site, and only those', async () => {
    rebuilds.length = 0;
    const account = { bankName: 'Ziraat', accountOwner: 'Ganyan A.Ş.', branchName: 'Merkez', ibanNumber: turkishIban('00010', '1234567890123456') };
    const created = await server.api('POST', '/api/admin/settings/bank-account', { token: admin.token, body: account });
    expect(created.status).toBe(201);
    await server.api('PUT', `/api/admin/settings/bank-account/${created.body.data.id}`, { token: admin.token, body: { ...account, branchName: 'Kızılay' } });
    await server.api('DELETE', `/api/admin/settings/bank-account/${created.body.data.id}`, { token: admin.token });
    expect(rebuilds).toEqual(['bank account', 'bank account', 'bank account']);

    rebuilds.length = 0;
    for (const key of ['payment_description', 'payment_bottom_description', 'odeme_notu']) {
      expect((await server.api('POST', '/api/admin/settings/general-settings', { token: admin.token, body: { key, title: 'Ödeme', content: 'Havale açıklamasına adınızı yazın.' } })).status).toBe(201);
    }
    expect(rebuilds).toEqual(['setting: payment_description', 'setting: payment_bottom_description']);

    rebuilds.length = 0;
    const pkg = await server.api('POST', '/api/admin/settings/vip-packages', { token: admin.token, body: { name: 'Haftalık VIP', price: 99, durationDays: 7, description: 'Bir haftalık VIP erişim' } });
    expect(pkg.status).toBe(201);
    await server.api('PUT', `/api/admin/settings/vip-packages/${pkg.body.data.id}`, { token: admin.token, body: { isActive: false } });
    await server.api('DELETE', `/api/admin/settings/vip-packages/${pkg.body.data.id}`, { token: admin.token });
    expect(rebuilds).toEqual(['vip packages', 'vip packages', 'vip packages']);
  });

  it('phone numbers read the Turkish way whatever way they were stored', () => {
    for (const raw of ['05321234567', '5321234567', '+905321234567', '0532 123 45 67', '90 532 123 45 67', '(0532) 123-45-67']) expect(formatTurkishPhone(raw)).toBe('0532 123 45 67');
    expect(formatTurkishPhone('0850 480 26 26')).toBe('0850 480 26 26');
    expect(formatTurkishPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatTurkishPhone('123')).toBe('123');
    expect(telHref('0532 123 45 67')).toBe('tel:+905321234567');
    expect(telHref('123')).toBeNull();
  });
});

describe('honest answers', { timeout: 60_000 }, () => {
  it('the IBAN error names the problem: country, characters, length or checksum', async () => {
    const account = { bankName: 'Ziraat', accountOwner: 'Ganyan A.Ş.', branchName: 'Merkez' };
    const valid = turkishIban('00010', '1234567890123456');
    const cases: [string, string][] = [
      [`DE${valid.slice(2)}`, "IBAN TR ile başlamalıdır: yalnızca Türkiye'deki banka hesapları kabul edilir."],
      [`TR12 0001 ABCD`, "IBAN'da TR'den sonra yalnızca rakam olmalıdır."],
      [valid.slice(0, 24), 'IBAN 26 karakter olmalıdır; girilen 24 karakter.'],
      [`${valid.slice(0, 25)}${(Number(valid[25]) + 1) % 10}`, "IBAN'ın kontrol basamakları tutmuyor: numarada yanlış yazılmış bir hane var."],
    ];
    for (const [iban, message] of cases) {
      const r = await server.api('POST', '/api/admin/settings/bank-account', { token: admin.token, body: { ...account, ibanNumber: iban } });
      expect(r.status, iban).toBe(400);
      expect(r.body.message).toBe(message);
    }
    expect(await server.deps.store.collection('bankAccounts').count()).toBe(0);
    const ok = await server.api('POST', '/api/admin/settings/bank-account', { token: admin.token, body: { ...account, ibanNumber: valid } });
    expect(ok.status).toBe(201);
  });

  it('re-featuring an already featured article is refused, not reported as done', async () => {
    const a = (await server.api('POST', '/api/articles', { token: admin.token, body: body({ isFeatured: true }) })).body.data;
    const byAuthor = await server.api('PUT', `/api/articles/${a.id}`, { token: author.token, body: { isFeatured: true } });
    expect(byAuthor.status).toBe(403);
    expect(byAuthor.body.message).toBe('Makaleyi öne çıkarma yetkiniz bulunmamaktadır.');
    const again = await server.api('PUT', `/api/articles/${a.id}`, { token: admin.token, body: { isFeatured: true } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Makale zaten öne çıkarılmış.');
    // A full-form save that keeps the flag as it was is an ordinary edit.
    const edit = await server.api('PUT', `/api/articles/${a.id}`, { token: author.token, body: { title: 'Başka başlık', isFeatured: true } });
    expect(edit.status).toBe(200);
    expect(edit.body.message).toBe('Makale başarıyla güncellendi.');
  });
});
