import { describe, expect, it } from 'vitest';
import { bankAccountInputSchema } from '../../functions/src/domain/membership/bank-account.js';
import { isValidTurkishIban, turkishIban } from '../../functions/src/domain/membership/iban.js';
import { useAccounts } from '../support/accounts.js';
import { useTestServer } from '../support/server.js';

describe('settings readable by the member area', () => {
  const server = useTestServer();
  const { admin, member } = useAccounts(server, { admin: 'admin', member: 'user' });

  it('bank account: null with a message when there is none, then the fields', async () => {
    const empty = await server.api('GET', '/api/settings/bank-account');
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ success: true, data: null, message: 'Banka hesabı bulunamadı' });
    const now = server.deps.now();
    const iban = turkishIban('00064', '0000110210458721');
    await server.deps.store.set('bankAccounts', 'b1', {
      bankName: 'Türkiye İş Bankası', accountOwner: 'Ganyan Medya A.Ş.', branchName: 'Levent', branchCode: '1021',
      accountNumber: '1045872', ibanNumber: iban, createdAt: now, updatedAt: now,
    });
    const res = await server.api('GET', '/api/settings/bank-account');
    expect(res.body.data).toEqual({
      id: 'b1', _id: 'b1', bankName: 'Türkiye İş Bankası', accountOwner: 'Ganyan Medya A.Ş.', branchName: 'Levent',
      branchCode: '1021', accountNumber: '1045872', ibanNumber: iban,
    });
  });

  it('checks Turkish IBANs with the mod-97 checksum', () => {
    const iban = turkishIban('00064', '0000110210458721');
    expect(isValidTurkishIban(iban)).toBe(true);
    expect(isValidTurkishIban(iban.replace(/(\d)$/, (d) => String((Number(d) + 1) % 10)))).toBe(false);
    expect(isValidTurkishIban('DE89370400440532013000')).toBe(false);
    const spaced = iban.replace(/(.{4})/g, '$1 ');
    const parsed = bankAccountInputSchema.safeParse({ bankName: 'B', accountOwner: 'O', branchName: 'Ş', ibanNumber: spaced.toLowerCase() });
    expect(parsed.success && parsed.data.ibanNumber).toBe(iban);
  });

  it('VIP packages: visitors and members see active ones by sortOrder, the admin sees all', async () => {
    const now = server.deps.now();
    const pkg = (name: string, sortOrder: number, isActive: boolean) => ({ name, price: 100 * sortOrder, durationDays: 15 * sortOrder, description: 'd', sortOrder, isActive, createdAt: now, updatedAt: now });
    await server.deps.store.set('vipPackages', 'p3', pkg('Üç', 3, true));
    await server.deps.store.set('vipPackages', 'p1', pkg('Bir', 1, true));
    await server.deps.store.set('vipPackages', 'p2', pkg('İki', 2, false));
    for (const token of [undefined, member.token]) {
      const res = await server.api('GET', '/api/admin/settings/vip-packages', { token });
      expect(res.body.data.map((p: { name: string }) => p.name)).toEqual(['Bir', 'Üç']);
    }
    const all = await server.api('GET', '/api/admin/settings/vip-packages', { token: admin.token });
    expect(all.body.data.map((p: { name: string; isActive: boolean }) => [p.name, p.isActive])).toEqual([['Bir', true], ['İki', false], ['Üç', true]]);
  });

  it('general settings: visitors read only the payment texts; the admin reads all', async () => {
    const now = server.deps.now();
    const put = (key: string, isActive = true) =>
      server.deps.store.set('settings', key, { key, title: key, content: `${key} içeriği`, isActive, createdAt: now, updatedAt: now });
    await put('payment_description');
    await put('payment_bottom_description');
    await put('contact_phone');
    await put('site_maintenance', false);

    const list = await server.api('GET', '/api/admin/settings/general-settings');
    expect(list.body.data.map((s: { key: string }) => s.key)).toEqual(['payment_description', 'payment_bottom_description']);
    const one = await server.api('GET', '/api/admin/settings/general-settings/payment_bottom_description', { token: member.token });
    expect(one.body.data.content).toBe('payment_bottom_description içeriği');
    const hidden = await server.api('GET', '/api/admin/settings/general-settings/contact_phone');
    expect(hidden.status).toBe(403);
    expect(hidden.body.message).toBe('Bu işlem için yetkiniz bulunmuyor');

    const adminList = await server.api('GET', '/api/admin/settings/general-settings', { token: admin.token });
    expect(adminList.body.data.map((s: { key: string }) => s.key).sort()).toEqual(['contact_phone', 'payment_bottom_description', 'payment_description', 'site_maintenance']);
    expect((await server.api('GET', '/api/admin/settings/general-settings/site_maintenance', { token: admin.token })).body.data.isActive).toBe(false);
    expect((await server.api('GET', '/api/admin/settings/general-settings/yok_boyle', { token: admin.token })).status).toBe(404);

    await put('payment_description', false);
    expect((await server.api('GET', '/api/admin/settings/general-settings/payment_description')).status).toBe(404);
  });
});
