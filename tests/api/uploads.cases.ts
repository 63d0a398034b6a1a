import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { purgeAbandonedUploads } from '../../functions/src/domain/uploads/purge-abandoned-uploads.js';
import { sweepImageCopies } from '../../functions/src/jobs/image-copies.js';
import { requireReadyUpload, requireReadyUploadByUrl } from '../../functions/src/domain/uploads/require-ready-upload.js';
import { createAccount, type TestAccount } from '../support/accounts.js';
import { startTestServer, type TestServer, type TestStoreKind } from '../support/server.js';
import { PNG_BYTES, photo } from '../support/uploads.js';
import { everyCase, type CaseIt } from '../support/cases.js';

// Real files' first bytes, padded: what finalize's signature check reads.
const PNG = PNG_BYTES;
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 1)]);
const MP3 = Buffer.concat([Buffer.from('ID3\u0004\u0000', 'latin1'), Buffer.alloc(4000, 3)]);
const WAV = Buffer.concat([Buffer.from('RIFF\u0000\u0000\u0000\u0000WAVEfmt ', 'latin1'), Buffer.alloc(100)]);

interface Grant {
  uploadId: string;
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  expiresAt: string;
}

/** Every file under the blob folder except the type and pending sidecars: what is actually stored. */
function storedFiles(server: TestServer): string[] {
  const root = join(server.dataDir, 'blobs');
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true }) as string[]).filter((f) => !f.endsWith('.type') && !f.endsWith('.pending') && statSync(join(root, f)).isFile());
}

export const UPLOADS_CASES = 'uploads: signed URL, PUT, finalize, serve';

export const uploadsCases = (store: TestStoreKind = 'sqlite', it: CaseIt = everyCase): void => {
  let server: TestServer;
  let author: TestAccount;
  let admin: TestAccount;
  let member: TestAccount;

  beforeAll(async () => {
    server = await startTestServer({ store });
    author = await createAccount(server, { role: 'author' });
    admin = await createAccount(server, { role: 'admin' });
    member = await createAccount(server, { role: 'user' });
  });
  afterAll(() => server.close());

  async function grant(token: string, body: Record<string, unknown>) {
    return server.api<{ success: boolean; data: Grant; message?: string }>('POST', '/api/uploads', { token, body });
  }

  async function put(g: Grant, body: Buffer, headers: Record<string, string> = g.headers, url = g.url) {
    return fetch(url, { method: 'PUT', headers, body: new Uint8Array(body) });
  }

  async function finalize(token: string, id: string) {
    return server.api('POST', `/api/uploads/${id}/finalize`, { token });
  }

  it('keeps a valid image: grant, PUT, finalize, then serves it with type, nosniff, caching and Range', async () => {
    const g = await grant(author.token, { purpose: 'image', contentType: 'image/png', size: PNG.length, name: 'koşu.png' });
    expect(g.status).toBe(201);
    expect(g.body.data).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'image/png' } });
    const expiresIn = Date.parse(g.body.data.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(60_000);
    expect(expiresIn).toBeLessThanOrEqual(10 * 60_000 + 1000);

    expect((await put(g.body.data, PNG)).status).toBe(200);
    const done = await finalize(author.token, g.body.data.uploadId);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ contentType: 'image/png', size: PNG.length, name: 'koşu.png' });
    const url: string = done.body.data.url;
    expect(url).toMatch(new RegExp(`^${server.baseUrl}/files/media/images/\\d{4}/\\d{2}/[0-9a-f-]{36}\\.png$`));

    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/png');
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await whole.arrayBuffer()).equals(PNG)).toBe(true);

    const part = await fetch(url, { headers: { Range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-7/${PNG.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(PNG.subarray(0, 8))).toBe(true);

    const outside = await fetch(url, { headers: { Range: `bytes=${PNG.length + 10}-` } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${PNG.length}`);

    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(PNG.length));
    expect(head.headers.get('accept-ranges')).toBe('bytes');
    const again = await fetch(url, { headers: { 'If-None-Match': whole.headers.get('etag')! } });
    expect(again.status).toBe(304);

    // Other services attach it through requireReadyUpload.
    const file = await requireReadyUpload(server.deps, g.body.data.uploadId, { user: { id: author.id, email: author.email, role: 'author' } }, 'image');
    expect(file).toEqual({ url, contentType: 'image/png', size: PNG.length, name: 'koşu.png', image: { width: 40, height: 30, copies: [] }, copiesPending: false });
    await expect(requireReadyUpload(server.deps, g.body.data.uploadId, { user: { id: admin.id, email: admin.email, role: 'admin' } }, 'image')).rejects.toThrow(
      'Yüklenen dosya bulunamadı veya yüklemesi tamamlanmadı.',
    );
    await expect(requireReadyUpload(server.deps, g.body.data.uploadId, { user: { id: author.id, email: author.email, role: 'author' } }, 'audio')).rejects.toThrow(
      'Yüklenen dosya bu alan için kullanılamaz.',
    );

    // Finalize again is harmless; a second PUT on the same URL never overwrites the checked file.
    expect((await finalize(author.token, g.body.data.uploadId)).status).toBe(200);
    expect((await put(g.body.data, PNG)).status).toBe(409);
  });

  it('serves audio with Range so players can seek', async () => {
    const g = await grant(admin.token, { purpose: 'audio', contentType: 'audio/mp3', size: MP3.length, name: 'analiz.mp3' });
    expect(g.status).toBe(201);
    expect(g.body.data.headers['Content-Type']).toBe('audio/mpeg');
    expect((await put(g.body.data, MP3)).status).toBe(200);
    const done = await finalize(admin.token, g.body.data.uploadId);
    expect(done.status).toBe(200);
    const res = await fetch(done.body.data.url, { headers: { Range: 'bytes=1000-' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('content-range')).toBe(`bytes 1000-${MP3.length - 1}/${MP3.length}`);
    expect((await res.arrayBuffer()).byteLength).toBe(MP3.length - 1000);
  });

  it('accepts a WAV and a member avatar, which gets one small square copy', async () => {
    const w = await grant(author.token, { purpose: 'audio', contentType: 'audio/wav', size: WAV.length, name: 'a.wav' });
    expect((await put(w.body.data, WAV)).status).toBe(200);
    expect((await finalize(author.token, w.body.data.uploadId)).status).toBe(200);

    const selfie = await photo(900, 1200);
    const a = await grant(member.token, { purpose: 'avatar', contentType: 'image/jpeg', size: selfie.length, name: 'ben.jpg' });
    expect(a.status).toBe(201);
    expect((await put(a.body.data, selfie)).status).toBe(200);
    const done = await finalize(member.token, a.body.data.uploadId);
    expect(done.status).toBe(200);
    expect(done.body.data.url).toContain('/files/media/avatars/');
    expect(done.body.data.image).toEqual({ width: 900, height: 1200, copies: [{ width: 192, url: done.body.data.url.replace(/\.jpg$/, '-192w.webp') }] });
    const copy = Buffer.from(await (await fetch(done.body.data.image.copies[0].url)).arrayBuffer());
    expect(await sharp(copy).metadata()).toMatchObject({ format: 'webp', width: 192, height: 192 });

    // The spec's text for a photo that is not a picture, even behind a JPEG's first bytes.
    const fake = await grant(member.token, { purpose: 'avatar', contentType: 'image/jpeg', size: JPEG.length, name: 'sahte.jpg' });
    expect((await put(fake.body.data, JPEG)).status).toBe(200);
    const refused = await finalize(member.token, fake.body.data.uploadId);
    expect([refused.status, refused.body.message]).toEqual([415, 'Lütfen geçerli bir resim dosyası seçin!']);
    const viewer = { user: { id: member.id, email: member.email, role: 'user' as const } };
    await expect(requireReadyUploadByUrl(server.deps, done.body.data.url, viewer, 'avatar')).resolves.toMatchObject({ contentType: 'image/jpeg' });
    await expect(requireReadyUploadByUrl(server.deps, done.body.data.url, { user: { id: author.id, email: author.email, role: 'author' } }, 'avatar')).rejects.toThrow();
    await expect(requireReadyUploadByUrl(server.deps, `${server.baseUrl}/files/media/avatars/x.jpg`, viewer, 'avatar')).rejects.toThrow();
  });

  it('refuses visitors, and members for images and audio', async () => {
    const visitor = await server.api('POST', '/api/uploads', { body: { purpose: 'avatar', contentType: 'image/png', size: 10, name: 'a.png' } });
    expect(visitor.status).toBe(401);
    expect(visitor.body).toMatchObject({ success: false, message: 'Bu işlem için giriş yapmalısınız.' });
    for (const [purpose, contentType] of [['image', 'image/png'], ['audio', 'audio/mpeg']]) {
      const res = await grant(member.token, { purpose, contentType, size: 10, name: 'x' });
      expect(res.status).toBe(403);
      expect(res.body.success).toBe(false);
    }
    expect(await server.deps.store.collection('uploads').where('ownerId', '==', member.id).count()).toBe(2); // the two avatars above only
  });

  it('refuses oversize and wrong types at grant time with the Turkish texts', async () => {
    const big = await grant(author.token, { purpose: 'audio', contentType: 'audio/mpeg', size: 50 * 1024 * 1024 + 1, name: 'x.mp3' });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('Dosya boyutu çok büyük. Maksimum 50MB dosya yükleyebilirsiniz.');
    const avatar = await grant(member.token, { purpose: 'avatar', contentType: 'image/png', size: 5 * 1024 * 1024 + 1, name: 'x.png' });
    expect(avatar.status).toBe(413);
    expect(avatar.body.message).toBe("Dosya boyutu 5MB'dan büyük olamaz!");
    const pdf = await grant(author.token, { purpose: 'image', contentType: 'application/pdf', size: 100, name: 'x.pdf' });
    expect(pdf.status).toBe(415);
    expect(pdf.body.message).toContain('Desteklenmeyen dosya biçimi.');
    const svg = await grant(author.token, { purpose: 'image', contentType: 'image/svg+xml', size: 100, name: 'x.svg' });
    expect(svg.status).toBe(415);
    const audioAsAvatar = await grant(member.token, { purpose: 'avatar', contentType: 'audio/mpeg', size: 100, name: 'x.mp3' });
    expect(audioAsAvatar.status).toBe(415);
    expect(audioAsAvatar.body.message).toBe('Lütfen geçerli bir resim dosyası seçin!');
    const unknownField = await grant(author.token, { purpose: 'image', contentType: 'image/png', size: 10, name: 'x.png', path: '../x' });
    expect(unknownField.status).toBe(400);
  });

  it('refuses a body over the signed size while streaming, and keeps nothing', async () => {
    const before = storedFiles(server).length;
    const g = await grant(author.token, { purpose: 'image', contentType: 'image/png', size: 100, name: 'x.png' });
    // Sent without Content-Length (a stream), so only the streaming check can stop it.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(PNG.subarray(0, 80));
        controller.enqueue(Buffer.alloc(80));
        controller.close();
      },
    });
    const res = await fetch(g.body.data.url, { method: 'PUT', headers: g.body.data.headers, body, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    const withLength = await put(g.body.data, Buffer.concat([PNG, PNG]));
    expect(withLength.status).toBe(413);
    expect(storedFiles(server).length).toBe(before);
    const fin = await finalize(author.token, g.body.data.uploadId);
    expect(fin.status).toBe(400);
    expect(fin.body.message).toBe('Dosya henüz yüklenmedi. Lütfen dosyayı yükleyip tekrar deneyin.');
  });

  it('refuses a tampered, an expired signature and a wrong Content-Type on PUT', async () => {
    const before = storedFiles(server).length;
    const g = await grant(author.token, { purpose: 'image', contentType: 'image/png', size: PNG.length, name: 'x.png' });
    const url = new URL(g.body.data.url);

    const bigger = new URL(url);
    bigger.searchParams.set('max', String(100 * 1024 * 1024));
    expect((await put(g.body.data, PNG, g.body.data.headers, bigger.toString())).status).toBe(403);

    const otherKey = new URL(url);
    otherKey.searchParams.set('key', 'media/images/evil.png');
    expect((await put(g.body.data, PNG, g.body.data.headers, otherKey.toString())).status).toBe(403);

    const forged = new URL(url);
    forged.searchParams.set('sig', `${url.searchParams.get('sig')!.slice(0, -2)}AA`);
    expect((await put(g.body.data, PNG, g.body.data.headers, forged.toString())).status).toBe(403);

    expect((await put(g.body.data, PNG, { 'Content-Type': 'text/html' })).status).toBe(415);

    server.setNow(new Date(Date.now() + 11 * 60_000));
    try {
      const expired = await put(g.body.data, PNG);
      expect(expired.status).toBe(403);
      const body = (await expired.json()) as { message: string };
      expect(body.message).toContain('süresi dolmuş');
      // Past its expiry with nothing uploaded, finalize closes the upload for good.
      const fin = await finalize(author.token, g.body.data.uploadId);
      expect(fin.status).toBe(400);
      expect(fin.body.message).toBe('Yükleme süresi doldu. Lütfen dosyayı yeniden yükleyin.');
    } finally {
      server.setNow(null as unknown as Date);
    }
    expect(storedFiles(server).length).toBe(before);
    const doc = await server.deps.store.get('uploads', g.body.data.uploadId);
    expect(doc?.status).toBe('rejected');
  });

  it('deletes a file whose bytes are not the declared format (text declared as PNG)', async () => {
    const text = Buffer.from('<script>alert(1)</script> bu bir resim değil', 'utf8');
    const g = await grant(author.token, { purpose: 'image', contentType: 'image/png', size: text.length, name: 'x.png' });
    expect((await put(g.body.data, text)).status).toBe(200);
    const key = new URL(g.body.data.url).searchParams.get('key')!;
    expect(existsSync(join(server.dataDir, 'blobs', key))).toBe(true);

    const fin = await finalize(author.token, g.body.data.uploadId);
    expect(fin.status).toBe(415);
    expect(fin.body.message).toContain('Desteklenmeyen dosya biçimi.');
    expect(existsSync(join(server.dataDir, 'blobs', key))).toBe(false);
    expect(existsSync(join(server.dataDir, 'blobs', `${key}.type`))).toBe(false);
    expect((await server.deps.store.get('uploads', g.body.data.uploadId))?.status).toBe('rejected');
    expect((await fetch(`${server.baseUrl}/files/${key}`)).status).toBe(404);
    await expect(requireReadyUpload(server.deps, g.body.data.uploadId, { user: { id: author.id, email: author.email, role: 'author' } }, 'image')).rejects.toThrow();
    // A rejected upload stays rejected.
    expect((await finalize(author.token, g.body.data.uploadId)).status).toBe(400);
  });

  it('makes narrower WebP and AVIF copies of a large photo, records its real size, and serves them like the original', async () => {
    const jpeg = await photo(1600, 900);
    const g = await grant(author.token, { purpose: 'image', contentType: 'image/jpeg', size: jpeg.length, name: 'pist.jpg' });
    expect((await put(g.body.data, jpeg)).status).toBe(200);
    const key = new URL(g.body.data.url).searchParams.get('key')!;
    const done = await finalize(author.token, g.body.data.uploadId);
    expect(done.status).toBe(200);
    // Finalize answers once the picture is checked; its copies are made after the answer (issue 52 §5).
    expect(done.body.data).toMatchObject({ image: { width: 1600, height: 900, copies: [] }, copiesPending: true });
    const owner = { user: { id: author.id, email: author.email, role: 'author' as const } };
    await expect.poll(async () => (await requireReadyUpload(server.deps, g.body.data.uploadId, owner, 'image')).copiesPending).toBe(false);
    const { image } = (await requireReadyUpload(server.deps, g.body.data.uploadId, owner, 'image')) as { image: { width: number; height: number; copies: { width: number; url: string; format?: 'avif' }[] } };
    expect(image).toMatchObject({ width: 1600, height: 900 });
    expect(image.copies.map((c) => `${c.width} ${c.format ?? 'webp'}`)).toEqual(['480 webp', '720 webp', '1200 webp', '480 avif', '720 avif', '1200 avif']);
    const sizes = new Map<string, number>();
    for (const copy of image.copies) {
      const format = copy.format ?? 'webp';
      expect(copy.url).toBe(`${server.baseUrl}/files/${key.replace(/\.jpg$/, '')}-${copy.width}w.${format}`);
      const served = await fetch(copy.url);
      expect([served.status, served.headers.get('content-type')]).toEqual([200, `image/${format}`]);
      const body = Buffer.from(await served.arrayBuffer());
      // sharp names AVIF's container, HEIF.
      expect(await sharp(body).metadata()).toMatchObject({ format: format === 'avif' ? 'heif' : 'webp', width: copy.width, height: Math.round((900 * copy.width) / 1600) });
      expect(body.length).toBeLessThan(jpeg.length);
      sizes.set(`${copy.width} ${format}`, body.length);
    }
    for (const width of [480, 720, 1200]) expect(sizes.get(`${width} avif`)).toBeLessThan(sizes.get(`${width} webp`)!);
    // Finalizing again changes nothing and answers with the kept file and its copies.
    const again = await finalize(author.token, g.body.data.uploadId);
    expect(again.body.data).toEqual({ ...done.body.data, image, copiesPending: false });
  });

  it('makes the copies a stopped process left pending, once, when the sweep runs', async () => {
    const jpeg = await photo(600, 400);
    const g = await grant(author.token, { purpose: 'image', contentType: 'image/jpeg', size: jpeg.length, name: 'sweep.jpg' });
    expect((await put(g.body.data, jpeg)).status).toBe(200);
    const id = g.body.data.uploadId;
    expect((await finalize(author.token, id)).body.data).toMatchObject({ copiesPending: true });
    const owner = { user: { id: author.id, email: author.email, role: 'author' as const } };
    await expect.poll(async () => (await requireReadyUpload(server.deps, id, owner, 'image')).copiesPending).toBe(false);
    const made = (await requireReadyUpload(server.deps, id, owner, 'image')).image!;
    expect(made.copies.map((c) => c.width)).toEqual([480, 480, 600]);
    // As a process that stopped before making them would have left it, finalized an hour ago.
    await server.deps.store.update('uploads', id, { copiesPending: true, image: { ...made, copies: [] }, finalizedAt: new Date(Date.now() - 3_600_000) });
    expect(await sweepImageCopies(server.deps)).toBe(1);
    expect(await requireReadyUpload(server.deps, id, owner, 'image')).toMatchObject({ copiesPending: false, image: made });
    expect(await sweepImageCopies(server.deps)).toBe(0);
  });

  it('refuses an image whose pixels cannot be read, or that has too many of them, and keeps nothing of it', async () => {
    const cut = (await photo(900, 600)).subarray(0, 2000);
    const g = await grant(author.token, { purpose: 'image', contentType: 'image/jpeg', size: cut.length, name: 'yarim.jpg' });
    expect((await put(g.body.data, cut)).status).toBe(200);
    const fin = await finalize(author.token, g.body.data.uploadId);
    expect([fin.status, fin.body.message]).toEqual([415, 'Görsel okunamadı. Dosya bozuk olabilir; lütfen başka bir görsel seçin.']);
    const key = new URL(g.body.data.url).searchParams.get('key')!;
    expect(storedFiles(server).filter((f) => f.startsWith(key.replace(/\.jpg$/, '')))).toEqual([]);

    // Too small for any copy, and cut short all the same.
    const smallCut = (await photo(200, 150, 'png')).subarray(0, 400);
    const sc = await grant(author.token, { purpose: 'image', contentType: 'image/png', size: smallCut.length, name: 'kucuk.png' });
    expect((await put(sc.body.data, smallCut)).status).toBe(200);
    expect((await finalize(author.token, sc.body.data.uploadId)).status).toBe(415);

    // A few hundred bytes that unpack to 50 million pixels (a decompression bomb).
    const bomb = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer();
    const b = await grant(author.token, { purpose: 'image', contentType: 'image/png', size: bomb.length, name: 'dev.png' });
    expect((await put(b.body.data, bomb)).status).toBe(200);
    const big = await finalize(author.token, b.body.data.uploadId);
    expect([big.status, big.body.message]).toEqual([413, 'Görselin çözünürlüğü çok yüksek. En fazla 40 megapiksel (ör. 7750 × 5160) yükleyebilirsiniz.']);
    expect((await server.deps.store.get('uploads', b.body.data.uploadId))?.status).toBe('rejected');
    const bombKey = new URL(b.body.data.url).searchParams.get('key')!;
    expect(storedFiles(server).filter((f) => f.startsWith(bombKey.replace(/\.png$/, '')))).toEqual([]);
  });

  it('deletes a JPEG declared as PNG and a file shorter than declared', async () => {
    const g = await grant(author.token, { purpose: 'image', contentType: 'image/png', size: JPEG.length, name: 'x.png' });
    expect((await put(g.body.data, JPEG)).status).toBe(200);
    expect((await finalize(author.token, g.body.data.uploadId)).status).toBe(415);

    const s = await grant(author.token, { purpose: 'image', contentType: 'image/png', size: PNG.length + 50, name: 'x.png' });
    expect((await put(s.body.data, PNG)).status).toBe(200);
    const fin = await finalize(author.token, s.body.data.uploadId);
    expect(fin.status).toBe(400);
    expect(fin.body.message).toBe('Yüklenen dosyanın boyutu bildirilen boyutla eşleşmiyor.');
    const key = new URL(s.body.data.url).searchParams.get('key')!;
    expect(existsSync(join(server.dataDir, 'blobs', key))).toBe(false);
  });

  it('lets only the owner finalize', async () => {
    const g = await grant(author.token, { purpose: 'image', contentType: 'image/png', size: PNG.length, name: 'x.png' });
    expect((await put(g.body.data, PNG)).status).toBe(200);
    expect((await finalize(admin.token, g.body.data.uploadId)).status).toBe(403);
    expect((await server.api('POST', `/api/uploads/${g.body.data.uploadId}/finalize`)).status).toBe(401);
    expect((await finalize(author.token, 'no-such-upload')).status).toBe(404);
    expect((await finalize(author.token, g.body.data.uploadId)).status).toBe(200);
  });

  it('never serves sidecars or paths outside the blob folder', async () => {
    expect((await fetch(`${server.baseUrl}/files/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
    const files = storedFiles(server);
    expect(files.length).toBeGreaterThan(0);
    expect((await fetch(`${server.baseUrl}/files/${files[0]}.type`)).status).toBe(404);
  });

  it('purges files PUT but never finalized once their URL is long expired, and leaves kept files alone', async () => {
    const kept = await grant(author.token, { purpose: 'image', contentType: 'image/png', size: PNG.length, name: 'kept.png' });
    expect((await put(kept.body.data, PNG)).status).toBe(200);
    expect((await finalize(author.token, kept.body.data.uploadId)).status).toBe(200);
    const left = await grant(author.token, { purpose: 'image', contentType: 'image/png', size: PNG.length, name: 'left.png' });
    expect((await put(left.body.data, PNG)).status).toBe(200);
    const leftKey = new URL(left.body.data.url).searchParams.get('key')!;
    // A refused file PUT again through its still-valid URL after finalize deleted it.
    const text = Buffer.from('bu bir resim değil');
    const refused = await grant(author.token, { purpose: 'image', contentType: 'image/png', size: text.length, name: 'r.png' });
    expect((await put(refused.body.data, text)).status).toBe(200);
    expect((await finalize(author.token, refused.body.data.uploadId)).status).toBe(415);
    expect((await put(refused.body.data, text)).status).toBe(200);
    const refusedKey = new URL(refused.body.data.url).searchParams.get('key')!;
    expect(existsSync(join(server.dataDir, 'blobs', refusedKey))).toBe(true);
    const keptKey = (await server.deps.store.get('uploads', kept.body.data.uploadId))!.key as string;

    // Within the grace period nothing is touched: a finalize may still be on its way.
    expect(await purgeAbandonedUploads(server.deps)).toBe(0);
    server.setNow(new Date(Date.now() + 3 * 3_600_000));
    try {
      expect(await purgeAbandonedUploads(server.deps)).toBeGreaterThanOrEqual(2);
      // Swept uploads are not picked up again.
      expect(await purgeAbandonedUploads(server.deps)).toBe(0);
    } finally {
      server.setNow(null as unknown as Date);
    }
    expect(existsSync(join(server.dataDir, 'blobs', leftKey))).toBe(false);
    expect((await server.deps.store.get('uploads', left.body.data.uploadId))?.status).toBe('expired');
    expect(existsSync(join(server.dataDir, 'blobs', refusedKey))).toBe(false);
    expect((await server.deps.store.get('uploads', refused.body.data.uploadId))).toMatchObject({ status: 'expired', rejectedReason: 'signature' });
    expect((await finalize(author.token, left.body.data.uploadId)).body.message).toBe('Yükleme süresi doldu. Lütfen dosyayı yeniden yükleyin.');
    expect(existsSync(join(server.dataDir, 'blobs', keptKey))).toBe(true);
    expect((await server.deps.store.get('uploads', kept.body.data.uploadId))?.status).toBe('ready');
  });

  it('limits grants per member per hour with 429 and Retry-After', async () => {
    const busy = await createAccount(server, { role: 'user' });
    for (let i = 0; i < 20; i += 1) {
      expect((await grant(busy.token, { purpose: 'avatar', contentType: 'image/png', size: 100, name: `a${i}.png` })).status).toBe(201);
    }
    const over = await grant(busy.token, { purpose: 'avatar', contentType: 'image/png', size: 100, name: 'a.png' });
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('3600');
    expect(over.body.message).toBe('Çok fazla yükleme isteği gönderdiniz. Lütfen bir süre sonra tekrar deneyin.');
    // An hour later (grants moved back rather than the clock forward: the access token would expire).
    for (const doc of await server.deps.store.collection('uploads').where('ownerId', '==', busy.id).get()) {
      await server.deps.store.update('uploads', doc.id, { createdAt: new Date(Date.now() - 3_700_000) });
    }
    expect((await grant(busy.token, { purpose: 'avatar', contentType: 'image/png', size: 100, name: 'b.png' })).status).toBe(201);
  });
};
