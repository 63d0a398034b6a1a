import { getSession } from '../../lib/session';
import type { FollowListView } from '@shared/follows/follow';
import type { Wire } from '@shared/wire';

/**
 * The member's followed horses, read once per page and shared by every 'Takip Et' button on it
 * (a programme race shows up to 30). Buttons subscribe; a toggle updates them all.
 */
export type FollowList = Wire<FollowListView>;

let current: Set<string> | null = null;
let loading: Promise<Set<string>> | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function followedIds(): Set<string> | null {
  return current;
}

export function subscribeFollows(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function fetchFollowList(): Promise<FollowList> {
  const { data } = await getSession().api.call((r) => r.users['followed-horses'].$get());
  current = new Set(data.horses.map((h) => h.horseId));
  emit();
  return data;
}

/** Loads the followed ids once (for a signed-in member); later calls share the answer. */
export function loadFollows(): Promise<Set<string>> {
  loading ??= fetchFollowList().then(
    () => current!,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Follows or unfollows; answers the server's message for the toast. */
export async function setFollowing(horseId: string, follow: boolean): Promise<string> {
  const param = { id: encodeURIComponent(horseId) };
  const answer = follow ? await getSession().api.call((r) => r.horses[':id'].follow.$post({ param })) : await getSession().api.call((r) => r.horses[':id'].follow.$delete({ param }));
  current = new Set(current ?? []);
  if (follow) current.add(horseId);
  else current.delete(horseId);
  emit();
  return answer.message ?? '';
}
