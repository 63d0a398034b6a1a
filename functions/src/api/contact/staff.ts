import { Hono } from 'hono';
import { z } from 'zod';
import { assignContact, CONTACT_ADMIN_MESSAGES as M, CONTACT_PAGE_SIZE, CONTACT_PRIORITIES, CONTACT_STATUSES, CONTACT_TYPES, contactAssignSchema, contactRespondSchema, contactStats, contactUpdateSchema, deleteContact, listContacts, openContact, respondToContact, unassignedContacts, updateContact } from '../../domain/contact-admin/index.js';
import { requireAdmin } from '../http/auth-context.js';
import type { ApiEnv } from '../http/env.js';
import { ok } from '../http/respond.js';
import { bodyRoute } from '../http/route-handlers.js';
import { pageQuery, parseBody, parseQuery } from '../http/validation.js';

const listQuery = z.strictObject({
  ...pageQuery(CONTACT_PAGE_SIZE, 100),
  search: z.string().trim().max(100).optional(),
  status: z.enum(CONTACT_STATUSES, 'Geçersiz durum').optional(),
  type: z.enum(CONTACT_TYPES, 'Geçersiz mesaj türü').optional(),
  priority: z.enum(CONTACT_PRIORITIES, 'Geçersiz öncelik').optional(),
});

/** Contact messages for admins (spec 002 §7 'Contact messages'). Static paths before `/:id`. */
export const adminContactRoutes = new Hono<ApiEnv>()
  .get('/admin/stats', async (c) => {
    requireAdmin(c);
    return ok(c, await contactStats(c.get('deps')));
  })
  .get('/admin/unassigned', async (c) => {
    requireAdmin(c);
    return ok(c, await unassignedContacts(c.get('deps')));
  })
  .get('/admin', async (c) => {
    requireAdmin(c);
    const q = parseQuery(c, listQuery);
    return ok(c, await listContacts(c.get('deps'), { ...q, search: q.search || undefined }));
  })
  .get('/admin/:id', async (c) => {
    const viewer = requireAdmin(c);
    return ok(c, await openContact(c.get('deps'), viewer, c.req.param('id')));
  })
  .put('/admin/:id', bodyRoute(requireAdmin, contactUpdateSchema, ({ deps, viewer, input, param }) => updateContact(deps, viewer, param('id'), input), { message: M.updated }))
  .delete('/admin/:id', async (c) => {
    const viewer = requireAdmin(c);
    await deleteContact(c.get('deps'), viewer, c.req.param('id'));
    return ok(c, null, { message: M.deleted });
  })
  .post('/admin/:id/assign', bodyRoute(requireAdmin, contactAssignSchema, ({ deps, viewer, input, param }) => assignContact(deps, viewer, param('id'), input.adminId), { message: M.assigned }))
  .post('/admin/:id/respond', async (c) => {
    const viewer = requireAdmin(c);
    const input = await parseBody(c, contactRespondSchema);
    const { contact, mailed } = await respondToContact(c.get('deps'), viewer, c.req.param('id'), input);
    return ok(c, contact, { message: mailed ? M.responded : M.respondedMailFailed });
  });
