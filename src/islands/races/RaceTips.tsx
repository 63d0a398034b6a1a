import type { DayTips as ServerDayTips } from '../../../functions/src/domain/estimates/tips-queries.js';
import type { Wire } from '@shared/wire';
import { formatTL } from '@shared/text/money';
import { number } from './types';

export type DayTips = Wire<ServerDayTips>;
export type RaceTip = DayTips['byRace'][string][number];

/** '4×5×1×5×2×5 = 1.000 kombinasyon × 1,00 TL birim fiyat = 1.000,00 TL'. */
export function couponLine(tip: Extract<RaceTip, { access: 'public' }>): string {
  return `${tip.legSizes.join('×')} = ${number.format(tip.couponSize)} kombinasyon × ${formatTL(tip.unitStake)} birim fiyat = ${formatTL(tip.cost)}`;
}

const legs = (tip: RaceTip) => (tip.raceNumbers.length > 1 ? `${tip.raceNumbers[0]}.–${tip.raceNumbers.at(-1)}. koşular` : `${tip.raceNumbers[0]}. koşu`);

/**
 * The site's tips that cover one race: a public tip's picks and coupon, a closed tip's existence only
 * (its horses are never in the answer this reads, tips-queries.ts).
 */
export default function RaceTips({ raceId, tips }: { raceId: string; tips: readonly RaceTip[] }) {
  if (tips.length === 0) return null;
  return (
    <section className="race-tips" aria-label="Bu koşuyu kapsayan tahminlerimiz">
      <h3 className="race-tips__title">Tahminlerimiz</h3>
      <ul className="race-tips__list">
        {tips.map((tip) => (
          <li key={tip.articleId} className={`race-tip race-tip--${tip.access}`}>
            {tip.access === 'public' ? (
              <>
                <a href={tip.href}>{tip.title}</a> <span className="muted">({legs(tip)})</span>
                <span className="race-tip__picks">Bu koşuda seçilenler: {(tip.picks[raceId] ?? []).join(', ') || '—'}</span>
                <span className="race-tip__coupon">Kupon: {couponLine(tip)}</span>
              </>
            ) : (
              <>
                <span className="race-tip__badge">{tip.access === 'vip' ? 'VIP tahmini var' : 'Üyelere özel tahmin var'}</span> <a href={tip.href}>{tip.title}</a>{' '}
                <span className="muted">({legs(tip)})</span>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Picked horse number -> the public tips that picked it, for the marks on the card. */
export function picksOf(raceId: string, tips: readonly RaceTip[]): Map<number, { title: string; href: string }[]> {
  const out = new Map<number, { title: string; href: string }[]>();
  for (const tip of tips) {
    if (tip.access !== 'public') continue;
    for (const n of tip.picks[raceId] ?? []) out.set(n, [...(out.get(n) ?? []), { title: tip.title, href: tip.href }]);
  }
  return out;
}
