/** The comments area's public surface: what other areas, the API and the jobs use (CONTEXT.md). */
export { COMMENT_MAX_LENGTH, COMMENT_STATUSES, createCommentSchema, parseComment, type CommentRecord } from './comment.js';
export { COMMENT_NOT_FOUND, commentArticleId, countCommentsByStatus, createComment, listArticleComments, setCommentStatus, toggleCommentLike } from './comments.js';
export { deleteArticleComments, deleteCommentThreadIn, getComment, getCommentIn, pageCommentsForStaff, storedCommentsOf, updateCommentIn, type StaffCommentQuery } from './comments-repo.js';
