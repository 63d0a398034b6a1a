/** The contact-admin area's public surface: what other areas, the API and the jobs use (CONTEXT.md). */
export { assignContact, CONTACT_ADMIN_MESSAGES, CONTACT_PAGE_SIZE, contactAssignSchema, contactRespondSchema, contactStats, contactUpdateSchema, countContactMessages, deleteContact, listContacts, openContact, respondToContact, unassignedContacts, updateContact } from './manage-contacts.js';
export { CONTACT_MESSAGES, CONTACT_PRIORITIES, CONTACT_STATUSES, CONTACT_TYPES, contactMessageInputSchema, parseContactMessage, submitContactMessage, type ContactMessage } from './contact-message.js';
