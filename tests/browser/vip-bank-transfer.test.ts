/**
 * Bank transfer end to end in real Chromium (issue 18): a member files a request, copies the
 * reference code, uploads a receipt; an admin sees the receipt inline, uploads a Windows-1254
 * statement, sees the match and approves it; the member then sees VIP. Screenshots at 390 and
 * 1280 px go to $GANYAN_SHOTS_DIR or /tmp/ganyan-vip-transfer-shots.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, openStaffTab, sidewaysOverflow, signedInContext } from '../support/browser.js';
import { addUser, DEMO_PASSWORD, loginMember, type LoggedIn } from '../support/login.js';
import { formatTL } from '@shared/text/money';
import { VIP_MESSAGES } from '../../functions/src/domain/membership/vip-messages.js';
import { groupedIban, turkishIban } from '../../functions/src/domain/membership/iban.js';

const SHOTS = process.env.GANYAN_SHOTS_DIR ?? '/tmp/ganyan-vip-transfer-shots';
const suite = browserSuite({ shots: SHOTS, admin: { ip: '10.78.0.1' } });
const { url, shot } = suite;

/** A member tab signed in through the real login endpoint (tokens in the member session keys). */
async function memberTab(member: LoggedIn, width: number): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await signedInContext(suite.browser, member, 'member', { width });
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.site.baseUrl });
  return { ctx, page: await ctx.newPage() };
}

/** Windows-1254 bytes (Turkish Excel's and many banks' CSV encoding). */
function cp1254(text: string): Buffer {
  const map: Record<string, number> = { Ğ: 0xd0, ğ: 0xf0, İ: 0xdd, ı: 0xfd, Ş: 0xde, ş: 0xfe };
  return Buffer.from([...text].map((ch) => map[ch] ?? ch.charCodeAt(0)));
}

describe('VIP by bank transfer', () => {
  it('the packages page: packages, bank account and payment text are static HTML; a visitor goes to /giris without downloading the form', async () => {
    const noScript = await suite.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'tr-TR', javaScriptEnabled: false });
    try {
      const page = await noScript.newPage();
      await page.goto(url('/vip-uyelik'));
      const group = page.getByRole('radiogroup', { name: 'VIP paketleri' });
      await group.waitFor();
      const monthly = group.locator('label').filter({ hasText: /^Aylık VIP/ });
      expect(await monthly.textContent()).toContain('30 gün');
      expect(await monthly.textContent()).toContain(formatTL(750));
      expect(await group.getByRole('radio').count()).toBe(4);
      const bank = page.getByTestId('bank-card');
      expect(await bank.isVisible()).toBe(true);
      expect(await bank.textContent()).toMatch(/TR\d\d \d{4} \d{4}/);
      expect(await page.locator('[data-setting="payment_bottom_description"]').isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'VIP Talebi Oluştur' }).isDisabled()).toBe(true);
      await shot(page, 'packages-static-390');
    } finally {
      await noScript.close();
    }

    const { ctx, page } = await suite.tab('/', 390);
    try {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      await page.goto(url('/vip-uyelik'));
      await page.waitForURL(url('/giris'));
      expect(scripts.filter((s) => s.includes('VipPackages'))).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it('the built page is not redrawn when the live answers match it; a live bank account that differs replaces the built one', async () => {
    const user = await addUser(suite.site.server, { firstName: 'Gülşen' });
    const member = await loginMember(suite.site.server, user.email, DEMO_PASSWORD, { ip: '10.78.0.4' });
    const { ctx, page } = await memberTab(member, 390);
    try {
      // Every change to the page's content once the HTML is parsed ('interactive' comes before the
      // page's deferred module scripts run).
      await page.addInitScript(() => {
        const changes: string[] = [];
        (window as unknown as { vipPageChanges: string[] }).vipPageChanges = changes;
        document.addEventListener('readystatechange', () => {
          if (document.readyState !== 'interactive') return;
          new MutationObserver((records) => {
            for (const r of records) {
              const target = r.target instanceof Element ? r.target : r.target.parentElement;
              if (!target?.closest('[data-vip-page]') || (r.type === 'attributes' && r.attributeName === 'data-refreshed')) continue;
              changes.push(`${r.type} ${r.attributeName ?? ''} ${target.tagName}.${target.className}`);
            }
          }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        });
      });
      await page.goto(url('/vip-uyelik'));
      await page.locator('[data-vip-page][data-refreshed]').waitFor({ state: 'attached' });
      await page.locator('form[data-ready]').waitFor({ state: 'attached' });
      await page.getByRole('button', { name: 'VIP Talebi Oluştur' }).and(page.locator(':enabled')).waitFor();
      const changes = await page.evaluate(() => (window as unknown as { vipPageChanges: string[] }).vipPageChanges);
      // What the script may still change: whether the button may send, and the form's ready mark.
      expect(changes.filter((c) => !/^attributes (disabled BUTTON|data-ready FORM)/.test(c))).toEqual([]);

      const moved = turkishIban('00010', '9988776655443322');
      await page.route('**/api/settings/bank-account', async (route) => {
        const answer = await route.fetch();
        const body = await answer.json();
        await route.fulfill({ response: answer, json: { ...body, data: { ...body.data, ibanNumber: moved } } });
      });
      await page.reload();
      await page.locator('[data-vip-page][data-refreshed]').waitFor({ state: 'attached' });
      expect(await page.getByTestId('bank-card').textContent()).toContain(groupedIban(moved));
      // The same recorder sees the script's writes: here the IBAN, and nothing else of the card.
      const redrawn = await page.evaluate(() => (window as unknown as { vipPageChanges: string[] }).vipPageChanges);
      expect(redrawn.filter((c) => /^childList +(DD|DT)/.test(c))).toEqual(['childList  DD.vip-iban']);
    } finally {
      await ctx.close();
    }
  });

  it('the form checks its own rules before sending: a package must be chosen, a payer name is at most 60 characters', async () => {
    const user = await addUser(suite.site.server, { firstName: 'Nazlı' });
    const member = await loginMember(suite.site.server, user.email, DEMO_PASSWORD, { ip: '10.78.0.3' });
    const { ctx, page } = await memberTab(member, 390);
    try {
      const sent: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/users/request-vip')) sent.push(request.method());
      });
      await page.goto(url('/vip-uyelik'));
      const submit = page.getByRole('button', { name: 'VIP Talebi Oluştur' });
      await submit.click();
      const noPackage = page.getByRole('alert').filter({ hasText: VIP_MESSAGES.packageRequired });
      await noPackage.waitFor();
      expect(await page.getByRole('radiogroup', { name: 'VIP paketleri' }).getAttribute('aria-invalid')).toBe('true');
      // Choosing one takes the message away at once, as the island's form did after a first try.
      await page.getByRole('radio').nth(1).check();
      await noPackage.waitFor({ state: 'detached' });
      expect(await page.locator('.vip-package.is-selected').count()).toBe(1);

      const payer = page.getByRole('textbox', { name: 'Ödeyen adı' });
      await payer.fill('Ç'.repeat(61));
      await submit.click();
      await page.getByRole('alert').filter({ hasText: 'En fazla 60 karakter girilebilir' }).waitFor();
      expect(await payer.getAttribute('aria-invalid')).toBe('true');
      await shot(page, 'packages-rules-390');
      expect(sent, 'nothing is sent while a rule fails').toEqual([]);

      // Sixty characters are allowed; the one name typed is the payer's name (otherNameFor).
      await payer.fill('Ç'.repeat(60));
      await page.getByRole('alert').filter({ hasText: 'En fazla 60 karakter girilebilir' }).waitFor({ state: 'detached' });
      await submit.click();
      await page.waitForURL(url('/vip-siparislerim'));
      expect(sent).toEqual(['POST']);
      const status = (await suite.site.server.api('GET', '/api/users/vip-status', { token: member.token })).body.data;
      expect(status.pendingRequest).toMatchObject({ otherName: 'Ç'.repeat(60), requestedDays: 30, packageName: 'Aylık VIP' });
    } finally {
      await ctx.close();
    }
  });

  it('member files, copies the reference, adds a receipt; staff match the statement and approve; the member is VIP', async () => {
    const user = await addUser(suite.site.server, { firstName: 'Şule' });
    const member = await loginMember(suite.site.server, user.email, DEMO_PASSWORD, { ip: '10.78.0.2' });

    // Member: choose the monthly package and file.
    const { ctx, page } = await memberTab(member, 1280);
    await page.goto(url('/vip-uyelik'));
    await page.getByRole('radio').nth(1).check();
    await page.getByRole('button', { name: 'VIP Talebi Oluştur' }).click();
    await page.waitForURL(url('/vip-siparislerim'));
    const instructions = page.getByTestId('payment-instructions');
    await instructions.getByTestId('pay-reference').waitFor();
    const status = (await suite.site.server.api('GET', '/api/users/vip-status', { token: member.token })).body.data;
    const code = status.pendingRequest.referenceCode as string;
    expect(code).toMatch(/^GNY-[2-9A-HJ-NP-Z]{4}$/);
    expect(await instructions.getByTestId('pay-reference').textContent()).toContain(code);
    expect(await instructions.getByTestId('pay-amount').textContent()).toContain('750,00');
    expect(await instructions.getByTestId('pay-iban').textContent()).toMatch(/TR\d\d \d{4} \d{4}/);

    // Copy buttons put the exact text on the clipboard.
    await instructions.getByTestId('pay-reference').getByRole('button').click();
    await page.getByRole('status').filter({ hasText: 'Açıklama alanına yazın kopyalandı' }).first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await instructions.getByTestId('pay-iban').getByRole('button').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^TR\d{24}$/);

    // A real PNG receipt (a screenshot of the instructions themselves).
    const png = await instructions.screenshot();
    await page.getByTestId('receipt-input').setInputFiles({ name: 'dekont.png', mimeType: 'image/png', buffer: png });
    await page.getByTestId('receipt-added').waitFor();
    expect(await page.getByTestId('vip-timeline').textContent()).toContain('Dekont eklendi');
    await shot(page, 'member-orders-1280');
    const narrow = await memberTab(member, 390);
    await narrow.page.goto(url('/vip-siparislerim'));
    await narrow.page.getByTestId('receipt-added').waitFor();
    await shot(narrow.page, 'member-orders-390');
    expect(await sidewaysOverflow(narrow.page), 'member orders at 390 px').toBeLessThanOrEqual(0);
    await narrow.ctx.close();

    // Staff: the request's dialog shows the reference, the amount and the receipt inline.
    const staff = await openStaffTab(suite.browser, url('/admin/orders'), suite.admin, { confirms: 'accept' });
    const row = staff.page.getByTestId('vip-request-row').filter({ hasText: user.email });
    await row.getByRole('button', { name: 'Detay' }).click();
    const dialog = staff.page.getByRole('dialog');
    await dialog.getByText(code).waitFor();
    await dialog.getByText('750,00 TL').waitFor();
    const img = dialog.getByTestId('receipt-view').locator('img');
    await img.waitFor();
    await staff.page.waitForFunction(() => {
      const el = document.querySelector('[data-testid="receipt-view"] img') as HTMLImageElement | null;
      return !!el && el.complete && el.naturalWidth > 0;
    });
    await shot(staff.page, 'staff-request-receipt-1280');
    await dialog.getByRole('button', { name: 'Kapat' }).last().click();

    // Staff: the bank's export (Windows-1254, Turkish amounts, a header block above the columns).
    const csv = cp1254(
      [
        'Hesap Hareketleri;;;',
        'IBAN: TR00 0000;;;',
        'Tarih;Açıklama;Tutar;Bakiye',
        `24.11.2026;FAST GELEN ${code} ŞULE YILMAZ;750,00;12.500,00`,
        '24.11.2026;KİRA ÖDEMESİ;-4.000,00;11.750,00',
        '24.11.2026;EFT İSİMSİZ;1.400,00;15.750,00',
      ].join('\r\n'),
    );
    await staff.page.getByRole('tab', { name: 'Banka Ekstresi' }).click();
    await staff.page.getByTestId('statement-input').setInputFiles({ name: 'hesap-hareketleri.csv', mimeType: 'text/csv', buffer: csv });
    const matchedLine = staff.page.getByTestId('statement-line').filter({ hasText: code });
    await matchedLine.getByText('Eşleşti', { exact: true }).waitFor();
    expect(await matchedLine.textContent()).toContain('ŞULE YILMAZ');
    await staff.page.getByTestId('statement-line').filter({ hasText: 'EFT İSİMSİZ' }).getByText('Kod yok', { exact: true }).waitFor();
    await shot(staff.page, 'staff-statement-1280');
    await staff.page.getByTestId('approve-matched').click();
    await matchedLine.getByText('Onaylandı', { exact: true }).waitFor();
    await staff.page.getByRole('button', { name: 'Onaylanacak eşleşme yok' }).waitFor();

    // The same file again, on a phone: the line is reported as used, nothing to approve.
    const staffNarrow = await openStaffTab(suite.browser, url('/admin/orders'), suite.admin, { width: 390, confirms: 'accept' });
    await staffNarrow.page.getByRole('tab', { name: 'Banka Ekstresi' }).click();
    await staffNarrow.page.getByTestId('statement-input').setInputFiles({ name: 'hesap-hareketleri.csv', mimeType: 'text/csv', buffer: csv });
    await staffNarrow.page.getByTestId('statement-line').filter({ hasText: code }).getByText('Daha önce kullanıldı', { exact: true }).waitFor();
    await shot(staffNarrow.page, 'staff-statement-390');
    expect(await sidewaysOverflow(staffNarrow.page), 'staff statement at 390 px').toBeLessThanOrEqual(0);
    await staffNarrow.ctx.close();
    await staff.ctx.close();

    // The member sees VIP.
    await page.goto(url('/vip-siparislerim'));
    await page.getByText('Aktif VIP Üye').first().waitFor();
    await shot(page, 'member-vip-1280');
    await ctx.close();
  }, 240_000);
  it('staff see a PDF receipt inside the request dialog: the page CSP keeps object-src none and refuses nothing', async () => {
    const server = suite.site.server;
    const user = await addUser(server, { firstName: 'Cemre' });
    const member = await loginMember(server, user.email, DEMO_PASSWORD, { ip: '10.78.0.3' });
    const packages = (await server.api('GET', '/api/admin/settings/vip-packages')).body.data as { id: string }[];
    const filed = await server.api('POST', '/api/users/request-vip', { token: member.token, body: { packageId: packages[0]!.id } });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
        '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n' +
        '4 0 obj<</Length 44>>stream\nBT /F1 18 Tf 30 100 Td (Dekont 750,00 TL) Tj ET\nendstream endobj\n' +
        '5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
      'latin1',
    );
    const grant = await server.api('POST', '/api/uploads', { token: member.token, body: { purpose: 'receipt', contentType: 'application/pdf', size: pdf.length, name: 'dekont.pdf' } });
    expect(grant.status).toBe(201);
    await fetch(grant.body.data.url, { method: 'PUT', headers: grant.body.data.headers, body: new Uint8Array(pdf) });
    expect((await server.api('POST', `/api/uploads/${grant.body.data.uploadId}/finalize`, { token: member.token })).status).toBe(200);
    expect((await server.api('PUT', `/api/users/vip-requests/${filed.body.data.id}/receipt`, { token: member.token, body: { uploadId: grant.body.data.uploadId } })).status).toBe(200);

    for (const width of [1280, 390]) {
      const staff = await openStaffTab(suite.browser, url('/admin/orders'), suite.admin, { width, confirms: 'accept' });
      const refused: string[] = [];
      staff.page.on('console', (m) => {
        if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
      });
      const answer = staff.page.waitForResponse((r) => r.url().includes(`/vip-requests/${filed.body.data.id}/receipt?`));
      const row = staff.page.getByTestId('vip-request-row').filter({ hasText: user.email });
      await row.getByRole('button', { name: 'Detay' }).click();
      const dialog = staff.page.getByRole('dialog');
      const frame = dialog.getByTestId('receipt-pdf');
      await frame.waitFor();
      const receipt = await answer;
      expect(receipt.status()).toBe(200);
      expect(receipt.headers()['content-type']).toBe('application/pdf');
      expect(receipt.request().resourceType()).toBe('document');
      await expect.poll(() => staff.page.frames().some((f) => f.url().includes(`/vip-requests/${filed.body.data.id}/receipt`))).toBe(true);
      expect(await dialog.getByRole('link', { name: 'PDF dekontu yeni sekmede aç' }).getAttribute('href')).toContain('/receipt?');
      expect(refused).toEqual([]);
      expect(await staff.page.evaluate(() => document.querySelectorAll('[data-testid="receipt-view"] object').length)).toBe(0);
      await frame.scrollIntoViewIfNeeded();
      await shot(staff.page, `staff-request-pdf-${width}`);
      await staff.ctx.close();
    }
  }, 240_000);
});
