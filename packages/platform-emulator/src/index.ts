export { createEmulator, openDatabase, type Emulator, type EmulatorOptions } from './app.ts';
export { migrateAndSeed } from './seed/migrateAndSeed.ts';
export { seededSnapshot, type SnapshotOptions } from './snapshot.ts';
// The console's admin API (`emulator.admin`, docs/decisions/0950-emulator-console.md).
export type { EmulatorAdmin } from './console/admin.ts';
// Its settings as every process on one database shares them (decision 1220).
export type { SharedConsole } from './console/shared.ts';
export type {
  ClockAdvance,
  ClockAnswer,
  DriftReport,
  EmulatorState,
  FaultInput,
  FaultRule,
  PersonaSummary,
  RequestDetail,
  RequestFilter,
  RequestSummary,
  SessionSummary,
  StateFile,
  StateSummary,
  Verdict,
} from './console/adminApi.ts';
// Proxy mode: the real platform beside the emulator (docs/upstream.md, decision 1140).
export type { UpstreamOptions } from './upstream/target.ts';
export type { RecordChoice } from './upstream/recording.ts';
export { systemClock, type EmulatorClock } from './clock.ts';
export type { ContractAnswer } from './http/router.ts';
export { Conformance, type Mismatch } from './conformance.ts';
export type { Database, DatabaseOptions, DatabaseWait, Queryable } from './db/database.ts';
export { migrate, migrations } from './db/migrations.ts';
export { seed, type SeedOptions } from './seed/seed.ts';
// A team's own data (docs/your-own-data.md): seed files and state files.
export { defineSeed, type Seed } from './seed/seedFormat.ts';
export { resolveSeed, SeedError, type SeedSource } from './seed/seedFiles.ts';
export { StateFileError } from './db/stateFile.ts';
export { personas, organisations } from './seed/personas.ts';
export { catalogue } from './seed/catalogue.ts';
export { signJwt, verifyBearer, type BearerClaims } from './auth/verifyBearer.ts';
