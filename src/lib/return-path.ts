/**
 * Where sign-in sends a member back to (issue 50: from the VIP wall back to the article). Only a
 * path of this site is followed: anything else (another origin, `//host`, a backslash trick) falls
 * back to the home page, so the parameter cannot be used to send someone elsewhere.
 */
export const RETURN_PARAM = 'donus';

export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  // Resolved against a dummy origin: whatever a browser would make of it must stay on this site.
  const resolved = new URL(value, 'https://ganyan.invalid');
  return resolved.origin === 'https://ganyan.invalid' ? `${resolved.pathname}${resolved.search}${resolved.hash}` : '/';
}

/** /giris with the way back to `path`. */
export function loginHref(path: string): string {
  return `/giris?${RETURN_PARAM}=${encodeURIComponent(path)}`;
}
