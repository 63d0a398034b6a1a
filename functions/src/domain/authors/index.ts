/** The authors area's public surface: what other areas, the API and the jobs use (CONTEXT.md). */
export { getAuthorProfile, getAuthorProfileBySlug, listAuthors } from './author-profile.js';
export { createAuthor, deleteAuthor, getStaffAuthor, listStaffAuthors, setAuthorPassword, setAuthorStatus, updateAuthor } from './manage-authors.js';
export { changeOwnEmail, changeOwnPassword, confirmOwnEmailChange, getOwnProfile, updateOwnProfile } from './manage-own-profile.js';
export { AUTHOR_MESSAGES, authorCreateSchema, authorPasswordSchema, authorStatusSchema, authorUpdateSchema, emailConfirmSchema, ownEmailSchema, ownPasswordSchema, ownProfileSchema } from './manage-schema.js';
