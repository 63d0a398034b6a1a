import { createHash, createVerify, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Storage, type GetSignedUrlConfig } from '@google-cloud/storage';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { CloudStorageBlobStore, IMMUTABLE_CACHE, type BucketLike, type FileLike } from '../../functions/src/adapters/cloud-storage/cloud-storage-blob-store.js';
import { LocalBlobStore } from '../../functions/src/adapters/local-blobs/local-blob-store.js';
import { createUpload } from '../../functions/src/domain/uploads/create-upload.js';
import { finalizeUpload } from '../../functions/src/domain/uploads/finalize-upload.js';
import { completeUploadCopies } from '../../functions/src/domain/uploads/complete-copies.js';
import { imageCopyKey } from '../../functions/src/domain/uploads/image-copies.js';
import { loadConfig } from '../../functions/src/platform/config.js';
import { createLocalDeps } from '../../functions/src/platform/local-deps.js';
import type { BlobStore } from '../../functions/src/ports/blob-store.js';
import { photo } from '../support/uploads.js';

/** Cloud Storage, faked in memory: the only thing mocked. Missing objects fail with code 404 like the real client. */
class FakeBucket implements BucketLike {
  readonly objects = new Map<string, { data: Buffer; contentType: string; cacheControl?: string }>();
  readonly signed: GetSignedUrlConfig[] = [];
  constructor(readonly name = 'demo-ganyan.appspot.com') {}
  file(key: string): FileLike {
    const { objects, signed, name } = this;
    const bucket = { objects, signed, name };
    const missing = () => Object.assign(new Error(`No such object: ${key}`), { code: 404 });
    return {
      async getSignedUrl(config) {
        bucket.signed.push(config);
        return [`https://storage.googleapis.com/${bucket.name}/${key}?X-Goog-Signature=fake`];
      },
      async getMetadata() {
        const o = bucket.objects.get(key);
        if (!o) throw missing();
        return [{ size: String(o.data.length), contentType: o.contentType }];
      },
      async setMetadata(metadata) {
        const o = bucket.objects.get(key);
        if (!o) throw missing();
        o.cacheControl = metadata.cacheControl;
        return [{}];
      },
      createReadStream({ start, end }) {
        const o = bucket.objects.get(key);
        if (!o) {
          const stream = new Readable({ read() {} });
          process.nextTick(() => stream.destroy(missing()));
          return stream;
        }
        // Deliver in small chunks, as a network stream would.
        const slice = o.data.subarray(start, end + 1);
        return Readable.from([slice.subarray(0, 3), slice.subarray(3)].filter((b) => b.length > 0));
      },
      async delete({ ignoreNotFound }) {
        if (!bucket.objects.delete(key) && !ignoreNotFound) throw missing();
        return [{}];
      },
      async download() {
        const o = bucket.objects.get(key);
        if (!o) throw missing();
        return [o.data];
      },
      async save(data, { contentType, metadata }) {
        bucket.objects.set(key, { data, contentType, cacheControl: metadata.cacheControl });
      },
    };
  }
}

interface Subject {
  name: string;
  store: BlobStore;
  /** Puts an object the way that store receives it from a browser PUT. */
  put(key: string, data: Buffer, contentType: string): void;
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function localSubject(): Subject {
  const dir = mkdtempSync(join(tmpdir(), 'ganyan-blobs-'));
  dirs.push(dir);
  const store = new LocalBlobStore(dir, 'a-secret-for-tests-only', 'http://localhost:4321');
  return {
    name: 'local folder',
    store,
    put(key, data, contentType) {
      const path = store.ensureDir(key);
      writeFileSync(path, data);
      writeFileSync(`${path}.type`, contentType);
    },
  };
}

function cloudSubject(): Subject & { bucket: FakeBucket } {
  const bucket = new FakeBucket();
  return {
    name: 'cloud storage',
    bucket,
    store: new CloudStorageBlobStore(bucket),
    put(key, data, contentType) {
      bucket.objects.set(key, { data, contentType });
    },
  };
}

const DATA = Buffer.from('fLaC\u0000\u0000\u0000\u0022 some audio frames follow', 'latin1');

describe.each([localSubject, cloudSubject])('BlobStore contract: %o', (make) => {
  const subject = make();
  const key = 'media/audio/2026/11/0b7e0c1e-6f4b-4c57-9d7e-3f4c2a1b9e10.flac';

  it(`${subject.name}: stat is null for a missing object and deleting it is harmless`, async () => {
    expect(await subject.store.stat('media/audio/2026/11/missing.flac')).toBeNull();
    await expect(subject.store.delete('media/audio/2026/11/missing.flac')).resolves.toBeUndefined();
  });

  it(`${subject.name}: stat reports size and type; readHead returns the first bytes`, async () => {
    subject.put(key, DATA, 'audio/flac');
    expect(await subject.store.stat(key)).toEqual({ size: DATA.length, contentType: 'audio/flac' });
    expect((await subject.store.readHead(key, 4)).toString('latin1')).toBe('fLaC');
    expect((await subject.store.readHead(key, 16)).equals(DATA.subarray(0, 16))).toBe(true);
    // Asking for more than the object holds gives the whole object.
    expect((await subject.store.readHead(key, 4096)).equals(DATA)).toBe(true);
  });

  it(`${subject.name}: publicUrl is absolute and names the key`, () => {
    const url = new URL(subject.store.publicUrl(key));
    expect(url.protocol).toMatch(/^https?:$/);
    expect(decodeURIComponent(url.pathname)).toContain(key);
  });

  it(`${subject.name}: read returns the whole object; write stores one, with its type, ready to serve`, async () => {
    expect((await subject.store.read(key)).equals(DATA)).toBe(true);
    const copyKey = 'media/images/2026/11/0b7e0c1e-480w.webp';
    const copy = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 a copy', 'latin1');
    await subject.store.write(copyKey, copy, 'image/webp');
    await subject.store.write(copyKey, copy, 'image/webp');
    expect(await subject.store.stat(copyKey)).toEqual({ size: copy.length, contentType: 'image/webp' });
    expect((await subject.store.read(copyKey)).equals(copy)).toBe(true);
    await subject.store.delete(copyKey);
    expect(await subject.store.stat(copyKey)).toBeNull();
  });

  it(`${subject.name}: delete removes the object`, async () => {
    await subject.store.delete(key);
    expect(await subject.store.stat(key)).toBeNull();
  });

  it(`${subject.name}: a signed upload names the type, a PUT method and a short expiry`, async () => {
    const signed = await subject.store.createSignedUpload(key, 'audio/flac', 1234, 600);
    expect(signed.method).toBe('PUT');
    expect(signed.headers['Content-Type']).toBe('audio/flac');
    const seconds = (signed.expiresAt.getTime() - Date.now()) / 1000;
    expect(seconds).toBeGreaterThan(590);
    expect(seconds).toBeLessThanOrEqual(600);
  });
});

describe('CloudStorageBlobStore signed PUT URL (real V4 signing, offline)', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const storage = new Storage({
    projectId: 'demo-ganyan',
    credentials: { client_email: 'uploads@demo-ganyan.iam.gserviceaccount.com', private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
  });
  // The store's clock runs two seconds behind the signer's own: the URL must still last exactly the
  // asked 600 s from the moment it names (CI once drew 599 when a second ticked between two reads).
  const store = new CloudStorageBlobStore(storage.bucket('demo-ganyan.appspot.com') as unknown as BucketLike, { now: () => new Date(Date.now() - 2000) });

  it('signs Content-Type, the length range and create-only, and hands the browser exactly those headers', async () => {
    const key = 'media/images/2026/11/5f0c.png';
    const signed = await store.createSignedUpload(key, 'image/png', 5000, 600);
    expect(signed.headers).toEqual({ 'Content-Type': 'image/png', 'x-goog-content-length-range': '0,5000', 'x-goog-if-generation-match': '0', 'x-goog-meta-pending': 'true' });
    const url = new URL(signed.url);
    expect(url.host).toBe('storage.googleapis.com');
    expect(url.pathname).toBe(`/demo-ganyan.appspot.com/${key}`);
    const q = url.searchParams;
    expect(q.get('X-Goog-Algorithm')).toBe('GOOG4-RSA-SHA256');
    expect(q.get('X-Goog-Expires')).toBe('600');
    expect(q.get('X-Goog-SignedHeaders')).toBe('content-type;host;x-goog-content-length-range;x-goog-if-generation-match;x-goog-meta-pending');

    // Rebuild the V4 canonical request from what the browser will send and check Google would accept the signature.
    const canonicalQuery = [...q.entries()]
      .filter(([k]) => k !== 'X-Goog-Signature')
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .sort()
      .join('&');
    const sent: Record<string, string> = { host: url.host };
    for (const [k, v] of Object.entries(signed.headers)) sent[k.toLowerCase()] = v;
    const names = Object.keys(sent).sort();
    const canonicalRequest = ['PUT', url.pathname, canonicalQuery, names.map((n) => `${n}:${sent[n]}`).join('\n') + '\n', names.join(';'), 'UNSIGNED-PAYLOAD'].join('\n');
    const [, scope] = /^[^/]+\/(.+)$/.exec(q.get('X-Goog-Credential')!)!;
    const stringToSign = ['GOOG4-RSA-SHA256', q.get('X-Goog-Date'), scope, createHash('sha256').update(canonicalRequest).digest('hex')].join('\n');
    const valid = createVerify('RSA-SHA256').update(stringToSign).verify(publicKey, Buffer.from(q.get('X-Goog-Signature')!, 'hex'));
    expect(valid).toBe(true);
    // A browser sending a bigger range would not match the signature.
    const tampered = stringToSign.replace(createHash('sha256').update(canonicalRequest).digest('hex'), createHash('sha256').update(canonicalRequest.replace('0,5000', '0,99999999')).digest('hex'));
    expect(createVerify('RSA-SHA256').update(tampered).verify(publicKey, Buffer.from(q.get('X-Goog-Signature')!, 'hex'))).toBe(false);
  });
});

describe('upload services on the Cloud Storage adapter', () => {
  const config = loadConfig({ ...process.env, GANYAN_ENV: 'test', GANYAN_DATA_DIR: mkdtempSync(join(tmpdir(), 'ganyan-cloud-')) });
  dirs.push(config.dataDir);
  const bucket = new FakeBucket();
  const deps = { ...createLocalDeps(config, { databaseFile: ':memory:', quiet: true }), blobs: new CloudStorageBlobStore(bucket) };
  const author = { user: { id: 'author-1', email: 'yazar@example.com', role: 'author' as const } };
  afterAll(() => deps.store.close());

  it('keeps a valid file with immutable caching, stores its narrower copies the same way, and deletes a disguised one', async () => {
    const png = await photo(1000, 500, 'png');
    const good = await createUpload(deps, author, { purpose: 'image', contentType: 'image/png', size: png.length, name: 'a.png' });
    const goodKey = (await deps.store.get('uploads', good.uploadId))!.key as string;
    expect(bucket.signed.at(-1)).toMatchObject({ version: 'v4', action: 'write', contentType: 'image/png', extensionHeaders: { 'x-goog-content-length-range': `0,${png.length}` } });
    bucket.objects.set(goodKey, { data: png, contentType: 'image/png' });
    const kept = await finalizeUpload(deps, author, good.uploadId);
    expect(kept.url).toBe(`https://firebasestorage.googleapis.com/v0/b/demo-ganyan.appspot.com/o/${encodeURIComponent(goodKey)}?alt=media`);
    expect(bucket.objects.get(goodKey)?.cacheControl).toBe(IMMUTABLE_CACHE);
    expect(kept).toMatchObject({ image: { width: 1000, height: 500, copies: [] }, copiesPending: true });
    expect((await completeUploadCopies(deps, good.uploadId))?.image).toEqual({
      width: 1000,
      height: 500,
      copies: [
        ...[480, 720].map((width) => ({ width, url: deps.blobs.publicUrl(imageCopyKey(goodKey, width)) })),
        ...[480, 720, 1000].map((width) => ({ width, url: deps.blobs.publicUrl(imageCopyKey(goodKey, width, 'avif')), format: 'avif' })),
      ],
    });
    for (const width of [480, 720]) {
      const copy = bucket.objects.get(imageCopyKey(goodKey, width));
      expect(copy).toMatchObject({ contentType: 'image/webp', cacheControl: IMMUTABLE_CACHE });
      expect(await sharp(copy!.data).metadata()).toMatchObject({ format: 'webp', width });
    }
    for (const width of [480, 720, 1000]) {
      const copy = bucket.objects.get(imageCopyKey(goodKey, width, 'avif'));
      expect(copy).toMatchObject({ contentType: 'image/avif', cacheControl: IMMUTABLE_CACHE });
      expect(await sharp(copy!.data).metadata()).toMatchObject({ format: 'heif', compression: 'av1', width });
    }

    const text = Buffer.from('merhaba dünya, ben bir resim değilim');
    const bad = await createUpload(deps, author, { purpose: 'image', contentType: 'image/png', size: text.length, name: 'b.png' });
    const badKey = (await deps.store.get('uploads', bad.uploadId))!.key as string;
    bucket.objects.set(badKey, { data: text, contentType: 'image/png' });
    await expect(finalizeUpload(deps, author, bad.uploadId)).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(bucket.objects.has(badKey)).toBe(false);
    expect((await deps.store.get('uploads', bad.uploadId))?.status).toBe('rejected');
  });
});
