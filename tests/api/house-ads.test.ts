/**
 * House ads (issue 15, "Ad-free"): staff manage them under /api/admin/settings/ads with an image from
 * the upload flow; GET /api/ads?placement= gives the active ones of a placement to anyone (no personal
 * data, cacheable); POST /api/ads/{id}/click counts a click once per showing (double click, retry and
 * concurrent requests alike) and once per viewer per day whatever the impression id; the count is
 * shown to staff.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { PNG_BYTES, photo, uploadFinalized } from '../support/uploads.js';

let server: TestServer;
let admin: TestAccount;
const NOW = new Date('2026-11-24T09:00:00Z'); // 12:00 in Istanbul

beforeAll(async () => {
  server = await startTestServer({ now: NOW });
  admin = await createAccount(server, { role: 'admin' });
});
afterAll(() => server.close());

const adBody = (over: Record<string, unknown> = {}) => ({ linkUrl: '/vip-uyelik', altText: 'Reklamsız Ganyan için VIP olun', placement: 'header', activeFrom: '2026-11-20', activeTo: '2026-11-30', isActive: true, ...over });
const impression = () => `imp${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`.padEnd(20, 'x');

async function createAd(over: Record<string, unknown> = {}) {
  const uploadId = await uploadFinalized(server, admin.token, 'image', PNG_BYTES, 'image/png', 'reklam.png');
  const r = await server.api('POST', '/api/admin/settings/ads', { token: admin.token, body: adBody({ uploadId, ...over }) });
  expect(r.status).toBe(201);
  return r.body.data as { id: string; imageUrl: string; state: string; clicks: number; activeFrom: string; activeTo: string | null };
}

describe('house ads', () => {
  it('staff create an ad from an uploaded image; only active ads of the placement are public, without counters or dates', async () => {
    const ad = await createAd();
    expect(ad).toMatchObject({ state: 'active', clicks: 0, activeFrom: '2026-11-20', activeTo: '2026-11-30', placement: 'header' });
    expect(ad.imageUrl).toMatch(/\/files\/media\/images\//);
    const later = await createAd({ activeFrom: '2026-12-01', activeTo: null });
    expect(later.state).toBe('scheduled');
    const off = await createAd({ isActive: false });
    expect(off.state).toBe('off');
    const side = await createAd({ placement: 'sidebar' });

    const r = await server.api('GET', '/api/ads?placement=header');
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=60');
    expect(r.body.data).toEqual([{ id: ad.id, imageUrl: ad.imageUrl, linkUrl: '/vip-uyelik', altText: 'Reklamsız Ganyan için VIP olun' }]);
    expect((await server.api('GET', '/api/ads?placement=sidebar')).body.data.map((a: { id: string }) => a.id)).toEqual([side.id]);

    // The last day is included (Istanbul), the day after is not.
    server.setNow(new Date('2026-11-30T20:59:00Z'));
    expect((await server.api('GET', '/api/ads?placement=header')).body.data.map((a: { id: string }) => a.id)).toEqual([ad.id]);
    server.setNow(new Date('2026-12-01T00:00:00Z')); // 03:00 on 1 December in Istanbul
    expect((await server.api('GET', '/api/ads?placement=header')).body.data.map((a: { id: string }) => a.id)).toEqual([later.id]);
    server.setNow(NOW);

    // An ad drawn at twice the header's size comes with its narrower copies, WebP and AVIF, for the slot's srcset.
    const wideUpload = await uploadFinalized(server, admin.token, 'image', await photo(2400, 300), 'image/jpeg', 'genis.jpg');
    const wide = await server.api('POST', '/api/admin/settings/ads', { token: admin.token, body: adBody({ uploadId: wideUpload, placement: 'article' }) });
    const shown = async () => (await server.api('GET', '/api/ads?placement=article')).body.data.find((a: { id: string }) => a.id === wide.body.data.id);
    const copy = (width: number, format: 'webp' | 'avif') => ({ width, url: wide.body.data.imageUrl.replace(/\.jpg$/, `-${width}w.${format}`), ...(format === 'avif' ? { format } : {}) });
    // The copies are made after the upload answered and reach the ad once they exist.
    await expect.poll(async () => ((await server.deps.store.get('houseAds', wide.body.data.id)) as { image: { copies: unknown[] } | null }).image?.copies.length).toBe(6);
    expect((await shown()).image).toEqual({ width: 2400, copies: [...[480, 720, 1200].map((w) => copy(w, 'webp')), ...[480, 720, 1200].map((w) => copy(w, 'avif'))] });

    const bad = await server.api('GET', '/api/ads?placement=popup');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBeTruthy();
  });

  it('refuses bad input in Turkish and changes nothing', async () => {
    const before = (await server.api('GET', '/api/admin/settings/ads', { token: admin.token })).body.data.length;
    const noImage = await server.api('POST', '/api/admin/settings/ads', { token: admin.token, body: adBody() });
    expect(noImage.status).toBe(400);
    expect(noImage.body.message).toBe('Reklam görseli gerekli');
    const uploadId = await uploadFinalized(server, admin.token, 'image', PNG_BYTES, 'image/png', 'reklam.png');
    const cases: [Record<string, unknown>, string][] = [
      [{ linkUrl: 'javascript:alert(1)' }, 'Bağlantı https:// ile başlayan bir adres ya da / ile başlayan bir site yolu olmalı'],
      [{ linkUrl: '//evil.example' }, 'Bağlantı https:// ile başlayan bir adres ya da / ile başlayan bir site yolu olmalı'],
      // A browser drops tab, CR and LF from a URL: each of these would become //evil.example.
      [{ linkUrl: '/\t/evil.example' }, 'Bağlantı sekme, satır sonu gibi görünmeyen karakterler içeremez'],
      [{ linkUrl: '/\r/evil.example' }, 'Bağlantı sekme, satır sonu gibi görünmeyen karakterler içeremez'],
      [{ linkUrl: '/\n/evil.example' }, 'Bağlantı sekme, satır sonu gibi görünmeyen karakterler içeremez'],
      [{ linkUrl: 'https://ganyan\t.example/vip' }, 'Bağlantı sekme, satır sonu gibi görünmeyen karakterler içeremez'],
      [{ linkUrl: '/vip\u0000uyelik' }, 'Bağlantı sekme, satır sonu gibi görünmeyen karakterler içeremez'],
      [{ altText: '' }, 'Alternatif metin en az 3 karakter olmalı'],
      [{ activeTo: '2026-11-01' }, 'Bitiş tarihi başlangıç tarihinden önce olamaz'],
      [{ activeFrom: '2026-02-30' }, 'Geçerli bir tarih girin'],
    ];
    for (const [over, message] of cases) {
      const r = await server.api('POST', '/api/admin/settings/ads', { token: admin.token, body: adBody({ uploadId, ...over }) });
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(JSON.stringify(r.body)).toContain(message);
    }
    // Someone else's upload cannot become an ad's image.
    const other = await createAccount(server, { role: 'admin' });
    const theirs = await uploadFinalized(server, other.token, 'image', PNG_BYTES, 'image/png', 'baska.png');
    expect((await server.api('POST', '/api/admin/settings/ads', { token: admin.token, body: adBody({ uploadId: theirs }) })).status).toBe(400);
    expect((await server.api('GET', '/api/admin/settings/ads', { token: admin.token })).body.data.length).toBe(before);
  });

  it('updates keep the image and the clicks unless a new image is given; delete removes the ad', async () => {
    const ad = await createAd({ placement: 'article' });
    await server.api('POST', `/api/ads/${ad.id}/click`, { body: { impression: impression() } });
    const put = await server.api('PUT', `/api/admin/settings/ads/${ad.id}`, { token: admin.token, body: adBody({ placement: 'article', altText: 'Yeni metin', activeTo: null }) });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ imageUrl: ad.imageUrl, clicks: 1, altText: 'Yeni metin', activeTo: null });
    const uploadId = await uploadFinalized(server, admin.token, 'image', PNG_BYTES, 'image/png', 'yeni.png');
    const swapped = await server.api('PUT', `/api/admin/settings/ads/${ad.id}`, { token: admin.token, body: adBody({ placement: 'article', uploadId }) });
    expect(swapped.body.data.imageUrl).not.toBe(ad.imageUrl);
    expect((await server.api('DELETE', `/api/admin/settings/ads/${ad.id}`, { token: admin.token })).status).toBe(200);
    expect((await server.api('DELETE', `/api/admin/settings/ads/${ad.id}`, { token: admin.token })).body.message).toBe('Reklam bulunamadı');
    expect((await server.api('GET', '/api/ads?placement=article')).body.data.some((a: { id: string }) => a.id === ad.id)).toBe(false);
  });

  it('counts a click once per viewer per ad per day: a double click, a retry, concurrent requests and fresh impression ids are one click', async () => {
    const ad = await createAd({ placement: 'sidebar' });
    const first = impression();
    const burst = await Promise.all([0, 1, 2, 3].map(() => server.api('POST', `/api/ads/${ad.id}/click`, { body: { impression: first } })));
    expect(burst.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(burst.filter((r) => r.body.data.counted)).toHaveLength(1);
    expect((await server.api('POST', `/api/ads/${ad.id}/click`, { body: { impression: first } })).body.data.counted).toBe(false);
    // One client inventing impression ids does not inflate the counter.
    const fresh = await Promise.all([0, 1, 2, 3, 4].map(() => server.api('POST', `/api/ads/${ad.id}/click`, { body: { impression: impression() } })));
    expect(fresh.filter((r) => r.body.data.counted)).toHaveLength(0);
    // Another viewer (another browser) is another click.
    expect((await server.api('POST', `/api/ads/${ad.id}/click`, { body: { impression: impression() }, headers: { 'User-Agent': 'Mozilla/5.0 (iPhone) another reader' } })).body.data.counted).toBe(true);
    const list = (await server.api('GET', '/api/admin/settings/ads', { token: admin.token })).body.data as { id: string; clicks: number }[];
    expect(list.find((a) => a.id === ad.id)!.clicks).toBe(2);
    // Nothing about the visitor is kept: the marker holds the ad and the times only.
    const markers = await server.deps.store.collection('adClicks').where('adId', '==', ad.id).get();
    expect(markers).toHaveLength(2);
    for (const m of markers) expect(Object.keys(m).sort()).toEqual(['adId', 'createdAt', 'expiresAt', 'id']);

    // The next Istanbul day the first viewer counts again (03:00 on 25 November).
    server.setNow(new Date('2026-11-25T00:00:00Z'));
    expect((await server.api('POST', `/api/ads/${ad.id}/click`, { body: { impression: impression() } })).body.data.counted).toBe(true);
    server.setNow(NOW);
    expect((await server.api('POST', `/api/ads/${ad.id}/click`, { body: {} })).status).toBe(400);
    expect((await server.api('POST', '/api/ads/yok-boyle-reklam/click', { body: { impression: impression() } })).status).toBe(404);
  });
});
