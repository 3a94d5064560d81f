export {
  createEmulator,
  migrateAndSeed,
  openDatabase,
  type Emulator,
  type EmulatorOptions,
} from './app.ts';
export { seededSnapshot, type SnapshotOptions } from './snapshot.ts';
export { systemClock, type EmulatorClock } from './clock.ts';
export type { ContractAnswer } from './routes/router.ts';
export { Conformance, type Mismatch } from './testing/conformance.ts';
export type { Database, DatabaseOptions, DatabaseWait, Queryable } from './db/database.ts';
export { migrate, migrations } from './db/migrations.ts';
export { seed } from './seed/seed.ts';
export { personas, organisations } from './seed/personas.ts';
export { catalogue } from './seed/catalogue.ts';
export { signJwt, verifyBearer, type BearerClaims } from './auth/verifyBearer.ts';
