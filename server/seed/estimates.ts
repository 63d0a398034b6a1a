import { seededRandom, type SeededRandom } from './random.js';
import type { ArticleRecord } from '../../functions/src/domain/articles/article.js';
import { buildArticleDocument } from '../../functions/src/domain/articles/derive-fields.js';
import { inPlace } from '../../functions/src/domain/text/suffix.js';
import { DEMO_IMAGE_SIZE, demoImageUrl } from './illustrations.js';
import { slugify } from '../../functions/src/domain/text/turkish.js';
import { createEstimate } from '../../functions/src/domain/estimates/manage-estimates.js';
import { settleEstimatesForRaces } from '../../functions/src/domain/estimates/settlement.js';
import { hasActiveVip, parseUser } from '../../functions/src/domain/identity/user.js';
import { savePreferences } from '../../functions/src/domain/notifications/manage-preferences.js';
import { istanbulDate, parseRace, parseRaceDay, parseResult, raceIdFromCode, type Race, type RaceDay } from '../../functions/src/domain/races/race.js';
import type { AppDeps } from '../../functions/src/platform/deps.js';
import { parseArticle } from '../../functions/src/domain/articles/article.js';
import { isVipEstimate } from '../../functions/src/jobs/notifications.js';
import { runFanout } from '../../functions/src/domain/notifications/fanout.js';
import { planSingleRaceTips } from './articles.js';
import { formatIsoDay } from '../../functions/src/shared/text/dates.js';
import { SHARP_TIPSTER, TIPSTERS, tipSchedule } from './tipsters.js';
import { windowStart } from '../../functions/src/domain/records/author-record.js';

/**
 * Demo race estimates (issue 8), so author records and /basari-kayitlari show from the first
 * start. Runs after seedArticles and seedRaces. For every past race day of the races seed, each
 * card gets two tipsters' altılı articles published that morning (server/seed/tipsters.ts says
 * whose), each of today's cards one, and every single-race tip of the articles seed its ganyan
 * bet. Coupons cover the altılı
 * legs (races 4-9) and are written through the real staff service (createEstimate, on the clock
 * of the moment the author sent them, before the first leg), then past ones are settled from the
 * seeded results exactly as a results import settles them; today's stay unsettled and lock at
 * their first leg like any other.
 *
 * Articles that receive estimates lose their hand-set demo raceResult: settlement decides it.
 * Deterministic for the same day; skipped when the store already holds estimates.
 */

const LEGS = [4, 5, 6, 7, 8, 9];
/** Hours before the first leg an estimate is sent, at most (never before its article). */
const LEAD_HOURS = 5;
const TODAY_ARTICLES = 3;


const hash = (text: string) => [...text].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0, 7);

interface Card {
  day: RaceDay;
  legs: Race[];
  lockAt: Date;
}

/**
 * Horse numbers for one leg: favourites (low odds) are likelier, more so for a sharper tipster
 * (`skill` 2..4); a one-horse leg is a banko. Coupons are as wide as tipsters' system coupons are
 * (hundreds to 4.000 lira at the unit stake): an altılı pays tens of thousands per lira.
 */
function pickLeg(race: Race, r: SeededRandom, skill: number): number[] {
  const size = Math.min(race.entries.length, r.next() < 0.2 ? 1 : r.int(2, 6));
  const pool = race.entries.map((e) => ({ n: e.number, w: (1 / Math.max(1.05, e.odds ?? 10)) ** skill }));
  const picks: number[] = [];
  while (picks.length < size) {
    let x = r.next() * pool.reduce((s, p) => s + p.w, 0);
    let k = 0;
    while (x > pool[k]!.w && k < pool.length - 1) x -= pool[k++]!.w;
    picks.push(pool.splice(k, 1)[0]!.n);
  }
  return picks.sort((a, b) => a - b);
}

/** A coupon of at most MAX_COMBINATIONS lines: the widest leg gives up its outsider until it fits. */
const MAX_COMBINATIONS = 4000;
function affordable(picks: number[][]): number[][] {
  const legs = picks.map((leg) => [...leg]);
  while (legs.reduce((n, leg) => n * leg.length, 1) > MAX_COMBINATIONS) {
    const widest = legs.reduce((a, b) => (b.length > a.length ? b : a));
    widest.pop();
  }
  return legs;
}

/**
 * Steers a coupon's outcome (altılı winners are drawn by the races seed, picks by the market): to
 * 6/6 where the demo's record wants a paid coupon, to 5/6 so the record pages show that state, and
 * otherwise to at most 5/6, because an unplanned 6/6 on a card that pays 500.000 TL per lira would
 * turn one tipster's figures into a lottery ticket. A 6/6 takes the winner in place of the leg's
 * last pick, so the coupon's cost stays.
 */
function steer(card: Card, winners: number[][], picks: number[][], target: 5 | 6 | null): number[][] {
  const hitsAll = picks.every((leg, i) => winners[i]![0] === undefined || leg.includes(winners[i]![0]!));
  if (target === null && !hitsAll) return picks;
  return picks.map((leg, i) => {
    const winner = winners[i]![0];
    if (winner === undefined) return leg;
    const missLeg = target !== 6 && i === 2;
    if (missLeg) {
      if (!leg.includes(winner)) return leg;
      const other = card.legs[i]!.entries.map((e) => e.number).find((n) => n !== winner && !leg.includes(n));
      return other === undefined ? leg : leg.map((n) => (n === winner ? other : n)).sort((a, b) => a - b);
    }
    if (target === null) return leg;
    return leg.includes(winner) ? leg : [...leg.slice(0, -1), winner].sort((a, b) => a - b);
  });
}

async function winnersOf(deps: Pick<AppDeps, 'store'>, card: Card): Promise<number[][]> {
  const results = await deps.store.getAll('results', card.legs.map((race) => race.id));
  return results.map((doc) => (doc ? parseResult(doc).finishers.filter((f) => f.position === 1).map((f) => f.number) : []));
}

async function loadCards(deps: Pick<AppDeps, 'store'>): Promise<Map<string, Card[]>> {
  const days = (await deps.store.collection('raceDays').get()).map(parseRaceDay);
  const byDate = new Map<string, Card[]>();
  for (const day of days) {
    const raceDocs = await deps.store.getAll('races', day.raceIds);
    const races = raceDocs.filter((d) => d !== null).map(parseRace);
    const legs = LEGS.map((n) => races.find((race) => race.number === n)).filter((race): race is Race => Boolean(race));
    if (legs.length !== LEGS.length) continue;
    const card = { day, legs, lockAt: new Date(Math.min(...legs.map((l) => l.startsAt.getTime()))) };
    byDate.set(day.date, [...(byDate.get(day.date) ?? []), card].sort((a, b) => a.day.id.localeCompare(b.day.id)));
  }
  return byDate;
}

export interface EstimateSeedReport {
  created: number;
  settled: number;
  pending: number;
}

type SeedDeps = AppDeps;

async function emailsOf(deps: SeedDeps, ids: string[]): Promise<Map<string, string>> {
  const emails = new Map<string, string>();
  for (const raw of await deps.store.getAll('users', [...new Set(ids)])) if (raw) emails.set(raw.id, parseUser(raw).email);
  return emails;
}

/** Sends one estimate on `card` for `article` at `sentAt` through the staff service. */
async function send(deps: SeedDeps, article: Pick<ArticleRecord, 'id' | 'authorId'>, email: string, card: Card, sentAt: Date, picks: number[][], r: SeededRandom) {
  await createEstimate({ ...deps, now: () => sentAt, requestRebuild: () => {} }, { user: { id: article.authorId, role: 'author', email } }, article.id, {
    title: `${card.day.location} Altılı Ganyan Tahmini`,
    description: r.next() < 0.5 ? 'Bankolarımız ve sürpriz adaylarımızla altılı ganyan kuponu.' : 'Pist durumuna göre hazırladığımız altılı seçimleri.',
    races: card.legs.map((race, i) => ({ id: race.id, selectedHorses: picks[i]!.map((number) => ({ number })) })),
  });
}

/** Each tipster's way of naming a coupon: two coupons on one card never share a headline. */
const COUPON_TITLES: Record<string, string> = {
  'u-author-1': 'Altılı Ganyan Tahmini',
  'u-author-2': 'Altılı Ganyan: Verilerle Kupon',
  'u-author-3': 'Altılı Ganyan: Jokey Notlarıyla Kupon',
  'u-author-4': 'Altılı Ganyan Handikap Kuponu',
  'u-author-5': 'Altılı Ganyan: Mesafe ve Pedigri Notları',
};
const p = (text: string) => `<p>${text}</p>`;

/**
 * A tipster's altılı article for one card, published the morning of the race day; a quarter of them
 * are VIP tips unless `forcedVisibility` says which it is.
 */
function dayArticle(card: Card, authorId: string, picks: number[][], r: SeededRandom, publishedAt: Date, isFeatured: boolean, forcedVisibility?: 'public' | 'premium'): Omit<ArticleRecord, 'id'> {
  const names = card.legs.map((race, i) => picks[i]!.map((n) => race.entries.find((e) => e.number === n)?.name ?? String(n)));
  const bankos = names.filter((leg) => leg.length === 1).map((leg) => leg[0]!);
  const title = `${card.day.location} ${formatIsoDay(card.day.date)} ${COUPON_TITLES[authorId] ?? 'Altılı Ganyan Tahmini'}`;
  // The roll is drawn either way, so a forced visibility leaves every later pick of the card as it was.
  const rolled = r.next() < 0.25 ? 'premium' : 'public';
  const visibility = forcedVisibility ?? rolled;
  return buildArticleDocument(
    {
      title,
      subtitle: 'Altılı ganyan ayakları için bankolar, plaseler ve alternatifler',
      slug: `${slugify(title)}-${authorId.replace(/^u-/, '')}`,
      authorId,
      category: 'estimation',
      status: 'published',
      visibility,
      audience: visibility === 'premium' ? 'vip' : 'everyone',
      // A VIP teaser never names a selected horse (the API refuses it): only public tips show their bankos.
      excerpt:
        visibility === 'premium'
          ? `${card.day.hippodrome} altılısı (4-9. koşular) için ${bankos.length ? `${bankos.length} banko ve ` : ''}ayak ayak seçimlerimiz VIP üyelerimizde.`
          : `${card.day.hippodrome} altılısı (4-9. koşular) için seçimlerimiz${bankos.length ? `; bankomuz ${bankos.join(', ')}` : ''}.`,
      content: [
        p(`${inPlace(card.day.hippodrome)} ${formatIsoDay(card.day.date)} günü altılı ganyan 4. koşuda başlıyor. Pist ${card.day.track.grass ?? 'normal'} (çim), ${card.day.track.dirt ?? 'normal'} (kum); hava ${card.day.weather.condition?.toLocaleLowerCase('tr-TR') ?? 'açık'}.`),
        '<h2>Ayak ayak seçimlerimiz</h2>',
        `<ul>${card.legs.map((race, i) => `<li><strong>${race.number}. koşu (${race.time}):</strong> ${names[i]!.join(', ')}</li>`).join('')}</ul>`,
        p('Seçimler ilk ayağın başlangıcında kilitlenir; sonuçlar açıklandığında tahmin otomatik olarak sonuçlandırılır. Sorumlu oynayın.'),
      ].join('\n'),
      tags: [{ name: 'Altılı Ganyan', color: '#15803d' }, { name: card.day.location, color: '#3b82f6' }],
      raceResult: null,
      raceResultSource: null,
      isFeatured,
      isPinned: false,
      media: { featuredImage: { url: demoImageUrl(hash(card.day.id)), alt: title, ...DEMO_IMAGE_SIZE, copies: [] }, videos: [], audio: [] },
      allowComments: true,
      stats: { views: r.int(80, 2400), likes: 0, comments: 0, shares: r.int(0, 30) },
      publishedAt,
      createdAt: new Date(publishedAt.getTime() - 20 * 60_000),
      updatedAt: publishedAt,
    },
    publishedAt,
  );
}

interface PlannedCoupon {
  id: string;
  card: Card;
  authorId: string;
  r: SeededRandom;
  picks: number[][];
  /** Winners per leg, from the seeded results. */
  winners: number[][];
  target: 5 | 6 | null;
}

const couponCost = (c: PlannedCoupon, stake: number) => c.picks.reduce((n, leg) => n * leg.length, stake);
const poolPayout = (c: PlannedCoupon, stake: number) => (c.card.day.sixPools.find((p) => p.firstRace === LEGS[0])?.payout ?? 0) * stake;

/**
 * Which coupons are paid (6/6), so the record reads like a real season (issue 50): altılı payouts
 * run from a few thousand to a million lira per lira, so a 6/6 is chosen on a card whose payout
 * fits the tipster's outlay. The sharp tipster is clearly ahead in the last 30 days (payout about
 * twice her coupons' cost there), Kadir Aydınlı hit one that paid back about half of his, Murat
 * Ertunç's paid coupon is older than 30 days; the others lose their stakes, as most altılı players
 * do. Some coupons end 5/6, or that column would never show; the rest miss at least one leg.
 */
function planOutcomes(coupons: PlannedCoupon[], recentFrom: string, stake: number): void {
  const recent = (c: PlannedCoupon) => c.card.day.date >= recentFrom;
  const pay = (authorId: string, pool: PlannedCoupon[], outlay: PlannedCoupon[], [low, high, aim]: [number, number, number]) => {
    const own = pool.filter((c) => c.authorId === authorId);
    const cost = outlay.filter((c) => c.authorId === authorId).reduce((n, c) => n + couponCost(c, stake), 0);
    const fits = own
      .map((c) => ({ c, ratio: poolPayout(c, stake) / cost }))
      .filter((x) => x.ratio >= low && x.ratio <= high)
      .sort((a, b) => Math.abs(a.ratio - aim) - Math.abs(b.ratio - aim));
    if (fits[0]) fits[0].c.target = 6;
  };
  pay(SHARP_TIPSTER, coupons.filter(recent), coupons.filter(recent), [1.4, 3.5, 2]);
  pay('u-author-1', coupons.filter(recent), coupons.filter(recent), [0.3, 0.85, 0.55]);
  pay('u-author-3', coupons.filter((c) => !recent(c)), coupons, [0.3, 1.5, 0.7]);
  coupons.forEach((c, i) => {
    if (c.target === null && i % 5 === 1) c.target = 5;
  });
}

export async function seedEstimates(deps: SeedDeps): Promise<EstimateSeedReport> {
  const report: EstimateSeedReport = { created: 0, settled: 0, pending: 0 };
  if ((await deps.store.collection('raceEstimates').limit(1).get()).length > 0) return report;
  const now = deps.now();
  const today = istanbulDate(now);
  const cards = await loadCards(deps);
  const emails = await emailsOf(deps, TIPSTERS);
  const skillOf = (authorId: string) => 2 + (hash(authorId) % 5) / 2;
  const raceIds = new Set<string>();

  // Past race days: two tipsters' altılı coupons per card, as the schedule gives them out.
  const schedule = tipSchedule([...cards.keys()]);
  const pastDates = [...cards.keys()].filter((d) => d < today).sort();
  const planned: PlannedCoupon[] = [];
  for (const date of pastDates) {
    for (const card of cards.get(date) ?? []) {
      const winners = await winnersOf(deps, card);
      schedule.get(date)!.coupons.forEach((authorId, slot) => {
        const r = seededRandom(hash(`${card.day.id}:${authorId}`));
        const picks = affordable(card.legs.map((race) => pickLeg(race, r, skillOf(authorId))));
        const id = slot === 0 ? `art-est-${card.day.id}` : `art-est-${card.day.id}-2`;
        planned.push({ id, card, authorId, r, picks, winners, target: null });
      });
    }
  }
  planOutcomes(planned, windowStart(today, 30), deps.config.unitStake);
  let steeredWins = 0;
  for (const [turn, coupon] of planned.entries()) {
    const { card, authorId, r } = coupon;
    const picks = steer(card, coupon.winners, coupon.picks, coupon.target);
    const publishedAt = new Date(card.lockAt.getTime() - (LEAD_HOURS + 1) * 3_600_000 - (coupon.id.endsWith('-2') ? 35 * 60_000 : 0));
    // The paid coupons take turns between a public and a VIP tip, the first public: left to the
    // roll, some days' demo had verified wins only behind the VIP wall, and a visitor could not open
    // one to see its badge.
    const winVisibility = coupon.target === 6 ? (steeredWins++ % 2 === 0 ? 'public' : 'premium') : undefined;
    // They are the newest estimations: some must be featured, or the home carousel (featured among
    // the 50 newest) would lose its slides.
    await deps.store.set('articles', coupon.id, dayArticle(card, authorId, picks, r, publishedAt, turn % 8 === 0, winVisibility));
    await send(deps, { id: coupon.id, authorId }, emails.get(authorId) ?? '', card, new Date(publishedAt.getTime() + r.int(10, 90) * 60_000), picks, r);
    card.legs.forEach((race) => raceIds.add(race.id));
    report.created += 1;
  }

  // Today: each of today's cards gets its own tipster article, published a few hours before its
  // first leg (never in the future), with an estimate sent before now; it locks at the first leg.
  for (const [cardIndex, card] of (cards.get(today) ?? []).slice(0, TODAY_ARTICLES).entries()) {
    const authorId = schedule.get(today)?.coupons[cardIndex % 2] ?? TIPSTERS[cardIndex]!;
    const publishedAt = new Date(Math.min(now.getTime() - 2 * 60_000, card.lockAt.getTime() - (LEAD_HOURS + 1) * 3_600_000));
    const sentAt = new Date(Math.min(now.getTime() - 60_000, publishedAt.getTime() + 10 * 60_000));
    if (sentAt >= card.lockAt || istanbulDate(publishedAt) !== today) continue;
    const r = seededRandom(hash(`${card.day.id}:${authorId}`));
    const picks = card.legs.map((race) => pickLeg(race, r, skillOf(authorId)));
    const id = `art-est-${card.day.id}`;
    await deps.store.set('articles', id, dayArticle(card, authorId, picks, r, publishedAt, cardIndex === 0));
    await send(deps, { id, authorId }, emails.get(authorId) ?? '', card, sentAt, picks, r);
    report.created += 1;
    report.pending += 1;
  }

  // Single-race tips (articles seed): each gets its ganyan pick as a one-race ganyan bet, sent a few
  // minutes after the article and before the race, so it locks and settles like any coupon.
  const tipArticles = (await deps.store.collection('articles').where('category', '==', 'estimation').get()).map(parseArticle);
  for (const tip of planSingleRaceTips(now)) {
    const article = tipArticles.find((a) => a.publishedAt?.getTime() === tip.publishedAt.getTime() && a.status === 'published' && a.title.includes(`${tip.race.number}. Koşu`));
    if (!article) continue;
    const raceId = raceIdFromCode(tip.race.code);
    const sentAt = new Date(Math.min(now.getTime() - 60_000, tip.publishedAt.getTime() + 10 * 60_000));
    const email = emails.get(article.authorId) ?? (await emailsOf(deps, [article.authorId])).get(article.authorId) ?? '';
    await createEstimate({ ...deps, now: () => sentAt, requestRebuild: () => {} }, { user: { id: article.authorId, role: 'author', email } }, article.id, {
      title: `${tip.race.number}. Koşu Ganyan Tahmini`,
      description: 'Bankomuz.',
      races: [{ id: raceId, selectedHorses: [{ number: tip.picks[0].number }] }],
      // A structured ganyan bet, so a winning banko pays the race's ganyan dividend in the record.
      bet: { kind: 'ganyan', places: [[tip.picks[0].number]] },
    });
    if (tip.race.order.length) raceIds.add(raceId);
    report.created += 1;
    if (!tip.race.order.length) report.pending += 1;
  }

  const outcomes = await settleEstimatesForRaces({ ...deps, requestRebuild: () => {} }, [...raceIds]);
  report.settled = Object.values(outcomes).filter((o) => o === 'settled' || o === 'unchanged').length;
  await sendVipNotices(deps);
  return report;
}

/**
 * The notices the demo's VIP tips sent: each VIP estimate's fan-out, run as the notification job
 * runs it a minute after publication (so its deliveries and queued messages carry that time).
 */
async function sendVipNotices(deps: SeedDeps): Promise<void> {
  const now = deps.now();
  // A few VIP members chose a mail for each VIP tip (and its result) on /profil, before the season.
  const members = (await deps.store.collection('users').where('role', '==', 'user').get()).map(parseUser).filter((u) => hasActiveVip(u, now));
  const chose = new Date(now.getTime() - 60 * 86_400_000);
  for (const member of members.slice(0, 6)) {
    await savePreferences({ ...deps, now: () => chose }, member, { email: { estimates: 'each', results: true, horses: true }, sms: { estimates: 'off', results: false, horses: false } });
  }
  const rows = (await deps.store.collection('articles').where('category', '==', 'estimation').get()).map(parseArticle);
  const vip = rows.filter((a) => a.status === 'published' && !a.isDeleted && a.hasRaceEstimate && a.publishedAt && isVipEstimate(a));
  for (const article of vip) {
    const at = new Date(Math.min(now.getTime(), article.publishedAt!.getTime() + 60_000));
    await runFanout({ ...deps, now: () => at }, { id: `estimate_${article.id}`, kind: 'estimate', tokens: ['email:each', 'sms:each'], articles: [{ id: article.id, title: article.title, slug: article.slug, raceResult: null }] });
  }
}
