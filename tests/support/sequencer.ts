import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Files that drive Chromium or the Firebase emulators: a few seconds to a few minutes each. */
const SLOW_FILE = /[\\/]tests[\\/](browser|emulator)[\\/]/;

/**
 * Vitest's own order takes projects by name (vitest.config.ts), which would run the hundred quick
 * `api` files first and leave the browser files, up to three minutes each, to end the run: one
 * worker idle while the other finishes the last of them. Browser and emulator files go first here,
 * so the quick files end the run on both workers. Within each group Vitest's order stands (the last
 * run's durations; file size on a fresh clone, which has none).
 */
export default class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    return [...ordered.filter((file) => SLOW_FILE.test(file.moduleId)), ...ordered.filter((file) => !SLOW_FILE.test(file.moduleId))];
  }
}
