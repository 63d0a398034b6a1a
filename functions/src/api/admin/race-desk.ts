import { Hono } from 'hono';
import { z } from 'zod';
import { estimateView, AMENDMENT_MESSAGES as A, manualResultSchema, nonRunnersSchema, setManualResult, setNonRunners, DESK_MESSAGES, deskQuerySchema, publishTip, publishTipSchema, raceDesk } from '../../domain/estimates/index.js';
import { runRaceImport } from '../../jobs/race-import.js';
import { AppError } from '../../platform/errors.js';
import { requireAdmin, requireStaff } from '../http/auth-context.js';
import type { ApiEnv } from '../http/env.js';
import { ok } from '../http/respond.js';
import { bodyRoute } from '../http/route-handlers.js';
import { parseBody, parseQuery } from '../http/validation.js';

/**
 * The race-day desk (issue 49): the day's overview for staff; results, non-runners and imports for
 * admins (a result settles every author's tips, so authors cannot enter one).
 */

const IMPORT_MESSAGES = {
  noSource: 'Yarış verisi kaynağı ayarlanmamış (RACE_SOURCE_URL). Dosyalar sunucuda "npm run import:races" ile içe aktarılabilir.',
  done: (written: number, rejected: number) =>
    rejected > 0 ? `İçe aktarma bitti: ${written} belge yazıldı, ${rejected} dosya reddedildi.` : `İçe aktarma bitti: ${written} belge yazıldı.`,
} as const;

export const raceDeskRoutes = new Hono<ApiEnv>()
  .get('/race-desk', async (c) => {
    const viewer = requireStaff(c);
    const q = parseQuery(c, deskQuerySchema);
    return ok(c, await raceDesk(c.get('deps'), viewer, q.date));
  })
  .post(
    '/race-desk/tips',
    bodyRoute(requireStaff, publishTipSchema, async ({ deps, viewer, input }) => {
      const { article, estimate } = await publishTip(deps, viewer, input);
      return { article: { id: article.id, slug: article.slug, title: article.title }, raceEstimate: estimateView(estimate) };
    }, { message: DESK_MESSAGES.published, status: 201 }),
  )
  .put('/races/:raceId/result', async (c) => {
    const viewer = requireAdmin(c);
    const input = await parseBody(c, manualResultSchema);
    const outcome = await setManualResult(c.get('deps'), viewer, c.req.param('raceId'), input);
    return ok(c, outcome, { message: outcome.changed ? A.resultSaved : A.resultUnchanged });
  })
  .put('/races/:raceId/non-runners', async (c) => {
    const viewer = requireAdmin(c);
    const input = await parseBody(c, nonRunnersSchema);
    const outcome = await setNonRunners(c.get('deps'), viewer, c.req.param('raceId'), input);
    return ok(c, outcome, { message: outcome.changed ? A.nonRunnersSaved : A.nonRunnersUnchanged });
  })
  .post('/race-import', async (c) => {
    const viewer = requireAdmin(c);
    parseQuery(c, z.strictObject({}));
    const sourceUrl = process.env.RACE_SOURCE_URL;
    if (!sourceUrl) throw new AppError('UNAVAILABLE', IMPORT_MESSAGES.noSource);
    const run = await runRaceImport(c.get('deps'), fetch, { sourceUrl, trigger: viewer.user.id });
    return ok(c, { fetched: run.fetched.length, missing: run.missing.length, failed: run.failed.length, written: run.summary.written, rejected: run.summary.rejected }, {
      message: IMPORT_MESSAGES.done(run.summary.written, run.summary.rejected),
    });
  });
