/**
 * VIP notices in real Chromium against the real local server: a VIP member turns notices on at
 * /profil (proving the SMS number with a code first), staff publish a VIP estimate, the job's tick queues the mail and the SMS, both show in
 * /_dev/outbox, and the mail's unsubscribe link works without logging in.
 * Screenshots to $GANYAN_NOTIFY_SHOTS or /tmp/ganyan-notify-shots.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runNotifications } from '../../functions/src/jobs/notifications.js';
import { createAccount } from '../support/accounts.js';
import { browserSuite, signInThroughForm, saveScreen } from '../support/browser.js';
import { addUser } from '../support/login.js';

const SHOTS = process.env.GANYAN_NOTIFY_SHOTS ?? '/tmp/ganyan-notify-shots';
// An empty store: the test writes every account and article it needs.
const suite = browserSuite({ seed: false, shots: SHOTS });

/** A member's profile at `width`, signed in through the form, its notification preferences loaded. */
async function preferencesOf(member: { email: string; password: string }, width: number) {
  const context = await suite.browser.newContext({ viewport: { width, height: 900 }, locale: 'tr-TR' });
  const page = await context.newPage();
  await signInThroughForm(page, suite.site.baseUrl, member.email, member.password);
  await page.goto(`${suite.site.baseUrl}/profil`);
  const section = page.getByTestId('notification-preferences');
  await section.getByRole('button', { name: 'Bildirim Tercihlerini Kaydet' }).waitFor();
  return { context, page, section };
}

describe('VIP notices end to end', { timeout: 300_000 }, () => {
  it('a VIP turns notices on, a published VIP estimate reaches the outbox by mail and SMS, and the unsubscribe link works', async () => {
    const now = suite.site.server.deps.now();
    const vip = await addUser(suite.site.server, {
      firstName: 'Gülşen',
      params: { logN: 10, r: 8, p: 1 },
      vip: { status: 'active', subscriptionId: null, startDate: now, endDate: new Date(now.getTime() + 20 * 86_400_000), durationDays: 30 },
    });
    const admin = await createAccount(suite.site.server, { role: 'admin' });

    for (const width of [390, 1280]) {
      const { context, page, section } = await preferencesOf(vip, width);
      if (width === 390) {
        // Everything starts off.
        expect(await section.getByTestId('notify-email').getByRole('radio', { name: 'Kapalı' }).isChecked()).toBe(true);
        expect(await section.getByTestId('notify-sms').getByRole('radio', { name: 'Kapalı' }).isChecked()).toBe(true);
        // SMS wait for the number to be proved (issue 52 §3): a code by SMS, typed here.
        expect(await section.getByTestId('notify-sms').getByRole('radio', { name: 'Kapalı' }).isDisabled()).toBe(true);
        await section.getByText('0532 123 45 67 numaranız henüz doğrulanmadı; SMS yalnızca doğrulanmış numaraya gönderilir.').waitFor();
        const verify = section.getByTestId('phone-verification');
        await verify.getByRole('button', { name: 'Doğrulama Kodu Gönder' }).click();
        await verify.getByText('0532 123 45 67 numarasına 6 haneli bir doğrulama kodu gönderdik. Kod 10 dakika geçerlidir.').waitFor();
        const texts = await suite.site.server.deps.store.collection('messages').where('to', '==', '+905321234567').get();
        expect(texts).toHaveLength(1);
        const code = /kodunuz: (\d{6})\./.exec(String(texts[0]!.body))![1]!;
        await verify.getByLabel('Doğrulama kodu').fill(code === '000000' ? '111111' : '000000');
        await verify.getByRole('button', { name: 'Numarayı Doğrula' }).click();
        await verify.getByRole('alert').filter({ hasText: 'Kod hatalı. 4 deneme hakkınız kaldı.' }).waitFor();
        await saveScreen(section, join(SHOTS, 'profile-phone-code-390.png'));
        await verify.getByLabel('Doğrulama kodu').fill(code);
        await verify.getByRole('button', { name: 'Numarayı Doğrula' }).click();
        await section.getByText('0532 123 45 67 numarasına (doğrulandı).').waitFor();
        await expect.poll(() => section.getByTestId('notify-sms').getByRole('radio', { name: 'Kapalı' }).isDisabled()).toBe(false);
        expect(await section.getByTestId('phone-verification').count()).toBe(0);
        await section.getByTestId('notify-email').getByRole('radio', { name: 'Her yeni VIP tahmin yayımlandığında' }).check();
        await section.getByTestId('notify-sms').getByRole('radio', { name: 'Her yeni VIP tahmin yayımlandığında' }).check();
        await section.getByTestId('notify-email').getByRole('checkbox', { name: 'Aldığım tahminlerin sonuçları' }).check();
        await section.getByRole('button', { name: 'Bildirim Tercihlerini Kaydet' }).click();
        await page.getByText('Bildirim tercihleriniz kaydedildi.').first().waitFor();
      }
      await expect.poll(() => section.getByTestId('notify-sms').getByRole('radio', { name: 'Her yeni VIP tahmin yayımlandığında' }).isChecked()).toBe(true);
      await section.scrollIntoViewIfNeeded();
      await saveScreen(page, join(SHOTS, `profile-notifications-${width}.png`), { fullPage: true });
      await context.close();
    }

    // Staff publish a VIP estimate (the staff panel's endpoints).
    const created = await suite.site.server.api('POST', '/api/articles', {
      token: admin.token,
      body: { title: 'Veliefendi altılı ganyan tahmini', authorId: admin.id, excerpt: 'Bugünün altılısı.', content: '<p>Seçimler yalnızca VIP üyeler için.</p>', category: 'estimation', audience: 'vip', visibility: 'premium' },
    });
    expect(created.status).toBe(201);
    expect((await suite.site.server.api('PUT', `/api/articles/${created.body.data.id}/toggle-publish`, { token: admin.token })).status).toBe(200);
    // The scheduler's tick (every minute in production, kicked after a publish locally).
    await runNotifications(suite.site.server.deps);

    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'tr-TR' });
    const page = await context.newPage();
    const sms = page.locator('#sms article', { hasText: '/makale/' });
    // The publish also kicks the server's own run, which may hold the fan-out while the call above
    // returns: the outbox is a static page, so it is read again until the message is there.
    await expect
      .poll(
        async () => {
          await page.goto(`${suite.site.baseUrl}/_dev/outbox`);
          return sms.count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    expect(await sms.first().textContent()).toContain('+905321234567');
    expect(await sms.first().textContent()).toContain(`/makale/${created.body.data.slug}`);
    const mail = page.locator('#e-posta article', { hasText: 'Yeni VIP tahmin: Veliefendi altılı ganyan tahmini' });
    await mail.waitFor();
    expect(await mail.textContent()).toContain(vip.email);
    expect(await mail.textContent()).not.toContain('Seçimler yalnızca');
    await saveScreen(page, join(SHOTS, 'outbox-1280.png'), { fullPage: true });

    // A fresh browser without any session follows the link.
    const href = await mail.getByRole('link', { name: 'E-posta bildirimlerini kapat' }).getAttribute('href');
    expect(href).toMatch(/\/bildirimler\/iptal\?token=/);
    for (const width of [390, 1280]) {
      const visitor = await suite.browser.newContext({ viewport: { width, height: 900 }, locale: 'tr-TR' });
      const tab = await visitor.newPage();
      await tab.goto(href!);
      await expect.poll(() => tab.getByTestId('unsubscribe-result').textContent(), { timeout: 30_000 }).toContain('E-posta bildirimlerinin tümü kapatıldı.');
      await saveScreen(tab, join(SHOTS, `unsubscribe-${width}.png`), { fullPage: true });
      await visitor.close();
    }
    const prefs = await suite.site.server.deps.store.get('notificationPreferences', vip.id);
    expect(prefs).toMatchObject({ email: { estimates: 'off', results: false }, sms: { estimates: 'each', results: false } });
    await context.close();
  });

  it("a free member's profile tells the truth about SMS, and a bad phone's toast says what is wrong with it", async () => {
    const free = await addUser(suite.site.server, { firstName: 'Ozan', params: { logN: 10, r: 8, p: 1 } });
    for (const width of [390, 1280]) {
      const { context, page, section } = await preferencesOf(free, width);
      await section.getByText('SMS bildirimleri yalnızca VIP üyelere gönderilir.').waitFor();
      await section.getByText('takip ettiğiniz atların e-postası herkese gider').waitFor();
      expect(await section.getByText('Bildirimler yalnızca VIP üyeliğiniz sürerken gönderilir.').count()).toBe(0);
      expect(await section.getByTestId('notify-sms').getByRole('radio', { name: 'Kapalı' }).isDisabled()).toBe(true);
      expect(await section.getByTestId('phone-verification').count()).toBe(0);
      await saveScreen(section, join(SHOTS, `profile-notifications-free-${width}.png`));

      await page.getByRole('button', { name: 'Düzenle' }).click();
      const phone = page.locator('#phone');
      for (const [typed, message] of [
        ['0212 444 55 66', 'Bu bir sabit hat numarası; lütfen cep telefonu numaranızı girin (ör. 0532 123 45 67).'],
        ['+49 30 1234567', 'Bu yurt dışı numarası bir cep telefonu numarası değil; lütfen cep telefonu numaranızı girin.'],
      ]) {
        await phone.fill(typed!);
        await page.getByRole('button', { name: 'Kaydet', exact: true }).click();
        await page.locator('.toast', { hasText: message! }).first().waitFor();
        expect(await page.locator('#phone-error').textContent()).toBe(message);
      }
      expect(await page.getByText('Lütfen ad, soyad ve e-posta alanlarını doldurun!').count()).toBe(0);
      await saveScreen(page, join(SHOTS, `profile-bad-phone-${width}.png`), { fullPage: true });
      await context.close();
    }
    expect((await suite.site.server.deps.store.get('users', free.id))!.phone).toBe('05321234567');
  });
});
