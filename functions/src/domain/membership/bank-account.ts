import { z } from 'zod';
import { storedRecord } from '../stored-record.js';
import { requiredText } from '../text/index.js';
import { normalizeIban, turkishIbanProblem } from './iban.js';

/** The single bank account VIP payments go to (spec 002 §3, §5). */
export const bankAccountSchema = storedRecord({
  bankName: z.string(),
  accountOwner: z.string(),
  branchName: z.string(),
  branchCode: z.string().default(''),
  accountNumber: z.string().default(''),
  ibanNumber: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;
export const parseBankAccount = (raw: unknown): BankAccount => bankAccountSchema.parse(raw);

const required = (label: string, max = 120) => requiredText(max, `${label} gerekli`);

/** The admin form's body; the IBAN is checked with its mod-97 checksum and stored without spaces. */
export const bankAccountInputSchema = z.strictObject({
  bankName: required('Banka adı'),
  accountOwner: required('Hesap sahibi'),
  branchName: required('Şube adı'),
  branchCode: z.string().trim().max(20).default(''),
  accountNumber: z.string().trim().max(40).default(''),
  ibanNumber: z
    .string('IBAN gerekli')
    .trim()
    .min(1, 'IBAN gerekli')
    .max(40)
    .superRefine((value, ctx) => {
      const problem = turkishIbanProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform(normalizeIban),
});

export function bankAccountView(account: BankAccount) {
  const { createdAt: _c, updatedAt: _u, ...rest } = account;
  return { ...rest, _id: account.id };
}
export type BankAccountView = ReturnType<typeof bankAccountView>;
