import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, loginMember } from '../support/login.js';
import { createAccount, createVipMember, type TestAccount } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';

describe('admin users API (spec 002 Users)', () => {
  let server: TestServer;
  let admin: TestAccount;
  let author: TestAccount;
  let member: TestAccount;
  let vip: TestAccount;

  beforeAll(async () => {
    server = await startTestServer({ now: new Date('2026-11-22T12:00:00+03:00') });
    admin = await createAccount(server, { role: 'admin' });
    author = await createAccount(server, { role: 'author' });
    member = await createAccount(server, { fields: { firstName: 'Şükrü', lastName: 'Işık' } });
    vip = await createVipMember(server, 30);
  });
  afterAll(() => server.close());

  it('lists members by default, VIPs, everyone; Turkish-folded search; admin only', async () => {
    const users = await server.api('GET', '/api/auth/admin/users', { token: admin.token });
    expect(users.status).toBe(200);
    expect(users.body.pagination.limit).toBe(20);
    const ids = users.body.data.map((u: { id: string }) => u.id);
    expect(ids).toEqual(expect.arrayContaining([member.id, vip.id]));
    expect(ids).not.toContain(admin.id);
    const vips = await server.api('GET', '/api/auth/admin/users?role=vip', { token: admin.token });
    expect(vips.body.data.map((u: { id: string }) => u.id)).toEqual([vip.id]);
    expect(vips.body.data[0]).toMatchObject({ isVip: true, vipStatus: 'active', role: 'user', isDeleted: false, lastLogin: null });
    expect((await server.api('GET', '/api/auth/admin/users?vipOnly=true', { token: admin.token })).body.data).toHaveLength(1);
    expect((await server.api('GET', '/api/auth/admin/users?role=all', { token: admin.token })).body.pagination.total).toBe(4);
    const search = await server.api('GET', `/api/auth/admin/users?search=${encodeURIComponent('SUKRU ISIK')}`, { token: admin.token });
    expect(search.body.data.map((u: { id: string }) => u.id)).toEqual([member.id]);
    expect((await server.api('GET', '/api/auth/admin/users?role=admin', { token: admin.token })).body.message).toBe('Geçersiz rol filtresi');
    expect((await server.api('GET', '/api/auth/admin/users', { token: author.token })).status).toBe(403);
    expect((await server.api('GET', '/api/auth/admin/users')).status).toBe(401);
  });

  it('counts users', async () => {
    const res = await server.api('GET', '/api/auth/admin/users/stats', { token: admin.token });
    expect(res.body.data).toEqual({ totalUsers: 2, vipUsers: 1, activeUsers: 4, inactiveUsers: 0, pendingVipUsers: 0 });
    expect((await server.api('GET', '/api/auth/admin/users/stats', { token: member.token })).status).toBe(403);
  });

  it('soft-deletes with a reason (sessions revoked), restores; never an admin', async () => {
    const real = await addUser(server);
    const session = await loginMember(server, real.email, real.password);
    expect((await server.api('DELETE', `/api/auth/admin/users/${real.id}/soft-delete`, { token: admin.token, body: {} })).body.message).toBe('Lütfen bir sebep giriniz');
    const del = await server.api('DELETE', `/api/auth/admin/users/${real.id}/soft-delete`, { token: admin.token, body: { reason: 'Spam hesap' } });
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('Kullanıcı başarıyla silindi');
    expect(del.body.data).toMatchObject({ isDeleted: true, deletedReason: 'Spam hesap' });
    expect((await server.api('POST', '/api/auth/refresh', { body: { refreshToken: session.refreshToken } })).status).not.toBe(200);
    expect((await server.api('GET', '/api/auth/profile', { token: session.token })).status).toBe(401);
    expect((await server.api('DELETE', `/api/auth/admin/users/${real.id}/soft-delete`, { token: admin.token, body: { reason: 'x' } })).status).toBe(409);

    const restore = await server.api('POST', `/api/auth/admin/users/${real.id}/restore`, { token: admin.token });
    expect(restore.body.message).toBe('Kullanıcı başarıyla geri yüklendi');
    expect(restore.body.data.isDeleted).toBe(false);
    expect((await server.api('POST', `/api/auth/admin/users/${real.id}/restore`, { token: admin.token })).status).toBe(409);

    const adminDel = await server.api('DELETE', `/api/auth/admin/users/${admin.id}/soft-delete`, { token: admin.token, body: { reason: 'x' } });
    expect(adminDel.status).toBe(400);
    expect(adminDel.body.message).toBe('Yönetici hesapları silinemez.');
    expect((await server.api('DELETE', '/api/auth/admin/users/nobody/soft-delete', { token: admin.token, body: { reason: 'x' } })).status).toBe(404);
    expect((await server.api('DELETE', `/api/auth/admin/users/${member.id}/soft-delete`, { token: author.token, body: { reason: 'x' } })).status).toBe(403);
    const audit = await server.deps.store.collection('auditLog').where('targetUserId', '==', real.id).get();
    expect(audit.map((a) => a.action).sort()).toEqual(['user.restore', 'user.softDelete']);
  });
});
