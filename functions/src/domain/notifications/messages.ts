import type { MailMessage } from '../../ports/mailer.js';
import type { SmsMessage } from '../../ports/sms.js';
import { escapeHtml } from '../text/index.js';
import type { Channel } from './preferences.js';
import { unsubscribeToken } from './unsubscribe-token.js';

/**
 * Texts of the notices. They name the article and link to it; they never carry the selections
 * themselves (a forwarded SMS or mail must not hand the VIP content out).
 */

/** GSM 03.38 basic set (+ the extension table, which costs two septets). Anything else forces UCS-2. */
const GSM_BASIC = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENDED = '^{}\\[~]|€';

/** How many SMS segments a text takes: 160/153 septets in GSM-7, 70/67 characters in UCS-2 (ı, ş, ğ, İ ...). */
export function smsSegments(text: string): { encoding: 'GSM-7' | 'UCS-2'; units: number; segments: number } {
  let septets = 0;
  let gsm = true;
  for (const ch of text) {
    if (GSM_BASIC.includes(ch)) septets += 1;
    else if (GSM_EXTENDED.includes(ch)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) return { encoding: 'GSM-7', units: septets, segments: septets <= 160 ? 1 : Math.ceil(septets / 153) };
  const units = [...text].reduce((n, ch) => n + (ch.codePointAt(0)! > 0xffff ? 2 : 1), 0);
  return { encoding: 'UCS-2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}

/** The longest of `variants` (most to least wordy) that still fits one segment, else the shortest. */
export function fitOneSegment(variants: string[]): string {
  return variants.find((v) => smsSegments(v).segments === 1) ?? variants[variants.length - 1]!;
}

export interface NoticeArticle {
  id: string;
  title: string;
  slug: string;
  raceResult?: 'won' | 'lost' | 'pending' | null;
}

export interface NoticeRecipient {
  id: string;
  firstName: string;
  email: string;
}

export function articleUrl(siteUrl: string, article: Pick<NoticeArticle, 'slug' | 'id'>): string {
  return `${siteUrl}/makale/${encodeURIComponent(article.slug || article.id)}`;
}

export function unsubscribeLinks(siteUrl: string, secret: string, userId: string, channel: Channel) {
  const token = encodeURIComponent(unsubscribeToken(secret, userId, channel));
  return { page: `${siteUrl}/bildirimler/iptal?token=${token}`, oneClick: `${siteUrl}/api/notifications/unsubscribe?token=${token}` };
}

const shortDate = new Intl.DateTimeFormat('tr-TR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Istanbul' });

export type NoticeKind = 'estimate' | 'daily' | 'results';

export interface NoticeContext {
  siteUrl: string;
  secret: string;
  kind: NoticeKind;
  articles: NoticeArticle[];
  /** The package's day (daily notices). */
  day?: Date;
}

function resultText(article: NoticeArticle): string {
  return article.raceResult === 'won' ? 'tuttu' : 'tutmadı';
}

export function noticeMail(ctx: NoticeContext, to: NoticeRecipient): MailMessage {
  const links = unsubscribeLinks(ctx.siteUrl, ctx.secret, to.id, 'email');
  const first = ctx.articles[0]!;
  let subject: string;
  let intro: string;
  if (ctx.kind === 'estimate') {
    subject = `Yeni VIP tahmin: ${first.title}`;
    intro = 'Yeni bir VIP tahmin yayımlandı:';
  } else if (ctx.kind === 'daily') {
    subject = `Günün VIP tahminleri (${shortDate.format(ctx.day!)})`;
    intro = `Bugünün VIP paketinde ${ctx.articles.length} tahmin var:`;
  } else {
    subject = `Tahmin sonucu: ${first.title}`;
    intro = `Aldığınız VIP tahminin sonucu belli oldu: tahmin ${resultText(first)}.`;
  }
  const items = ctx.articles.map((a) => ({ title: a.title, url: articleUrl(ctx.siteUrl, a) }));
  const text = [
    `Merhaba ${to.firstName},`,
    '',
    intro,
    ...items.map((i) => `- ${i.title}: ${i.url}`),
    '',
    'Bu bildirimleri siz istediğiniz için alıyorsunuz.',
    `Tek tıkla e-posta bildirimlerini kapatın: ${links.page}`,
    `Tercihleriniz: ${ctx.siteUrl}/profil`,
    '',
    'Ganyan',
  ].join('\n');
  const html = [
    `<p>Merhaba ${escapeHtml(to.firstName)},</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<ul>${items.map((i) => `<li><a href="${escapeHtml(i.url)}">${escapeHtml(i.title)}</a></li>`).join('')}</ul>`,
    '<p style="color:#6b7280;font-size:13px">Bu bildirimleri siz istediğiniz için alıyorsunuz. ',
    `<a href="${escapeHtml(links.page)}">E-posta bildirimlerini kapat</a> · <a href="${escapeHtml(ctx.siteUrl)}/profil">Tercihlerim</a></p>`,
    '<p>Ganyan</p>',
  ].join('');
  return {
    to: to.email,
    message: {
      subject,
      text,
      html,
      // RFC 8058 one-click: mail clients POST "List-Unsubscribe=One-Click" to this address.
      headers: { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    },
  };
}

export function noticeSms(ctx: NoticeContext, phone: string): SmsMessage {
  const first = ctx.articles[0]!;
  let body: string;
  if (ctx.kind === 'estimate') {
    const url = articleUrl(ctx.siteUrl, first);
    body = fitOneSegment([`Ganyan: yeni VIP tahmin yayında ${url}`, `Ganyan VIP tahmin: ${url}`, url]);
  } else if (ctx.kind === 'daily') {
    const url = ctx.articles.length === 1 ? articleUrl(ctx.siteUrl, first) : `${ctx.siteUrl}/tahminler`;
    body = fitOneSegment([`Ganyan: bugün ${ctx.articles.length} VIP tahmin var ${url}`, `Ganyan VIP paketi: ${url}`, url]);
  } else {
    const url = articleUrl(ctx.siteUrl, first);
    body = fitOneSegment([`Ganyan: VIP tahmininiz ${resultText(first)} ${url}`, url]);
  }
  return { to: phone, body };
}
