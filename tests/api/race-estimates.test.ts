import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { exportPayload, MORNING, seedArticle, seedCard } from './race-estimates.fixtures.js';

const MP3 = Buffer.concat([Buffer.from('ID3\u0004\u0000', 'latin1'), Buffer.alloc(4000, 3)]);

describe('race estimates API (spec 002 §7)', () => {
  let server: TestServer;
  let admin: TestAccount;
  let author: TestAccount;
  let otherAuthor: TestAccount;
  let member: TestAccount;
  let articleId: string;

  beforeAll(async () => {
    server = await startTestServer({ now: MORNING });
    admin = await createAccount(server, { role: 'admin' });
    author = await createAccount(server, { role: 'author' });
    otherAuthor = await createAccount(server, { role: 'author' });
    member = await createAccount(server);
    await seedCard(server.deps);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    server.setNow(MORNING);
    articleId = await seedArticle(server.deps, author.id);
  });

  const path = (id = articleId) => `/api/articles/${id}/race-estimates`;
  const create = (token: string, body: unknown = exportPayload([[1, 2], [3], [4, 5, 6], [1], [2, 8], [7]]), id = articleId) =>
    server.api('POST', path(id), { token, body });

  it('answers the health check', async () => {
    const res = await server.api('GET', '/api/race-estimate/health-check');
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('ok');
  });

  it('creates an estimate from the export payload, rebuilt from the programme, with lock time and hash', async () => {
    const res = await create(author.token);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Yarış tahmini makaleye eklendi.');
    const e = res.body.data.raceEstimate;
    expect(e._id).toBe(e.id);
    expect(e).toMatchObject({
      articleId,
      authorId: author.id,
      isActive: true,
      title: 'İstanbul 22.11.2026 Yarış Tahmini',
      exportInfo: { exportType: 'admin-selection', version: '1.0', totalSelections: 10, location: 'İstanbul', raceFilter: 'first6' },
      raceData: { location: 'İstanbul', date: '2026-11-22', hipodrom: 'İstanbul Veliefendi Hipodromu', weatherCondition: 'Bulutlu', temperature: 14, totalRaces: 6 },
      audio: null,
      video: null,
      settlement: null,
    });
    expect(new Date(e.lockAt).toISOString()).toBe('2026-11-22T11:00:00.000Z');
    expect(e.selectionsHash).toMatch(/^[0-9a-f]{64}$/);
    expect(e.races[2]).toMatchObject({ id: 'r903', raceNumber: 3, title: '3. Koşu - Handikap 15', startTime: '15:00', distance: 1700, surface: 'Çim', totalHorses: 8 });
    expect(e.races[2].selectedHorses).toEqual([
      { number: 4, name: 'AT 3-4', horseId: 'h304' },
      { number: 5, name: 'AT 3-5', horseId: 'h305' },
      { number: 6, name: 'AT 3-6', horseId: 'h306' },
    ]);
    expect(e.statistics).toMatchObject({ totalRaces: 6, racesWithSelections: 6, averageSelectionsPerRace: 1.67 });
    expect(e.statistics.raceDistribution[0]).toEqual({ raceNumber: 1, title: '1. Koşu - Maiden', totalHorses: 8, selectedHorses: 2, selectionPercentage: 25 });

    const article = await server.deps.store.get('articles', articleId);
    expect(article?.hasRaceEstimate).toBe(true);
    const audit = await server.deps.store.collection('auditLog').where('entity.id', '==', e.id).get();
    expect(audit.map((a) => a.action)).toEqual(['estimate.create']);

    const pub = await server.api('GET', path());
    expect(pub.status).toBe(200);
    expect(pub.body.data.map((x: { id: string }) => x.id)).toEqual([e.id]);
  });

  it('refuses bad input with Turkish messages and stores nothing', async () => {
    const cases: [unknown, number, string][] = [
      [exportPayload([[], []]), 400, 'Lütfen en az bir at seçin.'],
      [{ ...exportPayload([[1]]), races: [] }, 400, 'Lütfen en az bir at seçin.'],
      [exportPayload([[9]]), 400, '1. koşuda 9 numaralı at yok.'],
      [exportPayload([[2, 2]]), 400, '1. koşuda 2 numaralı at iki kez seçilmiş.'],
      [{ ...exportPayload([[1]]), races: [{ id: 'r999999', selectedHorses: [{ number: 1 }] }] }, 400, 'Koşu bulunamadı: r999999'],
      [{ ...exportPayload([[1]]), races: [{ id: 'r901', selectedHorses: [{ number: 1 }] }, { id: 'r901', selectedHorses: [{ number: 2 }] }] }, 400, 'Aynı koşu tahminde iki kez yer alamaz.'],
      [{ ...exportPayload([[1]]), hacker: true }, 400, 'Bilinmeyen alan: hacker'],
      [{ ...exportPayload([[1]]), exportInfo: { exportType: 'other', version: '1.0' } }, 400, 'Geçersiz dışa aktarma türü.'],
      [{ ...exportPayload([[1]]), exportInfo: { exportType: 'admin-selection', version: '2.0' } }, 400, 'Desteklenmeyen tahmin sürümü.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await create(author.token, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.body.message).toBe(message);
    }
    expect(await server.deps.store.collection('raceEstimates').where('articleId', '==', articleId).count()).toBe(0);
    expect((await server.deps.store.get('articles', articleId))?.hasRaceEstimate).toBe(false);
  });

  it('allows only published estimation articles, and only staff; authors only on their own', async () => {
    const news = await seedArticle(server.deps, author.id, { category: 'news' });
    const draft = await seedArticle(server.deps, author.id, { status: 'draft' });
    expect((await create(author.token, undefined, news)).body.message).toBe('Tahmin yalnızca yayımlanmış tahmin makalelerine eklenebilir.');
    expect((await create(author.token, undefined, draft)).status).toBe(400);
    expect((await create(author.token, undefined, 'missing-article')).status).toBe(404);
    expect((await server.api('POST', path(), { body: exportPayload([[1]]) })).status).toBe(401);
    expect((await create(member.token)).status).toBe(403);
    const foreign = await create(otherAuthor.token);
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe('Bu makaleye tahmin ekleme izniniz yok');
    expect((await create(admin.token)).status).toBe(201);
  });

  it('updates title and description; authors only their own articles, with the spec messages', async () => {
    const id = (await create(author.token)).body.data.raceEstimate.id;
    const res = await server.api('PUT', `${path()}/${id}`, { token: author.token, body: { title: 'Yeni başlık', description: 'Banko 4. koşu', isActive: false } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Yarış tahmini güncellendi.');
    expect(res.body.data.raceEstimate).toMatchObject({ title: 'Yeni başlık', description: 'Banko 4. koşu', isActive: false });

    const foreign = await server.api('PUT', `${path()}/${id}`, { token: otherAuthor.token, body: { title: 'Başkasının' } });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe('Bu tahmini güncelleme izniniz yok');
    const horses = await server.api('PUT', `${path()}/${id}`, { token: otherAuthor.token, body: { races: exportPayload([[1]]).races } });
    expect(horses.status).toBe(403);
    expect(horses.body.message).toBe('At seçimlerini güncelleme izniniz yok');
    expect((await server.api('PUT', `${path()}/${id}`, { token: member.token, body: { title: 'x' } })).status).toBe(403);
    expect((await server.api('PUT', `${path()}/nope`, { token: admin.token, body: { title: 'x' } })).body.message).toBe('Yarış tahmini bulunamadı.');
    expect((await server.api('PUT', `${path()}/${id}`, { token: admin.token, body: { title: '' } })).body.message).toBe('Başlık boş olamaz.');
    expect((await server.deps.store.get('raceEstimates', id))?.title).toBe('Yeni başlık');

    // Another article's id in the path does not reach this estimate.
    const other = await seedArticle(server.deps, author.id);
    expect((await server.api('PUT', `${path(other)}/${id}`, { token: admin.token, body: { title: 'x' } })).status).toBe(404);
  });

  it('adds and removes a video (YouTube, Vimeo, any http link), one at a time', async () => {
    const id = (await create(author.token)).body.data.raceEstimate.id;
    const video = (body: unknown, token = author.token) => server.api('POST', `${path()}/${id}/video`, { token, body });
    expect((await video({})).body.message).toBe('Video URL gerekli');
    expect((await video({ url: '  ' })).body.message).toBe('Video URL gerekli');
    expect((await video({ url: 'javascript:alert(1)' })).body.message).toBe("Geçerli bir video URL'si girin");
    expect((await video({ url: 'ftp://example.com/a.mp4' })).body.message).toBe("Geçerli bir video URL'si girin");
    expect((await video({ url: 'https://youtu.be/dQw4w9WgXcQ' }, otherAuthor.token)).status).toBe(403);

    const yt = await video({ url: 'https://youtu.be/dQw4w9WgXcQ', title: 'Analiz' });
    expect(yt.status).toBe(200);
    expect(yt.body.data.raceEstimate.video).toMatchObject({ platform: 'youtube', title: 'Analiz', embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' });
    const again = await video({ url: 'https://vimeo.com/123456789' });
    expect(again.status).toBe(409);
    expect((await server.api('DELETE', `${path()}/${id}/video`, { token: author.token })).body.message).toBe('Video kaldırıldı.');
    expect((await server.api('DELETE', `${path()}/${id}/video`, { token: author.token })).status).toBe(404);
    const vimeo = await video({ url: 'https://vimeo.com/123456789' });
    expect(vimeo.body.data.raceEstimate.video).toMatchObject({ platform: 'vimeo', embedUrl: 'https://player.vimeo.com/video/123456789' });
    await server.api('DELETE', `${path()}/${id}/video`, { token: author.token });
    const other = await video({ url: 'https://example.com/yaris.mp4' });
    expect(other.body.data.raceEstimate.video).toMatchObject({ platform: 'other', url: 'https://example.com/yaris.mp4', embedUrl: null });
  });

  it('attaches audio through the signed upload flow, only when none exists', async () => {
    const id = (await create(author.token)).body.data.raceEstimate.id;
    const grant = await server.api('POST', '/api/uploads', { token: author.token, body: { purpose: 'audio', contentType: 'audio/mpeg', size: MP3.length, name: 'analiz.mp3' } });
    expect(grant.status).toBe(201);
    const g = grant.body.data;
    expect((await fetch(g.url, { method: 'PUT', headers: g.headers, body: new Uint8Array(MP3) })).status).toBe(200);
    expect((await server.api('POST', `/api/uploads/${g.uploadId}/finalize`, { token: author.token })).status).toBe(200);

    expect((await server.api('POST', `${path()}/${id}/audio`, { token: author.token, body: {} })).body.message).toBe('Lütfen bir dosya seçin');
    expect((await server.api('POST', `${path()}/${id}/audio`, { token: author.token, body: { uploadId: 'not-an-upload' } })).status).toBe(400);
    // Someone else's upload cannot be attached.
    expect((await server.api('POST', `${path()}/${id}/audio`, { token: admin.token, body: { uploadId: g.uploadId } })).status).toBe(400);

    const res = await server.api('POST', `${path()}/${id}/audio`, { token: author.token, body: { uploadId: g.uploadId, title: 'Sesli analiz' } });
    expect(res.status).toBe(200);
    expect(res.body.data.raceEstimate.audio).toMatchObject({ title: 'Sesli analiz', originalName: 'analiz.mp3', mimeType: 'audio/mpeg', size: MP3.length });
    const second = await server.api('POST', `${path()}/${id}/audio`, { token: author.token, body: { uploadId: g.uploadId } });
    expect(second.status).toBe(409);
    expect(second.body.message).toContain('zaten bir ses kaydı var');
    expect((await server.api('DELETE', `${path()}/${id}/audio`, { token: otherAuthor.token })).status).toBe(403);
    expect((await server.api('DELETE', `${path()}/${id}/audio`, { token: author.token })).body.data.raceEstimate.audio).toBeNull();
  });

  it('deletes one and all estimates; the article loses its estimate flag with the last one', async () => {
    const a = (await create(author.token)).body.data.raceEstimate.id;
    // One coupon per published article (issue 49): a second is refused while the first stands.
    const second = await create(author.token, exportPayload([[1]]));
    expect(second.status).toBe(409);
    expect(second.body.message).toContain('Bu makalenin zaten bir kuponu var');
    expect((await server.api('DELETE', `${path()}/${a}`, { token: otherAuthor.token })).status).toBe(403);
    const res = await server.api('DELETE', `${path()}/${a}`, { token: author.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Tahmin başarıyla silindi!');
    expect((await server.deps.store.get('articles', articleId))?.hasRaceEstimate).toBe(false);
    expect((await server.api('DELETE', `${path()}/${a}`, { token: author.token })).status).toBe(404);
    // Deleted before its lock, the coupon never counted: the article may take a new one.
    const b = (await create(author.token, exportPayload([[1]]))).body.data.raceEstimate.id;
    expect((await server.deps.store.get('articles', articleId))?.hasRaceEstimate).toBe(true);
    expect((await server.api('DELETE', path(), { token: member.token })).status).toBe(403);
    const all = await server.api('DELETE', path(), { token: admin.token });
    expect(all.body.data.deleted).toBe(1);
    expect(await server.deps.store.get('raceEstimates', b)).toBeNull();
    expect((await server.deps.store.get('articles', articleId))?.hasRaceEstimate).toBe(false);
    expect((await server.api('DELETE', path(), { token: admin.token })).status).toBe(404);
  });

  it('lists estimates for the management tab with filters; authors see their own', async () => {
    const mine = (await create(author.token)).body.data.raceEstimate.id;
    const otherArticle = await seedArticle(server.deps, otherAuthor.id);
    const theirs = (await create(otherAuthor.token, undefined, otherArticle)).body.data.raceEstimate.id;

    const asAdmin = await server.api('GET', '/api/race-estimate/all?limit=100', { token: admin.token });
    const adminIds = asAdmin.body.data.raceEstimates.map((e: { id: string }) => e.id);
    expect(adminIds).toEqual(expect.arrayContaining([mine, theirs]));
    expect(asAdmin.body.data.raceEstimates.find((e: { id: string }) => e.id === mine).article).toMatchObject({ id: articleId, title: 'Veliefendi altılı tahmini' });

    const asAuthor = await server.api('GET', '/api/race-estimate/all?limit=100', { token: author.token });
    const authorIds = asAuthor.body.data.raceEstimates.map((e: { id: string }) => e.id);
    expect(authorIds).toContain(mine);
    expect(authorIds).not.toContain(theirs);

    const byArticle = await server.api('GET', `/api/race-estimate/all?articleId=${otherArticle}`, { token: admin.token });
    expect(byArticle.body.data.raceEstimates.map((e: { id: string }) => e.id)).toEqual([theirs]);
    const today = await server.api('GET', '/api/race-estimate/all?estimateDate=2026-11-22&articleDate=2026-11-22&limit=100', { token: admin.token });
    expect(today.body.pagination.total).toBeGreaterThanOrEqual(2);
    const otherDay = await server.api('GET', '/api/race-estimate/all?estimateDate=2026-11-21', { token: admin.token });
    expect(otherDay.body.pagination.total).toBe(0);
    const otherArticleDay = await server.api('GET', '/api/race-estimate/all?articleDate=2026-11-23', { token: admin.token });
    expect(otherArticleDay.body.pagination.total).toBe(0);

    expect((await server.api('GET', '/api/race-estimate/all?estimateDate=22.11.2026', { token: admin.token })).body.message).toBe('Tarih YYYY-AA-GG biçiminde olmalıdır.');
    expect((await server.api('GET', '/api/race-estimate/all', { token: member.token })).status).toBe(403);
    expect((await server.api('GET', '/api/race-estimate/all')).status).toBe(401);
  });

  it('lists published estimation articles for the picker (limit 50 by default, at most 100)', async () => {
    await seedArticle(server.deps, author.id, { category: 'news' });
    await seedArticle(server.deps, author.id, { status: 'draft' });
    const asAuthor = await server.api('GET', '/api/race-estimate/articles?category=estimation&status=published&limit=50', { token: author.token });
    expect(asAuthor.status).toBe(200);
    expect(asAuthor.body.pagination.limit).toBe(50);
    expect(asAuthor.body.data.length).toBeGreaterThan(0);
    for (const a of asAuthor.body.data) expect(a).toMatchObject({ authorId: author.id, category: 'estimation', status: 'published' });
    const asAdmin = await server.api('GET', '/api/race-estimate/articles', { token: admin.token });
    expect(asAdmin.body.pagination.total).toBeGreaterThan(asAuthor.body.pagination.total - 1);
    expect((await server.api('GET', '/api/race-estimate/articles?limit=101', { token: admin.token })).status).toBe(400);
    expect((await server.api('GET', '/api/race-estimate/articles?category=news', { token: admin.token })).status).toBe(400);
    expect((await server.api('GET', '/api/race-estimate/articles', { token: member.token })).status).toBe(403);
  });
});
