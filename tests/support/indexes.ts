import type { CompositeIndex, IndexField } from '../../functions/src/ports/index-coverage.js';

const FIELD_MODES: Record<string, Omit<IndexField, 'fieldPath'>> = {
  asc: { order: 'ASCENDING' },
  desc: { order: 'DESCENDING' },
  contains: { arrayConfig: 'CONTAINS' },
};

/**
 * A composite index as firestore.indexes.json writes it, from terse `'field asc'` / `'field desc'` /
 * `'field contains'` parts, so a test's declared indexes read like the queries they serve.
 */
export function compositeIndex(collectionGroup: string, ...fields: string[]): CompositeIndex {
  return {
    collectionGroup,
    queryScope: 'COLLECTION',
    fields: fields.map((part) => {
      const [fieldPath, mode] = part.split(' ');
      const config = FIELD_MODES[mode ?? ''];
      if (!fieldPath || !config) throw new Error(`index field "${part}": expected "name asc|desc|contains"`);
      return { fieldPath, ...config };
    }),
  };
}
