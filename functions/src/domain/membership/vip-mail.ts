import type { AppDeps } from '../../platform/deps.js';
import { escapeHtml } from '../text/index.js';
import { companyIdentity, companyLines } from './company-identity.js';

export interface VipMail {
  to: string;
  firstName: string;
  subject: string;
  lines: string[];
}

/**
 * Queues a plain VIP notice; always called after the transaction that caused it has committed.
 * Every VIP mail is about money paid or to be paid, so each closes with who takes it (issue 50).
 */
export async function sendVipMail(deps: AppDeps, mail: VipMail): Promise<void> {
  const link = `${deps.config.siteUrl}/vip-siparislerim`;
  const company = await companyIdentity(deps).catch(() => null);
  const signature = company ? companyLines(company).map((line) => `${line.label}: ${line.value}`) : [];
  const text = [`Merhaba ${mail.firstName},`, '', ...mail.lines, '', `VIP siparişleriniz: ${link}`, '', 'Ganyan', ...signature].join('\n');
  const html = [
    `<p>Merhaba ${escapeHtml(mail.firstName)},</p>`,
    ...mail.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${link}">VIP siparişlerim</a></p>`,
    '<p>Ganyan</p>',
    signature.length ? `<p style="font-size:12px;color:#5b6770">${signature.map(escapeHtml).join('<br>')}</p>` : '',
  ].join('');
  try {
    await deps.mailer.send({ to: mail.to, message: { subject: mail.subject, text, html } });
  } catch (error) {
    // The change is committed either way; a lost notice must not turn it into an error for the admin.
    deps.log.error('vip mail failed', { to: mail.to, subject: mail.subject, error: String(error) });
  }
}
