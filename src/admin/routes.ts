import type { ComponentType } from 'react';
import { ArticleEditScreen, ArticleNewScreen } from './articles/ArticleFormScreen';
import { ArticlesScreen } from './articles/ArticlesScreen';
import { DeletedArticlesScreen } from './articles/DeletedArticlesScreen';
import { AuthorsScreen } from './authors/AuthorsScreen';
import { CommentsScreen } from './ops/CommentsScreen';
import { MessagesScreen } from './ops/MessagesScreen';
import { SettingsScreen } from './ops/settings';
import { UsersScreen } from './ops/UsersScreen';
import { VipScreen } from './ops/vip';
import { AuthorProfileScreen } from './profile/AuthorProfileScreen';
import { RacesScreen } from './races/RacesScreen';
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

const BOTH: readonly StaffRole[] = ['admin', 'author'];
const ADMIN: readonly StaffRole[] = ['admin'];

export const HOME_PATH = '/admin/articles';
export const LOGIN_PATH = '/admin/login';
export const EMAIL_VERIFY_PATH = '/admin/email-dogrula';

/**
 * Every screen behind sign-in (spec 002 §2), in sidebar order: the one list the static pages, the
 * router, the sidebar and the role check read.
 */
export const ADMIN_ROUTES: readonly AdminRoute[] = [
  { path: HOME_PATH, label: 'Makaleler', roles: BOTH, nav: true, screen: ArticlesScreen },
  { path: '/admin/articles/new', label: 'Yeni Makale', roles: BOTH, nav: false, screen: ArticleNewScreen },
  { path: '/admin/articles/edit', label: 'Makaleyi Düzenle', roles: BOTH, nav: false, screen: ArticleEditScreen },
  { path: '/admin/articles/deleted', label: 'Silinen Makaleler', roles: BOTH, nav: false, screen: DeletedArticlesScreen },
  { path: '/admin/races', label: 'Yarışlar', roles: BOTH, nav: true, screen: RacesScreen },
  { path: '/admin/authors', label: 'Yazarlar', roles: ADMIN, nav: true, screen: AuthorsScreen },
  { path: '/admin/author-profile', label: 'Profilim', roles: ['author'], nav: true, screen: AuthorProfileScreen },
  { path: '/admin/orders', label: 'VIP Yönetimi', roles: ADMIN, nav: true, badge: 'pendingVipRequests', screen: VipScreen },
  { path: '/admin/comments', label: 'Yorumlar', roles: ADMIN, nav: true, badge: 'unrespondedComments', screen: CommentsScreen },
  { path: '/admin/users', label: 'Kullanıcılar', roles: ADMIN, nav: true, screen: UsersScreen },
  { path: '/admin/messages', label: 'Mesajlar', roles: ADMIN, nav: true, badge: 'unrespondedMessages', screen: MessagesScreen },
  { path: '/admin/settings', label: 'Ayarlar', roles: ADMIN, nav: true, screen: SettingsScreen },
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
