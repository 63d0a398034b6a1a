/** The uploads area's public surface: what other areas, the API and the jobs use (CONTEXT.md). */
export { createUpload } from './create-upload.js';
export { finalizeUpload } from './finalize-upload.js';
export { getUploadIn, requireReadyUpload, requireReadyUploadByUrl } from './require-ready-upload.js';
export { createUploadSchema, imageCopySchema, MEMBER_UPLOAD_PURPOSES, parseUpload, UPLOAD_MESSAGES, uploadImageSchema, type ImageCopy } from './upload.js';
export { completeUploadCopies, uploadsAwaitingCopies, type CompletedCopies } from './complete-copies.js';
export type { UploadImage } from './upload.js';
