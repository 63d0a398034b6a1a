import { raceDayHtml, type RaceDayView } from './race-day-view';

/**
 * The home page's race-day block, live (issue 53): the built block knows the build's moment only. Once
 * the page has loaded this reads `GET /api/races/day` (a card imported after the build appears), then,
 * while a race that has started has no result, asks again every RESULTS_POLL_MS past the browser's
 * copy; the next race moves on by the reader's clock. A tab in the background asks nothing.
 */

const RESULTS_POLL_MS = 15_000;

export function keepRaceDayLive(): void {
  const block = document.querySelector<HTMLElement>('[data-race-day]');
  if (!block) return;
  let day: RaceDayView | null = null;
  // What this script last wrote (the built HTML is the same text, serialised by the browser its own way).
  let drawn: string | null = null;

  const draw = () => {
    if (!day) return;
    const html = raceDayHtml(day, Date.now());
    // Rewritten only when something changed: an unchanged block costs no layout.
    if (html !== drawn) {
      block.innerHTML = html;
      drawn = html;
    }
    block.dataset.date = day.date;
    if (block.hidden !== (html === '')) block.hidden = html === '';
  };

  const read = (fresh: boolean) =>
    fetch('/api/races/day', { headers: { accept: 'application/json' }, cache: fresh ? 'no-cache' : 'default' })
      .then((response) => (response.ok ? (response.json() as Promise<{ data: RaceDayView }>) : null))
      .then(
        (body) => {
          if (!body) return;
          day = body.data;
          draw();
        },
        // Offline: the block keeps what it shows and the next turn asks again.
        () => undefined,
      );

  const waiting = () => day?.meetings.some((meeting) => meeting.races.some((race) => !race.hasResult && Date.parse(race.startsAt) <= Date.now())) ?? false;

  void read(false);
  window.setInterval(() => {
    if (document.visibilityState !== 'visible') return;
    if (waiting()) void read(true);
    else draw();
  }, RESULTS_POLL_MS);
}
