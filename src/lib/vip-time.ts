import type { VipStatus } from './session';
import { formatDate as formatLongDate } from './format';

/** Remaining-time display for VIP members (spec 000 §2.3.1). */
export interface VipRemaining {
  days: number;
  label: string;
  tone: 'red' | 'yellow' | 'green' | 'grey';
  /** Progress bar width in percent, never below 5. */
  percent: number;
}

export const DEFAULT_DURATION_DAYS = 30;

type Subscription = NonNullable<VipStatus['subscription']>;
/** What the remaining-time rule reads of a status: either spelling of the day count, the duration and the state. */
export interface RemainingInput {
  subscription: Partial<Pick<Subscription, 'remainingDays' | 'daysRemaining' | 'durationDays' | 'status'>> | null;
}

export function remainingDays(status: RemainingInput): number {
  const s = status.subscription;
  if (!s) return 0;
  const days = s.remainingDays ?? s.daysRemaining;
  return typeof days === 'number' && Number.isFinite(days) ? Math.floor(days) : 0;
}

export function vipRemaining(status: RemainingInput): VipRemaining {
  const s = status.subscription;
  const days = remainingDays(status);
  const active = s?.status === 'active' && days > 0;
  const label = !active ? 'VIP üyeliğiniz sona erdi' : days === 1 ? '1 gün kaldı' : `${days} gün kaldı`;
  const tone = !active ? 'grey' : days <= 3 ? 'red' : days <= 7 ? 'yellow' : 'green';
  const duration = s?.durationDays && s.durationDays > 0 ? s.durationDays : DEFAULT_DURATION_DAYS;
  const percent = Math.min(100, Math.max(5, Math.round((Math.max(0, days) / duration) * 100)));
  return { days, label, tone, percent };
}

export function formatDate(value: string | Date | null | undefined): string {
  return formatLongDate(value) || '-';
}

