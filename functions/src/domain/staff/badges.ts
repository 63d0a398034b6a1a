import type { AppDeps } from '../../platform/deps.js';
import { countCommentsByStatus } from '../comments/index.js';
import { countContactMessages } from '../contact-admin/index.js';
import { countVipRequests } from '../membership/index.js';

/** The staff panel's sidebar counters (spec 002 §1): work waiting for an admin. */
export interface StaffBadges {
  unrespondedComments: number;
  pendingVipRequests: number;
  unrespondedMessages: number;
  total: number;
}

/** Each count is asked of the area that owns the collection. */
export async function staffBadges(deps: Pick<AppDeps, 'store'>): Promise<StaffBadges> {
  const [unrespondedComments, pendingVipRequests, unrespondedMessages] = await Promise.all([
    countCommentsByStatus(deps, 'pending'),
    countVipRequests(deps, 'pending'),
    countContactMessages(deps, 'new'),
  ]);
  return { unrespondedComments, pendingVipRequests, unrespondedMessages, total: unrespondedComments + pendingVipRequests + unrespondedMessages };
}
