import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

/**
 * Phone numbers (registration, profile, SMS). Kept in E.164 (+905321234567). The `mobile`
 * metadata of libphonenumber-js makes "valid" mean "a valid mobile number", which is what the
 * registration form asks for and the only kind an SMS can reach. Without a country code the
 * number is read as Turkish (0532 ..., 532 ...).
 */
export function toE164(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed || trimmed.length > 25) return null;
  const parsed = parsePhoneNumberFromString(trimmed.replace(/^00/, '+'), 'TR');
  return parsed && parsed.isValid() ? parsed.number : null;
}

/** The number an SMS may go to: only a valid Turkish mobile, whatever spelling was stored before E.164. */
export function turkishMobile(stored: string | null | undefined): string | null {
  if (!stored) return null;
  const parsed = parsePhoneNumberFromString(stored.trim(), 'TR');
  return parsed && parsed.isValid() && parsed.country === 'TR' ? parsed.number : null;
}

export const PHONE_PROBLEMS = {
  characters: 'Telefon numarasında yalnızca rakam, boşluk, +, -, ( ve ) olabilir.',
  turkishLength: 'Telefon numarası eksik ya da fazla haneli: cep numarası 0 ile birlikte 11 hanedir (ör. 0532 123 45 67).',
  landline: 'Bu bir sabit hat numarası; lütfen cep telefonu numaranızı girin (ör. 0532 123 45 67).',
  notTurkishMobile: 'Bu bir Türkiye cep telefonu numarası değil: cep numaraları 05 ile başlar (ör. 0532 123 45 67).',
  foreignLength: 'Yurt dışı numarasının hane sayısı o ülke için geçerli değil; ülke kodunu (+49 gibi) ve numarayı kontrol edin.',
  foreignNotMobile: 'Bu yurt dışı numarası bir cep telefonu numarası değil; lütfen cep telefonu numaranızı girin.',
} as const;

/**
 * What is wrong with a typed number, in words a person can act on, or null when `toE164` takes it.
 * Only mobile numbers are kept (SMS and the spec's phone field); Turkish national numbers starting
 * with 2, 3 or 4 are landlines (area codes), other non-5 prefixes are special services.
 */
export function phoneProblem(input: string, fallback: string): string | null {
  const trimmed = input.trim();
  if (toE164(trimmed)) return null;
  if (!/^[+\d\s().-]+$/.test(trimmed)) return PHONE_PROBLEMS.characters;
  const parsed = parsePhoneNumberFromString(trimmed.replace(/^00/, '+'), 'TR');
  if (!parsed) return fallback;
  if (parsed.countryCallingCode === '90') {
    const national = parsed.nationalNumber.replace(/^0/, '');
    if (national.length !== 10) return PHONE_PROBLEMS.turkishLength;
    return /^[234]/.test(national) ? PHONE_PROBLEMS.landline : PHONE_PROBLEMS.notTurkishMobile;
  }
  return parsed.isPossible() ? PHONE_PROBLEMS.foreignNotMobile : PHONE_PROBLEMS.foreignLength;
}
