/** The users-admin area's public surface: what other areas, the API and the jobs use (CONTEXT.md). */
export { listUsersForAdmin, restoreUser, softDeleteSchema, softDeleteUser, USERS_ADMIN_MESSAGES, userStats } from './manage-users.js';
