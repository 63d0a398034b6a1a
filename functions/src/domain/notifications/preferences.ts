/** Moved to the browser-safe shared folder; this path stays for server imports. */
export * from '../../shared/notifications/preferences.js';
