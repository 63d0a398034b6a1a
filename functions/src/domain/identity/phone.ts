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
