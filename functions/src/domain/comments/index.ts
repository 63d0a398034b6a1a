/** The comments area's public surface: what other areas, the API and the jobs use (CONTEXT.md). */
export { COMMENT_MAX_LENGTH, COMMENT_STATUSES, createCommentSchema, parseComment, type CommentRecord } from './comment.js';
export { COMMENT_NOT_FOUND, commentArticleId, createComment, listArticleComments, setCommentStatus, toggleCommentLike } from './comments.js';
