import { z } from 'zod';

export const COMMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

export const COMMENT_MAX_LENGTH = 2000;

/** A comment document as stored in `comments`. `content` is the raw text typed, never HTML. */
export const commentRecordSchema = z.object({
  id: z.string(),
  articleId: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  username: z.string().nullable().default(null),
  parentId: z.string().nullable().default(null),
  content: z.string(),
  status: z.enum(COMMENT_STATUSES),
  isEdited: z.boolean().default(false),
  likes: z.number().int().default(0),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type CommentRecord = z.infer<typeof commentRecordSchema>;

export function parseComment(raw: unknown): CommentRecord {
  return commentRecordSchema.parse(raw);
}

/**
 * The body of POST /api/articles/{articleId}/comments, shared with the comment form.
 * authorName and username are accepted for the old client's sake, but the stored name comes
 * from the account (a member cannot post under someone else's name).
 */
export const createCommentSchema = z.strictObject({
  content: z
    .string({ error: 'Yorum metni zorunludur.' })
    .trim()
    .min(1, 'Yorum boş olamaz.')
    .max(COMMENT_MAX_LENGTH, `Yorum en fazla ${COMMENT_MAX_LENGTH} karakter olabilir.`),
  authorName: z.string().max(200).optional(),
  username: z.string().max(200).optional(),
  parentId: z.string().min(1).max(200).nullable().optional(),
});
export type CreateCommentInput = z.infer<typeof createCommentSchema>;
