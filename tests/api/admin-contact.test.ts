import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';

let ipCounter = 0;

describe('admin contact messages API (spec 002 Contact messages)', () => {
  let server: TestServer;
  let admin: TestAccount;
  let admin2: TestAccount;
  let author: TestAccount;
  let member: TestAccount;

  async function submit(body: Record<string, unknown>): Promise<string> {
    ipCounter += 1;
    const res = await server.api('POST', '/api/contact', { body, headers: { 'X-Forwarded-For': `10.9.0.${ipCounter}` } });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  }

  beforeAll(async () => {
    server = await startTestServer({ now: new Date('2026-11-22T12:00:00+03:00') });
    admin = await createAccount(server, { role: 'admin' });
    admin2 = await createAccount(server, { role: 'admin' });
    author = await createAccount(server, { role: 'author' });
    member = await createAccount(server);
  });
  afterAll(() => server.close());

  it('lists newest first, 10 per page, with filters and Turkish-folded search; admins only', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      server.setNow(new Date(Date.parse('2026-11-20T08:00:00Z') + i * 60_000));
      ids.push(await submit({ name: i === 3 ? 'Çağrı Şahin' : `Gönderen ${i}`, email: `g${i}@example.com`, subject: i === 5 ? 'Ödeme sorunu' : `Konu ${i}`, message: 'Merhaba', type: i % 2 ? 'support' : 'general' }));
    }
    server.setNow(new Date('2026-11-22T12:00:00+03:00'));
    const page1 = await server.api('GET', '/api/contact/admin', { token: admin.token });
    expect(page1.status).toBe(200);
    expect(page1.body.data).toMatchObject({ page: 1, totalPages: 2, total: 12 });
    expect(page1.body.data.contacts).toHaveLength(10);
    expect(page1.body.data.contacts[0]).toMatchObject({ _id: ids[11], status: 'new', priority: 'medium' });
    const page2 = await server.api('GET', '/api/contact/admin?page=2', { token: admin.token });
    expect(page2.body.data.contacts.map((c: { id: string }) => c.id)).toEqual([ids[1], ids[0]]);

    const support = await server.api('GET', '/api/contact/admin?type=support&status=new', { token: admin.token });
    expect(support.body.data.total).toBe(6);
    const byName = await server.api('GET', `/api/contact/admin?search=${encodeURIComponent('CAGRI SAHIN')}`, { token: admin.token });
    expect(byName.body.data.contacts.map((c: { id: string }) => c.id)).toEqual([ids[3]]);
    const bySubject = await server.api('GET', `/api/contact/admin?search=${encodeURIComponent('odeme')}`, { token: admin.token });
    expect(bySubject.body.data.contacts.map((c: { id: string }) => c.id)).toEqual([ids[5]]);
    const byMail = await server.api('GET', '/api/contact/admin?search=g7%40example', { token: admin.token });
    expect(byMail.body.data.contacts.map((c: { id: string }) => c.id)).toEqual([ids[7]]);
    expect((await server.api('GET', '/api/contact/admin?priority=high', { token: admin.token })).body.data).toMatchObject({ total: 0, totalPages: 1, contacts: [] });

    expect((await server.api('GET', '/api/contact/admin?status=open', { token: admin.token })).status).toBe(400);
    expect((await server.api('GET', '/api/contact/admin?limit=0', { token: admin.token })).status).toBe(400);
    expect((await server.api('GET', '/api/contact/admin?foo=1', { token: admin.token })).status).toBe(400);
    expect((await server.api('GET', '/api/contact/admin', { token: author.token })).status).toBe(403);
    expect((await server.api('GET', '/api/contact/admin', { token: member.token })).status).toBe(403);
    expect((await server.api('GET', '/api/contact/admin')).status).toBe(401);
  });

  it('opening a new message marks it in progress once; other states stay', async () => {
    const id = await submit({ name: 'Ali Veli', email: 'ali@example.com', subject: 'Soru', message: 'Merhaba', phone: '05321112233', type: 'technical' });
    const first = await server.api('GET', `/api/contact/admin/${id}`, { token: admin.token });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ _id: id, name: 'Ali Veli', phone: '05321112233', type: 'technical', status: 'in_progress' });
    const stored = await server.deps.store.get('contactMessages', id);
    expect(stored?.status).toBe('in_progress');
    await server.api('GET', `/api/contact/admin/${id}`, { token: admin.token });
    const audit = await server.deps.store.collection('auditLog').where('entity.id', '==', id).get();
    expect(audit.map((a) => a.action)).toEqual(['contact.open']);

    await server.api('PUT', `/api/contact/admin/${id}`, { token: admin.token, body: { status: 'closed' } });
    expect((await server.api('GET', `/api/contact/admin/${id}`, { token: admin.token })).body.data.status).toBe('closed');
    expect((await server.api('GET', '/api/contact/admin/nope', { token: admin.token })).status).toBe(404);
    expect((await server.api('GET', `/api/contact/admin/${id}`, { token: author.token })).status).toBe(403);
  });

  it('updates status, priority and notes; bad input changes nothing', async () => {
    const id = await submit({ name: 'Ayşe', email: 'ayse@example.com', subject: 'Öneri', message: 'Şöyle olsa', type: 'suggestion' });
    const res = await server.api('PUT', `/api/contact/admin/${id}`, { token: admin.token, body: { priority: 'urgent', adminNotes: '  Geri aranacak  ' } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Mesaj güncellendi');
    expect(res.body.data).toMatchObject({ priority: 'urgent', adminNotes: 'Geri aranacak', status: 'new' });
    for (const body of [{}, { status: 'done' }, { priority: 'huge' }, { name: 'x' }, { adminNotes: 'x'.repeat(2001) }]) {
      expect((await server.api('PUT', `/api/contact/admin/${id}`, { token: admin.token, body })).status).toBe(400);
    }
    expect((await server.api('PUT', `/api/contact/admin/${id}`, { token: admin.token, body: {} })).body.message).toBe('Güncellenecek alan yok.');
    expect((await server.api('PUT', `/api/contact/admin/${id}`, { token: author.token, body: { status: 'closed' } })).status).toBe(403);
    expect((await server.api('PUT', '/api/contact/admin/missing', { token: admin.token, body: { status: 'closed' } })).status).toBe(404);
    const stored = await server.deps.store.get('contactMessages', id);
    expect(stored).toMatchObject({ priority: 'urgent', adminNotes: 'Geri aranacak', status: 'new' });
    const cleared = await server.api('PUT', `/api/contact/admin/${id}`, { token: admin.token, body: { adminNotes: null } });
    expect(cleared.body.data.adminNotes).toBeNull();
  });

  it('assigns to the caller by default or to another admin, never to a non-admin', async () => {
    const id = await submit({ name: 'Can', email: 'can@example.com', subject: 'İş', message: 'Teklif', type: 'business' });
    const unassigned = await server.api('GET', '/api/contact/admin/unassigned', { token: admin.token });
    expect(unassigned.body.data.map((c: { id: string }) => c.id)).toContain(id);
    const self = await server.api('POST', `/api/contact/admin/${id}/assign`, { token: admin.token });
    expect(self.status).toBe(200);
    expect(self.body.data).toMatchObject({ assignedTo: admin.id, status: 'in_progress' });
    const other = await server.api('POST', `/api/contact/admin/${id}/assign`, { token: admin.token, body: { adminId: admin2.id } });
    expect(other.body.data.assignedTo).toBe(admin2.id);
    const toAuthor = await server.api('POST', `/api/contact/admin/${id}/assign`, { token: admin.token, body: { adminId: author.id } });
    expect(toAuthor.status).toBe(400);
    expect(toAuthor.body.message).toBe('Atanacak yönetici bulunamadı.');
    expect((await server.api('POST', `/api/contact/admin/${id}/assign`, { token: admin.token, body: { adminId: 'ghost' } })).status).toBe(400);
    expect((await server.api('POST', `/api/contact/admin/${id}/assign`, { token: author.token })).status).toBe(403);
    expect((await server.api('POST', '/api/contact/admin/missing/assign', { token: admin.token })).status).toBe(404);
    expect((await server.deps.store.get('contactMessages', id))?.assignedTo).toBe(admin2.id);
    const after = await server.api('GET', '/api/contact/admin/unassigned', { token: admin.token });
    expect(after.body.data.map((c: { id: string }) => c.id)).not.toContain(id);
  });

  it('responds: stores the reply, marks responded with the date, mails the sender', async () => {
    const id = await submit({ name: 'Zeynep Öz', email: 'Zeynep@Example.com', subject: 'Üyelik', message: 'VIP nasıl alınır?', type: 'support' });
    const empty = await server.api('POST', `/api/contact/admin/${id}/respond`, { token: admin.token, body: { responseMessage: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Lütfen bir yanıt yazınız');
    expect((await server.api('POST', `/api/contact/admin/${id}/respond`, { token: author.token, body: { responseMessage: 'x' } })).status).toBe(403);
    expect(await server.deps.store.collection('mail').where('to', '==', 'zeynep@example.com').count()).toBe(0);

    const res = await server.api('POST', `/api/contact/admin/${id}/respond`, { token: admin.token, body: { responseMessage: 'Merhaba,\nVIP sayfasından talep oluşturabilirsiniz.' } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Yanıt gönderildi');
    expect(res.body.data).toMatchObject({ status: 'responded', responseMessage: 'Merhaba,\nVIP sayfasından talep oluşturabilirsiniz.', respondedBy: admin.id, assignedTo: admin.id });
    expect(new Date(res.body.data.respondedAt).getTime()).toBe(server.deps.now().getTime());
    const mails = await server.deps.store.collection('mail').where('to', '==', 'zeynep@example.com').get();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.message).toMatchObject({ subject: 'Re: Üyelik' });
    expect((mails[0]?.message as { text: string }).text).toContain('VIP sayfasından talep oluşturabilirsiniz.');
    expect((mails[0]?.message as { text: string }).text).toContain('VIP nasıl alınır?');

    await server.api('PUT', `/api/contact/admin/${id}`, { token: admin.token, body: { status: 'closed' } });
    const closed = await server.api('POST', `/api/contact/admin/${id}/respond`, { token: admin.token, body: { responseMessage: 'Tekrar' } });
    expect(closed.status).toBe(409);
    expect(await server.deps.store.collection('mail').where('to', '==', 'zeynep@example.com').count()).toBe(1);
    expect((await server.api('POST', '/api/contact/admin/missing/respond', { token: admin.token, body: { responseMessage: 'x' } })).status).toBe(404);
  });

  it('counts by status, type and priority', async () => {
    const res = await server.api('GET', '/api/contact/admin/stats', { token: admin.token });
    expect(res.status).toBe(200);
    const all = (await server.api('GET', '/api/contact/admin?limit=100', { token: admin.token })).body.data.contacts as { status: string; type: string; priority: string }[];
    const tally = (key: 'status' | 'type' | 'priority', value: string) => all.filter((c) => c[key] === value).length;
    expect(res.body.data.total).toBe(all.length);
    expect(res.body.data.byStatus).toEqual({ new: tally('status', 'new'), in_progress: tally('status', 'in_progress'), responded: tally('status', 'responded'), closed: tally('status', 'closed') });
    expect(res.body.data.byType.support).toBe(tally('type', 'support'));
    expect(res.body.data.byPriority).toMatchObject({ urgent: 1, medium: all.length - 1, low: 0, high: 0 });
    expect(typeof res.body.data.recent).toBe('number');
    expect((await server.api('GET', '/api/contact/admin/stats', { token: author.token })).status).toBe(403);
  });

  it('deletes after which the message is gone', async () => {
    const id = await submit({ name: 'Silinecek', email: 's@example.com', subject: 'Spam', message: 'Spam' });
    expect((await server.api('DELETE', `/api/contact/admin/${id}`, { token: author.token })).status).toBe(403);
    const res = await server.api('DELETE', `/api/contact/admin/${id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Mesaj silindi');
    expect(await server.deps.store.get('contactMessages', id)).toBeNull();
    expect((await server.api('DELETE', `/api/contact/admin/${id}`, { token: admin.token })).status).toBe(404);
  });
});
