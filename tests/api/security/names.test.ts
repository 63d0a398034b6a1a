import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillUsernameSkeletons } from '../../../functions/src/domain/identity/backfill-username-skeletons.js';
import { usernameSkeleton } from '../../../functions/src/domain/identity/username-skeleton.js';
import { createAccount } from '../../support/accounts.js';
import { startTestServer, type TestServer } from '../../support/server.js';

let n = 0;
function registration(username: string, extra: Record<string, unknown> = {}) {
  n += 1;
  return {
    firstName: 'Deniz', lastName: 'Yılmaz', phone: '0532 123 45 67', birthDay: '01', birthMonth: '05', birthYear: '1990',
    email: `isim${n}@example.com`, username, password: 'Gizli-2026', confirmPassword: 'Gizli-2026', agreeToTerms: true, ...extra,
  };
}

describe('finding 9: look-alike usernames and direction controls in names', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  const register = (body: object) => server.api('POST', '/api/auth/register', { body, headers: { 'X-Forwarded-For': `198.51.100.${150 + n}` } });

  it('skeletons: Cyrillic and Greek look-alikes, rn/m, and the Turkish dotted and dotless i', () => {
    expect(usernameSkeleton('pаypal')).toBe(usernameSkeleton('paypal')); // Cyrillic а
    expect(usernameSkeleton('ΡayPal')).toBe(usernameSkeleton('paypal')); // Greek Ρ
    expect(usernameSkeleton('kurnaz')).toBe(usernameSkeleton('kumaz'));
    expect(usernameSkeleton('İbrahim')).toBe(usernameSkeleton('ibrahim'));
    expect(usernameSkeleton('IŞIK')).toBe(usernameSkeleton('ışık'));
    expect(usernameSkeleton('ışık')).toBe(usernameSkeleton('isik'.replace('s', 'ş')));
    // Different Turkish letters stay different names.
    expect(usernameSkeleton('şeker')).not.toBe(usernameSkeleton('seker'));
    expect(usernameSkeleton('göz')).not.toBe(usernameSkeleton('goz'));
  });

  it('refuses a username that looks like an existing one, with the registration text', async () => {
    expect((await register(registration('ganyanadmin'))).status).toBe(201);
    for (const lookAlike of ['ganyanаdmin', 'GANYANADMİN', 'ganyanadrnin']) {
      const res = await register(registration(lookAlike));
      expect(res.status, lookAlike).toBe(409);
      expect(res.body.message).toBe('Bu e-posta adresi veya kullanıcı adı ile üyelik oluşturulamıyor. Lütfen farklı bilgilerle tekrar deneyin ya da giriş yapın.');
    }
    expect((await register(registration('ganyan_yorumcu'))).status).toBe(201);
  });

  it('accounts made before skeletons get theirs from the backfill, and then count', async () => {
    const old = await createAccount(server, { fields: { username: 'eskiuye', usernameLower: 'eskiuye' } });
    expect((await server.deps.store.get('users', old.id))!.usernameSkeleton).toBeUndefined();
    expect(await backfillUsernameSkeletons(server.deps)).toBeGreaterThan(0);
    expect(await backfillUsernameSkeletons(server.deps)).toBe(0);
    expect((await register(registration('eskiüye'.replace('ü', 'u').replace('e', 'е')))).status).toBe(409);
  });

  it('refuses bidirectional controls in names others see: registration, profile, contact, staff authors', async () => {
    const reg = await register(registration('yon_kontrol', { firstName: 'Ali\u202Eicitenöy' }));
    expect(reg.status).toBe(400);
    expect(reg.body.message).toBe('Adlarda görünmeyen yön değiştirme karakterleri kullanılamaz.');
    const member = await createAccount(server);
    const profile = await server.api('PUT', '/api/auth/profile', { token: member.token, body: { firstName: 'Veli', lastName: 'Kaya\u2066', email: member.email } });
    expect(profile.status).toBe(400);
    const contact = await server.api('POST', '/api/contact', { body: { name: '\u200FDestek', email: 'a@example.com', subject: 'Konu', message: 'Merhaba, bir sorum var.' } });
    expect(contact.status).toBe(400);
    const admin = await createAccount(server, { role: 'admin' });
    const author = await server.api('POST', '/api/authors', {
      token: admin.token,
      body: { firstName: 'Yazar', lastName: 'Bey', displayName: 'Yazar\u202B Bey', email: 'yon@example.com', username: 'yonyazar', password: 'Gizli-2026' },
    });
    expect(author.status).toBe(400);
  });
});
