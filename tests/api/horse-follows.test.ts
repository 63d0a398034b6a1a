import { describe, expect, it } from 'vitest';
import { importRaceFiles } from '../../functions/src/jobs/import-races.js';
import { createAccount } from '../support/accounts.js';
import { raceFixture as fixture, useFreshRaceServer } from '../support/race-files.js';

// 10:45 in Istanbul on the fixture day: both İstanbul races are still to come. Each test has a
// server of its own (the programme imported, no results, the clock at 10:45) and its own members.
const server = useFreshRaceServer(new Date('2026-11-14T07:45:00Z'), 'programme-good.json');

const mailsTo = async (to: string) => (await server.deps.store.collection('mail').where('to', '==', to).get()).map((m) => (m.message as { subject: string; text: string }));

describe('horse tracker API', () => {
  it('follows and unfollows a horse; following twice keeps one entry', async () => {
    const member = await createAccount(server);
    const first = await server.api('POST', '/api/horses/h50002/follow', { token: member.token });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ success: true, message: 'At takip listenize eklendi.', data: { following: true, count: 1, limit: 100 } });
    const again = await server.api('POST', '/api/horses/h50002/follow', { token: member.token });
    expect(again.status).toBe(200);
    expect(again.body.data.count).toBe(1);

    const list = await server.api('GET', '/api/users/followed-horses', { token: member.token });
    expect(list.status).toBe(200);
    expect(list.body.data.horses).toEqual([
      {
        horseId: 'h50002',
        name: 'ŞAHİNBEY',
        followedAt: '2026-11-14T07:45:00.000Z',
        nextRace: { raceId: 'r700101', date: '2026-11-14', time: '13:30', hippodrome: 'İstanbul Veliefendi Hipodromu', number: 1, distance: 1200, surface: 'Kum' },
        lastResult: null,
      },
    ]);

    const off = await server.api('DELETE', '/api/horses/h50002/follow', { token: member.token });
    expect(off.body).toMatchObject({ message: 'At takip listenizden çıkarıldı.', data: { following: false, count: 0 } });
    expect((await server.api('GET', '/api/users/followed-horses', { token: member.token })).body.data.horses).toEqual([]);
  });

  it('refuses visitors, staff, malformed and unknown horses', async () => {
    const member = await createAccount(server);
    expect((await server.api('POST', '/api/horses/h50002/follow')).status).toBe(401);
    const staff = await createAccount(server, { role: 'author' });
    expect((await server.api('POST', '/api/horses/h50002/follow', { token: staff.token })).status).toBe(403);
    const bad = await server.api('POST', '/api/horses/abc/follow', { token: member.token });
    expect(bad.status).toBe(400);
    const unknown = await server.api('POST', '/api/horses/h999999/follow', { token: member.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('At bulunamadı');
    expect(await server.deps.store.collection('horseFollows').where('userId', '==', member.id).count()).toBe(0);
  });

  it('stops at 100 horses with a Turkish message, and the follows are in the data download', async () => {
    const limited = await createAccount(server);
    const template = (await server.deps.store.get('horses', 'h50001'))!;
    const { id: _id, ...horse } = template;
    for (let i = 0; i < 101; i += 1) await server.deps.store.set('horses', `h9${String(i).padStart(4, '0')}`, { ...horse, tjkId: `9${String(i).padStart(4, '0')}` });
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => server.api('POST', `/api/horses/h9${String(i).padStart(4, '0')}/follow`, { token: limited.token })));
    expect(results.every((r) => r.status === 201)).toBe(true);
    const over = await server.api('POST', '/api/horses/h90100/follow', { token: limited.token });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe('En fazla 100 at takip edebilirsiniz. Yeni bir at eklemek için listenizden bir atı çıkarın.');
    expect(await server.deps.store.collection('horseFollows').where('userId', '==', limited.id).count()).toBe(100);
    // Already followed: still fine at the limit.
    expect((await server.api('POST', '/api/horses/h90000/follow', { token: limited.token })).status).toBe(200);
    // Making room lets the next one in.
    await server.api('DELETE', '/api/horses/h90000/follow', { token: limited.token });
    expect((await server.api('POST', '/api/horses/h90100/follow', { token: limited.token })).status).toBe(201);

    const exported = await server.api('GET', '/api/auth/me/export', { token: limited.token });
    expect(exported.status).toBe(200);
    expect(exported.body.data.followedHorses).toHaveLength(100);
    expect(exported.body.data.followedHorses[0]).toEqual({ horseId: expect.stringMatching(/^h9\d{4}$/), horseName: 'GÜLBATUR', followedAt: expect.any(String) });
  });

  it('sends one notice per horse per race when declared and when its result is in, however often the import runs', async () => {
    const fan = await createAccount(server);
    expect((await server.api('POST', '/api/horses/h50001/follow', { token: fan.token })).status).toBe(201);
    expect(await mailsTo(fan.email)).toEqual([]);

    // GÜLBATUR runs in İstanbul's races 1 and 2: two declarations.
    for (let run = 0; run < 3; run += 1) await importRaceFiles(server.deps, [fixture('programme-good.json')]);
    let mails = await mailsTo(fan.email);
    expect(mails.map((m) => m.subject).sort()).toEqual(['GÜLBATUR koşuya yazıldı', 'GÜLBATUR koşuya yazıldı']);
    expect(mails.map((m) => m.text).join('\n')).toContain('14.11.2026 13:30 saatinde İstanbul Veliefendi Hipodromu 1. koşuda 1 numarayla koşacak.');
    expect(mails[0]!.text).toContain('/takip-ettigim-atlar');

    // Evening: the results arrive (twice); one result notice per race.
    server.setNow(new Date('2026-11-14T17:00:00Z'));
    for (let run = 0; run < 2; run += 1) await importRaceFiles(server.deps, [fixture('results-good.json')]);
    mails = await mailsTo(fan.email);
    expect(mails).toHaveLength(4);
    const results = mails.filter((m) => m.subject.includes('sonucu')).map((m) => m.text);
    expect(results.join('\n')).toContain('İstanbul Veliefendi Hipodromu 1. koşuda 2. oldu (derece 1.12.80).');
    expect(results.join('\n')).toContain('İstanbul Veliefendi Hipodromu 2. koşuda 1. oldu (derece 1.14.02).');

    // A programme import after the races were run declares nothing new.
    await importRaceFiles(server.deps, [fixture('programme-good.json')]);
    expect(await mailsTo(fan.email)).toHaveLength(4);

    // The list now shows the last result (back at the morning clock, where the member's token is valid).
    server.setNow(new Date('2026-11-14T07:45:00Z'));
    const list = (await server.api('GET', '/api/users/followed-horses', { token: fan.token })).body.data.horses;
    expect(list[0]).toMatchObject({ horseId: 'h50001', nextRace: null, lastResult: { raceId: 'r700102', finishPos: 1, raceNumber: 2 } });
  });

  it("follows the notification preferences: mail unless turned off, SMS only to a VIP's verified mobile when chosen, each once", async () => {
    const now = server.deps.now();
    const vip = { status: 'active' as const, startDate: now, endDate: new Date(now.getTime() + 30 * 86_400_000), durationDays: 30 };
    const smsFan = await createAccount(server, { vip, fields: { phone: '0532 123 45 67', phoneVerification: { number: '+905321234567', verifiedAt: now } } });
    const quiet = await createAccount(server);
    const noPhone = await createAccount(server, { vip, fields: { phone: '0532 111 22 33', phoneVerification: { number: '+905321112233', verifiedAt: now } } });
    // Issue 52 §3: two free members who typed the same number and chose SMS (stored as older
    // versions allowed) get their mail, never an SMS: the number is neither theirs nor a VIP's.
    const freeA = await createAccount(server, { fields: { phone: '0533 765 43 21' } });
    const freeB = await createAccount(server, { fields: { phone: '+905337654321', phoneVerification: { number: '+905337654321', verifiedAt: now } } });
    for (const fan of [smsFan, quiet, noPhone, freeA, freeB]) expect((await server.api('POST', '/api/horses/h50003/follow', { token: fan.token })).status).toBe(201);
    for (const free of [freeA, freeB]) {
      await server.deps.store.set('notificationPreferences', free.id, { userId: free.id, email: { estimates: 'off', results: false, horses: true }, sms: { estimates: 'off', results: false, horses: true }, subscribed: [], updatedAt: now });
    }
    const prefs = (horses: { email: boolean; sms: boolean }) => ({ email: { estimates: 'off', results: false, horses: horses.email }, sms: { estimates: 'off', results: false, horses: horses.sms } });
    expect((await server.api('PUT', '/api/users/notification-preferences', { token: smsFan.token, body: prefs({ email: true, sms: true }) })).status).toBe(200);
    expect((await server.api('PUT', '/api/users/notification-preferences', { token: quiet.token, body: prefs({ email: false, sms: false }) })).status).toBe(200);
    expect((await server.api('PUT', '/api/users/notification-preferences', { token: noPhone.token, body: prefs({ email: false, sms: true }) })).status).toBe(200);
    // The number is removed after SMS was chosen: no channel is left, so nothing goes out.
    await server.deps.store.update('users', noPhone.id, { phone: null });

    const smsTo = async (to: string) => (await server.deps.store.collection('messages').where('to', '==', to).get()).map((m) => String(m.body));
    // İNCİ KIZ (h50003) is declared once (İstanbul 1); three imports, one notice per channel.
    for (let run = 0; run < 3; run += 1) await importRaceFiles(server.deps, [fixture('programme-good.json')]);
    expect((await mailsTo(smsFan.email)).map((m) => m.subject)).toEqual(['İNCİ KIZ koşuya yazıldı']);
    const texts = await smsTo('+905321234567');
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/^Ganyan: İNCİ KIZ 14\.11 13:30 İstanbul 1\. koşuda/);
    expect(texts[0]!.length).toBeLessThanOrEqual(70);
    expect(await mailsTo(quiet.email)).toEqual([]);
    expect(await mailsTo(noPhone.email)).toEqual([]);
    expect(await smsTo('+905337654321')).toEqual([]);
    for (const free of [freeA, freeB]) expect((await mailsTo(free.email)).map((m) => m.subject)).toEqual(['İNCİ KIZ koşuya yazıldı']);
    const notices = await server.deps.store.collection('horseFollowNotices').where('horseId', '==', 'h50003').get();
    expect(notices.map((n) => [n.userId, n.status, n.channels]).sort()).toEqual(
      [
        [smsFan.id, 'sent', ['email', 'sms']],
        [freeA.id, 'sent', ['email']],
        [freeB.id, 'sent', ['email']],
      ].sort(),
    );

    // SMS alone without a valid mobile cannot be chosen at all.
    const refused = await server.api('PUT', '/api/users/notification-preferences', { token: noPhone.token, body: prefs({ email: false, sms: true }) });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('SMS bildirimleri için profilinizde geçerli bir Türkiye cep telefonu numarası olmalı.');

    // The result comes in the evening: mail and SMS again, once.
    server.setNow(new Date('2026-11-14T17:00:00Z'));
    for (let run = 0; run < 2; run += 1) await importRaceFiles(server.deps, [fixture('results-good.json')]);
    expect(await mailsTo(smsFan.email)).toHaveLength(2);
    const after = await smsTo('+905321234567');
    expect(after).toHaveLength(2);
    expect(after.find((t) => t !== texts[0])).toMatch(/^Ganyan: İNCİ KIZ İstanbul 1\. koşuda/);
    expect(await mailsTo(quiet.email)).toEqual([]);
  });
});
