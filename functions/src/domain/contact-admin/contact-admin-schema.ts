/** Moved to the browser-safe shared folder; this path stays for server imports. */
export * from '../../shared/contact-admin/contact-admin-schema.js';
