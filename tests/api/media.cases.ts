import { afterAll, beforeAll, describe, expect } from 'vitest';
import { createAccount, type TestAccount } from '../support/accounts.js';
import { startTestServer, type TestServer, type TestStoreKind } from '../support/server.js';
import { PNG_BYTES, photo, uploadFinalized } from '../support/uploads.js';
import { everyCase, type CaseIt } from '../support/cases.js';

export const mediaCases = (store: TestStoreKind = 'sqlite', it: CaseIt = everyCase): void => {
  const PNG = PNG_BYTES;
  const MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(300, 1)]);

  let server: TestServer;
  let author: TestAccount;
  let other: TestAccount;
  let articleId: string;

  const upload = (token: string, purpose: 'image' | 'audio', bytes: Buffer, contentType: string, name: string) => uploadFinalized(server, token, purpose, bytes, contentType, name);

  beforeAll(async () => {
    server = await startTestServer({ store });
    author = await createAccount(server, { role: 'author' });
    other = await createAccount(server, { role: 'author' });
    const created = await server.api('POST', '/api/articles', {
      token: author.token,
      body: { title: 'Medya testi', authorId: author.id, excerpt: 'Özet', content: '<p>Bir makale gövdesi burada.</p>' },
    });
    articleId = created.body.data.id;
  });
  afterAll(() => server.close());

  describe('article media', () => {
    it('attaches a finalized image upload as the featured image with its real size and narrower copies', async () => {
      const uploadId = await upload(author.token, 'image', await photo(1000, 750), 'image/jpeg', 'pist.jpg');
      const r = await server.api('POST', `/api/media/articles/${articleId}/media/image`, { token: author.token, body: { uploadId, alt: 'Pist' } });
      expect(r.status).toBe(200);
      expect(r.body.data.media.featuredImage).toMatchObject({ alt: 'Pist', filename: 'pist.jpg', width: 1000, height: 750 });
      // The copies are made after the upload's answer; the article attached before they existed gets them.
      const stored = async () => ((await server.deps.store.get('articles', articleId)) as { media: { featuredImage: { url: string; copies: unknown[] } } }).media.featuredImage;
      await expect.poll(async () => (await stored()).copies.length).toBe(5);
      const image = await stored();
      expect(image.url).toMatch(/\/files\/media\/images\/.+\.jpg$/);
      // WebP below its width (the original serves its own); AVIF up to and at its width.
      expect(image.copies).toEqual([
        ...[480, 720].map((width) => ({ width, url: image.url.replace(/\.jpg$/, `-${width}w.webp`) })),
        ...[480, 720, 1000].map((width) => ({ width, url: image.url.replace(/\.jpg$/, `-${width}w.avif`), format: 'avif' })),
      ]);

      // Readers get them too, on the card and on the article, to build the srcset from.
      await server.deps.store.update('articles', articleId, { status: 'published', publishedAt: new Date() });
      const card = (await server.api('GET', '/api/articles?limit=50')).body.data.find((a: { id: string }) => a.id === articleId);
      expect(card.featuredImage).toEqual({ url: image.url, alt: 'Pist', width: 1000, height: 750, copies: image.copies });
    });

    it('records a small image\'s real size too; narrower than every copy, it gets none', async () => {
      const uploadId = await upload(author.token, 'image', PNG, 'image/png', 'kucuk.png');
      const r = await server.api('POST', `/api/media/articles/${articleId}/media/image`, { token: author.token, body: { uploadId, alt: '' } });
      expect(r.body.data.media.featuredImage).toMatchObject({ filename: 'kucuk.png', width: 40, height: 30, copies: [] });
    });

    it('refuses an upload of the wrong purpose, someone else\'s upload, and another author\'s article', async () => {
      const audioId = await upload(author.token, 'audio', MP3, 'audio/mpeg', 'yorum.mp3');
      const wrong = await server.api('POST', `/api/media/articles/${articleId}/media/image`, { token: author.token, body: { uploadId: audioId, alt: '' } });
      expect([wrong.status, wrong.body.message]).toEqual([400, 'Yüklenen dosya bu alan için kullanılamaz.']);
      const theirs = await upload(other.token, 'image', PNG, 'image/png', 'baska.png');
      expect((await server.api('POST', `/api/media/articles/${articleId}/media/image`, { token: author.token, body: { uploadId: theirs } })).status).toBe(400);
      const foreign = await server.api('POST', `/api/media/articles/${articleId}/media/image`, { token: other.token, body: { uploadId: theirs } });
      expect([foreign.status, foreign.body.message]).toEqual([403, 'Bu makaleyi düzenleme yetkiniz bulunmamaktadır.']);
    });

    it('attaches audio with title and artist, and one YouTube video; bad links are refused', async () => {
      const uploadId = await upload(author.token, 'audio', MP3, 'audio/mpeg', 'analiz.mp3');
      const a = await server.api('POST', `/api/media/articles/${articleId}/media/audio`, { token: author.token, body: { uploadId, title: 'Koşu analizi', artist: 'Kadir' } });
      expect(a.body.data.media.audio).toEqual([expect.objectContaining({ title: 'Koşu analizi', artist: 'Kadir', mimeType: 'audio/mpeg', size: MP3.length })]);
      const bad = await server.api('POST', `/api/media/articles/${articleId}/media/youtube`, { token: author.token, body: { url: 'https://vimeo.com/1234', title: 'x' } });
      expect([bad.status, bad.body.message]).toEqual([400, 'Geçerli bir YouTube bağlantısı girin.']);
      const y = await server.api('POST', `/api/media/articles/${articleId}/media/youtube`, { token: author.token, body: { url: 'https://youtu.be/dQw4w9WgXcQ', title: 'Tur' } });
      expect(y.body.data.media.videos).toEqual([expect.objectContaining({ platform: 'youtube', videoId: 'dQw4w9WgXcQ', embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' })]);
      const removed = await server.api('DELETE', `/api/media/articles/${articleId}/media/youtube`, { token: author.token });
      expect(removed.body.data.media.videos).toEqual([]);
    });
  });
};
