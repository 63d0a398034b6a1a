/** Moved to the browser-safe shared folder; this path stays for server imports. */
export * from '../../shared/records/teaser-check.js';
