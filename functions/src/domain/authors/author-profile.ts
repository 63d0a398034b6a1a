import type { AppDeps } from '../../platform/deps.js';
import { authorRecord, type AuthorRecord } from '../records/index.js';
import { authorDisplayName, type UserRecord, specializationLabels, findUserByUsername, getUser, listStaffUsers } from '../identity/index.js';
import { isDocumentId } from '../../ports/document-values.js';
import { countAuthorArticles, listPublishedArticles, type ArticleCard } from '../articles/index.js';

/**
 * Authors as readers see them (spec 000 §2.10, §2.11, §3.2). Staff e-mail addresses are left
 * out on purpose: they are login identifiers, and publishing them only helps credential attacks.
 */

type StoreDeps = Pick<AppDeps, 'store' | 'now'>;

export interface AuthorSummary {
  id: string;
  name: string;
  displayName: string;
  username: string;
  avatar: string | null;
  bio: string | null;
  /** Turkish labels, as readers see them. */
  specializations: string[];
  socialMedia: UserRecord['socialMedia'];
  joinYear: number;
  totalArticles: number;
  publishedArticles: number;
  /**
   * Computed from settled estimates only (issue 8, domain/records), in 30/90/365 day and all-time
   * windows, each with its sample size; staff cannot set it by hand.
   */
  record: AuthorRecord;
  recentArticles: ArticleCard[];
}

const RECENT_IN_LIST = 3;
const RECENT_ON_PROFILE = 50;

function isStaffAuthor(user: UserRecord): boolean {
  return (user.role === 'author' || user.role === 'admin') && !user.isDeleted && user.status === 'active';
}

async function summarize(deps: StoreDeps, user: UserRecord, recent: number): Promise<AuthorSummary> {
  const [totalArticles, record, listing] = await Promise.all([
    countAuthorArticles(deps, user.id),
    authorRecord(deps, user.id),
    listPublishedArticles(deps, { authorId: user.id, page: 1, limit: recent }),
  ]);
  const name = authorDisplayName(user);
  return {
    id: user.id,
    name,
    displayName: name,
    username: user.username,
    avatar: user.avatarUrl,
    bio: user.bio,
    specializations: specializationLabels(user.specializations),
    socialMedia: user.socialMedia,
    joinYear: user.createdAt.getUTCFullYear(),
    totalArticles,
    publishedArticles: listing.total,
    record,
    recentArticles: listing.items,
  };
}

/**
 * Everyone with the author role, plus admins who have published something; ordered by how
 * much they have published, then by name.
 */
export async function listAuthors(deps: StoreDeps): Promise<AuthorSummary[]> {
  const staff = (await listStaffUsers(deps)).filter(isStaffAuthor);
  const summaries = await Promise.all(staff.map((user) => summarize(deps, user, RECENT_IN_LIST)));
  return summaries
    .filter((s, i) => staff[i]!.role === 'author' || s.publishedArticles > 0)
    .sort((a, b) => b.publishedArticles - a.publishedArticles || a.name.localeCompare(b.name, 'tr'));
}

/**
 * The profile by its readable name (spec 002 §7: GET /authors/slug/{slug}): an author's slug is
 * their username, unique and case-folded (`usernameLower`).
 */
export async function getAuthorProfileBySlug(deps: StoreDeps, slug: string): Promise<AuthorSummary | null> {
  const key = slug.toLowerCase();
  if (!/^[a-z0-9._-]{1,64}$/.test(key)) return null;
  const user = await findUserByUsername(deps, key);
  return user ? getAuthorProfile(deps, user.id) : null;
}

/** One author's profile with up to 50 recent published articles, or null when there is no such author. */
export async function getAuthorProfile(deps: StoreDeps, id: string): Promise<AuthorSummary | null> {
  if (!isDocumentId(id)) return null;
  const user = await getUser(deps, id);
  if (!user) return null;
  if (!isStaffAuthor(user)) return null;
  const profile = await summarize(deps, user, RECENT_ON_PROFILE);
  if (user.role === 'admin' && profile.publishedArticles === 0) return null;
  return profile;
}
