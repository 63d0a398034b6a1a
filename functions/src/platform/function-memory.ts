/**
 * Memory of the `api` function's instances, in MiB: index.ts deploys it with this figure, and the
 * password hashing queue (domain/identity/password.ts) sizes itself from it, so the two cannot drift.
 */
export const API_MEMORY_MIB = 512;
