/** The moderation area's public surface: what other areas, the API and the jobs use (CONTEXT.md). */
export { COMMENT_FILTERS, commentPagination, deleteComment, editComment, editCommentSchema, getCommentForAdmin, listCommentsForAdmin, moderateComment, MODERATION_MESSAGES } from './admin-comments.js';
