/**
 * The Firestore emulator the test setup started (tests/support/global-setup.ts), or one the
 * developer points at with FIRESTORE_EMULATOR_HOST. The setup publishes its address under a name
 * of our own: FIRESTORE_EMULATOR_HOST itself would make every site build read Firestore.
 * Kept apart from firestore-emulator.ts so a skipped suite never loads firebase-admin.
 */
export function firestoreEmulatorHost(): string | undefined {
  return process.env.GANYAN_TEST_FIRESTORE || process.env.FIRESTORE_EMULATOR_HOST || undefined;
}

/** The line a suite prints when it cannot run here, with the reason the setup found. */
export function firestoreSkipLine(suite: string): string {
  return `${suite} skipped: no Firestore emulator (${process.env.GANYAN_TEST_FIRESTORE_SKIPPED ?? 'FIRESTORE_EMULATOR_HOST is not set'})`;
}
