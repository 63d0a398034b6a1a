/**
 * The staff panel's shared building blocks (src/admin/ui) in real Chromium against the real local
 * product: every list screen at 390 and 1280 px (screenshots to ADMIN_KIT_SHOTS, default
 * /tmp/admin-kit-shots, for people to compare), dialog focus handling (focus moves in, Tab stays
 * in, Escape closes, focus returns to the opener), and the Idempotency-Key of VIP grants: a double
 * submit of the same extension grants once, a new submission gets a new key. Last, the admin route
 * table: prebuilt pages, each role's sidebar and the role check.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROUTES, navRoutes, staticAdminPaths } from '../../src/admin/routes.js';
import { DEMO_PASSWORD, memberEmail } from '../../server/seed/users.js';
import { browserSuite, openStaffTab, sidewaysOverflow, widerThanWindow } from '../support/browser.js';
import { loginStaff, type LoggedIn } from '../support/login.js';

const suite = browserSuite({ shots: process.env.ADMIN_KIT_SHOTS ?? '/tmp/admin-kit-shots', admin: { ip: '10.78.0.1' } });
const adminPage = (path: string, width = 1280) => suite.staffTab(path, { width, confirms: 'dismiss' });

/** [route, heading, tab to click or null, file name] */
const SCREENS: [string, string, string | null, string][] = [
  ['/admin/articles', 'Makale Yönetimi', null, 'articles'],
  ['/admin/articles/deleted', 'Silinen Makaleler', null, 'articles-deleted'],
  ['/admin/authors', 'Yazar Yönetimi', null, 'authors'],
  ['/admin/orders', 'VIP Yönetimi', null, 'vip-requests'],
  ['/admin/orders', 'VIP Yönetimi', 'Abonelikler', 'vip-subscriptions'],
  ['/admin/comments', 'Yorum Yönetimi', null, 'comments'],
  ['/admin/users', 'Kullanıcı Yönetimi', null, 'users'],
  ['/admin/messages', 'İletişim Mesajları', null, 'messages'],
  ['/admin/settings', 'Sistem Ayarları', null, 'settings-bank'],
  ['/admin/settings', 'Sistem Ayarları', 'Genel Ayarlar', 'settings-general'],
  ['/admin/settings', 'Sistem Ayarları', 'VIP Paketleri', 'settings-packages'],
  ['/admin/races', 'Yarış Yönetimi', 'Tahmin Yönetimi', 'races-estimates'],
];

describe('staff panel shared components', () => {
  it('every list screen renders at 390 and 1280 px without sticking out sideways (screenshots)', async () => {
    for (const width of [1280, 390]) {
      const { ctx, page } = await adminPage('/admin/articles', width);
      for (const [path, heading, tab, name] of SCREENS) {
        const where = `${name} at ${width} px`;
        await page.goto(suite.url(path));
        await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
        if (tab) await page.getByRole('tab', { name: tab, selected: false }).click();
        if (tab) await page.getByRole('tab', { name: tab, selected: true }).waitFor();
        // A screen that never loads, or loads into an error, fails here instead of being photographed.
        await page.getByText('Yükleniyor…').first().waitFor({ state: 'detached', timeout: 30_000 });
        await page.waitForLoadState('networkidle');
        expect(await page.getByText('Yükleniyor…').count(), where).toBe(0);
        expect(await page.locator('[role="alert"]:not(.a-alert-info)').allTextContents(), where).toEqual([]);
        expect(await page.getByRole('heading', { name: heading, exact: true }).count(), where).toBeGreaterThan(0);
        // A wide table scrolls inside its card; the page itself never moves sideways on a phone.
        expect(await sidewaysOverflow(page), `${where}: ${(await widerThanWindow(page)).join(', ')}`).toBe(0);
        await suite.shot(page, `${name}-${width}`);
      }
      await ctx.close();
    }
  }, 240_000);

  it('a dialog takes focus, keeps Tab inside, closes on Escape and gives focus back', async () => {
    const { ctx, page } = await adminPage('/admin/users');
    await page.getByTestId('user-row').filter({ hasText: memberEmail(21) }).waitFor();
    const opener = page.getByTestId('user-row').filter({ hasText: memberEmail(21) }).getByRole('button', { name: 'VIP Uzat' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'VIP Süresini Uzat' });
    await dialog.waitFor();
    const inside = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
    expect(await inside()).toBe(true);
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      expect(await inside()).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await inside()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('VIP Uzat');
    await ctx.close();
  }, 90_000);

  it('a double submit of one VIP extension grants once; the next submission is a new grant', async () => {
    const email = memberEmail(22);
    const target = (await suite.site.server.deps.store.collection('users').where('email', '==', email).get())[0]!;
    const grants = () => suite.site.server.deps.store.collection('auditLog').where('targetUserId', '==', target.id).get();
    const grantCount = async () => (await grants()).filter((a) => a.action === 'vip.grant').length;
    const endOf = async () => {
      const user = await suite.site.server.deps.store.get('users', target.id);
      return (user?.vip as { endDate: Date | null } | undefined)?.endDate?.getTime() ?? null;
    };
    const grantsBefore = await grantCount();
    const endBefore = await endOf();

    const { ctx, page } = await adminPage('/admin/users');
    const keys: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes(`/users/admin/users/${target.id}/grant-vip`)) keys.push(r.headers()['idempotency-key'] ?? '(none)');
    });
    await page.getByLabel('Ara').fill('uye22');
    const line = page.getByTestId('user-row').filter({ hasText: email });
    await line.waitFor();
    await line.getByRole('button', { name: 'VIP Uzat' }).click();
    const dialog = page.getByRole('dialog', { name: 'VIP Süresini Uzat' });
    await dialog.getByLabel('Gün sayısı (1-365) *').fill('10');
    await dialog.getByLabel('Admin notları *').fill('Çift tıklama');
    // Two submits of the same form in one task: both requests leave before the first answer.
    await dialog.locator('form').evaluate((form: HTMLFormElement) => {
      form.requestSubmit();
      form.requestSubmit();
    });
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => keys.length).toBe(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(await grantCount()).toBe(grantsBefore + 1);
    const endAfterFirst = await endOf();
    const start = Math.max(endBefore ?? 0, Date.now() - 60_000);
    expect(endAfterFirst! - start).toBeGreaterThan(9 * 86_400_000);
    expect(endAfterFirst! - start).toBeLessThan(11 * 86_400_000);

    // A new intent (dialog opened again, same values) is a new grant with a new key.
    await line.getByRole('button', { name: 'VIP Uzat' }).click();
    await dialog.getByLabel('Gün sayısı (1-365) *').fill('10');
    await dialog.getByLabel('Admin notları *').fill('Çift tıklama');
    await dialog.getByRole('button', { name: 'Uzat' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => keys.length).toBe(3);
    expect(keys[2]).not.toBe(keys[0]);
    expect(await grantCount()).toBe(grantsBefore + 2);
    expect((await endOf())! - endAfterFirst!).toBe(10 * 86_400_000);
    await ctx.close();
  }, 90_000);
});

/**
 * The admin route table in the browser: every route has a prebuilt page, the sidebar lists each
 * role's screens, and a screen the role may not open shows 'Erişim Reddedildi' naming who it is
 * for (spec 002 §2), without asking the API for the screen's data.
 */
const AUTHOR_EMAIL = 'yazar1@ganyan.local';

async function sidebar(staff: LoggedIn): Promise<string[]> {
  const { ctx, page } = await openStaffTab(suite.browser, suite.url('/admin/articles'), staff, { confirms: 'dismiss' });
  const nav = page.getByRole('navigation', { name: 'Panel menüsü' });
  await nav.getByRole('link').first().waitFor();
  const labels = await nav.locator('.a-nav-label').allTextContents();
  await ctx.close();
  return labels;
}

describe('admin route table (src/admin/routes.ts)', () => {
  let author: LoggedIn;
  beforeAll(async () => {
    author = await loginStaff(suite.site.server, AUTHOR_EMAIL, DEMO_PASSWORD, { ip: '10.78.0.2' });
  });

  it('every route, the sign-in screens and the fallback are prebuilt pages', async () => {
    for (const path of staticAdminPaths()) {
      const file = join(suite.site.siteDir, 'admin', path ?? '', 'index.html');
      expect(existsSync(file), file).toBe(true);
    }
    for (const route of ADMIN_ROUTES) {
      const answer = await fetch(suite.url(route.path));
      expect(answer.status, route.path).toBe(200);
      expect(await answer.text()).toContain('Yönetim Paneli');
    }
  });

  it('the sidebar lists the screens of each role, in the table order', async () => {
    expect(await sidebar(suite.admin)).toEqual(navRoutes({ role: 'admin' }).map((r) => r.label));
    expect(await sidebar(suite.admin)).toEqual(['Yarış Günü', 'Makaleler', 'Yarışlar', 'Yazarlar', 'VIP Yönetimi', 'Yorumlar', 'Kullanıcılar', 'Mesajlar', 'Ayarlar']);
    expect(await sidebar(author)).toEqual(['Yarış Günü', 'Makaleler', 'Yarışlar', 'Profilim']);
  }, 120_000);

  it('an admin on the author-only profile is told it is for authors, and the profile is not fetched', async () => {
    const { ctx, page } = await openStaffTab(suite.browser, suite.url('/admin/articles'), suite.admin, { confirms: 'dismiss' });
    const calls: string[] = [];
    page.on('request', (r) => calls.push(new URL(r.url()).pathname));
    await page.getByRole('link', { name: 'Makaleler' }).first().waitFor();
    await page.goto(suite.url('/admin/author-profile'));
    await page.getByRole('heading', { name: 'Erişim Reddedildi' }).waitFor();
    const text = await page.locator('.a-denied').innerText();
    expect(text).toContain('Bu sayfa yalnızca yazarlara açıktır.');
    expect(text).not.toContain('yönetici');
    expect(calls).not.toContain('/api/authors/profile/me');
    await ctx.close();
  }, 60_000);

  it('an author on an admin screen is told it is for admins, and its data is not fetched', async () => {
    for (const path of ['/admin/orders', '/admin/settings', '/admin/users']) {
      const { ctx, page } = await openStaffTab(suite.browser, suite.url('/admin/articles'), author, { confirms: 'dismiss' });
      const calls: string[] = [];
      page.on('request', (r) => calls.push(new URL(r.url()).pathname));
      await page.goto(suite.url(path));
      await page.getByRole('heading', { name: 'Erişim Reddedildi' }).waitFor();
      expect(await page.locator('.a-denied').innerText()).toContain('Bu sayfa yalnızca yöneticilere açıktır.');
      expect(calls.filter((p) => p.startsWith('/api/') && !p.startsWith('/api/auth/'))).toEqual([]);
      await ctx.close();
    }
  }, 90_000);
});
