import { describe, expect, it } from 'vitest';
import { turkishIban } from '../../functions/src/domain/membership/iban.js';
import { useAccounts } from '../support/accounts.js';
import { useTestServer } from '../support/server.js';

describe('admin settings writes (spec 002 Settings)', () => {
  const server = useTestServer();
  const { admin, author } = useAccounts(server, { admin: 'admin', author: 'author' });
  const IBAN = turkishIban('00064', '1234567890');
  const bank = { bankName: 'Türkiye İş Bankası', accountOwner: 'Ganyan Medya A.Ş.', branchName: 'Bakırköy', ibanNumber: IBAN.replace(/(.{4})/g, '$1 ') };

  it('bank account: one account, required fields, IBAN checksum', async () => {
    expect((await server.api('POST', '/api/admin/settings/bank-account', { token: author.token, body: bank })).status).toBe(403);
    expect((await server.api('POST', '/api/admin/settings/bank-account', { token: admin.token, body: { ...bank, bankName: ' ' } })).body.message).toBe('Banka adı gerekli');
    const badIban = IBAN.slice(0, -1) + ((Number(IBAN.slice(-1)) + 1) % 10);
    expect((await server.api('POST', '/api/admin/settings/bank-account', { token: admin.token, body: { ...bank, ibanNumber: badIban } })).status).toBe(400);
    const created = await server.api('POST', '/api/admin/settings/bank-account', { token: admin.token, body: bank });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Banka hesabı oluşturuldu!');
    expect(created.body.data.ibanNumber).toBe(IBAN);
    expect((await server.api('POST', '/api/admin/settings/bank-account', { token: admin.token, body: bank })).status).toBe(409);
    const id = created.body.data.id;
    const upd = await server.api('PUT', `/api/admin/settings/bank-account/${id}`, { token: admin.token, body: { ...bank, branchName: 'Şişli' } });
    expect(upd.body.message).toBe('Banka hesabı güncellendi!');
    expect((await server.api('GET', '/api/settings/bank-account')).body.data.branchName).toBe('Şişli');
    expect((await server.api('DELETE', `/api/admin/settings/bank-account/${id}`, { token: admin.token })).body.message).toBe('Banka hesabı silindi!');
    expect((await server.api('DELETE', `/api/admin/settings/bank-account/${id}`, { token: admin.token })).status).toBe(404);
  });

  it('general settings: required fields, immutable key', async () => {
    const body = { key: 'contact_phone', title: 'İletişim telefonu', content: '0212 000 00 00' };
    expect((await server.api('POST', '/api/admin/settings/general-settings', { token: admin.token, body: { ...body, title: '' } })).body.message).toBe('Başlık gerekli');
    const created = await server.api('POST', '/api/admin/settings/general-settings', { token: admin.token, body });
    expect(created.body).toMatchObject({ message: 'Ayar oluşturuldu!', data: { key: 'contact_phone', isActive: true } });
    expect((await server.api('POST', '/api/admin/settings/general-settings', { token: admin.token, body })).status).toBe(409);
    const renamed = await server.api('PUT', '/api/admin/settings/general-settings/contact_phone', { token: admin.token, body: { ...body, key: 'phone' } });
    expect(renamed.body.message).toBe('Mevcut bir ayarın anahtarı değiştirilemez.');
    const upd = await server.api('PUT', '/api/admin/settings/general-settings/contact_phone', { token: admin.token, body: { ...body, content: '0212 111 11 11', isActive: false } });
    expect(upd.body).toMatchObject({ message: 'Ayar güncellendi!', data: { content: '0212 111 11 11', isActive: false } });
    expect((await server.api('PUT', '/api/admin/settings/general-settings/nope', { token: admin.token, body: { title: 'x', content: 'y' } })).status).toBe(404);
    expect((await server.api('DELETE', '/api/admin/settings/general-settings/contact_phone', { token: author.token })).status).toBe(403);
    expect((await server.api('DELETE', '/api/admin/settings/general-settings/contact_phone', { token: admin.token })).body.message).toBe('Ayar silindi!');
  });

  it('VIP packages: integer price and duration >= 1, sort order default 1, toggle, delete', async () => {
    const body = { name: 'Aylık VIP', price: 299, durationDays: 30, description: 'Tüm VIP tahminler' };
    expect((await server.api('POST', '/api/admin/settings/vip-packages', { token: admin.token, body: { ...body, price: 0 } })).body.message).toBe('Fiyat en az 1 olmalıdır');
    expect((await server.api('POST', '/api/admin/settings/vip-packages', { token: admin.token, body: { ...body, durationDays: 1.5 } })).body.message).toBe('Süre tam sayı olmalıdır');
    const created = await server.api('POST', '/api/admin/settings/vip-packages', { token: admin.token, body });
    expect(created.body).toMatchObject({ message: 'VIP paketi oluşturuldu!', data: { sortOrder: 1, isActive: true, price: 299 } });
    const id = created.body.data.id;
    const toggle = await server.api('PUT', `/api/admin/settings/vip-packages/${id}`, { token: admin.token, body: { isActive: false } });
    expect(toggle.body).toMatchObject({ message: 'Paket durumu güncellendi!', data: { isActive: false, name: 'Aylık VIP' } });
    const edit = await server.api('PUT', `/api/admin/settings/vip-packages/${id}`, { token: admin.token, body: { ...body, price: 349, sortOrder: 2 } });
    expect(edit.body).toMatchObject({ message: 'VIP paketi güncellendi!', data: { price: 349, sortOrder: 2 } });
    expect((await server.api('PUT', `/api/admin/settings/vip-packages/${id}`, { token: admin.token, body: { ...body, sortOrder: 0 } })).status).toBe(400);
    expect((await server.api('DELETE', `/api/admin/settings/vip-packages/${id}`, { token: admin.token })).body.message).toBe('VIP paketi silindi!');
    expect((await server.api('PUT', `/api/admin/settings/vip-packages/${id}`, { token: admin.token, body: { isActive: true } })).status).toBe(404);
    const audit = await server.deps.store.collection('auditLog').where('entity.id', '==', id).get();
    expect(audit.length).toBe(4);
  });
});
