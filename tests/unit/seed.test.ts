import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestDatabase, type TestDatabase } from '../helpers/test-database';
import { seedDemoShop } from '@/features/demo/seed';
import { agents, balanceEntries, notifications, shops, users } from '@/server/db/schema';
import { getShopBalance } from '@/features/shop/server/shop.repository';

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(() => database.close());

describe('the demo seed', () => {
  it('creates Boutique Awa with one agent per role, and is idempotent', async () => {
    const logins = await seedDemoShop(database.db);
    await seedDemoShop(database.db);
    const allShops = await database.db.select().from(shops);
    expect(allShops).toHaveLength(1);
    const shop = allShops[0]!;
    expect(shop).toMatchObject({
      name: 'Boutique Awa',
      currency: 'XOF',
      timeZone: 'Africa/Dakar',
      country: 'SN',
    });
    const roles = (await database.db.select().from(agents).where(eq(agents.shopId, shop.id)))
      .map((a) => a.role)
      .sort();
    expect(roles).toEqual(['admin', 'cashier', 'inventory-manager', 'seller', 'seller', 'supervisor']);
    expect(logins.map((l) => l.role)).toContain('platform-operator');
    const operators = await database.db.select().from(users).where(eq(users.isPlatformOperator, true));
    expect(operators).toHaveLength(1);
    expect((await database.db.select().from(notifications)).length).toBeGreaterThanOrEqual(3);
    expect((await database.db.select().from(balanceEntries)).length).toBe(3);
    expect(await getShopBalance(database.db, shop.id)).toBe(73_500);
  });
});
