import type { AppDeps } from '../platform/deps.js';
import { latestPublishedEstimations, type ArticleRecord } from '../domain/articles/index.js';
import { dailyHour, deliveriesOfArticle, fanoutRecord, fanoutRecords, runFanout, type FanoutOutcome, type NoticeArticle } from '../domain/notifications/index.js';
import { istanbulDate, istanbulInstant } from '../platform/time.js';

/**
 * The notification job (every minute in production; on an interval plus a kick after each
 * publish in the local server). It is scan-based, so it does not matter how an article became
 * visible (a staff publish or a scheduled time reached): it looks at the newest published
 * estimation articles and runs the fan-outs that are due and not done yet.
 *
 * - `estimate_<articleId>`: the first time a VIP estimate is visible (publishedAt <= now, within
 *   the last ESTIMATE_LOOKBACK), to members with `<channel>:each`.
 * - `daily_<YYYY-MM-DD>`: once the staff's hour (Istanbul) has passed, the VIP estimates of the
 *   24 hours before it, to members with `<channel>:daily` (nothing when there were none).
 * - `results_<articleId>`: once an estimate is settled (won/lost), to the members who received it
 *   (per estimate or in a package) and chose result notices.
 */
const ESTIMATE_LOOKBACK_MS = 24 * 60 * 60_000;
const RESULTS_LOOKBACK_MS = 7 * 24 * 60 * 60_000;
const SCAN_LIMIT = 200;

export function isVipEstimate(article: Pick<ArticleRecord, 'category' | 'audience' | 'visibility'>): boolean {
  return article.category === 'estimation' && (article.audience !== 'everyone' || article.visibility === 'premium' || article.visibility === 'private');
}

function notice(article: ArticleRecord): NoticeArticle {
  return { id: article.id, title: article.title, slug: article.slug, raceResult: article.raceResult };
}

/** Istanbul's calendar day of `now` and the instant of `hour` (HH:mm, Istanbul, UTC+3 all year) on it. */
export function dailySlot(now: Date, hour: string): { day: string; at: Date } {
  const day = istanbulDate(now);
  return { day, at: istanbulInstant(day, hour) };
}

export interface NotificationRunReport {
  fanouts: FanoutOutcome[];
}

export async function runNotifications(deps: AppDeps): Promise<NotificationRunReport> {
  const now = deps.now();
  const visible = (await latestPublishedEstimations(deps, SCAN_LIMIT)).filter((a) => isVipEstimate(a) && a.publishedAt !== null && a.publishedAt.getTime() <= now.getTime());
  const report: NotificationRunReport = { fanouts: [] };
  const run = async (spec: Parameters<typeof runFanout>[1]) => {
    const outcome = await runFanout(deps, spec);
    if (outcome.ran) report.fanouts.push(outcome);
  };

  const fresh = visible.filter((a) => now.getTime() - a.publishedAt!.getTime() <= ESTIMATE_LOOKBACK_MS);
  const settled = visible.filter((a) => (a.raceResult === 'won' || a.raceResult === 'lost') && now.getTime() - a.publishedAt!.getTime() <= RESULTS_LOOKBACK_MS);
  const known = await fanoutRecords(deps, [...fresh.map((a) => `estimate_${a.id}`), ...settled.map((a) => `results_${a.id}`)]);
  const done = new Set(known.filter((f) => f?.status === 'done').map((f) => f!.id));

  for (const article of fresh) {
    const id = `estimate_${article.id}`;
    if (!done.has(id)) await run({ id, kind: 'estimate', tokens: ['email:each', 'sms:each'], articles: [notice(article)] });
  }

  const slot = dailySlot(now, await dailyHour(deps));
  if (now.getTime() >= slot.at.getTime()) {
    const id = `daily_${slot.day}`;
    const existing = await fanoutRecord(deps, id);
    if (existing?.status !== 'done') {
      // The package's contents are fixed when it is first claimed (kept on the fan-out), so a resumed run sends the same list.
      const from = slot.at.getTime() - 24 * 60 * 60_000;
      const chosen = existing
        ? visible.filter((a) => (existing.articleIds as string[]).includes(a.id))
        : visible.filter((a) => a.publishedAt!.getTime() > from && a.publishedAt!.getTime() <= slot.at.getTime());
      if (chosen.length > 0) await run({ id, kind: 'daily', tokens: ['email:daily', 'sms:daily'], articles: chosen.map(notice), day: slot.at });
    }
  }

  for (const article of settled) {
    const id = `results_${article.id}`;
    if (done.has(id)) continue;
    const received = await deliveriesOfArticle(deps, article.id);
    const only = new Set(received.filter((d) => d.status === 'queued' && d.kind !== 'results').map((d) => String(d.userId)));
    await run({ id, kind: 'results', tokens: ['email:results', 'sms:results'], articles: [notice(article)], only });
  }

  if (report.fanouts.length) deps.log.info('notifications run', { fanouts: report.fanouts });
  return report;
}

export interface NotificationScheduler {
  /** Asks for a run soon (after a publish); runs never overlap, a kick during a run schedules one more. */
  kick(): void;
  stop(): void;
  /** Resolves when no run is going or pending (tests). */
  idle(): Promise<void>;
}

/**
 * The local server's schedule: every `intervalMs` and shortly after each kick. `run` is one run of the
 * job, wherever it executes (scripts/start.ts runs it off the server's thread).
 */
export function startNotificationInterval(run: () => Promise<unknown>, log: AppDeps['log'], intervalMs = 60_000): NotificationScheduler {
  let running: Promise<void> | null = null;
  let again = false;
  let kickTimer: NodeJS.Timeout | null = null;
  const tick = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await run();
        } catch (error) {
          log.error('notifications run failed', { error: String(error) });
        }
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  };
  void tick();
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref?.();
  return {
    kick() {
      if (kickTimer) return;
      // Out of the request that published: the staff member's answer never waits for a fan-out.
      kickTimer = setTimeout(() => {
        kickTimer = null;
        void tick();
      }, 200);
      kickTimer.unref?.();
    },
    stop() {
      clearInterval(timer);
      if (kickTimer) clearTimeout(kickTimer);
    },
    async idle() {
      while (running || kickTimer) await (running ?? new Promise((r) => setTimeout(r, 50)));
    },
  };
}
