import type { AppDeps } from '../../platform/deps.js';
import { escapeHtml } from '../text/html.js';

export interface VipMail {
  to: string;
  firstName: string;
  subject: string;
  lines: string[];
}

/** Queues a plain VIP notice; always called after the transaction that caused it has committed. */
export async function sendVipMail(deps: AppDeps, mail: VipMail): Promise<void> {
  const link = `${deps.config.siteUrl}/vip-siparislerim`;
  const text = [`Merhaba ${mail.firstName},`, '', ...mail.lines, '', `VIP siparişleriniz: ${link}`, '', 'Ganyan'].join('\n');
  const html = [
    `<p>Merhaba ${escapeHtml(mail.firstName)},</p>`,
    ...mail.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${link}">VIP siparişlerim</a></p>`,
    '<p>Ganyan</p>',
  ].join('');
  try {
    await deps.mailer.send({ to: mail.to, message: { subject: mail.subject, text, html } });
  } catch (error) {
    // The change is committed either way; a lost notice must not turn it into an error for the admin.
    deps.log.error('vip mail failed', { to: mail.to, subject: mail.subject, error: String(error) });
  }
}
