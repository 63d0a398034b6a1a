import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every collection has one owner area (docs/engineering.md, "Areas"): only that area's files name
 * it, and other areas read and write it through the owner's index.ts. A sibling of
 * area-imports.test.ts: an import graph cannot see a foreign collection named in a string.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'functions/src');
const DOMAIN = join(SRC, 'domain');

/** Collection → the area that owns it ('platform' for the one collection below the areas). */
const OWNERS: Record<string, string> = {
  houseAds: 'ads',
  houseAdClicks: 'ads',
  articles: 'articles',
  articleLikes: 'articles',
  articleViews: 'articles',
  articleViewShards: 'articles',
  auditLog: 'audit',
  comments: 'comments',
  commentLikes: 'comments',
  contactMessages: 'contact-admin',
  importStatus: 'estimates',
  raceAmendments: 'estimates',
  raceEstimates: 'estimates',
  horseFollows: 'follows',
  horseFollowNotices: 'follows',
  users: 'identity',
  emailChanges: 'identity',
  passwordResets: 'identity',
  refreshTokens: 'identity',
  jockeys: 'jockeys',
  jockeyRides: 'jockeys',
  jockeyHorses: 'jockeys',
  bankAccounts: 'membership',
  companyIdentity: 'membership',
  settings: 'membership',
  vipPackages: 'membership',
  vipReferenceCodes: 'membership',
  vipRequests: 'membership',
  vipSubscriptions: 'membership',
  vipStatements: 'membership',
  vipStatementLines: 'membership',
  vipStatementPages: 'membership',
  notificationPreferences: 'notifications',
  notificationConsents: 'notifications',
  notificationFanouts: 'notifications',
  notificationDeliveries: 'notifications',
  phoneVerifications: 'notifications',
  verifiedPhones: 'notifications',
  venues: 'races',
  raceDays: 'races',
  races: 'races',
  results: 'races',
  horses: 'races',
  trainers: 'trainers',
  trainerRuns: 'trainers',
  trainerHorses: 'trainers',
  uploads: 'uploads',
  rateLimits: 'platform',
};

const STORE_METHODS = new Set(['collection', 'get', 'getAll', 'set', 'create', 'update', 'delete']);

/** A receiver that is the store port, a transaction or a batch (`deps.store`, `tx`, `store.batch()`), not a Map. */
function isStoreLike(node: ts.Expression): boolean {
  if (ts.isIdentifier(node)) return ['store', 'tx', 'batch', 'transaction'].includes(node.text);
  if (ts.isPropertyAccessExpression(node)) return node.name.text === 'store';
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) return node.expression.name.text === 'batch' || isStoreLike(node.expression.expression);
  return false;
}

/** The collection argument of a store call: `collection(name)`, or `get/set/... (name, id, ...)`. */
function collectionArgument(node: ts.Node): ts.Expression | undefined {
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return undefined;
  const method = node.expression.name.text;
  if (!STORE_METHODS.has(method) || !isStoreLike(node.expression.expression)) return undefined;
  const enough = method === 'collection' ? node.arguments.length === 1 : node.arguments.length >= 2;
  return enough ? node.arguments[0] : undefined;
}

interface Source {
  file: string;
  text: string;
}

function parse(source: Source): ts.SourceFile {
  return ts.createSourceFile(source.file, source.text, ts.ScriptTarget.Latest, true);
}

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
}

/**
 * Names that carry a collection into a store call (`HOUSE_ADS`, `ledger.runs`, a `collection`
 * parameter): a constant or property of that name set to a collection's string names it too.
 */
function collectionHolders(sources: ts.SourceFile[]): Set<string> {
  const holders = new Set<string>(['collection']);
  for (const sf of sources) {
    walk(sf, (node) => {
      const arg = collectionArgument(node);
      if (arg && ts.isIdentifier(arg)) holders.add(arg.text);
      if (arg && ts.isPropertyAccessExpression(arg)) holders.add(arg.name.text);
    });
  }
  return holders;
}

/** An audit entry's `entity: { collection, id }` says which record changed; it reads and writes nothing. */
function inAuditLabel(node: ts.Node): boolean {
  const object = node.parent?.parent;
  return !!object && ts.isObjectLiteralExpression(object) && ts.isPropertyAssignment(object.parent) && object.parent.name.getText() === 'entity';
}

/** The collections a file names, however it spells them: in a store call, a target's `collection`, or a constant handed to one. */
function namedCollections(sf: ts.SourceFile, holders: Set<string>): { name: string; line: number }[] {
  const found: { name: string; line: number }[] = [];
  walk(sf, (node) => {
    if (!ts.isStringLiteralLike(node) || !(node.text in OWNERS) || inAuditLabel(node)) return;
    const parent = node.parent;
    const passed = collectionArgument(parent) === node;
    const held = (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.initializer === node && holders.has(parent.name.getText());
    if (passed || held) found.push({ name: node.text, line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
  });
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

const JOBS = join(SRC, 'jobs');

/** The area a file belongs to; jobs own no collection, so they too go through the areas' indexes. */
const areaOf = (file: string) => {
  if (!relative(JOBS, file).startsWith('..')) return 'jobs';
  const parts = relative(DOMAIN, file).split('/');
  return parts[0]!.startsWith('..') || parts.length < 2 ? null : parts[0]!;
};

/** `file:line names 'collection' (owner)` for every area or job file naming a collection another area owns. */
function foreignCollections(sources: Source[]): string[] {
  const parsed = sources.map(parse);
  const holders = collectionHolders(parsed);
  return parsed.flatMap((sf) => {
    const area = areaOf(sf.fileName);
    if (area === null) return [];
    return namedCollections(sf, holders)
      .filter(({ name }) => OWNERS[name] !== area)
      .map(({ name, line }) => `${relative(ROOT, sf.fileName)}:${line} names '${name}' (owned by ${OWNERS[name]})`);
  });
}

const repoSources = sourceFiles(SRC).map((file) => ({ file, text: readFileSync(file, 'utf8') }));

describe('collections are owned by one area', () => {
  it('every collection the code names has an owner, and every owner is an area', () => {
    const parsed = repoSources.map(parse);
    const holders = collectionHolders(parsed);
    const named = new Set<string>();
    for (const sf of parsed) {
      walk(sf, (node) => {
        const arg = collectionArgument(node);
        if (arg && ts.isStringLiteralLike(arg)) named.add(arg.text);
      });
      for (const { name } of namedCollections(sf, holders)) named.add(name);
    }
    expect([...named].filter((name) => !(name in OWNERS))).toEqual([]);
    const areas = new Set(readdirSync(DOMAIN).filter((name) => statSync(join(DOMAIN, name)).isDirectory()));
    expect(Object.values(OWNERS).filter((owner) => owner !== 'platform' && !areas.has(owner))).toEqual([]);
  });

  it("no area or job names another area's collection: it asks the owner's index.ts", () => {
    expect(foreignCollections(repoSources)).toEqual([]);
  });

  it('sees a planted foreign collection however it is spelled, and not a label or a word', () => {
    const file = join(DOMAIN, 'staff/planted.ts');
    const planted = [
      "export const a = (deps) => deps.store.collection('users').where('role', '==', 'admin').get();",
      "export const b = (tx, id) => tx.update('vipRequests', id, { status: 'approved' });",
      "const SETTINGS = 'settings';\nexport const c = (deps, id) => deps.store.get(SETTINGS, id);",
      "export const d = (deps, actor) => writeAudited(deps, actor, { collection: 'comments', id: 'x', notFound: 'Yok' }, () => null);",
      "export const e = (deps) => deps.store.batch().delete('articleLikes', 'x');",
      // Not collections: an audit label, notification topics that share a word, a type, a Map.
      "writeAudit(tx, id, { action: 'x', by, entity: { collection: 'users', id }, before: null, after: null, at });",
      "for (const topic of ['results', 'horses'] as const) use(topic);",
      "type T = Pick<Estimate, 'races'>;",
      "seen.set('races', 1);",
    ].join('\n');
    expect(foreignCollections([{ file, text: planted }])).toEqual([
      "functions/src/domain/staff/planted.ts:1 names 'users' (owned by identity)",
      "functions/src/domain/staff/planted.ts:2 names 'vipRequests' (owned by membership)",
      "functions/src/domain/staff/planted.ts:3 names 'settings' (owned by membership)",
      "functions/src/domain/staff/planted.ts:5 names 'comments' (owned by comments)",
      "functions/src/domain/staff/planted.ts:6 names 'articleLikes' (owned by articles)",
    ]);
    const job = { file: join(SRC, 'jobs/planted.ts'), text: "export const f = (deps) => deps.store.collection('articles').where('status', '==', 'scheduled').get();" };
    expect(foreignCollections([job])).toEqual(["functions/src/jobs/planted.ts:1 names 'articles' (owned by articles)"]);
  });
});
