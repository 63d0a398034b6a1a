import { z } from 'zod';

/**
 * The schema of a stored document that keeps both timestamps: the id it is read back with, its own
 * fields, then `createdAt` and `updatedAt`, which every create and update of these collections
 * writes. Written once so each collection's schema states only what is its own. Browser-safe (zod only).
 */
export function storedRecord<T extends z.ZodRawShape>(fields: T) {
  return z.object({ id: z.string(), ...fields, createdAt: z.date(), updatedAt: z.date() });
}
