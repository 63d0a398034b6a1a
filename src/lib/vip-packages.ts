import type { BankAccountView } from '@shared/membership/bank-account';
import { groupedIban } from '@shared/membership/iban';
import type { PackageView } from '@shared/membership/vip-package';
import { DEFAULT_VIP_DAYS, DEFAULT_VIP_REASON, VIP_MESSAGES } from '@shared/membership/vip-messages';
import type { Wire } from '@shared/wire';
import type { SessionUser } from './session';

/**
 * The rules of the /vip-uyelik form (src/components/member/VipPackages.astro), without zod: the page
 * is a plain script, and the API checks the body it is sent with requestVipSchema anyway. What is
 * checked here is what the API never sees as such: the payer's two names, folded into `otherName`.
 */
export type VipPackage = Wire<PackageView>;
export type BankAccount = Wire<BankAccountView>;

export const PAYER_NAME_MAX = 60;
export const PAYER_NAME_TOO_LONG = `En fazla ${PAYER_NAME_MAX} karakter girilebilir`;
/** The API's limit for `otherName` (requestVipSchema): two full names and the space between are one over it. */
export const OTHER_NAME_MAX = 120;
export const PAYER_NAMES_TOO_LONG = `Ad ve soyad birlikte en fazla ${OTHER_NAME_MAX} karakter olabilir`;

export interface VipFormValues {
  /** '' while no package is chosen. */
  packageId: string;
  payerFirstName: string;
  payerLastName: string;
}

/** The form's refusals by field name (empty when it may be sent), in the API's Turkish. */
export function vipFormErrors(values: VipFormValues): Map<string, string> {
  const errors = new Map<string, string>();
  if (!values.packageId) errors.set('packageId', VIP_MESSAGES.packageRequired);
  for (const name of ['payerFirstName', 'payerLastName'] as const) {
    if (values[name].trim().length > PAYER_NAME_MAX) errors.set(name, PAYER_NAME_TOO_LONG);
  }
  if (!errors.has('payerFirstName') && !errors.has('payerLastName') && otherNameFor(values.payerFirstName, values.payerLastName, null).length > OTHER_NAME_MAX) errors.set('payerLastName', PAYER_NAMES_TOO_LONG);
  return errors;
}

/** What the member may choose, in the order shown: the staff list also holds switched-off packages. */
export function activePackages(all: readonly VipPackage[]): VipPackage[] {
  return all.filter((p) => p.isActive).sort((a, b) => a.sortOrder - b.sortOrder);
}

/**
 * What a list of packages shows, in order: the page built its choices from one list and redraws
 * them only when a live list would show something else.
 */
export function shownPackages(packages: readonly VipPackage[]): string {
  return JSON.stringify(packages.map(({ id, name, durationDays, description, price }) => [id, name, durationDays, description ?? '', price]));
}

/** The bank card's lines as the member reads them, the same in the built page and after a live read. */
export function bankCardLines(bank: BankAccount) {
  return {
    bankName: bank.bankName || 'Banka',
    accountOwner: bank.accountOwner,
    branch: `${bank.branchName}${bank.branchCode ? ` (${bank.branchCode})` : ''}`,
    accountNumber: bank.accountNumber ?? '',
    iban: groupedIban(bank.ibanNumber),
  };
}

/** Spec 001 §5: the second package of the list is the one marked "Popüler". */
export const isPopular = (index: number) => index === 1;

/**
 * Spec 001 §5: the payer's full name when both payer fields are filled, else the one name typed,
 * else the member's own full name.
 */
export function otherNameFor(first: string, last: string, user: Pick<SessionUser, 'firstName' | 'lastName'> | null): string {
  const f = first.trim();
  const l = last.trim();
  if (f && l) return `${f} ${l}`;
  if (f || l) return f || l;
  return user ? `${user.firstName} ${user.lastName}`.trim() : '';
}

/** The body of POST /users/request-vip: the package's own length, else the spec's default. */
export function vipRequestBody(values: VipFormValues, packages: readonly VipPackage[], user: Pick<SessionUser, 'firstName' | 'lastName'> | null) {
  const pkg = packages.find((p) => p.id === values.packageId);
  return {
    packageId: values.packageId,
    requestedDays: pkg?.durationDays ?? DEFAULT_VIP_DAYS,
    reason: DEFAULT_VIP_REASON,
    otherName: otherNameFor(values.payerFirstName, values.payerLastName, user),
  };
}
