import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestDatabase, type TestDatabase } from '../helpers/test-database';
import { seedDemoShop } from '@/features/demo/seed';
import {
  agents,
  balanceEntries,
  clients,
  discountUses,
  discounts,
  loyaltyEntries,
  notifications,
  orderAdjustments,
  orders,
  productVariants,
  shops,
  users,
} from '@/server/db/schema';
import { getShopBalance } from '@/features/shop/server/shop.repository';
import { executePrepared } from '@/server/db';
import { clientFiguresQuery } from '@/features/order/server/client-figures';
import { listSegments } from '@/features/crm/server/segments';
import { listCampaigns } from '@/features/crm/server/campaigns';
import { listAutomations } from '@/features/crm/server/automations';
import { getProgram } from '@/features/loyalty/server/program';

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
    // Six months of orders through the whole order pipeline: seconds, more on a busy machine.
  }, 120_000);

  it('gives the shop six months of orders priced by its discounts, in every state, stock never below zero', async () => {
    const db = database.db;
    const placed = await db.select().from(orders);
    expect(placed.length).toBeGreaterThan(100);
    const days = placed.map((o) => (Date.now() - o.createdAt.getTime()) / 86_400_000);
    expect(Math.max(...days)).toBeGreaterThan(150);
    expect(Math.min(...days)).toBeLessThan(5);
    expect(new Set(placed.map((o) => o.channel)).size).toBeGreaterThanOrEqual(4);
    expect(placed.filter((o) => o.paymentStatus === 'paid').length).toBeGreaterThan(placed.length / 2);

    const seeded = await db.select().from(discounts);
    // Seven of Réductions' own, and the CRM's birthday gift.
    expect(seeded.length).toBe(8);
    const used = seeded.filter((d) => d.usesCount > 0).map((d) => d.name);
    expect(used).toEqual(
      expect.arrayContaining([
        '3 pour 2 sur le savon noir',
        'Bienvenue',
        'Soldes d’été',
        'Happy hour boissons',
      ]),
    );
    expect(seeded.find((d) => d.name === 'Happy hour boissons')!.status).toBe('disabled');
    expect((await db.select().from(discountUses)).length).toBe(seeded.reduce((n, d) => n + d.usesCount, 0));
    const snapshots = await db.select().from(orderAdjustments);
    expect(snapshots.some((a) => a.type === 'rounding' || a.type === 'product')).toBe(true);
    for (const v of await db.select().from(productVariants)) expect(v.stock).toBeGreaterThanOrEqual(0);
  });

  it('gives its clients communes, tags, consents and figures that are what their orders say, some owing', async () => {
    const db = database.db;
    const rows = await db.select().from(clients);
    expect(rows.length).toBeGreaterThanOrEqual(18);
    expect(rows.filter((c) => c.tags.includes('VIP')).length).toBeGreaterThanOrEqual(2);
    expect(rows.some((c) => c.consentSmsAt && c.consentSmsSource === 'agent')).toBe(true);
    expect(rows.every((c) => c.commune !== '' && c.commune !== 'Dakar')).toBe(true);
    expect(rows.filter((c) => c.balance > 0).length).toBeGreaterThanOrEqual(2);
    // A living shop: nobody owes past the limit the team set (an order would be refused).
    for (const c of rows)
      if (c.creditLimit !== null) expect(c.balance, c.name).toBeLessThanOrEqual(c.creditLimit);
    for (const c of rows) {
      const [f] = await executePrepared<Record<string, unknown>>(db, clientFiguresQuery(c.shopId, c.id));
      expect([c.ordersCount, c.totalSpent, c.balance, c.firstChannel], c.name).toEqual([
        Number(f!.orders_count),
        Number(f!.total_spent),
        Number(f!.balance),
        f!.first_channel ?? null,
      ]);
    }
  });

  it('gives its CRM two saved segments, a campaign sent three weeks ago (every message delivered) and three automations on', async () => {
    const [shop] = await database.db.select().from(shops);
    const segments = await listSegments(database.db, shop!);
    expect(segments.map((s) => s.name)).toEqual(
      expect.arrayContaining(['Meilleurs clients', 'À relancer, sans achat depuis 45 jours']),
    );
    expect(segments.every((s) => s.total > 0)).toBe(true);
    const [campaign] = await listCampaigns(database.db, shop!);
    expect(campaign).toMatchObject({ name: 'Merci à nos fidèles', status: 'terminée', queued: 0, failed: 0 });
    expect(campaign!.sent).toBeGreaterThan(0);
    expect(campaign!.sent).toBe(campaign!.recipients);
    const automations = await listAutomations(database.db, shop!);
    expect(automations.filter((a) => a.enabled).map((a) => a.kind)).toEqual([
      'anniversaire',
      'merci',
      'ardoise',
    ]);
    expect(automations[0]!.discountId).toBeTruthy();
  });

  it('runs a loyalty programme its clients earned points in, every balance the sum of its ledger', async () => {
    const [shop] = await database.db.select().from(shops);
    expect((await getProgram(database.db, shop!.id)).isEnabled).toBe(true);
    const rows = await database.db.select().from(clients).where(eq(clients.shopId, shop!.id));
    expect(rows.filter((c) => c.loyaltyPoints > 0).length).toBeGreaterThanOrEqual(10);
    const ledger = await database.db.select().from(loyaltyEntries).where(eq(loyaltyEntries.shopId, shop!.id));
    for (const c of rows)
      expect(
        ledger.filter((e) => e.clientId === c.id).reduce((n, e) => n + e.points, 0),
        c.name,
      ).toBe(c.loyaltyPoints);
  });
});
