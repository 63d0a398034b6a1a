import type { Role } from '../identity/user.js';

/** The caller as the upload services need it; the API's Viewer fits this shape. */
export interface UploadActor {
  user: { id: string; role: Role };
}
