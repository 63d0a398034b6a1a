/**
 * VIP notices in real Chromium against the real local server: a VIP member turns notices on at
 * /profil, staff publish a VIP estimate, the job's tick queues the mail and the SMS, both show in
 * /_dev/outbox, and the mail's unsubscribe link works without logging in.
 * Screenshots to $GANYAN_NOTIFY_SHOTS or /tmp/ganyan-notify-shots.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNotifications } from '../../functions/src/jobs/notifications.js';
import { buildSite } from '../../scripts/build-site.js';
import { createAccount } from '../support/accounts.js';
import { launchBrowser } from '../support/browser.js';
import { addUser } from '../support/login.js';
import { startTestServer, type TestServer } from '../support/server.js';

const SHOTS = process.env.GANYAN_NOTIFY_SHOTS ?? '/tmp/ganyan-notify-shots';
let server: TestServer;
let browser: Browser;
let siteRoot: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  siteRoot = mkdtempSync(join(tmpdir(), 'ganyan-notify-site-'));
  const siteDir = join(siteRoot, 'dist');
  await buildSite({ siteDir, search: false, quiet: true, env: { ...process.env, GANYAN_DATA_DIR: join(siteRoot, 'data') } });
  server = await startTestServer({ siteDir });
  browser = await launchBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (siteRoot) rmSync(siteRoot, { recursive: true, force: true });
});

async function login(page: Page, email: string, password: string) {
  await page.goto(`${server.baseUrl}/giris`);
  await page.fill('#email', email);
  await page.fill('#password', password);
  await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
  await page.waitForURL(`${server.baseUrl}/`, { timeout: 30_000 });
}

describe('VIP notices end to end', { timeout: 300_000 }, () => {
  it('a VIP turns notices on, a published VIP estimate reaches the outbox by mail and SMS, and the unsubscribe link works', async () => {
    const now = server.deps.now();
    const vip = await addUser(server, {
      firstName: 'Gülşen',
      params: { logN: 10, r: 8, p: 1 },
      vip: { status: 'active', subscriptionId: null, startDate: now, endDate: new Date(now.getTime() + 20 * 86_400_000), durationDays: 30 },
    });
    const admin = await createAccount(server, { role: 'admin' });

    for (const width of [390, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'tr-TR' });
      const page = await context.newPage();
      await login(page, vip.email, vip.password);
      await page.goto(`${server.baseUrl}/profil`);
      const section = page.getByTestId('notification-preferences');
      await section.getByRole('button', { name: 'Bildirim Tercihlerini Kaydet' }).waitFor();
      if (width === 390) {
        // Everything starts off.
        expect(await section.getByTestId('notify-email').getByRole('radio', { name: 'Kapalı' }).isChecked()).toBe(true);
        expect(await section.getByTestId('notify-sms').getByRole('radio', { name: 'Kapalı' }).isChecked()).toBe(true);
        await section.getByTestId('notify-email').getByRole('radio', { name: 'Her yeni VIP tahmin yayımlandığında' }).check();
        await section.getByTestId('notify-sms').getByRole('radio', { name: 'Her yeni VIP tahmin yayımlandığında' }).check();
        await section.getByTestId('notify-email').getByRole('checkbox', { name: 'Aldığım tahminlerin sonuçları' }).check();
        await section.getByRole('button', { name: 'Bildirim Tercihlerini Kaydet' }).click();
        await page.getByText('Bildirim tercihleriniz kaydedildi.').first().waitFor();
      }
      await expect.poll(() => section.getByTestId('notify-sms').getByRole('radio', { name: 'Her yeni VIP tahmin yayımlandığında' }).isChecked()).toBe(true);
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `profile-notifications-${width}.png`), fullPage: true });
      await context.close();
    }

    // Staff publish a VIP estimate (the staff panel's endpoints).
    const created = await server.api('POST', '/api/articles', {
      token: admin.token,
      body: { title: 'Veliefendi altılı ganyan tahmini', authorId: admin.id, excerpt: 'Bugünün altılısı.', content: '<p>Seçimler yalnızca VIP üyeler için.</p>', category: 'estimation', audience: 'vip', visibility: 'premium' },
    });
    expect(created.status).toBe(201);
    expect((await server.api('PUT', `/api/articles/${created.body.data.id}/toggle-publish`, { token: admin.token })).status).toBe(200);
    // The scheduler's tick (every minute in production, kicked after a publish locally).
    await runNotifications(server.deps);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'tr-TR' });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/_dev/outbox`);
    const sms = page.locator('#sms article');
    await expect.poll(() => sms.count()).toBe(1);
    expect(await sms.first().textContent()).toContain('+905321234567');
    expect(await sms.first().textContent()).toContain(`/makale/${created.body.data.slug}`);
    const mail = page.locator('#e-posta article', { hasText: 'Yeni VIP tahmin: Veliefendi altılı ganyan tahmini' });
    await mail.waitFor();
    expect(await mail.textContent()).toContain(vip.email);
    expect(await mail.textContent()).not.toContain('Seçimler yalnızca');
    await page.screenshot({ path: join(SHOTS, 'outbox-1280.png'), fullPage: true });

    // A fresh browser without any session follows the link.
    const href = await mail.getByRole('link', { name: 'E-posta bildirimlerini kapat' }).getAttribute('href');
    expect(href).toMatch(/\/bildirimler\/iptal\?token=/);
    for (const width of [390, 1280]) {
      const visitor = await browser.newContext({ viewport: { width, height: 900 }, locale: 'tr-TR' });
      const tab = await visitor.newPage();
      await tab.goto(href!);
      await expect.poll(() => tab.getByTestId('unsubscribe-result').textContent(), { timeout: 30_000 }).toContain('E-posta bildirimlerinin tümü kapatıldı.');
      await tab.screenshot({ path: join(SHOTS, `unsubscribe-${width}.png`), fullPage: true });
      await visitor.close();
    }
    const prefs = await server.deps.store.get('notificationPreferences', vip.id);
    expect(prefs).toMatchObject({ email: { estimates: 'off', results: false }, sms: { estimates: 'each', results: false } });
    await context.close();
  });
});
