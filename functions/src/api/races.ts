import { gzipSync } from 'node:zlib';
import { Hono, type Context, type TypedResponse } from 'hono';
import { z } from 'zod';
import { cachedProgrammeForDate, programmeStamp, getLiveRace, getRace, getRaceResults, listLocations, listRaces, upcomingRaces, type CachedProgramme, cachedResultsForDate } from '../domain/races/index.js';
import { daySummary, tipsForDate } from '../domain/estimates/index.js';
import { todayInIstanbul } from '../platform/time.js';
import type { SuccessEnvelope, Wire } from '../platform/wire.js';
import type { ApiEnv } from './http/env.js';
import { ok, pagination } from './http/respond.js';
import { pageQuery, parseQuery } from './http/validation.js';
import { PUBLIC_VARY } from './http/cache-policy.js';

const locationQuery = z.strictObject({ location: z.string().max(60).optional() });
const listQuery = z.strictObject({
  ...pageQuery(20, 100),
  date: z.string().max(10).optional(),
  location: z.string().max(60).optional(),
});
const resultsQuery = z.strictObject({ date: z.string().max(10).optional(), location: z.string().max(60).optional() });
const tipsQuery = z.strictObject({ date: z.string().max(10).optional() });
const upcomingQuery = z.strictObject({ limit: pageQuery(10, 100).limit });

interface Encoded {
  body: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer> | null;
}
// One encoding per cached programme object: it lives exactly as long as the cache keeps that object.
const encodings = new WeakMap<CachedProgramme, Encoded>();
const GZIP_MIN_BYTES = 1024;

function bytes(buffer: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);
}

/**
 * `ok(c, data)` for a cached programme: the same envelope and content type, encoded (and, for
 * clients that accept it, compressed) once per cached answer instead of once per request. A
 * programme is 150 KB of text that compresses about tenfold.
 */
function okProgramme<T>(c: Context<ApiEnv>, programme: CachedProgramme<T>) {
  let encoded = encodings.get(programme);
  if (!encoded) {
    const body = bytes(Buffer.from(`{"success":true,"data":${programme.json}}`, 'utf8'));
    encoded = { body, gzip: body.byteLength >= GZIP_MIN_BYTES ? bytes(gzipSync(body, { level: 6 })) : null };
    encodings.set(programme, encoded);
  }
  // The whole list (CORS's Origin, a visitor's cacheable copy apart from a member's, the encoding), set once.
  c.header('Vary', PUBLIC_VARY);
  if (encoded.gzip && /\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
    return asJson<T>(c.body(encoded.gzip, 200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }));
  }
  return asJson<T>(c.body(encoded.body, 200, { 'Content-Type': 'application/json' }));
}

/** The pre-encoded body is the envelope `ok` would send: typed as that for the typed client. */
function asJson<T>(response: Response) {
  return response as Response & TypedResponse<Wire<SuccessEnvelope<T>>, 200, 'json'>;
}

/** Race programme (spec 000 §7.4). Fixed paths are registered before `/:id`. */
export const raceRoutes = new Hono<ApiEnv>()
  .get('/', async (c) => {
    const q = parseQuery(c, listQuery);
    const { races, total } = await listRaces(c.get('deps'), q);
    return ok(c, races, { pagination: pagination(q.page, q.limit, total) });
  })
  .get('/today', async (c) => {
    const { location } = parseQuery(c, locationQuery);
    const deps = c.get('deps');
    return okProgramme(c, await cachedProgrammeForDate(deps, todayInIstanbul(deps), location));
  })
  .get('/date/:date', async (c) => {
    const { location } = parseQuery(c, locationQuery);
    return okProgramme(c, await cachedProgrammeForDate(c.get('deps'), c.req.param('date'), location));
  })
  .get('/results', async (c) => {
    const { date, location } = parseQuery(c, resultsQuery);
    const deps = c.get('deps');
    return okProgramme(c, await cachedResultsForDate(deps, date ?? todayInIstanbul(deps), location));
  })
  .get('/tips', async (c) => {
    const { date } = parseQuery(c, tipsQuery);
    const deps = c.get('deps');
    return ok(c, await tipsForDate(deps, date ?? todayInIstanbul(deps)));
  })
  .get('/day', async (c) => {
    const { date } = parseQuery(c, tipsQuery);
    const deps = c.get('deps');
    return ok(c, await daySummary(deps, date ?? todayInIstanbul(deps)));
  })
  .get('/stamp', async (c) => {
    const { date } = parseQuery(c, tipsQuery);
    const deps = c.get('deps');
    return ok(c, await programmeStamp(deps, date ?? todayInIstanbul(deps)));
  })
  .get('/locations', async (c) => ok(c, await listLocations(c.get('deps'))))
  .get('/upcoming', async (c) => {
    const { limit } = parseQuery(c, upcomingQuery);
    return ok(c, await upcomingRaces(c.get('deps'), limit));
  })
  .get('/:id', async (c) => ok(c, await getRace(c.get('deps'), c.req.param('id'))))
  .get('/:id/results', async (c) => ok(c, await getRaceResults(c.get('deps'), c.req.param('id'))))
  .get('/:id/live', async (c) => ok(c, await getLiveRace(c.get('deps'), c.req.param('id'))));
