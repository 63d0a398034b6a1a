/**
 * A VIP purchase a careful buyer trusts (issue 50), in real Chromium on the seeded demo site:
 * under-18s cannot register, a visitor sees the prices on the VIP wall, every screen and mail says
 * the same payment instruction, and the company that takes the money is named wherever money or
 * personal data is. Screenshots at 390 and 1280 px go to $GANYAN_VIP50_SHOTS or /tmp/ganyan-vip50-shots
 * (kept with GANYAN_SCREENS=1).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../functions/src/domain/identity/auth-messages.js';
import { PAYMENT_STEPS, paymentInstructionFor } from '../../functions/src/domain/membership/payment-instruction.js';
import { formatTL } from '../../functions/src/domain/text/money.js';
import { runVipRequestExpiry } from '../../functions/src/jobs/vip-expiry.js';
import { DEMO_COMPANY, VIP_PACKAGES } from '../../server/seed/membership.js';
import { browserSuite, signInThroughForm } from '../support/browser.js';
import { addUser } from '../support/login.js';

const SHOTS = process.env.GANYAN_VIP50_SHOTS ?? '/tmp/ganyan-vip50-shots';
const suite = browserSuite({ shots: SHOTS });
const { url } = suite;

/** What a text may never say about paying: a name or e-mail in the description, or paying before the request. */
const CONTRADICTIONS = /açıklama(sına|ya| alanına) (adınızı|ad[ıi] ?soyad)|e-posta adresinizi yazın|ödemenizden sonra talebinizi|önce ödeme/i;

async function signedInMember(width: number, firstName: string) {
  const user = await addUser(suite.site.server, { firstName, params: { logN: 10, r: 8, p: 1 } });
  const ctx = await suite.browser.newContext({ viewport: { width, height: 900 }, locale: 'tr-TR' });
  const page = await ctx.newPage();
  await signInThroughForm(page, suite.site.baseUrl, user.email, user.password);
  return { ctx, page, user };
}

/** The texts of every element marked as the payment instruction on the page. */
async function instructionTexts(page: Page): Promise<string[]> {
  return page.locator('[data-payment-instruction]').allInnerTexts();
}

describe('a VIP purchase a careful buyer trusts', { timeout: 240_000 }, () => {
  it('registration refuses someone under 18: the year list starts at the latest allowed year, and a day short of 18 is refused in Turkish', async () => {
    const { ctx, page } = await suite.tab('/kayit', 390);
    try {
      const now = new Date();
      const latest = now.getFullYear() - 18;
      const years = await page.locator('select[aria-label="Yıl"] option').allInnerTexts();
      expect(years[1]).toBe(String(latest));
      expect(years).not.toContain(String(latest + 1));
      // Tomorrow's day and month, 18 years back: eighteen only tomorrow.
      const tomorrow = new Date(now.getFullYear() - 18, now.getMonth(), now.getDate() + 1);
      await page.fill('#firstName', 'Efe');
      await page.fill('#lastName', 'Kaya');
      await page.fill('#phone', '0532 123 45 67');
      await page.selectOption('select[aria-label="Gün"]', String(tomorrow.getDate()).padStart(2, '0'));
      await page.selectOption('select[aria-label="Ay"]', String(tomorrow.getMonth() + 1).padStart(2, '0'));
      await page.selectOption('select[aria-label="Yıl"]', String(tomorrow.getFullYear()));
      await page.fill('#email', `efe${Date.now()}@example.com`);
      await page.fill('#username', `efe${Date.now()}`);
      await page.fill('#password', 'Ganyan2026!');
      await page.fill('#confirmPassword', 'Ganyan2026!');
      await page.check('input[name="agreeToTerms"]');
      await page.getByRole('alert').filter({ hasText: AUTH_MESSAGES.underage }).waitFor();
      await expect(page.getByRole('button', { name: 'Kayıt Ol', exact: true }).isDisabled()).resolves.toBe(true);
      await suite.shot(page, 'kayit-under-18-390');
    } finally {
      await ctx.close();
    }
  });

  for (const width of [390, 1280]) {
    it(`a visitor sees every active package with its price and days on the VIP wall and in the public 'VIP paketleri' section at ${width} px`, async () => {
      const { ctx, page } = await suite.tab('/vip-uyari', width);
      try {
        for (const path of ['/vip-uyari', '/hakkimizda']) {
          await page.goto(url(path));
          const offer = page.getByTestId('vip-offer');
          await offer.getByRole('heading', { name: 'VIP paketleri' }).waitFor();
          const cards = offer.getByTestId('vip-offer-package');
          expect(await cards.count()).toBe(VIP_PACKAGES.length);
          for (const [i, pkg] of VIP_PACKAGES.entries()) {
            const card = cards.nth(i);
            expect(await card.isVisible()).toBe(true);
            const text = await card.innerText();
            expect(text).toContain(pkg.name);
            expect(text).toContain(formatTL(pkg.price));
            expect(text).toContain(`${pkg.durationDays} gün`);
          }
          const benefits = await offer.getByTestId('vip-offer-benefits').innerText();
          // Counted from the published VIP articles, and the daily notice's hour.
          expect(benefits).toMatch(/son 28 günde \d+ VIP yazı yayımlandı, haftada ortalama [\d,]+/);
          expect(benefits).toMatch(/her gün saat \d\d:\d\d/);
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
          await suite.shot(page, `offer${path.replace('/', '-')}-${width}`);
        }
      } finally {
        await ctx.close();
      }
    });
  }

  it('every screen and mail gives the same instruction: choose a package, the request gives the code, pay with the code in the description', async () => {
    const collected: { where: string; text: string }[] = [];
    const { ctx: visitor, page: visitorPage } = await suite.tab('/vip-uyari', 390);
    try {
      for (const path of ['/vip-uyari', '/hakkimizda']) {
        await visitorPage.goto(url(path));
        for (const text of await instructionTexts(visitorPage)) collected.push({ where: path, text });
      }
    } finally {
      await visitor.close();
    }

    const { ctx, page, user } = await signedInMember(390, 'Sevgi');
    try {
      await page.goto(url('/vip-uyelik'));
      for (const text of await instructionTexts(page)) collected.push({ where: '/vip-uyelik', text });
      for (const text of await page.locator('[data-setting]').allInnerTexts()) collected.push({ where: '/vip-uyelik (ayar metni)', text });
      await page.getByRole('radio').nth(1).check();
      await page.getByRole('button', { name: 'VIP Talebi Oluştur' }).click();
      await page.waitForURL(url('/vip-siparislerim'));
      const code = (await page.getByTestId('pay-reference').innerText()).match(/GNY-[0-9A-Z]{4}/)![0];
      for (const text of await instructionTexts(page)) collected.push({ where: '/vip-siparislerim', text });
      await suite.shot(page, 'pending-card-390');

      const server = suite.site.server;
      server.setNow(new Date(Date.now() + 49 * 3_600_000));
      try {
        await runVipRequestExpiry(server.deps);
      } finally {
        server.setNow(null as unknown as Date);
      }
      const mails = (await server.deps.store.collection('mail').where('to', '==', user.email).get()).map((m) => m.message as { subject: string; text: string });
      expect(mails.map((m) => m.subject)).toEqual(expect.arrayContaining([expect.stringContaining('VIP talebiniz oluşturuldu'), expect.stringContaining('ödeme bekliyor')]));
      for (const mail of mails) collected.push({ where: `e-posta: ${mail.subject}`, text: mail.text });

      // Before the request exists: the three steps, in order, word for word.
      for (const where of ['/vip-uyari', '/hakkimizda', '/vip-uyelik']) {
        const text = collected.find((c) => c.where === where)?.text ?? '';
        const positions = PAYMENT_STEPS.map((step) => text.indexOf(step));
        expect(positions.every((p) => p >= 0), `${where}: ${text}`).toBe(true);
        expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      }
      // After it: the member's own code in the same last step, on the card and in both mails.
      for (const where of ['/vip-siparislerim', ...mails.map((m) => `e-posta: ${m.subject}`)]) {
        expect(collected.filter((c) => c.where === where).map((c) => c.text).join('\n'), where).toContain(paymentInstructionFor(code));
      }
      for (const { where, text } of collected) expect(text, where).not.toMatch(CONTRADICTIONS);
    } finally {
      await ctx.close();
    }
  });

  it('the company that takes the money is named in the footer, on /hakkimizda, the legal pages, the payment cards', async () => {
    const { ctx: visitor, page } = await suite.tab('/', 390);
    const expectCompany = async (where: string, scope: ReturnType<Page['getByTestId']>) => {
      const text = await scope.innerText();
      for (const value of [DEMO_COMPANY.legalName, DEMO_COMPANY.mersisNo, DEMO_COMPANY.taxNumber, DEMO_COMPANY.taxOffice, DEMO_COMPANY.kvkkContact]) expect(text, where).toContain(value);
    };
    try {
      for (const path of ['/', '/hakkimizda', '/kullanici-sozlesmesi', '/gizlilik-politikasi', '/kullanim-kosullari']) {
        await page.goto(url(path));
        await expectCompany(`${path} (alt bilgi)`, page.locator('footer').getByTestId('company-details'));
        if (path !== '/') await expectCompany(path, page.locator('main').getByTestId('company-details'));
      }
      await suite.shot(page, 'legal-company-390');
    } finally {
      await visitor.close();
    }

    for (const width of [390, 1280]) {
      const { ctx, page: member } = await signedInMember(width, 'Tülay');
      try {
        await member.goto(url('/vip-uyelik'));
        await expectCompany('/vip-uyelik', member.locator('main').getByTestId('company-details'));
        await member.getByRole('radio').first().check();
        await member.getByRole('button', { name: 'VIP Talebi Oluştur' }).click();
        await member.waitForURL(url('/vip-siparislerim'));
        const card = member.getByTestId('vip-pending-card').getByTestId('company-details');
        await card.waitFor();
        await expectCompany('/vip-siparislerim', card);
        await suite.shot(member, `payment-card-company-${width}`);
      } finally {
        await ctx.close();
      }
    }
  });
});
