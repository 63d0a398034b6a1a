import type { Readable } from 'node:stream';
import type { GetSignedUrlConfig } from '@google-cloud/storage';
import type { BlobInfo, BlobStore, SignedUpload } from '../../ports/blob-store.js';

/**
 * The parts of a Cloud Storage bucket this adapter uses. A `Bucket` from @google-cloud/storage
 * satisfies it; tests pass a fake so the adapter's own logic runs without the network.
 */
export interface BucketLike {
  readonly name: string;
  file(key: string): FileLike;
}

export interface FileLike {
  getSignedUrl(config: GetSignedUrlConfig): Promise<[string]>;
  getMetadata(): Promise<[{ size?: string | number; contentType?: string }, ...unknown[]]>;
  setMetadata(metadata: { cacheControl?: string; metadata?: Record<string, string | null> }): Promise<unknown>;
  createReadStream(options: { start: number; end: number; validation: false }): Readable;
  download(): Promise<[Buffer]>;
  save(data: Buffer, options: { contentType: string; resumable: false; metadata: { cacheControl: string } }): Promise<void>;
  delete(options: { ignoreNotFound: boolean }): Promise<unknown>;
}

export interface CloudStorageOptions {
  /** Origin files are read from; defaults to the Firebase Storage download endpoint, which storage.rules govern. */
  publicBase?: string;
  now?: () => Date;
}

/** Kept objects never change (unique keys), so every cache may keep them for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 404;
}

/**
 * Cloud Storage in production. Uploads use V4 signed PUT URLs whose signature covers the
 * Content-Type, an `x-goog-content-length-range` (Cloud Storage itself refuses a bigger body)
 * and `x-goog-if-generation-match: 0` (the URL can create the object once, never overwrite it).
 */
export class CloudStorageBlobStore implements BlobStore {
  readonly kind = 'cloud-storage' as const;
  private readonly now: () => Date;
  private readonly publicBase: string;

  constructor(
    private readonly bucket: BucketLike,
    options: CloudStorageOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.publicBase = (options.publicBase ?? `https://firebasestorage.googleapis.com/v0/b/${bucket.name}/o`).replace(/\/+$/, '');
  }

  async createSignedUpload(key: string, contentType: string, maxBytes: number, expiresInSeconds: number): Promise<SignedUpload> {
    // The signer reads its own clock for the start unless told; a second ticking between the two
    // reads would sign 599 s instead of the asked 600, so both ends come from one reading.
    const signedAt = new Date(Math.floor(this.now().getTime() / 1000) * 1000);
    const expiresAt = new Date(signedAt.getTime() + expiresInSeconds * 1000);
    const extensionHeaders = {
      'x-goog-content-length-range': `0,${maxBytes}`,
      'x-goog-if-generation-match': '0',
      // Signed, so the browser must send it: storage.rules serve nothing marked pending, and
      // markKept removes the mark once finalize accepted the file.
      'x-goog-meta-pending': 'true',
    };
    const [url] = await this.bucket.file(key).getSignedUrl({
      version: 'v4',
      action: 'write',
      accessibleAt: signedAt,
      expires: expiresAt,
      contentType,
      extensionHeaders,
    });
    // The browser must send exactly the signed headers, or Cloud Storage refuses the PUT.
    return { url, method: 'PUT', headers: { 'Content-Type': contentType, ...extensionHeaders }, expiresAt };
  }

  async stat(key: string): Promise<BlobInfo | null> {
    try {
      const [metadata] = await this.bucket.file(key).getMetadata();
      return { size: Number(metadata.size ?? 0), contentType: metadata.contentType ?? 'application/octet-stream' };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async readHead(key: string, bytes: number): Promise<Buffer> {
    // Validation is off: a checksum can only be verified over the whole object, not a range.
    const stream = this.bucket.file(key).createReadStream({ start: 0, end: Math.max(0, bytes - 1), validation: false });
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      chunks.push(buffer);
      total += buffer.length;
      if (total >= bytes) break;
    }
    return Buffer.concat(chunks).subarray(0, bytes);
  }

  async read(key: string): Promise<Buffer> {
    const [data] = await this.bucket.file(key).download();
    return data;
  }

  /**
   * A copy the server made of an accepted file: it carries no pending mark, and its key is unique
   * per upload, so it is cached like a kept file. One small request, not a resumable session.
   */
  async write(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.bucket.file(key).save(body, { contentType, resumable: false, metadata: { cacheControl: IMMUTABLE_CACHE } });
  }

  /** Called once a file is accepted: its key is unique, so it may be cached as immutable. */
  async markKept(key: string): Promise<void> {
    await this.bucket.file(key).setMetadata({ cacheControl: IMMUTABLE_CACHE, metadata: { pending: null } });
  }

  async delete(key: string): Promise<void> {
    await this.bucket.file(key).delete({ ignoreNotFound: true });
  }

  publicUrl(key: string): string {
    return `${this.publicBase}/${encodeURIComponent(key)}?alt=media`;
  }
}
