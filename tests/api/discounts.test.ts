import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApiTestbed } from '../helpers/api-testbed';
import { createShopFixture, type ShopFixture } from '../helpers/fixtures';
import { createOk, simpleProduct } from '../helpers/catalogue';
import { discountCodes, discounts } from '@/server/db/schema';
import { loadShopDiscounts } from '@/features/discount/server';

const bed = setupApiTestbed();
const HOUR = 3_600_000;

let fx: ShopFixture;
let other: ShopFixture;
let admin: string;
let productId: string;
let foreignProductId: string;

beforeAll(async () => {
  fx = await createShopFixture(bed.database.db, 'Boutique Réductions');
  other = await createShopFixture(bed.database.db, 'Autre boutique');
  admin = fx.members.admin.token;
  productId = (await createOk(bed, admin, fx.shop.id, simpleProduct('Thé')))._id;
  foreignProductId = (await createOk(bed, other.members.admin.token, other.shop.id, simpleProduct('Café')))
    ._id;
});

const create = (body: Record<string, unknown>, token = admin, shopId = fx.shop.id) =>
  bed.server.call('POST', '/api/discount/create', { token, body: { shopId, ...body } });

const tenOff = (extra: Record<string, unknown> = {}) => ({
  name: 'Dix pour cent',
  kind: 'code',
  code: 'bienvenue10',
  value: { target: 'order', reduction: { type: 'percentage', percentage: 10 } },
  ...extra,
});

async function savedCount(shopId = fx.shop.id) {
  return (await bed.database.db.select().from(discounts).where(eq(discounts.shopId, shopId))).length;
}

describe('creating discounts', () => {
  it('creates each type, codes in upper case', async () => {
    const code = await create(tenOff());
    expect(code.status, JSON.stringify(code.body)).toBe(200);
    expect(code.body).toMatchObject({ kind: 'code', code: 'BIENVENUE10', type: 'order', state: 'active' });

    const values = [
      {
        target: 'products',
        products: { productIds: [productId] },
        reduction: { type: 'amount', amount: 500 },
      },
      { target: 'delivery' },
      {
        target: 'buy-x-get-y',
        buy: { quantity: 2, products: { productIds: [productId] } },
        get: { quantity: 1, products: { productIds: [productId] }, percentage: 100 },
        repeats: true,
      },
    ];
    for (const value of values) {
      const answer = await create({ name: `Auto ${value.target}`, kind: 'automatic', value });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body).toMatchObject({ kind: 'automatic', type: value.target, code: null });
    }
    const loaded = await loadShopDiscounts(bed.database.db, fx.shop.id);
    expect(loaded.map((d) => d.value.target).sort()).toEqual([
      'buy-x-get-y',
      'delivery',
      'order',
      'products',
    ]);
    expect(loaded.find((d) => d.kind === 'code')!.codes).toEqual(['BIENVENUE10']);
  });

  it('refuses every bad input with a French error naming the field, and saves nothing', async () => {
    const before = await savedCount();
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [
        tenOff({
          code: 'PCT1',
          value: { target: 'order', reduction: { type: 'percentage', percentage: 120 } },
        }),
        'value.reduction.percentage',
        /entre 0 et 100/,
      ],
      [
        tenOff({
          code: 'PCT2',
          value: { target: 'order', reduction: { type: 'percentage', percentage: -5 } },
        }),
        'value.reduction.percentage',
        /entre 0 et 100/,
      ],
      [
        tenOff({ code: 'AMT1', value: { target: 'order', reduction: { type: 'amount', amount: 0 } } }),
        'value.reduction.amount',
        /supérieur à 0/,
      ],
      [
        tenOff({ code: 'AMT2', value: { target: 'order', reduction: { type: 'amount', amount: -100 } } }),
        'value.reduction.amount',
        /./,
      ],
      [
        tenOff({ code: 'DATE1', startsAt: '2026-12-10T10:00:00Z', endsAt: '2026-12-01T10:00:00Z' }),
        'endsAt',
        /après le début/,
      ],
      [
        tenOff({
          code: 'BXGY1',
          value: {
            target: 'buy-x-get-y',
            buy: { quantity: 2, products: {} },
            get: { quantity: 1, products: { productIds: [productId] }, percentage: 100 },
            repeats: false,
          },
        }),
        'value.buy.products',
        /au moins un produit/,
      ],
      [tenOff({ code: 'ÉTÉ 2026' }), 'code', /lettres sans accents/],
      [tenOff({ code: 'AB' }), 'code', /au moins 3/],
      [tenOff({ code: 'X'.repeat(33) }), 'code', /au plus 32/],
      [
        tenOff({
          code: 'FOREIGN1',
          value: {
            target: 'products',
            products: { productIds: [foreignProductId] },
            reduction: { type: 'percentage', percentage: 5 },
          },
        }),
        'value.products',
        /introuvable/,
      ],
      [
        tenOff({ code: 'CLIENT1', conditions: { customers: { type: 'ids', ids: ['inconnu'] } } }),
        'conditions.customers',
        /introuvable/,
      ],
    ];
    for (const [body, field, message] of cases) {
      const answer = await create(body);
      expect({ field, status: answer.status }).toEqual({ field, status: 422 });
      expect(answer.body.error.details[field], JSON.stringify(answer.body.error.details)).toMatch(message);
    }
    expect(await savedCount()).toBe(before);
  });

  it('refuses a code already used in the shop, whatever its case, naming « Code »', async () => {
    await create(tenOff({ code: 'DOUBLON' }));
    const before = await savedCount();
    const again = await create(tenOff({ name: 'Autre', code: 'doublon' }));
    expect(again.status).toBe(422);
    expect(again.body.error.details.code).toMatch(/déjà utilisé/);
    expect(again.body.error.message).toMatch(/^Code/);
    expect(await savedCount()).toBe(before);
    // Another shop may use it.
    expect((await create(tenOff({ code: 'DOUBLON' }), other.members.admin.token, other.shop.id)).status).toBe(
      200,
    );
  });
});

describe('access', () => {
  it('refuses the cashier and the inventory manager, lets the supervisor and the seller in', async () => {
    for (const role of ['cashier', 'inventory-manager'] as const) {
      const token = fx.members[role].token;
      expect((await create(tenOff({ code: `R${role.length}X` }), token)).status).toBe(403);
      expect(
        (await bed.server.call('GET', `/api/discount/list?shopId=${fx.shop.id}`, { token })).status,
      ).toBe(403);
    }
    expect((await create(tenOff({ code: 'SUPERVISEUR' }), fx.members.supervisor.token)).status).toBe(200);
    expect((await create(tenOff({ code: 'VENDEUR' }), fx.members.seller.token)).status).toBe(200);
  });

  it('answers 404 for another shop’s discount', async () => {
    const theirs = await create(tenOff({ code: 'LEUR' }), other.members.admin.token, other.shop.id);
    const id = theirs.body.id as string;
    const shopId = fx.shop.id;
    expect(
      (await bed.server.call('GET', `/api/discount/get?shopId=${shopId}&id=${id}`, { token: admin })).status,
    ).toBe(404);
    for (const [path, body] of [
      ['/api/discount/update', { ...tenOff({ code: 'VOLE' }), id }],
      ['/api/discount/duplicate', { id }],
      ['/api/discount/archive', { id }],
      ['/api/discount/setEnabled', { id, enabled: false }],
      ['/api/discount/generateCodes', { id, count: 5 }],
    ] as const) {
      const answer = await bed.server.call('POST', path, { token: admin, body: { shopId, ...body } });
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
    }
    const csv = await fetch(`${bed.server.url}/api/discount/exportCodesCsv?shopId=${shopId}&id=${id}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(csv.status).toBe(404);
    await csv.body?.cancel();
  });
});

describe('generated codes', () => {
  it('generates N unique unambiguous codes in one go and exports them as CSV', async () => {
    const discount = await create(tenOff({ name: 'SMS', code: 'SMSBASE' }));
    const id = discount.body.id as string;
    const answer = await bed.server.call('POST', '/api/discount/generateCodes', {
      token: admin,
      body: { shopId: fx.shop.id, id, count: 300, prefix: 'sms' },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.generated).toBe(300);
    const rows = await bed.database.db.select().from(discountCodes).where(eq(discountCodes.discountId, id));
    const generated = rows.filter((r) => r.generated).map((r) => r.code);
    expect(generated).toHaveLength(300);
    expect(new Set(generated).size).toBe(300);
    for (const code of generated) expect(code).toMatch(/^SMS-[ACDEFGHJKMNPQRTUVWXY34679]{8}$/);

    const tooMany = await bed.server.call('POST', '/api/discount/generateCodes', {
      token: admin,
      body: { shopId: fx.shop.id, id, count: 10_001 },
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error.details.count).toMatch(/10 000/);

    const csv = await fetch(`${bed.server.url}/api/discount/exportCodesCsv?shopId=${fx.shop.id}&id=${id}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('Code;Réduction');
    expect(lines).toHaveLength(1 + 301);
    expect(new Set(lines.slice(1).map((l) => l.split(';')[0])).size).toBe(301);
  });
});

describe('the list', () => {
  it('shows each discount’s computed state, filters by state and type, pages by keyset', async () => {
    const shop = await createShopFixture(bed.database.db, 'Boutique Liste');
    const token = shop.members.admin.token;
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const made = {
      active: await create(tenOff({ code: 'ACTIVE' }), token, shop.shop.id),
      scheduled: await create(
        tenOff({ code: 'PLUSTARD', startsAt: iso(now + 24 * HOUR) }),
        token,
        shop.shop.id,
      ),
      expired: await create(
        tenOff({ code: 'FINI', startsAt: iso(now - 48 * HOUR), endsAt: iso(now - HOUR) }),
        token,
        shop.shop.id,
      ),
      draft: await create(tenOff({ code: 'BROUILLON', draft: true }), token, shop.shop.id),
      disabled: await create(
        { name: 'Livraison', kind: 'automatic', value: { target: 'delivery' } },
        token,
        shop.shop.id,
      ),
    };
    const off = await bed.server.call('POST', '/api/discount/setEnabled', {
      token,
      body: { shopId: shop.shop.id, id: made.disabled.body.id, enabled: false },
    });
    expect(off.body.state).toBe('disabled');
    const list = (query: string) =>
      bed.server.call('GET', `/api/discount/list?shopId=${shop.shop.id}${query}`, { token });

    for (const state of ['active', 'scheduled', 'expired', 'draft', 'disabled'] as const) {
      const answer = await list(`&state=${state}`);
      expect({ state, ids: answer.body.items.map((d: { id: string }) => d.id) }).toEqual({
        state,
        ids: [made[state].body.id],
      });
    }
    expect((await list('&type=delivery')).body.items.map((d: { id: string }) => d.id)).toEqual([
      made.disabled.body.id,
    ]);

    const first = await list('&limit=3');
    expect(first.body.items).toHaveLength(3);
    const second = await list(`&limit=3&after=${first.body.nextAfter}`);
    expect(second.body.items).toHaveLength(2);
    expect(second.body.nextAfter).toBeNull();

    // Active and scheduled ones reach the engine, and a code expired lately (to be refused as such).
    const loaded = await loadShopDiscounts(bed.database.db, shop.shop.id);
    expect(loaded.map((d) => d.id).sort()).toEqual(
      [made.active.body.id, made.scheduled.body.id, made.expired.body.id].sort(),
    );

    const copy = await bed.server.call('POST', '/api/discount/duplicate', {
      token,
      body: { shopId: shop.shop.id, id: made.active.body.id },
    });
    expect(copy.body).toMatchObject({ state: 'draft', code: null, name: 'Dix pour cent (copie)' });
    const archived = await bed.server.call('POST', '/api/discount/archive', {
      token,
      body: { shopId: shop.shop.id, id: made.active.body.id },
    });
    expect(archived.body.archived).toBe(true);
    expect((await list('&state=active')).body.items).toEqual([]);
    expect((await list('&archived=true')).body.items.map((d: { id: string }) => d.id)).toEqual([
      made.active.body.id,
    ]);
  });
});
