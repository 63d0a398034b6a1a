import type { UserRecord } from '../domain/identity/user.js';

/**
 * Whoever a staff service acts for. The API's `Viewer` fits it as it is, so routes pass the viewer
 * and services never reshape the caller; role checks and audit entries read `actor.user`.
 */
export interface Actor {
  user: Pick<UserRecord, 'id' | 'email' | 'role'>;
}
