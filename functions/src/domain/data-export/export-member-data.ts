import type { AppDeps } from '../../platform/deps.js';
import type { DocumentData } from '../../ports/document-store.js';
import { storedLikesOf } from '../articles/index.js';
import { storedCommentsOf } from '../comments/index.js';
import { memberFollows } from '../follows/index.js';
import { memberVipRequests, memberVipSubscriptions, requestView, subscriptionView } from '../membership/index.js';
import { consentHistory, loadPreferences } from '../notifications/index.js';
import { publicUser, type UserRecord } from '../identity/index.js';

/** The named fields of a raw document, null where one is missing (documents written before a field existed lack it). */
function fieldsOrNull<K extends string>(doc: DocumentData, keys: readonly K[]): Record<K, unknown> {
  return Object.fromEntries(keys.map((key) => [key, doc[key] ?? null])) as Record<K, unknown>;
}

/**
 * Everything the site holds about the member, as one JSON document (KVKK right of access):
 * account, comments, likes, VIP requests and subscriptions, followed horses, notification choices and consents. The password hash never leaves.
 */
export async function exportMemberData(deps: AppDeps, user: UserRecord) {
  const now = deps.now();
  const [comments, likes, requests, subscriptions, follows, preferences, consents] = await Promise.all([
    storedCommentsOf(deps, user.id),
    storedLikesOf(deps, user.id),
    memberVipRequests(deps, user.id),
    memberVipSubscriptions(deps, user.id),
    memberFollows(deps, user.id),
    loadPreferences(deps, user.id),
    consentHistory(deps, user.id),
  ]);
  return {
    exportedAt: now,
    account: {
      ...publicUser(user),
      lastLogin: user.lastLogin,
      updatedAt: user.updatedAt,
      vip: user.vip,
      phoneVerification: user.phoneVerification,
    },
    comments: comments.map((c) => ({ id: c.id, ...fieldsOrNull(c, ['articleId', 'articleTitle', 'parentId', 'content', 'status', 'createdAt', 'updatedAt']) })),
    likes: likes.map((l) => ({ id: l.id, ...fieldsOrNull(l, ['articleId', 'createdAt']) })),
    vipRequests: requests.map(requestView),
    vipSubscriptions: subscriptions.map((s) => subscriptionView(s, now)),
    followedHorses: follows.map((f) => ({ horseId: f.horseId, horseName: f.horseName, followedAt: f.createdAt })),
    notificationPreferences: { email: preferences.email, sms: preferences.sms, updatedAt: preferences.updatedAt },
    notificationConsents: consents,
  };
}
