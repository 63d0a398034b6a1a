/** BlobStore: where uploaded images, avatars and audio live (a local folder, or Cloud Storage). */
export interface SignedUpload {
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  expiresAt: Date;
}

export interface BlobInfo {
  size: number;
  contentType: string;
}

export interface BlobStore {
  readonly kind: 'local' | 'cloud-storage';
  /** A short-lived URL the browser PUTs the file to; the file never passes through the API body. */
  createSignedUpload(key: string, contentType: string, maxBytes: number, expiresInSeconds: number): Promise<SignedUpload>;
  /** Size and type of a stored object, or null when nothing was uploaded. */
  stat(key: string): Promise<BlobInfo | null>;
  /** The first bytes of an object, to check its signature against the declared type. */
  readHead(key: string, bytes: number): Promise<Buffer>;
  /** The whole object: finalize decodes an accepted image to make its narrower copies. */
  read(key: string): Promise<Buffer>;
  /** Stores a file the server made itself (an image's narrower copy), already checked and kept. */
  write(key: string, body: Buffer, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Called once a file passed its checks (e.g. to set long-lived caching metadata); optional. */
  markKept?(key: string): Promise<void>;
  /** Public URL of a kept object. */
  publicUrl(key: string): string;
}
