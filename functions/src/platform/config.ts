import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root, from this file's place in functions/src (or functions/lib once built). */
export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

export interface AppConfig {
  env: 'development' | 'test' | 'production';
  /** Public origin of the site, used in mails and canonical URLs. */
  siteUrl: string;
  /** Secret for access tokens and signed upload URLs; must be set in production. */
  jwtSecret: string;
  uploadSecret: string;
  corsOrigins: string[];
  dataDir: string;
  /** Stake of one coupon combination in TL, for estimate settlement. */
  unitStake: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const mode = (env.GANYAN_ENV ?? (env.NODE_ENV === 'production' ? 'production' : env.VITEST ? 'test' : 'development')) as AppConfig['env'];
  const siteUrl = env.SITE_URL ?? `http://localhost:${env.PORT ?? 4321}`;
  const jwtSecret = env.JWT_SECRET ?? (mode === 'production' ? '' : 'ganyan-local-development-secret-change-me');
  if (!jwtSecret || jwtSecret.length < 32) throw new Error('JWT_SECRET must be set to at least 32 characters');
  return {
    env: mode,
    siteUrl,
    jwtSecret,
    uploadSecret: env.UPLOAD_SECRET ?? `${jwtSecret}:uploads`,
    corsOrigins: (env.CORS_ORIGINS ?? siteUrl).split(',').map((o) => o.trim()).filter(Boolean),
    dataDir: resolve(env.GANYAN_DATA_DIR ?? resolve(REPO_ROOT, '.data')),
    unitStake: Number(env.GANYAN_UNIT_STAKE ?? 1),
  };
}
