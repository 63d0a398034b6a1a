import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A random secret kept in the data folder, created on first use. Outside production nothing may
 * sign with a value written in the repository (anyone could then mint an admin token), so each
 * data folder gets its own secret, readable by its owner only, and keeps it across restarts
 * (sessions and signed upload URLs survive a restart of the local server).
 */
export function folderSecret(dataDir: string, name: 'jwt' | 'upload'): string {
  const dir = join(dataDir, 'secrets');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, `${name}.secret`);
  // Written to a private temporary file, then linked into place: link() fails when the file
  // exists, so two processes starting on a new folder (server and site build) agree on one value
  // and neither can read a half-written file.
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(temp, randomBytes(48).toString('base64url'), { mode: 0o600 });
  try {
    linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temp);
  }
  // A copy restored without its mode (a backup, a zip) is narrowed again.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters: delete it to have a new one made`);
  return secret;
}
