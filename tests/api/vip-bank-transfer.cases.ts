import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { signAccessToken } from '../../functions/src/domain/identity/access-token.js';
import { findReferenceCodes, randomReferenceCode, REFERENCE_CODE_PATTERN, reserveReferenceCode } from '../../functions/src/domain/membership/bank-transfer/reference-code.js';
import { parseStatement, parseTurkishAmount } from '../../functions/src/domain/membership/bank-transfer/statement-parse.js';
import { runVipRequestExpiry } from '../../functions/src/jobs/vip-expiry.js';
import { createAccount, type TestAccount } from '../support/accounts.js';
import { startTestServer, type TestServer, type TestStoreKind } from '../support/server.js';
import { everyCase, type CaseIt } from '../support/cases.js';

const BASE = new Date('2026-11-22T09:00:00Z');
const HOUR = 3_600_000;
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), Buffer.alloc(500, 32)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);

/** Windows-1254 bytes of a text (the Turkish letters differ from Latin-1 at six places). */
function cp1254(text: string): Buffer {
  const map: Record<string, number> = { Ğ: 0xd0, ğ: 0xf0, İ: 0xdd, ı: 0xfd, Ş: 0xde, ş: 0xfe };
  return Buffer.from([...text].map((ch) => map[ch] ?? ch.charCodeAt(0)));
}

export const VIP_BANK_TRANSFER_CASES = 'VIP bank transfer: reference, receipt, expiry, statements';

export const vipBankTransferCases = (store: TestStoreKind = 'sqlite', it: CaseIt = everyCase): void => {
  let server: TestServer;
  let admin: TestAccount;
  const subjects = async (to: string) => (await server.deps.store.collection('mail').where('to', '==', to).get()).map((m) => (m.message as { subject: string }).subject);
  const audit = async (action: string) => (await server.deps.store.collection('auditLog').where('action', '==', action).get()).length;

  beforeAll(async () => {
    server = await startTestServer({ now: BASE, store });
    admin = await createAccount(server, { role: 'admin' });
    await server.deps.store.set('vipPackages', 'p30', { name: 'Aylık', price: 1250, durationDays: 30, description: 'x', sortOrder: 1, isActive: true, createdAt: BASE, updatedAt: BASE });
    await server.deps.store.set('vipPackages', 'p90', { name: 'Üç Aylık', price: 3000, durationDays: 90, description: 'x', sortOrder: 2, isActive: true, createdAt: BASE, updatedAt: BASE });
  });
  afterAll(() => server.close());

  async function file(member: TestAccount, packageId = 'p30') {
    const res = await server.api('POST', '/api/users/request-vip', { token: member.token, body: { packageId } });
    expect(res.status).toBe(201);
    return res.body.data as { id: string; referenceCode: string; amount: number; requestedDays: number };
  }

  async function statement(csv: string | Buffer, fileName = 'ekstre.csv') {
    const body = typeof csv === 'string' ? { fileName, csv } : { fileName, contentBase64: csv.toString('base64') };
    return server.api('POST', '/api/users/admin/vip-statements', { token: admin.token, body });
  }

  it('gives each request a unique code from the unambiguous alphabet, and freezes price and days', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 6; i += 1) {
      const member = await createAccount(server);
      const req = await file(member);
      expect(req.referenceCode).toMatch(REFERENCE_CODE_PATTERN);
      expect(req.referenceCode.slice(4)).not.toMatch(/[01OIl]/);
      expect(req).toMatchObject({ amount: 1250, requestedDays: 30 });
      codes.add(req.referenceCode);
    }
    expect(codes.size).toBe(6);
    for (let i = 0; i < 2000; i += 1) expect(randomReferenceCode()).toMatch(/^GNY-[2-9A-HJ-NP-Z]{4}$/);

    // A taken code is drawn again: the first draws collide with a reserved one.
    const taken = (await server.deps.store.collection('vipReferenceCodes').limit(1).get())[0]!.id;
    const draws = [...taken.slice(4)].map((ch) => '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'.indexOf(ch));
    let n = 0;
    const code = await server.deps.store.runTransaction((tx) => reserveReferenceCode(tx, 'x', BASE, () => (n < 4 ? draws[n++]! : (n++, 0))));
    expect(code).not.toBe(taken);
    expect(code).toBe('GNY-2222');

    // A later price change leaves the open request alone.
    const member = await createAccount(server);
    const req = await file(member, 'p90');
    await server.deps.store.update('vipPackages', 'p90', { price: 9999, durationDays: 10 });
    const status = (await server.api('GET', '/api/users/vip-status', { token: member.token })).body.data;
    expect(status.pendingRequest).toMatchObject({ referenceCode: req.referenceCode, amount: 3000, requestedDays: 90 });
    expect(status.pendingRequest.timeline.map((e: { kind: string }) => e.kind)).toEqual(['filed']);
    expect(await audit('vip.request.create')).toBeGreaterThanOrEqual(7);
  });

  it('lets the member cancel their open request once', async () => {
    const member = await createAccount(server);
    await file(member);
    const res = await server.api('POST', '/api/users/request-vip/cancel', { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('VIP talebiniz iptal edildi.');
    const again = await server.api('POST', '/api/users/request-vip/cancel', { token: member.token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('İptal edilebilecek açık bir VIP talebiniz bulunmuyor.');
    const status = (await server.api('GET', '/api/users/vip-status', { token: member.token })).body.data;
    expect(status.pendingRequest).toBeNull();
    expect(status.latestRequest.status).toBe('cancelled');
    expect((await server.api('POST', '/api/users/request-vip/cancel')).status).toBe(401);
    // A new request may be filed after cancelling.
    await file(member);
  });

  async function uploadReceipt(member: TestAccount, bytes: Buffer, contentType: string) {
    const g = await server.api('POST', '/api/uploads', { token: member.token, body: { purpose: 'receipt', contentType, size: bytes.length, name: 'dekont.pdf' } });
    if (g.status !== 201) return { grant: g, finalize: null };
    await fetch(g.body.data.url, { method: 'PUT', headers: g.body.data.headers, body: new Uint8Array(bytes) });
    const fin = await server.api('POST', `/api/uploads/${g.body.data.uploadId}/finalize`, { token: member.token });
    return { grant: g, finalize: fin, uploadId: g.body.data.uploadId as string };
  }

  it('takes a PDF/JPEG/PNG receipt up to 10 MB with the right bytes, and only staff can read it', async () => {
    const member = await createAccount(server);
    const other = await createAccount(server);
    const req = await file(member);

    const big = await server.api('POST', '/api/uploads', { token: member.token, body: { purpose: 'receipt', contentType: 'application/pdf', size: 10 * 1024 * 1024 + 1, name: 'a.pdf' } });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe("Dekont 10 MB'dan büyük olamaz.");
    const gif = await server.api('POST', '/api/uploads', { token: member.token, body: { purpose: 'receipt', contentType: 'image/gif', size: 10, name: 'a.gif' } });
    expect(gif.status).toBe(415);
    expect(gif.body.message).toBe('Dekont PDF, JPEG veya PNG olmalıdır.');
    const fake = await uploadReceipt(member, Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300)]), 'application/pdf');
    expect(fake.finalize!.status).toBe(415);
    const staffGrant = await server.api('POST', '/api/uploads', { token: admin.token, body: { purpose: 'receipt', contentType: 'application/pdf', size: 10, name: 'a.pdf' } });
    expect(staffGrant.status).toBe(403);

    const png = await uploadReceipt(member, PNG, 'image/png');
    expect(png.finalize!.status).toBe(200);
    const pdf = await uploadReceipt(member, PDF, 'application/pdf');
    expect(pdf.finalize!.status).toBe(200);
    expect(pdf.finalize!.body.data.url).not.toContain('/files/');

    // Someone else's receipt, or an avatar upload, cannot be attached.
    expect((await server.api('PUT', `/api/users/vip-requests/${req.id}/receipt`, { token: other.token, body: { uploadId: pdf.uploadId } })).status).toBe(404);
    const attached = await server.api('PUT', `/api/users/vip-requests/${req.id}/receipt`, { token: member.token, body: { uploadId: pdf.uploadId } });
    expect(attached.status).toBe(200);
    expect(attached.body.data.receipt).toMatchObject({ contentType: 'application/pdf', size: PDF.length });
    expect(attached.body.data.timeline.map((e: { kind: string }) => e.kind)).toEqual(['filed', 'receipt']);

    // Nobody reads it through /files: not a visitor, not the owner.
    const key = ((await server.deps.store.get('vipRequests', req.id))!.receipt as { key: string }).key;
    expect(key.startsWith('private/receipts/')).toBe(true);
    expect((await fetch(`${server.baseUrl}/files/${key}`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/files/${key}`, { headers: { Authorization: `Bearer ${member.token}` } })).status).toBe(404);
    // The staff route: member and visitor refused, admin gets the bytes.
    const path = `/api/users/admin/vip-requests/${req.id}/receipt`;
    expect((await fetch(`${server.baseUrl}${path}`)).status).toBe(401);
    expect((await fetch(`${server.baseUrl}${path}`, { headers: { Authorization: `Bearer ${member.token}` } })).status).toBe(403);
    const read = await fetch(`${server.baseUrl}${path}`, { headers: { Authorization: `Bearer ${admin.token}` } });
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('application/pdf');
    expect(read.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await read.arrayBuffer()).equals(PDF)).toBe(true);
    // The short-lived link works without a token, for 5 minutes, and not for another request.
    const link = (await server.api('GET', `${path}-link`, { token: admin.token })).body.data.url as string;
    expect((await fetch(`${server.baseUrl}${link}`)).status).toBe(200);
    expect((await fetch(`${server.baseUrl}${link.replace(req.id, 'baska')}`)).status).toBe(401);
    expect((await fetch(`${server.baseUrl}${link.replace(/sig=[^&]+/, 'sig=AAAA')}`)).status).toBe(401);
    expect((await server.api('GET', `${path}-link`, { token: member.token })).status).toBe(403);
    server.setNow(new Date(BASE.getTime() + 6 * 60_000));
    expect((await fetch(`${server.baseUrl}${link}`)).status).toBe(401);
    server.setNow(BASE);
    expect(await audit('vip.request.receipt')).toBe(1);
  });

  it('reminds after 48 hours and expires after 7 days, once each however often the job runs', async () => {
    const member = await createAccount(server);
    const paid = await createAccount(server);
    const req = await file(member);
    const paidReq = await file(paid);
    const pdf = await uploadReceipt(paid, PDF, 'application/pdf');
    await server.api('PUT', `/api/users/vip-requests/${paidReq.id}/receipt`, { token: paid.token, body: { uploadId: pdf.uploadId } });
    const remind = (await subjects(member.email)).filter((s) => s.includes('ödeme bekliyor'));
    expect(remind).toHaveLength(0);

    server.setNow(new Date(BASE.getTime() + 47 * HOUR));
    await runVipRequestExpiry(server.deps);
    expect((await subjects(member.email)).filter((s) => s.includes('ödeme bekliyor'))).toHaveLength(0);

    server.setNow(new Date(BASE.getTime() + 49 * HOUR));
    await Promise.all([runVipRequestExpiry(server.deps), runVipRequestExpiry(server.deps)]);
    await runVipRequestExpiry(server.deps);
    expect((await subjects(member.email)).filter((s) => s.includes('ödeme bekliyor'))).toEqual([`Ganyan: VIP talebiniz ödeme bekliyor (${req.referenceCode})`]);
    // The member who sent a receipt had only the request's own mail (issue 50), no reminder.
    expect((await subjects(paid.email)).filter((s) => !s.includes('VIP talebiniz oluşturuldu'))).toEqual([]);

    server.setNow(new Date(BASE.getTime() + 7 * 24 * HOUR + HOUR));
    await Promise.all([runVipRequestExpiry(server.deps), runVipRequestExpiry(server.deps)]);
    await runVipRequestExpiry(server.deps);
    expect((await subjects(member.email)).filter((s) => s.includes('süresi doldu'))).toHaveLength(1);
    // Access tokens last 15 minutes: sign one at the moved clock.
    const token = await signAccessToken(server.deps.config.jwtSecret, { userId: member.id, audience: 'member', sessionId: randomUUID() }, server.deps.now());
    const adminToken = await signAccessToken(server.deps.config.jwtSecret, { userId: admin.id, audience: 'staff', sessionId: randomUUID() }, server.deps.now());
    const status = (await server.api('GET', '/api/users/vip-status', { token })).body.data;
    expect(status.pendingRequest).toBeNull();
    expect(status.latestRequest.status).toBe('expired');
    expect(status.latestRequest.timeline.map((e: { kind: string }) => e.kind)).toEqual(['filed', 'reminder', 'expired']);
    // The member with a receipt waits for staff instead.
    expect((await server.deps.store.get('vipRequests', paidReq.id))!.status).toBe('pending');
    const stats = (await server.api('GET', '/api/users/admin/vip-stats', { token: adminToken })).body.data;
    expect(stats.expiredRequests).toBeGreaterThanOrEqual(1);
    expect(await audit('vip.request.expire')).toBeGreaterThanOrEqual(1);
    expect(await audit('vip.request.remind')).toBeGreaterThanOrEqual(1);
    // Everyone else's open requests expired too; later tests file new ones at BASE again.
    server.setNow(BASE);
  });

  it('reads Turkish amounts and dates, and refuses what it cannot read line by line', () => {
    expect(parseTurkishAmount('1.250,00')).toBe(125000);
    expect(parseTurkishAmount('1250,5')).toBe(125050);
    expect(parseTurkishAmount('1.250')).toBe(125000);
    expect(parseTurkishAmount('1,250.00')).toBe(125000);
    expect(parseTurkishAmount('-750,00 TL')).toBe(-75000);
    expect(parseTurkishAmount('+3.000,00')).toBe(300000);
    expect(parseTurkishAmount('1.000.000,99')).toBe(100000099);
    expect(parseTurkishAmount('1,250')).toBe(null);
    expect(parseTurkishAmount('12.50.00')).toBe(null);
    expect(parseTurkishAmount('abc')).toBe(null);
    expect(findReferenceCodes('FAST gny 4k7p Ahmet')).toEqual(['GNY-4K7P']);
    expect(findReferenceCodes('GNY4K7P')).toEqual(['GNY-4K7P']);
    expect(findReferenceCodes('GNY-4K7PX')).toEqual([]);

    const parsed = parseStatement(cp1254('Hesap: TR12\nTarih;Açıklama;Tutar;Bakiye\n24.11.2026;HAVALE GNY-4K7P Ayşe Işık;1.250,00;5.000,00\n31.11.2026;x;1,00;1\n25.11.2026;y;bir lira;1\n25.11.2026;"kırık;1,00\n25.11.2026\n'));
    expect(parsed.encoding).toBe('Windows-1254');
    expect(parsed.rows[0]).toEqual({ lineNo: 3, date: '2026-11-24', description: 'HAVALE GNY-4K7P Ayşe Işık', amountKurus: 125000, error: null });
    expect(parsed.rows.slice(1).map((r) => r.error)).toEqual([
      'Satır 4: tarih okunamadı ("31.11.2026"); beklenen biçim 24.11.2026.',
      'Satır 5: tutar okunamadı ("bir lira"); beklenen biçim 1.250,00.',
      'Satır 6: satır okunamadı (tırnak işaretleri hatalı).',
      'Satır 7: eksik sütun var (en az 3 sütun bekleniyordu, 1 bulundu).',
    ]);
    const credit = parseStatement(Buffer.from('\uFEFFİşlem Tarihi,İşlem Açıklaması,Borç,Alacak\n2026-11-24,GNY-4K7P,,"1.250,00"\n2026-11-24,Kira,500,\n'));
    expect(credit.rows.map((r) => r.amountKurus)).toEqual([125000, -50000]);
  });

  it('refuses a statement with unknown columns, and matches, flags and approves idempotently across uploads', async () => {
    const unknown = await statement('Kolon1;Kolon2\n1;2\n');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('Ekstrede tarih, açıklama ve tutar sütunları bulunamadı.');
    expect(await server.deps.store.collection('vipStatements').count()).toBe(0);

    const before = (await server.api('GET', '/api/users/admin/vip-stats', { token: admin.token })).body.data;
    const [a, b, c, d] = [await createAccount(server), await createAccount(server), await createAccount(server), await createAccount(server)];
    const ra = await file(a);
    const rb = await file(b);
    await server.deps.store.set('vipPackages', 'p3k', { name: 'Üç Aylık', price: 3000, durationDays: 90, description: 'x', sortOrder: 3, isActive: true, createdAt: BASE, updatedAt: BASE });
    const rc = await file(c, 'p3k');
    const rd = await file(d);
    const csv = cp1254(
      [
        'Tarih;Açıklama;Tutar',
        `30.11.2026;FAST ${ra.referenceCode} Ayşe Şahin;1.250,00`,
        `30.11.2026;EFT ${rb.referenceCode.replace('-', '').toLowerCase()};1.000,00`,
        '30.11.2026;Kira ödemesi;1.250,00',
        `30.11.2026;${rc.referenceCode};3.000,00`,
        `30.11.2026;ikinci ödeme ${rc.referenceCode};3.000,00`,
        '30.11.2026;GNY-ZZZZ;1.250,00',
        '30.11.2026;bozuk satır;on iki',
        `01.12.2026;${rd.referenceCode};-1.250,00`,
      ].join('\r\n'),
    );
    const first = await statement(csv);
    expect(first.status).toBe(201);
    const lines = first.body.data.lines as { lineNo: number; status: string; message: string; requestId: string | null }[];
    expect(first.body.data.encoding).toBe('Windows-1254');
    expect(lines.map((l) => l.status)).toEqual(['matched', 'wrong-amount', 'no-code', 'matched', 'duplicate', 'unknown-code', 'error', 'outgoing']);
    expect(lines[1]!.message).toBe(`${rb.referenceCode} talebinin beklenen tutarı 1.250,00 TL; bu satırda 1.000,00 TL.`);
    expect(lines[6]!.message).toBe('Satır 8: tutar okunamadı ("on iki"); beklenen biçim 1.250,00.');
    expect(lines[0]!.requestId).toBe(ra.id);

    // The same file uploaded again before approval: matched again, but the line pays once.
    const second = await statement(csv, 'ekstre-tekrar.csv');
    const approvals = await Promise.all([
      server.api('POST', `/api/users/admin/vip-statements/${first.body.data.id}/approve`, { token: admin.token }),
      server.api('POST', `/api/users/admin/vip-statements/${second.body.data.id}/approve`, { token: admin.token }),
    ]);
    expect(approvals.map((r) => r.status)).toEqual([200, 200]);
    expect(approvals[0]!.body.data.approved + approvals[1]!.body.data.approved).toBe(2);
    const again = await server.api('POST', `/api/users/admin/vip-statements/${first.body.data.id}/approve`, { token: admin.token });
    expect(again.body.data.approved).toBe(0);
    expect(again.body.message).toBe('Onaylanacak yeni eşleşme yok.');

    for (const [member, days] of [[a, 30], [c, 90]] as const) {
      const status = (await server.api('GET', '/api/users/vip-status', { token: member.token })).body.data;
      expect(status.hasVip).toBe(true);
      expect(status.subscription.durationDays).toBe(days);
    }
    for (const member of [b, d]) expect((await server.api('GET', '/api/users/vip-status', { token: member.token })).body.data.hasVip).toBe(false);
    expect(await server.deps.store.collection('vipSubscriptions').where('userId', '==', a.id).count()).toBe(1);
    expect(await server.deps.store.collection('vipStatementLines').count()).toBe(2);

    // A third upload after approval: those lines are reported as already used.
    const third = await statement(csv, 'ekstre-3.csv');
    const used = (third.body.data.lines as { status: string; message: string }[]).filter((l) => l.status === 'already-used');
    expect(used).toHaveLength(2);
    expect(used[0]!.message).toBe('Bu satır daha önce bir talebi ödemek için kullanıldı.');
    expect(third.body.data.counts.matched).toBe(0);

    const stats = (await server.api('GET', '/api/users/admin/vip-stats', { token: admin.token })).body.data;
    // Four filed, two paid from the statement.
    expect(stats).toMatchObject({ matchedPayments: before.matchedPayments + 2, openRequests: before.openRequests + 2 });
    expect(await audit('vip.statement.upload')).toBe(3);
    const approvedEntries = await server.deps.store.collection('auditLog').where('action', '==', 'vip.request.approve').get();
    expect(approvedEntries.filter((e) => String(e.notes).startsWith('Banka ekstresi'))).toHaveLength(2);

    // Neither a member nor a visitor may upload statements.
    expect((await server.api('POST', '/api/users/admin/vip-statements', { token: a.token, body: { fileName: 'x.csv', csv: 'a' } })).status).toBe(403);
  });

  it('eight approvals of one statement’s lines at once: every answer 200, each request paid once', async () => {
    const members = [await createAccount(server), await createAccount(server), await createAccount(server)];
    const requests = [];
    for (const member of members) requests.push(await file(member));
    const csv = ['Tarih;Açıklama;Tutar', ...requests.map((r, i) => `02.12.2026;FAST ${r.referenceCode} üye ${i + 1};1.250,00`)].join('\r\n');
    // The same file uploaded by several staff, then every "approve all" pressed at once (a double-click each).
    const uploads = [];
    for (let i = 0; i < 4; i += 1) uploads.push((await statement(csv, `ekstre-aralik-${i + 1}.csv`)).body.data.id as string);
    const approve = (id: string) => server.api('POST', `/api/users/admin/vip-statements/${id}/approve`, { token: admin.token });
    const answers = await Promise.all(uploads.flatMap((id) => [approve(id), approve(id)]));

    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    expect(answers.reduce((sum, r) => sum + (r.body.data.approved as number), 0)).toBe(requests.length);
    for (const [i, member] of members.entries()) {
      const status = (await server.api('GET', '/api/users/vip-status', { token: member.token })).body.data;
      expect(status.hasVip, `üye ${i + 1}`).toBe(true);
      expect(status.subscription.durationDays).toBe(30);
      expect(await server.deps.store.collection('vipSubscriptions').where('userId', '==', member.id).count()).toBe(1);
    }
    const approvals = await server.deps.store.collection('auditLog').where('action', '==', 'vip.request.approve').get();
    for (const request of requests) expect(approvals.filter((e) => (e.entity as { id: string }).id === request.id)).toHaveLength(1);
  });
};
