import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, openSync, readSync, closeSync, statSync, rmSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { BlobInfo, BlobStore, SignedUpload } from '../../ports/blob-store.js';

export interface UploadGrant {
  key: string;
  contentType: string;
  maxBytes: number;
  expires: number;
}

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,200}$/;

/**
 * Files in a local folder. Signed upload URLs point at the local server's `/uploads/put`
 * endpoint with an HMAC over the grant, so the same limits hold as with Cloud Storage.
 */
export class LocalBlobStore implements BlobStore {
  readonly kind = 'local' as const;

  constructor(
    private readonly root: string,
    private readonly secret: string,
    /** Origin the local server answers on; a function when it is known only once the server listens. */
    private readonly publicBase: string | (() => string),
    private readonly now: () => Date = () => new Date(),
  ) {
    mkdirSync(root, { recursive: true });
  }

  pathFor(key: string): string {
    if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`Invalid blob key: ${key}`);
    const path = resolve(this.root, key);
    if (!path.startsWith(resolve(this.root))) throw new Error(`Invalid blob key: ${key}`);
    return path;
  }

  sign(grant: UploadGrant): string {
    return createHmac('sha256', this.secret)
      .update(`${grant.key}\n${grant.contentType}\n${grant.maxBytes}\n${grant.expires}`)
      .digest('base64url');
  }

  /** The grant carried by a signed URL's query, or null when tampered with or expired. */
  verify(query: Record<string, string | undefined>): UploadGrant | null {
    const { key, type, max, exp, sig } = query;
    if (!key || !type || !max || !exp || !sig) return null;
    const grant: UploadGrant = { key, contentType: type, maxBytes: Number(max), expires: Number(exp) };
    if (!Number.isFinite(grant.maxBytes) || !Number.isFinite(grant.expires)) return null;
    const expected = Buffer.from(this.sign(grant));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    if (grant.expires * 1000 < this.now().getTime()) return null;
    return grant;
  }

  async createSignedUpload(key: string, contentType: string, maxBytes: number, expiresInSeconds: number): Promise<SignedUpload> {
    this.pathFor(key);
    const expires = Math.floor(this.now().getTime() / 1000) + expiresInSeconds;
    const grant: UploadGrant = { key, contentType, maxBytes, expires };
    const params = new URLSearchParams({ key, type: contentType, max: String(maxBytes), exp: String(expires), sig: this.sign(grant) });
    return {
      url: `${this.base()}/uploads/put?${params.toString()}`,
      method: 'PUT',
      headers: { 'Content-Type': contentType },
      expiresAt: new Date(expires * 1000),
    };
  }

  async stat(key: string): Promise<BlobInfo | null> {
    const path = this.pathFor(key);
    if (!existsSync(path)) return null;
    const contentType = existsSync(`${path}.type`) ? readTypeFile(`${path}.type`) : 'application/octet-stream';
    return { size: statSync(path).size, contentType };
  }

  async readHead(key: string, bytes: number): Promise<Buffer> {
    const fd = openSync(this.pathFor(key), 'r');
    try {
      const buffer = Buffer.alloc(bytes);
      const read = readSync(fd, buffer, 0, bytes, 0);
      return buffer.subarray(0, read);
    } finally {
      closeSync(fd);
    }
  }

  async read(key: string): Promise<Buffer> {
    return readFileSync(this.pathFor(key));
  }

  async write(key: string, body: Buffer, contentType: string): Promise<void> {
    const path = this.ensureDir(key);
    writeFileSync(`${path}.type`, contentType);
    // Through a temporary name: a crash half-way must not leave a cut file at the served address.
    const temp = `${path}.part-${randomBytes(6).toString('hex')}`;
    writeFileSync(temp, body);
    renameSync(temp, path);
  }

  async delete(key: string): Promise<void> {
    const path = this.pathFor(key);
    rmSync(path, { force: true });
    rmSync(`${path}.type`, { force: true });
    rmSync(`${path}.pending`, { force: true });
  }

  /**
   * A PUT file carries a `.pending` marker until finalize accepted it, and /files does not serve
   * it before (server/files.ts): a file nobody checked yet must not be published at its URL.
   */
  markPending(key: string): void {
    writeFileSync(`${this.pathFor(key)}.pending`, '');
  }

  isPending(key: string): boolean {
    return existsSync(`${this.pathFor(key)}.pending`);
  }

  async markKept(key: string): Promise<void> {
    rmSync(`${this.pathFor(key)}.pending`, { force: true });
  }

  publicUrl(key: string): string {
    return `${this.base()}/files/${key}`;
  }

  private base(): string {
    return (typeof this.publicBase === 'function' ? this.publicBase() : this.publicBase).replace(/\/+$/, '');
  }

  ensureDir(key: string): string {
    const path = this.pathFor(key);
    mkdirSync(dirname(path), { recursive: true });
    return path;
  }

  get folder(): string {
    return join(this.root);
  }
}

function readTypeFile(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(200);
    const n = readSync(fd, buffer, 0, 200, 0);
    return buffer.subarray(0, n).toString('utf8').trim();
  } finally {
    closeSync(fd);
  }
}
