import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../functions/src/adapters/sqlite/sqlite-store.js';
import type { QuerySpec, WhereClause } from '../../functions/src/ports/document-store.js';
import { StoreError } from '../../functions/src/ports/document-store.js';
import { queryIsServable, type IndexFile } from '../../functions/src/ports/index-coverage.js';
import { compositeIndex } from '../support/indexes.js';

const where = (field: string, op: WhereClause['op'], value: unknown = 1): WhereClause => ({ field, op, value });
const spec = (parts: Partial<QuerySpec>): QuerySpec => ({ collection: 'articles', where: [], orderBy: [], ...parts });
const none: IndexFile = { indexes: [] };

const declared: IndexFile = {
  indexes: [
    compositeIndex('articles', 'status asc', 'publishedAt desc'),
    compositeIndex('articles', 'tokens contains', 'publishedAt desc'),
    compositeIndex('articles', 'views asc', 'title asc'),
  ],
};

describe('queryIsServable', () => {
  it('serves single-field filters and orderings without any declared index', () => {
    expect(queryIsServable(spec({ where: [where('status', '==')] }), none)).toBe(true);
    expect(queryIsServable(spec({ where: [where('views', '>'), where('views', '<=')] }), none)).toBe(true);
    expect(queryIsServable(spec({ orderBy: [{ field: 'publishedAt', direction: 'desc' }] }), none)).toBe(true);
    expect(queryIsServable(spec({ where: [where('views', '>=')], orderBy: [{ field: 'views', direction: 'desc' }] }), none)).toBe(true);
    expect(queryIsServable(spec({ where: [where('tokens', 'array-contains', 'at')] }), none)).toBe(true);
  });

  it('serves equality-only filters on several fields by index merging', () => {
    expect(queryIsServable(spec({ where: [where('status', '=='), where('authorId', '=='), where('kind', 'in', ['a'])] }), none)).toBe(true);
  });

  it('needs a composite index for equality plus orderBy on another field', () => {
    const query = spec({ where: [where('status', '==')], orderBy: [{ field: 'publishedAt', direction: 'desc' }] });
    expect(queryIsServable(query, none)).toBe(false);
    expect(queryIsServable(query, declared)).toBe(true);
  });

  it('refuses a range on one field ordered by another, whatever is declared', () => {
    const query = spec({ where: [where('views', '>')], orderBy: [{ field: 'title', direction: 'asc' }] });
    expect(queryIsServable(query, declared)).toBe(false);
    expect(queryIsServable(spec({ where: [where('views', '>'), where('rating', '<')] }), declared)).toBe(false);
  });

  it('serves a range then a second ordering only with the composite index', () => {
    const query = spec({ where: [where('views', '>')], orderBy: [{ field: 'views', direction: 'asc' }, { field: 'title', direction: 'asc' }] });
    expect(queryIsServable(query, none)).toBe(false);
    expect(queryIsServable(query, declared)).toBe(true);
  });

  it('needs a CONTAINS index for array-contains plus orderBy', () => {
    const query = spec({ where: [where('tokens', 'array-contains', 'at')], orderBy: [{ field: 'publishedAt', direction: 'desc' }] });
    expect(queryIsServable(query, none)).toBe(false);
    expect(queryIsServable(query, declared)).toBe(true);
    const ascending = { indexes: [compositeIndex('articles', 'tokens asc', 'publishedAt desc')] };
    expect(queryIsServable(query, ascending)).toBe(false);
  });

  it('accepts a declared composite only with the right directions and collection', () => {
    const ordered = (direction: 'asc' | 'desc') => spec({ where: [where('status', '==')], orderBy: [{ field: 'publishedAt', direction }] });
    expect(queryIsServable(ordered('desc'), declared)).toBe(true);
    expect(queryIsServable(ordered('asc'), declared)).toBe(false);
    expect(queryIsServable({ ...ordered('desc'), collection: 'comments' }, declared)).toBe(false);
    const twoOrders = (a: 'asc' | 'desc', b: 'asc' | 'desc') =>
      spec({ orderBy: [{ field: 'views', direction: a }, { field: 'title', direction: b }] });
    expect(queryIsServable(twoOrders('asc', 'asc'), declared)).toBe(true);
    expect(queryIsServable(twoOrders('asc', 'desc'), declared)).toBe(false);
  });
});

describe('sqlite adapter and declared indexes', () => {
  let store: SqliteStore;
  beforeEach(async () => {
    store = new SqliteStore({ file: ':memory:', indexes: declared });
    const batch = store.batch();
    for (let i = 0; i < 200; i += 1) {
      batch.set('articles', `a${String(i).padStart(3, '0')}`, {
        status: i % 3 === 0 ? 'draft' : 'published',
        publishedAt: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000),
        views: i % 17,
        title: `Başlık ${i}`,
        tokens: ['at', i % 2 ? 'yaris' : 'kosu'],
      });
    }
    await batch.commit();
  });
  afterEach(() => store.close());

  it('refuses an uncovered query with FAILED_PRECONDITION, as Firestore would', async () => {
    const error = await store
      .collection('articles')
      .where('status', '==', 'published')
      .orderBy('title')
      .get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).code).toBe('FAILED_PRECONDITION');
    expect((error as StoreError).message).toContain('articles where [status ==] orderBy [title asc]');
    await expect(store.collection('articles').where('status', '==', 'published').orderBy('title').count()).rejects.toMatchObject({
      code: 'FAILED_PRECONDITION',
    });
  });

  it('serves the covered query in the declared order', async () => {
    const page = await store.collection<{ status: string; publishedAt: Date }>('articles').where('status', '==', 'published').orderBy('publishedAt', 'desc').offset(12).limit(12).get();
    expect(page).toHaveLength(12);
    expect(page.every((a) => a.status === 'published')).toBe(true);
    const times = page.map((a) => a.publishedAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(page[0]!.id).toBe('a181');
  });

  it('answers a declared equality + orderBy query from its index, without a full scan or sort', () => {
    const plan = store.explain(store.collection('articles').where('status', '==', 'published').orderBy('publishedAt', 'desc').limit(12).spec);
    expect(plan.join('\n')).toMatch(/SEARCH c_articles USING INDEX ix\d+_c_articles_status_a_publishedAt_d/);
    expect(plan.join('\n')).not.toMatch(/SCAN c_articles(?! USING)|TEMP B-TREE/);
  });

  it('answers single-field filters and orderings from automatic single-field indexes', () => {
    const filtered = store.explain(store.collection('articles').where('views', '>=', 5).spec).join('\n');
    expect(filtered).toMatch(/SEARCH c_articles USING INDEX sx\d+_c_articles_views/);
    const ordered = store.explain(store.collection('articles').orderBy('publishedAt', 'desc').limit(12).spec).join('\n');
    expect(ordered).toMatch(/USING INDEX sx\d+_c_articles_publishedAt/);
    expect(ordered).not.toMatch(/TEMP B-TREE/);
  });

  it('builds indexes declared after the table was made, when the store opens again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ganyan-index-'));
    try {
      const file = join(dir, 'store.sqlite');
      const before = new SqliteStore({ file, indexes: none });
      await before.set('articles', 'a', { views: 1, title: 'x' });
      await before.close();
      const after = new SqliteStore({ file, indexes: declared });
      const plan = after.explain(after.collection('articles').orderBy('views').orderBy('title').limit(5).spec).join('\n');
      expect(plan).toMatch(/USING INDEX ix\d+_c_articles_views_a_title_a/);
      await after.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('firestore.indexes.json', () => {
  const file = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../firestore.indexes.json'), 'utf8')) as {
    indexes: unknown;
    fieldOverrides?: unknown;
  };

  it('is in the format the Firebase CLI deploys', () => {
    expect(Array.isArray(file.indexes)).toBe(true);
    if (file.fieldOverrides !== undefined) expect(Array.isArray(file.fieldOverrides)).toBe(true);
    const seen = new Set<string>();
    for (const index of file.indexes as Record<string, unknown>[]) {
      const label = JSON.stringify(index);
      expect(Object.keys(index).sort(), label).toEqual(['collectionGroup', 'fields', 'queryScope']);
      expect(index.collectionGroup, label).toMatch(/^[A-Za-z][A-Za-z0-9_]*$/);
      expect(index.queryScope, label).toBe('COLLECTION');
      const fields = index.fields as Record<string, unknown>[];
      expect(Array.isArray(fields) && fields.length >= 2, `${label}: a composite index has two fields or more`).toBe(true);
      for (const field of fields) {
        expect(typeof field.fieldPath === 'string' && /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(field.fieldPath), label).toBe(true);
        const hasOrder = field.order === 'ASCENDING' || field.order === 'DESCENDING';
        const hasArray = field.arrayConfig === 'CONTAINS';
        expect(hasOrder !== hasArray, `${label}: each field has order or arrayConfig, not both`).toBe(true);
        expect(Object.keys(field).length, label).toBe(2);
      }
      expect(new Set(fields.map((f) => f.fieldPath)).size, `${label}: a field appears once`).toBe(fields.length);
      const key = `${String(index.collectionGroup)}:${JSON.stringify(fields)}`;
      expect(seen.has(key), `${label}: declared twice`).toBe(false);
      seen.add(key);
    }
  });
});
