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

/**
 * An exact amount, always with kuruş: '1.250,00' (the member copies it to the bank; a bank
 * statement's line; a TJK dividend). Not for prices: those are `formatTL`.
 */
export function formatAmount(value: number): string {
  return withKurus.format(value);
}

/** '1.250,00 TL': `formatAmount` with its unit. */
export function formatAmountTL(value: number): string {
  return `${formatAmount(value)} TL`;
}
