/** The contact-admin area's public surface: what other areas, the API and the jobs use (CONTEXT.md). */
export { assignContact, CONTACT_ADMIN_MESSAGES, CONTACT_PAGE_SIZE, contactAssignSchema, contactRespondSchema, contactStats, contactUpdateSchema, deleteContact, listContacts, openContact, respondToContact, unassignedContacts, updateContact } from './manage-contacts.js';
