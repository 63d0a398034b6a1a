import type { PublicCache } from '../api/http/public-cache.js';
import type { BlobStore } from '../ports/blob-store.js';
import type { DocumentStore } from '../ports/document-store.js';
import type { Mailer } from '../ports/mailer.js';
import type { SmsSender } from '../ports/sms.js';
import type { AppConfig } from './config.js';

/** Everything a request handler or job may use; built once per process by the composition root. */
export interface AppDeps {
  config: AppConfig;
  store: DocumentStore;
  blobs: BlobStore;
  mailer: Mailer;
  sms: SmsSender;
  now: () => Date;
  /** Asks for a rebuild of the static site after published content changed (debounced by the caller). */
  requestRebuild: (reason: string) => void;
  /** Visitors' public reads answered from memory; `requestRebuild` clears it. */
  publicReads: PublicCache;
  log: Logger;
}

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** Structured JSON lines: Cloud Logging parses them, and they stay greppable locally. */
export function jsonLogger(write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): Logger {
  const emit = (severity: string) => (message: string, fields?: Record<string, unknown>) =>
    write(JSON.stringify({ severity, message, time: new Date().toISOString(), ...fields }));
  return { info: emit('INFO'), warn: emit('WARNING'), error: emit('ERROR') };
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
