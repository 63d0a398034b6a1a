import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from './free-port.js';

/**
 * Google's own Firestore emulator, started from its JAR. firebase-tools' launcher wants Java 21
 * and downloads the JAR; the Debian package `google-cloud-cli-firestore-emulator` ships it and
 * it runs on Java 17 when started directly. The project cannot install that package (its apt
 * source is not reachable from our machines), so callers treat it as present or absent.
 */
export const DEFAULT_EMULATOR_JAR = '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';
const MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';

export interface RunningEmulator {
  /** host:port, as FIRESTORE_EMULATOR_HOST takes it. */
  host: string;
  pid: number;
  stop(): Promise<void>;
}

/** Why the emulator cannot start here, or null when it can. */
export function emulatorUnavailable(jar = process.env.FIRESTORE_EMULATOR_JAR ?? DEFAULT_EMULATOR_JAR): string | null {
  if (!existsSync(jar)) return `no emulator JAR at ${jar} (Debian package google-cloud-cli-firestore-emulator)`;
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (java.error || java.status !== 0) return 'no java on the PATH';
  return null;
}

async function answersOk(host: string): Promise<boolean> {
  try {
    const res = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(2_000) });
    return res.ok && (await res.text()).trim() === 'Ok';
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/**
 * Starts the emulator on a free loopback port and resolves once it answers `Ok` on `/`.
 * `readyWithinMs` bounds the wait for a machine under load (a quiet one answers in ~4 s).
 */
export async function startFirestoreEmulator(options: { jar?: string; readyWithinMs?: number } = {}): Promise<RunningEmulator> {
  const jar = options.jar ?? process.env.FIRESTORE_EMULATOR_JAR ?? DEFAULT_EMULATOR_JAR;
  const why = emulatorUnavailable(jar);
  if (why) throw new Error(`Firestore emulator unavailable: ${why}`);
  const port = await freePort();
  const host = `127.0.0.1:${port}`;
  const child = spawn('java', ['-cp', jar, MAIN_CLASS, '--host', '127.0.0.1', '--port', String(port)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // Never outlive the process that started it (a test run stopped with Ctrl-C, a crashed server).
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    // Keep only the tail: the emulator logs every connection at INFO level.
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killed = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited(child);
    clearTimeout(killed);
  };
  const deadline = Date.now() + (options.readyWithinMs ?? 90_000);
  while (!(await answersOk(host))) {
    if (child.exitCode !== null) throw new Error(`Firestore emulator exited with ${child.exitCode}: ${stderr}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Firestore emulator did not answer on ${host}: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { host, pid: child.pid!, stop };
}
