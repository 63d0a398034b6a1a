import type { AppDeps } from '../../platform/deps.js';
import type { MailMessage } from '../../ports/mailer.js';
import type { SmsMessage } from '../../ports/sms.js';
import { escapeHtml } from '../text/index.js';
import { fitOneSegment } from '../notifications/index.js';
import type { Race } from '../races/index.js';

/**
 * The horse tracker's notices, one function per notice. Each composes the mail and the SMS; the
 * caller queues those the member's preferences ask for in the same batch that marks the notice
 * sent, so a notice goes out exactly once on each channel.
 */

type Deps = Pick<AppDeps, 'config'>;

export interface NoticeMember {
  email: string;
  firstName: string;
}

export interface Notice {
  mail: MailMessage;
  /** The SMS wording (one segment); the caller addresses it. */
  sms: string;
}

const dateText = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const followedLink = (deps: Deps) => `${deps.config.siteUrl}/takip-ettigim-atlar`;

export const addressSms = (to: string, body: string): SmsMessage => ({ to, body });

function noticeMail(deps: Deps, member: NoticeMember, subject: string, lines: string[]): MailMessage {
  const link = followedLink(deps);
  const text = [`Merhaba ${member.firstName},`, '', ...lines, '', `Takip ettiğiniz atlar: ${link}`, '', 'Ganyan'].join('\n');
  const html = [`<p>Merhaba ${escapeHtml(member.firstName)},</p>`, ...lines.map((l) => `<p>${escapeHtml(l)}</p>`), `<p><a href="${link}">Takip Ettiğim Atlar</a></p>`, '<p>Ganyan</p>'].join('');
  return { to: member.email, message: { subject, text, html } };
}

/** A followed horse appears in an imported programme. */
export function horseDeclaredNotice(deps: Deps, member: NoticeMember, horse: { name: string; number: number; jockey: string | null }, race: Race): Notice {
  const mail = noticeMail(deps, member, `${horse.name} koşuya yazıldı`, [
    `Takip ettiğiniz ${horse.name}, ${dateText(race.date)} ${race.time} saatinde ${race.hippodrome} ${race.number}. koşuda ${horse.number} numarayla koşacak.`,
    `${race.distance.toLocaleString('tr-TR')} m ${race.surface}${horse.jockey ? `, jokey: ${horse.jockey}` : ''}.`,
  ]);
  const when = `${dateText(race.date).slice(0, 5)} ${race.time}`;
  const sms = fitOneSegment([
    `Ganyan: ${horse.name} ${when} ${race.location} ${race.number}. koşuda, ${horse.number} numara. ${followedLink(deps)}`,
    `Ganyan: ${horse.name} ${when} ${race.location} ${race.number}. koşuda ${horse.number} no.`,
    `${horse.name} ${when} ${race.location} ${race.number}. koşu`,
  ]);
  return { mail, sms };
}

/** The result of a race a followed horse ran in was imported. */
export function horseResultNotice(deps: Deps, member: NoticeMember, horse: { name: string; position: number | null; time: string | null }, race: Race): Notice {
  const outcome = horse.position === null ? 'yarışı tamamlamadı' : `${horse.position}. oldu${horse.time ? ` (derece ${horse.time})` : ''}`;
  const mail = noticeMail(deps, member, `${horse.name}: ${race.hippodrome} ${race.number}. koşu sonucu`, [
    `Takip ettiğiniz ${horse.name}, ${dateText(race.date)} ${race.hippodrome} ${race.number}. koşuda ${outcome}.`,
  ]);
  const short = horse.position === null ? 'tamamlamadı' : `${horse.position}. oldu`;
  const sms = fitOneSegment([
    `Ganyan: ${horse.name} ${race.location} ${race.number}. koşuda ${short}. ${followedLink(deps)}`,
    `Ganyan: ${horse.name} ${race.location} ${race.number}. koşuda ${short}.`,
    `${horse.name}: ${short}`,
  ]);
  return { mail, sms };
}
