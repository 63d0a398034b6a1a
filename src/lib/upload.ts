/**
 * The signed upload (architecture §2), written once for members and staff: grant → PUT → finalize.
 * The PUT goes to the storage URL of the grant, not to /api, so it is the one request the API client
 * cannot make; its failures are turned into the same `ApiError` the client throws.
 */
import type { ReadyUpload, UploadPurpose } from '@shared/uploads/upload';
import type { Wire } from '@shared/wire';
import { API_MESSAGES, ApiError, type ApiClient } from './api-client';

export interface UploadOptions {
  /** Aborts the PUT (a time limit of the caller's). */
  signal?: AbortSignal;
  /** Sent as the declared type when the browser knows none (some audio files). */
  contentType?: string;
  /** Shown when the storage refuses the PUT without a text of its own (Cloud Storage answers XML). */
  failedText?: string;
}

export const UPLOAD_FAILED = 'Yükleme sırasında hata oluştu';
export const FINALIZE_TIMEOUT_MS = 60_000;

/** Uploads `file` for `purpose` and returns the kept file (its `uploadId` attaches it, its `url` shows it). */
export async function uploadFile(api: Pick<ApiClient, 'call'>, file: File, purpose: UploadPurpose, options: UploadOptions = {}): Promise<Wire<ReadyUpload>> {
  const grant = (
    await api.call((r) => r.uploads.$post(), { body: { purpose, contentType: file.type || options.contentType || 'application/octet-stream', size: file.size, name: file.name } })
  ).data;
  let put: Response;
  try {
    put = await fetch(grant.url, { method: grant.method, headers: grant.headers, body: file, signal: options.signal });
  } catch {
    // Offline, refused, or the caller's signal: the caller that aborted knows why and says so.
    throw new ApiError(API_MESSAGES.network, 0, 'NETWORK');
  }
  if (!put.ok) {
    let message = options.failedText ?? UPLOAD_FAILED;
    try {
      message = ((await put.json()) as { message?: string }).message || message;
    } catch {
      // a bare status or a storage XML page: keep the caller's text
    }
    throw new ApiError(message, put.status);
  }
  // Finalize checks the file and makes an image's copies on the server: on a busy instance that
  // outlasts the client's 10 s, which is not a network problem. The file is already stored; a
  // repeated finalize answers with the kept file.
  return (await api.call((r) => r.uploads[':id'].finalize.$post({ param: { id: encodeURIComponent(grant.uploadId) } }), { timeoutMs: FINALIZE_TIMEOUT_MS })).data;
}
