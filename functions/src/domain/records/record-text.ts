import { withSuffix, formatTL } from '../text/index.js';
import type { RecordStats, RecordWindow } from './author-record.js';

/**
 * Record figures as readers see them, shared by the static pages and the article's author box.
 * Only browser-safe imports: the article fallback page bundles this for the browser.
 */

export const RECORD_WINDOW_LABELS: Record<RecordWindow, string> = { '30': 'Son 30 gün', '90': 'Son 90 gün', '365': 'Son 365 gün', all: 'Tüm zamanlar' };

const percent = new Intl.NumberFormat('tr-TR', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
const count = new Intl.NumberFormat('tr-TR');

export const formatRate = (rate: number | null): string => (rate === null ? '—' : percent.format(rate));
export const formatCount = (n: number): string => count.format(n);
export const formatLira = formatTL;

/** Return on cost with its sign, so a loss never reads like a gain. */
export function formatReturn(rate: number | null): string {
  if (rate === null) return '—';
  const text = percent.format(Math.abs(rate));
  return rate > 0 ? `+${text}` : rate < 0 ? `−${text}` : text;
}

/** Net result with its sign and a true minus: '+1.250 TL', '−360 TL', '0 TL'. */
export function formatNet(net: number): string {
  const text = formatTL(Math.abs(net));
  return net > 0 ? `+${text}` : net < 0 ? `−${text}` : text;
}

/** The window inside a sentence: 'son 90 günde', 'tüm zamanlarda'. */
export const windowPhrase = (window: RecordWindow): string => (window === 'all' ? 'tüm zamanlarda' : `son ${window} günde`);

/** The ranking rule as /basari-kayitlari and GET /api/records/authors state it. */
export function rankingRule(minimumSample: number, window: RecordWindow): string {
  return (
    `Sıralama ${windowPhrase(window)} sonuçlanan kuponların net sonucuna göredir: her kuponu birim bahisle oynayan birinin ` +
    `kazancı ya da kaybı (ikramiye − maliyet). Sıralamaya girmek için ${windowPhrase(window)} en az ${formatCount(minimumSample)} sonuçlanmış kupon gerekir.`
  );
}

/** Why a tipster is listed apart: 'Henüz yeterli kupon yok: son 90 günde 7 sonuçlanmış kupon, sıralama için en az 20 gerekir.' */
export function unrankedNote(settled: number, minimumSample: number, window: RecordWindow): string {
  const have = settled === 0 ? 'sonuçlanmış kupon yok' : `${formatCount(settled)} sonuçlanmış kupon`;
  return `Henüz yeterli kupon yok: ${windowPhrase(window)} ${have}, sıralama için en az ${formatCount(minimumSample)} gerekir.`;
}

const wholePercent = new Intl.NumberFormat('tr-TR', { style: 'percent', maximumFractionDigits: 0 });

/**
 * The one-line record of author lists, profiles and the author box, money first (what following
 * every tip at the unit stake did to a stake), never without its sample:
 * '−360 TL net, getiri −%30,0 · %46 ayak isabeti (22/48 ayak; 8 sonuçlanan tahmin, 0 tam isabet)'.
 */
export function recordLine(stats: Pick<RecordStats, 'legHitRate' | 'legsHit' | 'legs' | 'estimates' | 'allLegsHit' | 'net' | 'returnOnCost'>): string {
  if (stats.estimates === 0 || stats.legHitRate === null) return 'Henüz sonuçlanan tahmin yok';
  return (
    `${formatNet(stats.net)} net, getiri ${formatReturn(stats.returnOnCost)} · ${wholePercent.format(stats.legHitRate)} ayak isabeti ` +
    `(${formatCount(stats.legsHit)}/${formatCount(stats.legs)} ayak; ${formatCount(stats.estimates)} sonuçlanan tahmin, ${formatCount(stats.allLegsHit)} tam isabet)`
  );
}

/**
 * The date formats are built on first use: article pages load this module in the browser for
 * `recordLine` alone, and building a date format costs Chromium several milliseconds at load.
 */
let dateTime: Intl.DateTimeFormat | undefined;
let dayTime: Intl.DateTimeFormat | undefined;
const lockDateTime = () => (dateTime ??= new Intl.DateTimeFormat('tr-TR', { timeZone: 'Europe/Istanbul', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }));
const lockDayTime = () => (dayTime ??= new Intl.DateTimeFormat('tr-TR', { timeZone: 'Europe/Istanbul', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }));

/** 'Tahmin kilitlendi: 22.11.2026 14:30' (Europe/Istanbul). */
export function lockText(lockAt: Date | string): string {
  const parts = Object.fromEntries(lockDateTime().formatToParts(new Date(lockAt)).map((p) => [p.type, p.value]));
  return `Tahmin kilitlendi: ${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`;
}

/**
 * The proof sentence: "Bu tahmin 23 Kasım 13:30'da, ilk koşu başlarken kilitlendi." The suffix
 * follows the time as read aloud (13:30 "otuz" -> 'da, 14:00 "on dört" -> 'te).
 */
export function lockSentence(lockAt: Date | string): string {
  const parts = Object.fromEntries(lockDayTime().formatToParts(new Date(lockAt)).map((p) => [p.type, p.value]));
  const time = `${parts.hour}:${parts.minute}`;
  return `Bu tahmin ${parts.day} ${parts.month} ${withSuffix(time, 'locative')}, ilk koşu başlarken kilitlendi; seçimler o andan beri değiştirilemez.`;
}

/** '2026-11-21' -> '21.11.2026'. */
export const raceDateText = (iso: string): string => iso.split('-').reverse().join('.');
