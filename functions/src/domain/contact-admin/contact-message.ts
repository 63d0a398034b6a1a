import type { AppDeps } from '../../platform/deps.js';
import { consume, RATE_RULES } from '../../platform/rate-limit.js';
import { CONTACT_MESSAGES, type ContactMessageInput } from '../../shared/membership/contact-message.js';

/** The entity, its form schema and texts are in the browser-safe shared folder (the contact form uses them). */
export * from '../../shared/membership/contact-message.js';

/**
 * Stores a message from the contact form as new, medium priority; the sender's IP is only counted,
 * never kept. It lives with the staff side because this area owns `contactMessages`.
 */
export async function submitContactMessage(deps: AppDeps, input: ContactMessageInput & { ip: string; userId: string | null }): Promise<string> {
  await consume(deps, [{ rule: RATE_RULES.contactIp, key: input.ip }], CONTACT_MESSAGES.tooMany);
  const now = deps.now();
  const id = deps.store.newId();
  await deps.store.create('contactMessages', id, {
    name: input.name,
    email: input.email.toLocaleLowerCase('en-US'),
    phone: input.phone ? input.phone : null,
    subject: input.subject,
    message: input.message,
    type: input.type,
    priority: 'medium',
    status: 'new',
    userId: input.userId,
    assignedTo: null,
    responseMessage: null,
    respondedAt: null,
    adminNotes: null,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}
