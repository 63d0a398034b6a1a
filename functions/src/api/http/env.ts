import type { Audience, UserRecord } from '../../domain/identity/index.js';
import type { AppDeps } from '../../platform/deps.js';

/** The caller of a request, resolved from its bearer token by `resolveViewer` (auth-context.ts). */
export interface Viewer {
  user: UserRecord;
  audience: Audience;
  sessionId: string;
}

/** Hono's typed context: what every handler can `c.get()`. */
export interface ApiEnv {
  Variables: {
    deps: AppDeps;
    requestId: string;
    viewer: Viewer | null;
  };
}
