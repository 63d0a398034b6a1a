import type { AppDeps } from '../../platform/deps.js';
import type { MailMessage } from '../../ports/mailer.js';
import { escapeHtml } from '../text/html.js';
import type { Race } from '../races/race.js';

/**
 * The horse tracker's notices, one function per notice. Each composes the mail; the caller queues
 * it in the same batch that marks the notice sent, so a notice is mailed exactly once. The member's
 * notification preferences and an SMS beside the mail plug in here.
 */

type Deps = Pick<AppDeps, 'config'>;

export interface NoticeMember {
  email: string;
  firstName: string;
}

const dateText = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

function noticeMail(deps: Deps, member: NoticeMember, subject: string, lines: string[]): MailMessage {
  const link = `${deps.config.siteUrl}/takip-ettigim-atlar`;
  const text = [`Merhaba ${member.firstName},`, '', ...lines, '', `Takip ettiğiniz atlar: ${link}`, '', 'Ganyan'].join('\n');
  const html = [`<p>Merhaba ${escapeHtml(member.firstName)},</p>`, ...lines.map((l) => `<p>${escapeHtml(l)}</p>`), `<p><a href="${link}">Takip Ettiğim Atlar</a></p>`, '<p>Ganyan</p>'].join('');
  return { to: member.email, message: { subject, text, html } };
}

/** A followed horse appears in an imported programme. */
export function horseDeclaredNotice(deps: Deps, member: NoticeMember, horse: { name: string; number: number; jockey: string | null }, race: Race): MailMessage {
  return noticeMail(deps, member, `${horse.name} koşuya yazıldı`, [
    `Takip ettiğiniz ${horse.name}, ${dateText(race.date)} ${race.time} saatinde ${race.hippodrome} ${race.number}. koşuda ${horse.number} numarayla koşacak.`,
    `${race.distance.toLocaleString('tr-TR')} m ${race.surface}${horse.jockey ? `, jokey: ${horse.jockey}` : ''}.`,
  ]);
}

/** The result of a race a followed horse ran in was imported. */
export function horseResultNotice(deps: Deps, member: NoticeMember, horse: { name: string; position: number | null; time: string | null }, race: Race): MailMessage {
  const outcome = horse.position === null ? 'yarışı tamamlamadı' : `${horse.position}. oldu${horse.time ? ` (derece ${horse.time})` : ''}`;
  return noticeMail(deps, member, `${horse.name}: ${race.hippodrome} ${race.number}. koşu sonucu`, [
    `Takip ettiğiniz ${horse.name}, ${dateText(race.date)} ${race.hippodrome} ${race.number}. koşuda ${outcome}.`,
  ]);
}
