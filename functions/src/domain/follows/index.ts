/** The follows area's public surface: what other areas, the API and the jobs use (CONTEXT.md). */
export { FOLLOW_MESSAGES, MAX_FOLLOWED_HORSES, type FollowListView, type FollowStateView } from './follow.js';
export { followHorse, listFollowedHorses, memberFollows, unfollowHorse } from './manage-follows.js';
export { notifyFollowers } from './notify-followers.js';
