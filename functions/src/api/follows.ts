import { Hono } from 'hono';
import { FOLLOW_MESSAGES, MAX_FOLLOWED_HORSES, type FollowListView, type FollowStateView, followHorse, listFollowedHorses, unfollowHorse } from '../domain/follows/index.js';
import { requireMember } from './http/auth-context.js';
import type { ApiEnv } from './http/env.js';
import { ok } from './http/respond.js';

/** The horse tracker: a member's followed horses, under /users. Horse ids are checked by `loadHorse` (400 for a malformed id). */
export const followedHorseRoutes = new Hono<ApiEnv>()
  .get('/followed-horses', async (c) => {
    const viewer = requireMember(c);
    const horses = await listFollowedHorses(c.get('deps'), viewer.user.id);
    return ok<FollowListView>(c, { horses, limit: MAX_FOLLOWED_HORSES });
  });

/** Following and unfollowing one horse, under /horses. */
export const horseFollowRoutes = new Hono<ApiEnv>()
  .post('/:id/follow', async (c) => {
    const viewer = requireMember(c);
    const { created, count } = await followHorse(c.get('deps'), viewer.user.id, c.req.param('id'));
    return ok<FollowStateView>(c, { following: true, count, limit: MAX_FOLLOWED_HORSES }, { message: FOLLOW_MESSAGES.followed, status: created ? 201 : 200 });
  })
  .delete('/:id/follow', async (c) => {
    const viewer = requireMember(c);
    const { count } = await unfollowHorse(c.get('deps'), viewer.user.id, c.req.param('id'));
    return ok<FollowStateView>(c, { following: false, count, limit: MAX_FOLLOWED_HORSES }, { message: FOLLOW_MESSAGES.unfollowed });
  });
