import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * functions/src/shared is what the browser and the API both import (the site through `@shared/*`).
 * Whatever a file there imports at run time ends up in public and staff JS chunks, so it may only
 * reach other shared files and the few packages that run in a browser. Types are erased, so a file
 * may name an entity's type from domain/, but never the store, platform, API or job code.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const SHARED = join(ROOT, 'functions/src/shared');
const BROWSER_PACKAGES = ['zod', 'libphonenumber-js/mobile'];
const TYPE_SOURCES = [join(ROOT, 'functions/src/domain')];
const NODE_BUILTINS = new Set(builtinModules);

interface Import {
  specifier: string;
  typeOnly: boolean;
}

function importsOf(file: string): Import[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Import[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = ts.isImportDeclaration(node) ? node.importClause : undefined;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      const typeOnly = ts.isImportDeclaration(node)
        ? !!clause && (clause.isTypeOnly || (!clause.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)))
        : node.isTypeOnly;
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Why `file` may not import `imp`, or null when it may. */
export function violation(file: string, imp: Import): string | null {
  const { specifier, typeOnly } = imp;
  if (specifier.startsWith('node:') || NODE_BUILTINS.has(specifier)) return `Node built-in ${specifier}`;
  if (!specifier.startsWith('.')) return BROWSER_PACKAGES.includes(specifier) ? null : `package ${specifier} is not known to run in a browser`;
  const target = resolve(dirname(file), specifier);
  if (target.startsWith(SHARED + '/')) return null;
  if (typeOnly && TYPE_SOURCES.some((dir) => target.startsWith(dir + '/'))) return null;
  return `${typeOnly ? 'type from' : 'runtime import of'} ${relative(ROOT, target)} outside the shared folder`;
}

function sharedFiles(dir = SHARED): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sharedFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

describe('the browser-safe shared folder', () => {
  it('imports only shared files, browser packages and entity types', () => {
    const files = sharedFiles();
    expect(files.length).toBeGreaterThan(30);
    const problems = files.flatMap((file) =>
      importsOf(file).flatMap((imp) => {
        const why = violation(file, imp);
        return why ? [`${relative(ROOT, file)}: ${why}`] : [];
      }),
    );
    expect(problems).toEqual([]);
  });

  it('refuses what would put server code in a browser chunk', () => {
    const file = join(SHARED, 'estimates/estimate.ts');
    expect(violation(file, { specifier: 'node:crypto', typeOnly: false })).toMatch(/Node built-in/);
    expect(violation(file, { specifier: 'crypto', typeOnly: false })).toMatch(/Node built-in/);
    expect(violation(file, { specifier: 'firebase-admin/firestore', typeOnly: false })).toMatch(/not known to run in a browser/);
    expect(violation(file, { specifier: '../../domain/identity/rate-limit.js', typeOnly: false })).toMatch(/outside the shared folder/);
    expect(violation(file, { specifier: '../../platform/deps.js', typeOnly: true })).toMatch(/outside the shared folder/);
    expect(violation(file, { specifier: '../../ports/document-store.js', typeOnly: true })).toMatch(/outside the shared folder/);
    expect(violation(file, { specifier: '../../domain/races/race.js', typeOnly: true })).toBeNull();
    expect(violation(file, { specifier: './selections-text.js', typeOnly: false })).toBeNull();
  });
});
