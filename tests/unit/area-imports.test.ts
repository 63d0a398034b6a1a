import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The area boundary (docs/engineering.md, "Areas"): a domain area is a module. Other areas,
 * api/ and jobs/ reach it only through its index.ts, and the areas
 * form no cycle. dpdm (`npm run lint:cycles`) sees cycles between files only; a knot between
 * folders passes it, so the folders are folded here. Type-only imports count, as in dpdm.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'functions/src');
const DOMAIN = join(SRC, 'domain');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

const areas = readdirSync(DOMAIN).filter((name) => statSync(join(DOMAIN, name)).isDirectory());

/** The area a file belongs to, or its layer outside the domain ('api', 'jobs', 'index.ts', ...). */
function ownerOf(file: string): { area: string | null; layer: string } {
  const inDomain = relative(DOMAIN, file).split('/');
  if (!inDomain[0]!.startsWith('..') && inDomain.length > 1) return { area: inDomain[0]!, layer: 'domain' };
  return { area: null, layer: relative(SRC, file).split('/')[0]! };
}

interface AreaImport {
  file: string;
  spec: string;
  from: string | null;
  fromLayer: string;
  to: string;
  viaIndex: boolean;
}

/** Every relative import (type-only and re-exports included) that lands in a domain area. */
function areaImports(files: string[]): AreaImport[] {
  return files.flatMap((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    return importedFiles
      .map((i) => i.fileName)
      .filter((spec) => spec.startsWith('.'))
      .flatMap((spec) => {
        const target = resolve(dirname(file), spec).replace(/\.js$/, '.ts');
        const owner = ownerOf(target);
        if (owner.area === null) return [];
        const from = ownerOf(file);
        return [{ file: relative(ROOT, file), spec, from: from.area, fromLayer: from.layer, to: owner.area, viaIndex: target === join(DOMAIN, owner.area, 'index.ts') }];
      });
  });
}

/**
 * Imports that skip an area's index.ts: from another area, api/ or jobs/. platform/ sits below the
 * areas (its two deep imports of identity's entity files are types and constants), and the Cloud
 * Functions entry loads single files lazily to keep each function's cold start small.
 */
function barrelSkips(imports: AreaImport[]): string[] {
  const bound = (i: AreaImport) => (i.from !== null ? i.from !== i.to : ['api', 'jobs'].includes(i.fromLayer));
  return imports.filter((i) => bound(i) && !i.viaIndex).map((i) => `${i.file}: '${i.spec}' (use ${i.to}/index.ts)`);
}

/** The area graph's cycles, each as 'a → b → … → a'. */
function areaCycles(edges: Map<string, Set<string>>): string[] {
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (area: string) => {
    state.set(area, 'open');
    path.push(area);
    for (const next of [...(edges.get(area) ?? [])].sort()) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next].join(' → '));
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(area, 'done');
  };
  for (const area of [...edges.keys()].sort()) if (!state.has(area)) visit(area);
  return cycles;
}

function areaEdges(imports: AreaImport[]): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const i of imports) {
    if (i.from === null || i.from === i.to) continue;
    if (!edges.has(i.from)) edges.set(i.from, new Set());
    edges.get(i.from)!.add(i.to);
  }
  return edges;
}

const imports = areaImports(sourceFiles(SRC));

describe('domain areas are modules', () => {
  it('each area has an index.ts (its public surface) and a CONTEXT.md', () => {
    const missing = areas.flatMap((area) => ['index.ts', 'CONTEXT.md'].filter((file) => !existsSync(join(DOMAIN, area, file))).map((file) => `${area}/${file}`));
    expect(missing).toEqual([]);
  });

  it('an index.ts re-exports only its own area', () => {
    const foreign = imports.filter((i) => i.file.endsWith('/index.ts') && i.from !== null && i.from !== i.to).map((i) => `${i.file}: '${i.spec}'`);
    expect(foreign).toEqual([]);
  });

  it('other areas, api/ and jobs/ import an area only through its index.ts', () => {
    expect(barrelSkips(imports)).toEqual([]);
  });

  it('the areas form no cycle (type-only imports included)', () => {
    expect(areaCycles(areaEdges(imports))).toEqual([]);
  });

  it('the checks see a planted skip and a planted cycle', () => {
    const planted: AreaImport[] = [
      { file: 'functions/src/api/races.ts', spec: '../domain/races/race.js', from: null, fromLayer: 'api', to: 'races', viaIndex: false },
      { file: 'functions/src/domain/races/race.ts', spec: '../follows/index.js', from: 'races', to: 'follows', fromLayer: 'domain', viaIndex: true },
      { file: 'functions/src/domain/follows/follow.ts', spec: '../races/index.js', from: 'follows', to: 'races', fromLayer: 'domain', viaIndex: true },
    ];
    expect(barrelSkips(planted)).toEqual(["functions/src/api/races.ts: '../domain/races/race.js' (use races/index.ts)"]);
    expect(areaCycles(areaEdges(planted))).toEqual(['follows → races → follows']);
  });
});
