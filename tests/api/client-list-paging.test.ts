import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDatabase, type TestDatabase } from '../helpers/test-database';
import { createShopFixture, type ShopFixture } from '../helpers/fixtures';
import {
  countClients,
  exportClientsCsv,
  listClients,
  type ClientFilters,
} from '@/features/customer/server/client-list';
import { CLIENT_SORTS, type ClientSort } from '@/features/customer/customer.schemas';

/*
 * The list's keyset paging, read page by page, gives every client of the filter once, in the
 * order the sort's index has them: ties on the sorted value, clients without an order (no last
 * order: last), a cursor on either side of them.
 */
let database: TestDatabase;
let awa: ShopFixture;
let other: ShopFixture;

const SQL_ORDER: Record<ClientSort, string> = {
  lastOrder: 'last_order_at desc nulls last, id desc',
  totalSpent: 'total_spent desc, id desc',
  ordersCount: 'orders_count desc, id desc',
  name: 'name, id',
};

beforeAll(async () => {
  database = await startTestDatabase();
  awa = await createShopFixture(database.db, 'Boutique Awa');
  other = await createShopFixture(database.db, 'Chez Other');
  // 45 clients: few distinct values (ties), one in four without an order, some owing.
  for (const shop of [awa.shop, other.shop])
    await database.db.execute(sql`
      insert into clients (id, shop_id, name, phone, search_text, commune, balance, total_spent, orders_count,
                           last_order_at)
      select ${shop.id} || '-c' || lpad(g::text, 2, '0'), ${shop.id},
             (array['Awa Diop', 'Binta Fall', 'Awa Sow'])[1 + g % 3],
             '+22177' || lpad((${shop === awa.shop ? 1000 : 2000} + g)::text, 7, '0'),
             lower((array['Awa Diop', 'Binta Fall', 'Awa Sow'])[1 + g % 3]) || ' 22177' || lpad((${shop === awa.shop ? 1000 : 2000} + g)::text, 7, '0'),
             (array['Cocody', 'HLM', 'Yoff'])[1 + g % 3 ], case when g % 4 = 1 then 500 * g else 0 end,
             case when g % 4 = 0 then 0 else 1000 * (g % 5) end, case when g % 4 = 0 then 0 else g % 3 end,
             case when g % 4 = 0 then null else timestamptz '2026-01-01' + (g % 6) * interval '1 day' end
      from generate_series(1, 45) g`);
});

afterAll(async () => {
  await database?.close();
});

async function walk(sort: ClientSort, filters: Partial<ClientFilters>, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let after: string | undefined;
  for (let page = 0; page < 100; page++) {
    const found = await listClients(
      database.db,
      { id: awa.shop.id, timeZone: 'Africa/Dakar' },
      { search: '', ...filters },
      { sort, after, limit },
    );
    expect(found.items.length).toBeLessThanOrEqual(limit);
    ids.push(...found.items.map((c) => c.id));
    if (!found.nextCursor) return ids;
    after = found.nextCursor;
  }
  throw new Error('pagination sans fin');
}

async function expected(sort: ClientSort, where = sql`true`): Promise<string[]> {
  const result = (await database.db.execute(
    sql`select id from clients where shop_id = ${awa.shop.id} and ${where} order by ${sql.raw(SQL_ORDER[sort])}`,
  )) as unknown as { rows: Array<{ id: string }> };
  return result.rows.map((r) => r.id);
}

describe('the clients list, page by page', () => {
  it.each(CLIENT_SORTS.flatMap((sort) => [1, 4, 7, 50].map((limit) => [sort, limit] as const)))(
    'gives every client once in the %s order (pages of %i)',
    async (sort, limit) => {
      const all = await expected(sort);
      expect(all).toHaveLength(45);
      expect(await walk(sort, {}, limit)).toEqual(all);
    },
  );

  it('pages a filter (commune, ardoise) and a search the same way', async () => {
    expect(await walk('lastOrder', { commune: 'hlm', hasBalance: true }, 2)).toEqual(
      await expected('lastOrder', sql`lower(commune) = 'hlm' and balance > 0`),
    );
    expect(await walk('lastOrder', { hasBalance: true }, 3)).toEqual(
      await expected('lastOrder', sql`balance > 0`),
    );
    expect(await walk('totalSpent', { search: 'awa' }, 4)).toEqual(
      await expected('totalSpent', sql`search_text like '%awa%'`),
    );
    expect(await walk('lastOrder', { search: '77 000 10 1' }, 3)).toEqual(
      await expected('lastOrder', sql`search_text like '%77000101%'`),
    );
    const counted = await countClients(
      database.db,
      { id: awa.shop.id, timeZone: 'Africa/Dakar' },
      { search: 'binta' },
    );
    expect(counted).toEqual({ count: 15, isCapped: false });
  });

  it('exports the whole filter in the list’s order of pages', async () => {
    const chunks: string[] = [];
    for await (const chunk of exportClientsCsv(
      database.db,
      { id: awa.shop.id, timeZone: 'Africa/Dakar', currency: 'XOF' },
      { search: '', commune: 'Yoff' },
      'totalSpent',
    ))
      chunks.push(chunk);
    const lines = chunks.join('').trim().split('\n');
    expect(lines).toHaveLength(1 + 15);
    expect(lines.slice(1).every((l) => l.split(';')[6] === 'Yoff')).toBe(true);
  });
});
