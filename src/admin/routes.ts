import { createElement, lazy, type ComponentType } from 'react';
import type { StaffUser } from './session';
import type { BadgeKey } from './ui';

/** The two roles that can sign in to the panel (server: STAFF_ROLES). */
export type StaffRole = 'admin' | 'author';

export interface AdminRoute {
  path: string;
  /** Turkish name of the screen: the sidebar text for `nav` routes. */
  label: string;
  /** Who may open it; anyone else gets 'Erişim Reddedildi' (spec 002 §2). */
  roles: readonly StaffRole[];
  /** Listed in the sidebar (screens reached from another screen are not). */
  nav: boolean;
  /** The counter shown beside the sidebar entry (admins only). */
  badge?: BadgeKey;
  screen: ComponentType<{ user: StaffUser }>;
}

type Screen = ComponentType<{ user: StaffUser }>;

/**
 * Each screen is its own chunk, loaded when its route is first opened (App.tsx shows 'Yükleniyor…'
 * meanwhile): the sign-in screen and the panel's frame do not wait for the editor, the VIP desk and
 * the rest of the panel (issue 21: the panel's first screen scored 89 with one bundle).
 */
function lazyScreen<K extends string>(load: () => Promise<Record<K, Screen>>, name: K): Screen {
  const Loaded = lazy(async (): Promise<{ default: Screen }> => ({ default: (await load())[name] }));
  return (props) => createElement(Loaded, props);
}

const BOTH: readonly StaffRole[] = ['admin', 'author'];
const ADMIN: readonly StaffRole[] = ['admin'];

export const HOME_PATH = '/admin/articles';
/** The race-day desk: where /admin lands on a day with races (App.tsx). */
export const DESK_PATH = '/admin/yaris-gunu';
export const LOGIN_PATH = '/admin/login';
export const EMAIL_VERIFY_PATH = '/admin/email-dogrula';

/**
 * Every screen behind sign-in (spec 002 §2), in sidebar order: the one list the static pages, the
 * router, the sidebar and the role check read.
 */
export const ADMIN_ROUTES: readonly AdminRoute[] = [
  { path: DESK_PATH, label: 'Yarış Günü', roles: BOTH, nav: true, screen: lazyScreen(() => import('./desk/DeskScreen'), 'DeskScreen') },
  { path: HOME_PATH, label: 'Makaleler', roles: BOTH, nav: true, screen: lazyScreen(() => import('./articles/ArticlesScreen'), 'ArticlesScreen') },
  { path: '/admin/articles/new', label: 'Yeni Makale', roles: BOTH, nav: false, screen: lazyScreen(() => import('./articles/ArticleFormScreen'), 'ArticleNewScreen') },
  { path: '/admin/articles/edit', label: 'Makaleyi Düzenle', roles: BOTH, nav: false, screen: lazyScreen(() => import('./articles/ArticleFormScreen'), 'ArticleEditScreen') },
  { path: '/admin/articles/deleted', label: 'Silinen Makaleler', roles: BOTH, nav: false, screen: lazyScreen(() => import('./articles/DeletedArticlesScreen'), 'DeletedArticlesScreen') },
  { path: '/admin/races', label: 'Yarışlar', roles: BOTH, nav: true, screen: lazyScreen(() => import('./races/RacesScreen'), 'RacesScreen') },
  { path: '/admin/authors', label: 'Yazarlar', roles: ADMIN, nav: true, screen: lazyScreen(() => import('./authors/AuthorsScreen'), 'AuthorsScreen') },
  { path: '/admin/author-profile', label: 'Profilim', roles: ['author'], nav: true, screen: lazyScreen(() => import('./profile/AuthorProfileScreen'), 'AuthorProfileScreen') },
  { path: '/admin/orders', label: 'VIP Yönetimi', roles: ADMIN, nav: true, badge: 'pendingVipRequests', screen: lazyScreen(() => import('./vip'), 'VipScreen') },
  { path: '/admin/comments', label: 'Yorumlar', roles: ADMIN, nav: true, badge: 'unrespondedComments', screen: lazyScreen(() => import('./comments/CommentsScreen'), 'CommentsScreen') },
  { path: '/admin/users', label: 'Kullanıcılar', roles: ADMIN, nav: true, screen: lazyScreen(() => import('./users/UsersScreen'), 'UsersScreen') },
  { path: '/admin/messages', label: 'Mesajlar', roles: ADMIN, nav: true, badge: 'unrespondedMessages', screen: lazyScreen(() => import('./messages/MessagesScreen'), 'MessagesScreen') },
  { path: '/admin/settings', label: 'Ayarlar', roles: ADMIN, nav: true, screen: lazyScreen(() => import('./settings'), 'SettingsScreen') },
];

export function canOpen(route: Pick<AdminRoute, 'roles'>, user: Pick<StaffUser, 'role'>): boolean {
  return (route.roles as readonly string[]).includes(user.role);
}

/** The sidebar of one user: their nav routes only. */
export function navRoutes(user: Pick<StaffUser, 'role'>): AdminRoute[] {
  return ADMIN_ROUTES.filter((r) => r.nav && canOpen(r, user));
}

/**
 * The `[...path]` params of the prebuilt pages: /admin itself, the two screens open without
 * sign-in, every route above, and `_app`, the fallback the host serves for any other /admin/* path.
 */
export function staticAdminPaths(): (string | undefined)[] {
  const below = (path: string) => path.slice('/admin/'.length);
  return [undefined, ...[LOGIN_PATH, EMAIL_VERIFY_PATH, ...ADMIN_ROUTES.map((r) => r.path)].map(below), '_app'];
}
