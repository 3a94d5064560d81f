import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrations.ts';
import { seedExampleObjects } from './exampleObjects.ts';
import { seed } from './seed.ts';
import { seedServices } from './services.ts';

/** Brings a database to the current schema with the seed data; a seeded one is left as it is. */
export async function migrateAndSeed(db: Database): Promise<void> {
  await migrate(db);
  await seed(db);
  await seedServices(db);
  // The objects the OpenAPI document's examples name (decision 1162), after the seed.
  await seedExampleObjects(db);
}
