import type { AppDeps } from '../platform/deps.js';
import type { Viewer } from './auth-context.js';

/** Hono's typed context: what every handler can `c.get()`. */
export interface ApiEnv {
  Variables: {
    deps: AppDeps;
    requestId: string;
    viewer: Viewer | null;
  };
}
