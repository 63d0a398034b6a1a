import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Files that drive Chromium or the Firebase emulators: a few seconds to a few minutes each. */
const SLOW_FILE = /[\\/]tests[\\/](browser|emulator)[\\/]/;

/**
 * Vitest orders files by their last durations, which a fresh clone (CI) does not have; it then
 * falls back to file size, which put the CSP walk (a short file, two and a half minutes) near
 * the end, where it ran alone on one worker while the other had nothing left. Browser and emulator
 * files go first here, so the hundred quick API and unit files come last and fill both workers
 * evenly to the end. Within each group Vitest's own order stands.
 */
export default class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    return [...ordered.filter((file) => SLOW_FILE.test(file.moduleId)), ...ordered.filter((file) => !SLOW_FILE.test(file.moduleId))];
  }
}
