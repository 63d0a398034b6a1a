/**
 * The site's one money format: "450 TL", "370.000 TL", "3.046,50 TL" (Turkish grouping, kuruş
 * only when there are any). Packages, the race programme, horse pages, coupons and records all
 * print money through this, so a reader never sees "₺370.000" beside "450 TL". Browser-safe.
 */
const number = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
const withKurus = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatTL(value: number): string {
  return `${Number.isInteger(Math.round(value * 100) / 100) ? number.format(value) : withKurus.format(value)} TL`;
}

/** Drop-in for an Intl.NumberFormat currency formatter. */
export const money = { format: formatTL } as const;
