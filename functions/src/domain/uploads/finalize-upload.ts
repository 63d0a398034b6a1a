import type { Actor } from '../../platform/actor.js';
import type { AppDeps } from '../../platform/deps.js';
import { AppError, MESSAGES, type ErrorCode } from '../../platform/errors.js';
import { inspectImage, makeImageCopies, plannedCopies, type ImageProblem } from './image-copies.js';
import { SIGNATURE_BYTES, matchesSignature } from './signatures.js';
import { PURPOSE_RULES, UPLOAD_MESSAGES, canonicalType, isPrivateKey, parseUpload, type ReadyUpload, type UploadRecord } from './upload.js';

function ready(upload: UploadRecord): ReadyUpload {
  return { uploadId: upload.id, url: upload.url!, contentType: upload.contentType, size: upload.size!, name: upload.name, image: upload.image, copiesPending: upload.copiesPending };
}

/**
 * Step two: the browser says the PUT is done. The object's real size and first bytes decide:
 * a file within limits whose signature matches the declared type is kept (status `ready`);
 * anything else is deleted and the upload marked `rejected`, so nothing refused stays stored.
 */
export async function finalizeUpload(deps: AppDeps, actor: Actor, uploadId: string): Promise<ReadyUpload> {
  const raw = await deps.store.get('uploads', uploadId);
  if (!raw) throw new AppError('NOT_FOUND', UPLOAD_MESSAGES.notFound);
  const upload = parseUpload(raw);
  if (upload.ownerId !== actor.user.id) throw new AppError('FORBIDDEN', MESSAGES.forbidden);
  if (upload.status === 'ready') return ready(upload);
  if (upload.status === 'rejected') throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.rejected);
  if (upload.status === 'expired') throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.expired);

  const rule = PURPOSE_RULES[upload.purpose];
  const reject = async (code: ErrorCode, message: string, reason: string): Promise<never> => {
    await deps.blobs.delete(upload.key);
    await deps.store.update('uploads', upload.id, { status: 'rejected', rejectedReason: reason, finalizedAt: deps.now() });
    deps.log.warn('upload rejected', { uploadId: upload.id, ownerId: upload.ownerId, reason });
    throw new AppError(code, message);
  };

  const info = await deps.blobs.stat(upload.key);
  if (!info) {
    if (upload.expiresAt.getTime() < deps.now().getTime()) await reject('BAD_REQUEST', UPLOAD_MESSAGES.expired, 'expired');
    throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.notUploaded);
  }
  if (info.size > rule.maxBytes) await reject('PAYLOAD_TOO_LARGE', rule.tooLarge, 'too-large');
  if (info.size === 0) await reject('BAD_REQUEST', UPLOAD_MESSAGES.emptyFile, 'empty');
  if (info.size !== upload.declaredSize) await reject('BAD_REQUEST', UPLOAD_MESSAGES.sizeMismatch, 'size-mismatch');
  const type = canonicalType(upload.contentType);
  if (!type || canonicalType(info.contentType) !== type) await reject('UNSUPPORTED_MEDIA_TYPE', rule.unsupported, 'content-type');
  const head = await deps.blobs.readHead(upload.key, SIGNATURE_BYTES);
  if (!matchesSignature(type!, head)) await reject('UNSUPPORTED_MEDIA_TYPE', rule.unsupported, 'signature');

  // An article image or a photo must really be a picture. A photo's one small copy is made here (the
  // profile stores it as the avatar at once); an article image's six copies take seconds of CPU, up
  // to half a minute on a busy instance, so they are made after this answer (jobs/image-copies.ts) and
  // the article shows the original until they exist.
  let image: UploadRecord['image'] = null;
  let copiesPending = false;
  const refuse = (problem: ImageProblem) =>
    problem === 'too-many-pixels'
      ? reject('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.imageTooManyPixels, problem)
      : reject('UNSUPPORTED_MEDIA_TYPE', upload.purpose === 'avatar' ? UPLOAD_MESSAGES.avatarNotImage : UPLOAD_MESSAGES.imageUnreadable, problem);
  if (upload.purpose === 'avatar') {
    const made = await makeImageCopies(deps.blobs, upload.key, 'avatar');
    if (typeof made === 'string') return refuse(made);
    image = made;
  } else if (upload.purpose === 'image') {
    const inspected = await inspectImage(deps.blobs, upload.key);
    if (typeof inspected === 'string') return refuse(inspected);
    image = { width: inspected.width, height: inspected.height, copies: [] };
    copiesPending = plannedCopies(inspected, 'image').length > 0;
  }

  // A private file (a bank receipt) gets no public URL and no public caching: it is read through the API only.
  const privateFile = isPrivateKey(upload.key);
  if (!privateFile) await deps.blobs.markKept?.(upload.key);
  const url = privateFile ? `private:${upload.id}` : deps.blobs.publicUrl(upload.key);
  const finalizedAt = deps.now();
  await deps.store.update('uploads', upload.id, { status: 'ready', size: info.size, url, finalizedAt, image, copiesPending });
  return ready({ ...upload, status: 'ready', size: info.size, url, finalizedAt, image, copiesPending });
}
