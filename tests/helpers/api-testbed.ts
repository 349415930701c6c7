import { afterAll, beforeAll } from 'vitest';
import { startTestDatabase, type TestDatabase } from './test-database';
import { startTestServer, type TestServer } from './test-server';
import { createShopFixture, type ShopFixture } from './fixtures';

export interface ApiTestbed {
  database: TestDatabase;
  server: TestServer;
  /** « Boutique Awa » with one agent per role, and a second tenant to try crossing into. */
  awa: ShopFixture;
  other: ShopFixture;
}

/** One database, one server and two shops for a test file, torn down after it. */
export function setupApiTestbed(): ApiTestbed {
  const bed = {} as ApiTestbed;
  beforeAll(async () => {
    bed.database = await startTestDatabase();
    bed.server = await startTestServer();
    bed.awa = await createShopFixture(bed.database.db, 'Boutique Awa');
    bed.other = await createShopFixture(bed.database.db, 'Chez Other');
  });
  afterAll(async () => {
    await bed.server?.close();
    await bed.database?.close();
  });
  return bed;
}
