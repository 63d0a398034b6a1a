/** The URL when a string is an absolute http(s) address (links staff type into forms; never javascript: or data:), else null. */
export function parseHttpUrl(value: string): URL | null {
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
