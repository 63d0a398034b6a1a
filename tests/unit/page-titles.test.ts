import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const PAGES = join(import.meta.dirname, '../../src/pages');

function astroFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? astroFiles(join(dir, entry.name)) : entry.name.endsWith('.astro') ? [join(dir, entry.name)] : [],
  );
}

describe('page titles', () => {
  it("no page passes the site name in its title: the layout adds ' | Ganyan' once", () => {
    const doubled = astroFiles(PAGES)
      .filter((file) => !file.includes('/admin/'))
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\btitle=(["'`{])([^"'`}]*\|\s*Ganyan)\1?/g)].map((m) => `${file.slice(PAGES.length)}: ${m[2]}`));
    expect(doubled).toEqual([]);
  });
});
