import type { AppDeps } from '../../platform/deps.js';
import { escapeHtml } from '../identity/register-member.js';
import type { Race } from '../races/race.js';

/**
 * The horse tracker's notices, one function per notice. They go out through the Mailer port (the
 * mail outbox) only; when member notification preferences and SMS exist, each function is where
 * the member's choice is read and the SMS is queued beside the mail.
 */

type Deps = Pick<AppDeps, 'mailer' | 'config'>;

export interface NoticeMember {
  email: string;
  firstName: string;
}

const dateText = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

async function sendNotice(deps: Deps, member: NoticeMember, subject: string, lines: string[]): Promise<void> {
  const link = `${deps.config.siteUrl}/takip-ettigim-atlar`;
  const text = [`Merhaba ${member.firstName},`, '', ...lines, '', `Takip ettiğiniz atlar: ${link}`, '', 'Ganyan'].join('\n');
  const html = [`<p>Merhaba ${escapeHtml(member.firstName)},</p>`, ...lines.map((l) => `<p>${escapeHtml(l)}</p>`), `<p><a href="${link}">Takip Ettiğim Atlar</a></p>`, '<p>Ganyan</p>'].join('');
  await deps.mailer.send({ to: member.email, message: { subject, text, html } });
}

/** A followed horse appears in an imported programme. */
export async function sendHorseDeclaredNotice(deps: Deps, member: NoticeMember, horse: { name: string; number: number; jockey: string | null }, race: Race): Promise<void> {
  await sendNotice(deps, member, `${horse.name} koşuya yazıldı`, [
    `Takip ettiğiniz ${horse.name}, ${dateText(race.date)} ${race.time} saatinde ${race.hippodrome} ${race.number}. koşuda ${horse.number} numarayla koşacak.`,
    `${race.distance.toLocaleString('tr-TR')} m ${race.surface}${horse.jockey ? `, jokey: ${horse.jockey}` : ''}.`,
  ]);
}

/** The result of a race a followed horse ran in was imported. */
export async function sendHorseResultNotice(deps: Deps, member: NoticeMember, horse: { name: string; position: number | null; time: string | null }, race: Race): Promise<void> {
  const outcome = horse.position === null ? 'yarışı tamamlamadı' : `${horse.position}. oldu${horse.time ? ` (derece ${horse.time})` : ''}`;
  await sendNotice(deps, member, `${horse.name}: ${race.hippodrome} ${race.number}. koşu sonucu`, [
    `Takip ettiğiniz ${horse.name}, ${dateText(race.date)} ${race.hippodrome} ${race.number}. koşuda ${outcome}.`,
  ]);
}
