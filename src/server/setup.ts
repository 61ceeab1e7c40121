import type { Database } from './db/client';
import { seedCatalogues } from './services/catalogue';

/** Brings a database up to date: migrations, then the game's catalogues (DESIGN §3). */
export async function prepareDatabase(database: Database): Promise<void> {
  await database.migrate();
  await seedCatalogues(database.db);
}
