/**
 * Staff see the VIP notice fan-outs in real Chromium (issue 15): after a VIP estimate is published and
 * the notifications job has run, the article's edit screen shows the fan-out's counts (queued, sent,
 * skipped) and the VIP statistics tab shows the 30-day totals and the fan-out in its list.
 * Screenshots at 390 and 1280 px to $GANYAN_ADS_SHOTS or /tmp/ganyan-ads-shots.
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNotifications } from '../../functions/src/jobs/notifications.js';
import { ADMIN_EMAIL, DEMO_PASSWORD } from '../../server/seed/users.js';
import { createAccount, createVipMember } from '../support/accounts.js';
import { launchBrowser, openStaffTab, startSiteServer, type SiteServer, saveScreen } from '../support/browser.js';
import { loginStaff } from '../support/login.js';
import { publishVipEstimateAs } from '../support/notifications.js';

const SHOTS = process.env.GANYAN_ADS_SHOTS ?? '/tmp/ganyan-ads-shots';
const state: { site?: SiteServer; browser?: Browser } = {};

beforeAll(async () => {
  state.site = await startSiteServer();
  state.browser = await launchBrowser();
}, 900_000);

afterAll(async () => {
  await state.browser?.close();
  await state.site?.close();
});

describe('fan-out progress in the staff panel', { timeout: 600_000 }, () => {
  it('shows queued, sent and skipped on the article and in the VIP statistics', async () => {
    const site = state.site!;
    const server = site.server;
    const both = { email: { estimates: 'each', results: false }, sms: { estimates: 'each', results: false } };
    const members = [await createVipMember(server), await createVipMember(server), await createAccount(server)];
    for (const m of members) await server.api('PUT', '/api/users/notification-preferences', { token: m.token, body: members.indexOf(m) < 2 ? both : { ...both, sms: { estimates: 'off', results: false } } });
    const staff = await createAccount(server, { role: 'admin' });
    // The seed's settled tips still owe their result notices: a first run sends them, so the
    // statistics' ten newest fan-outs are not all result notices started after this test's one.
    await runNotifications(server.deps);
    const article = await publishVipEstimateAs(server, staff);
    await runNotifications(server.deps);
    const admin = await loginStaff(server, ADMIN_EMAIL, DEMO_PASSWORD, { ip: '10.79.0.1' });

    for (const width of [1280, 390]) {
      const { ctx, page } = await openStaffTab(state.browser!, `${site.baseUrl}/admin/articles/edit?id=${article.id}`, admin, { width, confirms: 'accept' });
      const card = page.getByTestId('article-notices');
      const fanout = card.getByTestId('fanout');
      await fanout.waitFor();
      expect(await fanout.textContent()).toContain('Tahmin bildirimi');
      expect(await fanout.textContent()).toContain('Tamamlandı');
      // Two VIPs by mail and SMS are queued, besides the demo VIPs who chose a mail for each VIP tip
      // (tests/api/notification-fanouts.test.ts counts them exactly); the member without VIP is skipped on mail.
      const queued = (await server.api('GET', `/api/admin/articles/${article.id}/notifications`, { token: admin.token })).body.data[0].queued;
      expect(queued).toBeGreaterThanOrEqual(4);
      expect(await card.getByTestId('fanout-queued').textContent()).toBe(String(queued));
      expect(await card.getByTestId('fanout-skipped').textContent()).toBe('1');
      // Locally nothing confirms a delivery: the panel says the notices are queued, not "0 sent" (issue 52 §5).
      expect(await card.getByTestId('fanout-sent').textContent()).toBe('Kuyrukta');
      // Every recipient was processed: the queued ones and the one skipped.
      expect(await fanout.textContent()).toContain(`İşlenen: ${queued + 1} / ${queued + 1}`);
      expect(await fanout.textContent()).toContain('Yerel çalışmada iletiler çıkış kutusunda (/_dev/outbox) kalır; teslim bilgisi gelmez.');
      expect(await fanout.textContent()).not.toContain('bekleniyor');
      await card.scrollIntoViewIfNeeded();
      await saveScreen(card, join(SHOTS, `article-notices-${width}.png`));

      await page.goto(`${site.baseUrl}/admin/orders`);
      await page.getByRole('tab', { name: 'İstatistikler' }).click();
      const stats = page.getByTestId('notification-stats');
      await stats.getByText('Tahmin bildirimi').first().waitFor();
      expect(await stats.textContent()).toContain('Kuyruğa alınan');
      await stats.scrollIntoViewIfNeeded();
      await saveScreen(page, join(SHOTS, `vip-stats-notices-${width}.png`), { fullPage: true });
      await ctx.close();
    }
  });
});
