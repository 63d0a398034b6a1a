import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CURRENT_SCRYPT_PARAMS, TEST_SCRYPT_PARAMS, type ScryptParams } from '../domain/identity/password.js';
import { folderSecret } from './local-secrets.js';

/** Repository root, from this file's place in functions/src (or functions/lib once built). */
export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

export interface AppConfig {
  env: 'development' | 'test' | 'production';
  /** Public origin of the site, used in mails and canonical URLs. */
  siteUrl: string;
  /**
   * SITE_URL was not set: locally the site answers on both loopback names, so mail links follow
   * the one the request came to (api/http/link-origin.ts) and both may call the API and upload.
   */
  loopbackOrigins: string[];
  /** Signs access tokens: JWT_SECRET in production, else the data folder's own random secret. */
  jwtSecret: string;
  /** Signs local upload URLs: UPLOAD_SECRET, else derived from JWT_SECRET, else the folder's own. */
  uploadSecret: string;
  corsOrigins: string[];
  dataDir: string;
  /** Stake of one coupon combination in TL, for estimate settlement. */
  unitStake: number;
  /**
   * Proxies in front of the app whose X-Forwarded-For entries are believed (api/http/client-address.ts).
   * 0 by default: the local server sees its callers' sockets. The Cloud Function sets its own.
   */
  proxyHops: number;
  /** scrypt cost of new password hashes (and of the dummy one): production's, lower only in test mode. */
  passwordCost: ScryptParams;
  /**
   * Whether the mail/SMS extensions report each delivery back (Cloud Functions). Locally the outbox
   * is only read by people, so staff see notices as queued, never as confirmed.
   */
  deliveryReports: boolean;
  /**
   * Where an article image's smaller copies are made after finalize has answered: a Firestore trigger
   * in its own function (Cloud Functions: the API instance never decodes a 50 MB photo for them), or
   * this process, one image at a time (the local server and the tests).
   */
  imageCopies: 'in-process' | 'trigger';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const mode = (env.GANYAN_ENV ?? (env.NODE_ENV === 'production' ? 'production' : env.VITEST ? 'test' : 'development')) as AppConfig['env'];
  const port = env.PORT ?? 4321;
  const siteUrl = env.SITE_URL ?? `http://localhost:${port}`;
  const loopbackOrigins = env.SITE_URL ? [] : [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`];
  const dataDir = resolve(env.GANYAN_DATA_DIR ?? resolve(REPO_ROOT, '.data'));
  if (mode === 'production' && !env.JWT_SECRET) throw new Error('JWT_SECRET must be set to at least 32 characters');
  const jwtSecret = env.JWT_SECRET ?? folderSecret(dataDir, 'jwt');
  if (jwtSecret.length < 32) throw new Error('JWT_SECRET must be set to at least 32 characters');
  const uploadSecret = env.UPLOAD_SECRET ?? (env.JWT_SECRET ? `${jwtSecret}:uploads` : folderSecret(dataDir, 'upload'));
  return {
    env: mode,
    siteUrl,
    loopbackOrigins,
    jwtSecret,
    uploadSecret,
    corsOrigins: [...new Set([...(env.CORS_ORIGINS ?? siteUrl).split(',').map((o) => o.trim()).filter(Boolean), ...loopbackOrigins])],
    dataDir,
    unitStake: Number(env.GANYAN_UNIT_STAKE ?? 1),
    proxyHops: proxyHops(env.GANYAN_PROXY_HOPS, 0),
    passwordCost: mode === 'test' ? TEST_SCRYPT_PARAMS : CURRENT_SCRYPT_PARAMS,
    deliveryReports: env.GANYAN_DELIVERY_REPORTS === 'true',
    imageCopies: env.GANYAN_IMAGE_COPIES === 'trigger' ? 'trigger' : 'in-process',
  };
}

/** A whole number of proxies from 0 to 5, or the fallback when unset or not one. */
export function proxyHops(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n >= 0 && n <= 5 ? n : fallback;
}
