import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrations.ts';
import { seedExampleObjects } from './exampleObjects.ts';
import { seed, type SeedOptions } from './seed.ts';
import { resolveSeed } from './seedFiles.ts';
import type { Seed } from './seedFormat.ts';
import { seedServices } from './services.ts';

/**
 * Brings a database to the current schema with the seed data (`resolveSeed`'s: the built-in seed
 * and a team's files); a seeded one is left as it is. Resolves with whether the seed was written
 * (false: the database held one already).
 */
export async function migrateAndSeed(
  db: Database,
  data: Seed = resolveSeed(),
  options: SeedOptions = {},
): Promise<boolean> {
  await migrate(db);
  const written = await seed(db, data, options);
  await seedServices(db);
  // The objects the OpenAPI document's examples name (decision 1162), after the seed.
  await seedExampleObjects(db);
  return written;
}
