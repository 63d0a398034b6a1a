import type { DayMeeting, DaySummary } from '../../../functions/src/domain/estimates/day-summary.js';
import type { Wire } from '../../../functions/src/platform/wire';
import { escapeHtml } from '@shared/text/html';
import { formatOdds, raceLink } from '../../islands/races/race-format';
import { formatIsoDay } from '@shared/text/dates';

/**
 * The home page's race-day block (issue 53) as HTML: written by the build and again by the page's
 * after-load script (race-day-live.ts) from `GET /api/races/day`, so one function draws both and a
 * refresh changes only what changed. Plain HTML, no React: the home page loads no framework for it.
 */

export type RaceDayView = Wire<DaySummary>;
type Meeting = Wire<DayMeeting>;

/** How many of a meeting's latest results the block lists (a phone shows the newest only). */
const LATEST_RESULTS = 2;
/** Tips of a meeting a phone shows before '+N tahmin daha' (races.css of RaceDay.astro hides the others). */
const PHONE_TIPS = 2;

const legs = (numbers: readonly number[]) => (numbers.length > 1 ? `${numbers[0]}.–${numbers.at(-1)}. koşular` : `${numbers[0]}. koşu`);

/** Race numbers in runs: [1, 2, 3, 5] -> '1.–3., 5. koşular'; [4] -> '4. koşu'. */
function raceRuns(numbers: readonly number[]): string {
  const runs: [number, number][] = [];
  for (const n of numbers) {
    const last = runs.at(-1);
    if (last && n === last[1] + 1) last[1] = n;
    else runs.push([n, n]);
  }
  return `${runs.map(([a, b]) => (a === b ? `${a}.` : `${a}.–${b}.`)).join(', ')} ${numbers.length === 1 ? 'koşu' : 'koşular'}`;
}

function meetingHtml(meeting: Meeting, now: number): string {
  const e = escapeHtml;
  const next = meeting.races.find((race) => !race.hasResult && Date.parse(race.startsAt) > now);
  const waiting = meeting.races.filter((race) => !race.hasResult && Date.parse(race.startsAt) <= now);
  const finished = meeting.races.filter((race) => race.hasResult);
  let status: string;
  if (next) status = `<p class="race-day__next">Sıradaki koşu: <a href="${e(raceLink(meeting.venueId, next.number))}">${next.number}. koşu</a> <strong>${e(next.time)}</strong></p>`;
  else if (waiting.length > 0) status = `<p class="race-day__next">Sonuç bekleniyor: ${raceRuns(waiting.map((r) => r.number))}</p>`;
  else status = `<p class="race-day__next">Koşular tamamlandı</p>`;
  const latest = finished
    .slice(-LATEST_RESULTS)
    .reverse()
    .map(
      (race) =>
        `<li><a href="${e(raceLink(meeting.venueId, race.number))}">${race.number}. koşu</a>: ${
          race.winner ? `<strong>${race.winner.number} ${e(race.winner.name)}</strong>${race.ganyan !== null ? ` · Ganyan ${formatOdds(race.ganyan)}` : ''}` : 'sonuç açıklandı'
        }</li>`,
    )
    .join('');
  // On a phone the block stays about a card tall: the first two tips show, the rest behind this link.
  const more = meeting.tips.length > PHONE_TIPS ? `<li class="race-day__more"><a href="${e(`/yaris-programi?hipodrom=${encodeURIComponent(meeting.venueId)}`)}">+${meeting.tips.length - PHONE_TIPS} tahmin daha</a></li>` : '';
  const tips = meeting.tips
    .map(
      (tip) =>
        `<li>${tip.access === 'public' ? '' : `<span class="race-day__badge">${tip.access === 'vip' ? 'VIP' : 'Üyelere özel'}</span> `}<a href="${e(tip.href)}">${e(tip.title)}</a> <span class="muted">(${legs(tip.raceNumbers)})</span></li>`,
    )
    .join('');
  return `<li class="race-day__meeting" data-meeting="${e(meeting.id)}">
<h3 class="race-day__venue"><a href="/yaris-programi?hipodrom=${encodeURIComponent(meeting.venueId)}">${e(meeting.location)}</a> <span class="muted">${meeting.races.length} koşu · ${finished.length} sonuçlandı</span></h3>
${status}${latest ? `<p class="race-day__label">Son sonuçlar</p><ul class="race-day__results">${latest}</ul>` : ''}${
    tips ? `<p class="race-day__label">Tahminlerimiz</p><ul class="race-day__tips">${tips}${more}</ul>` : ''
  }</li>`;
}

/** The block's inside for a day with at least one meeting; '' for a day without races. */
export function raceDayHtml(day: RaceDayView, now: number): string {
  if (day.meetings.length === 0) return '';
  return `<div class="race-day__head"><h2 id="race-day-title" class="section-title">BUGÜN YARIŞ VAR <span class="race-day__date">${formatIsoDay(day.date)}</span></h2><a href="/yaris-programi">Yarış programı →</a></div>
<ul class="race-day__meetings">${day.meetings.map((meeting) => meetingHtml(meeting, now)).join('')}</ul>`;
}
