/**
 * C0/C1 control characters and DEL. The URL parser drops tab, CR and LF silently (`/\t/host`
 * becomes `//host` in a browser), so a stored address must never contain one at all.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export const CONTROL_CHARACTERS_MESSAGE = 'Bağlantı sekme, satır sonu gibi görünmeyen karakterler içeremez';

export function hasControlCharacters(value: string): boolean {
  return CONTROL.test(value);
}

/** The URL when a string is an absolute http(s) address (links staff type into forms; never javascript: or data:), else null. */
export function parseHttpUrl(value: string): URL | null {
  if (hasControlCharacters(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
}

/** Whether a string is an absolute http(s) URL. */
export function isHttpUrl(value: string): boolean {
  return parseHttpUrl(value) !== null;
}

/** Whether a string is a path on this site ('/vip-uyelik'): never protocol-relative, a backslash or a control character. */
export function isSitePath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') && !hasControlCharacters(value);
}
