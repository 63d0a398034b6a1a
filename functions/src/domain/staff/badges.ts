import type { AppDeps } from '../../platform/deps.js';

/** The staff panel's sidebar counters (spec 002 §1): work waiting for an admin. */
export interface StaffBadges {
  unrespondedComments: number;
  pendingVipRequests: number;
  unrespondedMessages: number;
  total: number;
}

export async function staffBadges({ store }: Pick<AppDeps, 'store'>): Promise<StaffBadges> {
  const [unrespondedComments, pendingVipRequests, unrespondedMessages] = await Promise.all([
    store.collection('comments').where('status', '==', 'pending').count(),
    store.collection('vipRequests').where('status', '==', 'pending').count(),
    store.collection('contactMessages').where('status', '==', 'new').count(),
  ]);
  return { unrespondedComments, pendingVipRequests, unrespondedMessages, total: unrespondedComments + pendingVipRequests + unrespondedMessages };
}
