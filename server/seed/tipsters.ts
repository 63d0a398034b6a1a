/**
 * Who tips what on the demo's race days (issue 50). A real tips desk has regulars and occasional
 * writers, and the record page must show both: its ranking needs 20 settled tips in a window
 * (MIN_RANKED_SAMPLE), so three regulars tip more than once a race day, one handicap specialist a
 * little less (ranked over 90 days, not yet over 30) and one occasional writer stays below the
 * minimum in every window.
 *
 * Each race day has five tips: two altılı coupons on its card (by two different tipsters) and three
 * single-race tips (the first of them VIP). Slots go out by smooth weighted round robin, counted
 * from the newest day back, so the last 30 days hold the same shares whatever the day the seed runs.
 */

/** The tipsters of the users seed (u-author-6 is the news editor) and their share of the slots. */
export const TIPSTER_WEIGHTS: Record<string, number> = {
  // Kadir Aydınlı, Selin Karataş, Murat Ertunç: the regulars.
  'u-author-1': 16,
  'u-author-2': 16,
  'u-author-3': 16,
  // Gülşen Başaran: handicaps, a tip most race days.
  'u-author-4': 11,
  // Tarık Özsoy: writes on breeding; a tip every few race days.
  'u-author-5': 4,
};
export const TIPSTERS = Object.keys(TIPSTER_WEIGHTS);

/** The tipster whose record the demo shows in profit (statistics-led, "sürpriz atları sayılarla"). */
export const SHARP_TIPSTER = 'u-author-2';

export interface DayTips {
  /** Authors of the card's two altılı coupons (different people). */
  coupons: [string, string];
  /** Authors of the day's single-race tips: VIP first, then two public ones. */
  singles: [string, string, string];
}

/** The slot owners of every race date given (any order); the same date gets the same authors for the same set of dates. */
export function tipSchedule(dates: readonly string[]): Map<string, DayTips> {
  const current = new Map(TIPSTERS.map((id) => [id, 0]));
  const total = TIPSTERS.reduce((n, id) => n + TIPSTER_WEIGHTS[id]!, 0);
  const next = (): string => {
    for (const id of TIPSTERS) current.set(id, current.get(id)! + TIPSTER_WEIGHTS[id]!);
    const best = TIPSTERS.reduce((a, b) => (current.get(b)! > current.get(a)! ? b : a));
    current.set(best, current.get(best)! - total);
    return best;
  };
  const schedule = new Map<string, DayTips>();
  for (const date of [...new Set(dates)].sort().reverse()) {
    const slots = [next(), next(), next(), next(), next()];
    // One card's two coupons come from two people: swap the second with the first other name.
    if (slots[1] === slots[0]) {
      const k = slots.findIndex((id, i) => i > 1 && id !== slots[0]);
      if (k > 0) [slots[1], slots[k]] = [slots[k]!, slots[1]!];
    }
    schedule.set(date, { coupons: [slots[0]!, slots[1]!], singles: [slots[2]!, slots[3]!, slots[4]!] });
  }
  return schedule;
}
