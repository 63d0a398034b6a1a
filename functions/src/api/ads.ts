import { Hono } from 'hono';
import { z } from 'zod';
import { adClickSchema, AD_MESSAGES, AD_PLACEMENTS, houseAdInputSchema, activeAds, createAd, deleteAd, listAds, recordAdClick, updateAd } from '../domain/ads/index.js';
import { viewerKey } from '../domain/articles/index.js';
import { optionalViewer, requireAdmin } from './http/auth-context.js';
import { clientAddress } from './http/client-address.js';
import type { ApiEnv } from './http/env.js';
import { ok } from './http/respond.js';
import { parseBody, parseQuery } from './http/validation.js';

/** House ads (issue 15): the public slot's read and click counter, and the staff settings tab. */

const placementQuery = z.strictObject({ placement: z.enum(AD_PLACEMENTS, 'Geçerli bir reklam yerleşimi seçin') });

/** The house ads a page shows and their clicks, under /ads. */
export const adRoutes = new Hono<ApiEnv>()
  .get('/', async (c) => {
    const { placement } = parseQuery(c, placementQuery);
    // The same answer for everyone (no session is read): api/http/cache-policy.ts lets the CDN keep it a minute.
    return ok(c, await activeAds(c.get('deps'), placement));
  })
  .post('/:id/click', async (c) => {
    // The page still sends its showing's id (older pages require the body); the viewer decides the count.
    await parseBody(c, adClickSchema);
    const viewer = viewerKey({ userId: optionalViewer(c)?.user.id ?? null, address: clientAddress(c), userAgent: c.req.header('user-agent') ?? '' });
    return ok(c, await recordAdClick(c.get('deps'), c.req.param('id'), viewer));
  });

/** The admin's house-ad table, under /admin. */
export const adAdminRoutes = new Hono<ApiEnv>()
  .get('/settings/ads', async (c) => {
    requireAdmin(c);
    return ok(c, await listAds(c.get('deps')));
  })
  .post('/settings/ads', async (c) => {
    const viewer = requireAdmin(c);
    const input = await parseBody(c, houseAdInputSchema);
    return ok(c, await createAd(c.get('deps'), viewer, input), { message: AD_MESSAGES.created, status: 201 });
  })
  .put('/settings/ads/:id', async (c) => {
    const viewer = requireAdmin(c);
    const input = await parseBody(c, houseAdInputSchema);
    return ok(c, await updateAd(c.get('deps'), viewer, c.req.param('id'), input), { message: AD_MESSAGES.updated });
  })
  .delete('/settings/ads/:id', async (c) => {
    await deleteAd(c.get('deps'), requireAdmin(c), c.req.param('id'));
    return ok(c, null, { message: AD_MESSAGES.deleted });
  });
