import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { setupApiTestbed } from '../helpers/api-testbed';
import { blockShop, createShopFixture } from '../helpers/fixtures';
import { NBSP, catalogueCalls, createOk, movementsOf, simpleProduct } from '../helpers/catalogue';
import { notifications, productVariants, products, stockMovements } from '@/server/db/schema';
import { STOCK_REASONS } from '@/features/product/product.schemas';

const bed = setupApiTestbed();
const api = catalogueCalls(bed);
const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.close()));

const adminOf = () => ({ token: bed.awa.members.admin.token, shopId: bed.awa.shop.id });

async function variantStock(variantId: string): Promise<number> {
  const [row] = await bed.database.db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return row!.stock;
}

async function productStock(productId: string): Promise<number> {
  const [row] = await bed.database.db
    .select({ stockTotal: products.stockTotal })
    .from(products)
    .where(eq(products.id, productId));
  return row!.stockTotal;
}

/** The low_stock notifications of a shop about one product (its name is the title). */
async function lowStockNotifications(shopId: string, productName: string) {
  return bed.database.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.shopId, shopId),
        eq(notifications.type, 'low_stock'),
        eq(notifications.title, productName),
      ),
    );
}

const insufficient = (left: number) => ({
  code: 'INSUFFICIENT_STOCK',
  message: `Stock insuffisant${NBSP}: il reste ${left} unité${left > 1 ? 's' : ''}.`,
});

describe('POST /api/product/adjustStock', () => {
  it('adds and removes stock with each reason, writing one movement each', async () => {
    const { token, shopId } = adminOf();
    const product = await createOk(bed, token, shopId, simpleProduct('Riz parfumé 5 kg', 6000));
    const variantId = product.variants[0]._id as string;
    const steps: Array<[(typeof STOCK_REASONS)[number], number, number]> = [
      ['reception', 12, 12],
      ['vente', -3, 9],
      ['casse', -1, 8],
      ['retour', 2, 10],
      ['inventaire', -4, 6],
      ['correction', 1, 7],
    ];
    expect(steps.map(([reason]) => reason).sort()).toEqual([...STOCK_REASONS].sort());
    for (const [reason, quantity, expected] of steps) {
      const { status, body } = await api.adjust(
        token,
        shopId,
        variantId,
        quantity,
        reason,
        `Motif ${reason}`,
      );
      expect(status).toBe(200);
      expect(body).toEqual({ variantId, stock: expected });
    }
    expect(await variantStock(variantId)).toBe(7);
    expect(await productStock(product._id)).toBe(7);
    const movements = await movementsOf(bed, variantId);
    expect(movements.map((m) => [m.reason, m.quantity, m.stockAfter, m.note]).sort()).toEqual(
      steps.map(([reason, quantity, after]) => [reason, quantity, after, `Motif ${reason}`]).sort(),
    );
    expect((await api.get(token, shopId, product._id)).body).toMatchObject({
      stockTotal: 7,
      variants: [{ _id: variantId, stock: 7 }],
    });
  });

  it('refuses to go below zero with 409 « Stock insuffisant », and writes nothing', async () => {
    const { token, shopId } = adminOf();
    const product = await createOk(bed, token, shopId, simpleProduct('Huile 1 L', 1500, { stock: 2 }));
    const variantId = product.variants[0]._id as string;
    const refused = await api.adjust(token, shopId, variantId, -3, 'vente');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual(insufficient(2));
    expect(await variantStock(variantId)).toBe(2);
    expect(await productStock(product._id)).toBe(2);
    expect((await movementsOf(bed, variantId)).map((m) => m.note)).toEqual(['Stock initial']);

    expect((await api.adjust(token, shopId, variantId, -1, 'vente')).body.stock).toBe(1);
    expect((await api.adjust(token, shopId, variantId, -2, 'casse')).body.error).toEqual(insufficient(1));
    expect((await api.adjust(token, shopId, variantId, -1, 'vente')).body.stock).toBe(0);
    const empty = await api.adjust(token, shopId, variantId, -1, 'vente');
    expect(empty.status).toBe(409);
    expect(empty.body.error).toEqual(insufficient(0));
    expect(await variantStock(variantId)).toBe(0);
    expect(await productStock(product._id)).toBe(0);
    expect(await movementsOf(bed, variantId)).toHaveLength(3);
  });

  it('refuses a zero quantity, an unknown reason and a long note with 422', async () => {
    const { token, shopId } = adminOf();
    const product = await createOk(bed, token, shopId, simpleProduct('Sucre', 800, { stock: 4 }));
    const variantId = product.variants[0]._id as string;
    const zero = await api.adjust(token, shopId, variantId, 0, 'correction');
    expect(zero.status).toBe(422);
    expect(zero.body.error.details).toEqual({ quantity: 'La quantité ne peut pas être nulle.' });
    expect(zero.body.error.message).toBe(`Quantité${NBSP}: la quantité ne peut pas être nulle.`);
    const reason = await api.adjust(token, shopId, variantId, 1, 'vol');
    expect(reason.status).toBe(422);
    expect(reason.body.error.details).toEqual({ reason: 'Cette valeur n’est pas autorisée.' });
    const decimal = await api.adjust(token, shopId, variantId, 1.5, 'correction');
    expect(decimal.body.error.details).toEqual({ quantity: 'Valeur invalide.' });
    const note = await api.adjust(token, shopId, variantId, 1, 'correction', 'x'.repeat(301));
    expect(note.body.error.details).toEqual({ note: 'Au plus 300 caractères.' });
    expect(await variantStock(variantId)).toBe(4);
    expect(await movementsOf(bed, variantId)).toHaveLength(1);
  });

  it('sells the last unit once when two sales race for it', async () => {
    const { token, shopId } = adminOf();
    for (let round = 0; round < 5; round++) {
      const product = await createOk(
        bed,
        token,
        shopId,
        simpleProduct(`Dernier pagne ${round}`, 9000, { stock: 1 }),
      );
      const variantId = product.variants[0]._id as string;
      const answers = await Promise.all([
        api.adjust(token, shopId, variantId, -1, 'vente'),
        api.adjust(bed.awa.members.supervisor.token, shopId, variantId, -1, 'vente'),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 200)!.body).toEqual({ variantId, stock: 0 });
      expect(answers.find((a) => a.status === 409)!.body.error).toEqual(insufficient(0));
      expect(await variantStock(variantId)).toBe(0);
      expect(await productStock(product._id)).toBe(0);
      const sales = (await movementsOf(bed, variantId)).filter((m) => m.reason === 'vente');
      expect(sales).toHaveLength(1);
      expect(sales[0]).toMatchObject({ quantity: -1, stockAfter: 0 });
    }
    // Five sales for three units: three pass, two are refused, the count ends at zero.
    const product = await createOk(bed, token, shopId, simpleProduct('Trois derniers', 500, { stock: 3 }));
    const variantId = product.variants[0]._id as string;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api.adjust(token, shopId, variantId, -1, 'vente')),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 409, 409]);
    expect(
      answers
        .filter((a) => a.status === 200)
        .map((a) => a.body.stock)
        .sort(),
    ).toEqual([0, 1, 2]);
    expect(await variantStock(variantId)).toBe(0);
    expect(await productStock(product._id)).toBe(0);
    const sales = (await movementsOf(bed, variantId)).filter((m) => m.reason === 'vente');
    expect(sales.map((m) => m.stockAfter).sort()).toEqual([0, 1, 2]);
  });
});

describe('GET /api/product/stockHistory', () => {
  it('lists movements newest first, with their author, by pages', async () => {
    const shopId = bed.awa.shop.id;
    const members = bed.awa.members;
    const product = await createOk(bed, members.admin.token, shopId, {
      name: 'Savon noir',
      options: [{ name: 'Parfum', values: ['Karité', 'Eucalyptus'] }],
      variants: [
        { optionValues: ['Karité'], price: 1000 },
        { optionValues: ['Eucalyptus'], price: 1000, stock: 2 },
      ],
    });
    const [karite, eucalyptus] = product.variants as Array<{ _id: string }>;
    const steps: Array<[keyof typeof members, string, number, string, string | undefined]> = [
      ['admin', karite!._id, 10, 'reception', 'Livraison du lundi'],
      ['inventory-manager', karite!._id, -1, 'casse', undefined],
      ['supervisor', eucalyptus!._id, 3, 'retour', 'Retour client'],
      ['admin', karite!._id, -4, 'vente', undefined],
      ['inventory-manager', eucalyptus!._id, -5, 'inventaire', ''],
    ];
    for (const [role, variantId, quantity, reason, note] of steps)
      expect((await api.adjust(members[role].token, shopId, variantId, quantity, reason, note)).status).toBe(
        200,
      );

    const all = await api.history(members.seller.token, shopId, product._id);
    expect(all.status).toBe(200);
    expect(all.body.nextCursor).toBeNull();
    expect(
      all.body.items.map((m: Record<string, unknown>) => [
        m.variantTitle,
        m.quantity,
        m.stockAfter,
        m.reason,
        m.note,
        m.author,
      ]),
    ).toEqual([
      ['Eucalyptus', -5, 0, 'inventaire', null, 'inventory-manager Utilisateur'],
      ['Karité', -4, 5, 'vente', null, 'Admin Utilisateur'],
      ['Eucalyptus', 3, 5, 'retour', 'Retour client', 'supervisor Utilisateur'],
      ['Karité', -1, 9, 'casse', null, 'inventory-manager Utilisateur'],
      ['Karité', 10, 10, 'reception', 'Livraison du lundi', 'Admin Utilisateur'],
      ['Eucalyptus', 2, 2, 'inventaire', 'Stock initial', 'Admin Utilisateur'],
    ]);
    expect(all.body.items[0]).toEqual({
      _id: expect.any(String),
      variantId: eucalyptus!._id,
      variantTitle: 'Eucalyptus',
      quantity: -5,
      stockAfter: 0,
      reason: 'inventaire',
      note: null,
      author: 'inventory-manager Utilisateur',
      createdAt: expect.any(String),
    });

    // Pages of 4, then 2: the same movements, in the same order.
    const first = await api.history(members.admin.token, shopId, product._id, { limit: 4 });
    expect(first.body.items).toHaveLength(4);
    expect(first.body.nextCursor).toBe(first.body.items[3]._id);
    const second = await api.history(members.admin.token, shopId, product._id, {
      limit: 4,
      after: first.body.nextCursor,
    });
    expect(second.body.nextCursor).toBeNull();
    expect([...first.body.items, ...second.body.items]).toEqual(all.body.items);

    // One variant's history.
    const kariteOnly = await api.history(members.admin.token, shopId, product._id, {
      variantId: karite!._id,
    });
    expect(kariteOnly.body.items.map((m: { quantity: number }) => m.quantity)).toEqual([-4, -1, 10]);

    // Another shop sees nothing of it, even with its own shopId.
    const theirs = await api.history(bed.other.members.admin.token, bed.other.shop.id, product._id);
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual({ items: [], nextCursor: null });
    expect((await api.history(bed.other.members.admin.token, shopId, product._id)).status).toBe(404);
    expect((await api.history(members.cashier.token, shopId, product._id)).status).toBe(403);
  });
});

describe('POST /api/product/inventoryCount', () => {
  it('applies only the differences, one « inventaire » movement each', async () => {
    const { token, shopId } = adminOf();
    const product = await createOk(bed, token, shopId, {
      name: 'Jus de gingembre',
      options: [{ name: 'Format', values: ['25 cl', '50 cl', '1 L'] }],
      variants: [
        { optionValues: ['25 cl'], price: 300, stock: 5 },
        { optionValues: ['50 cl'], price: 500, stock: 3 },
        { optionValues: ['1 L'], price: 900 },
      ],
    });
    const [small, medium, large] = (product.variants as Array<{ _id: string }>).map((v) => v._id);
    const { status, body } = await api.inventory(token, shopId, [
      { variantId: small!, counted: 5 },
      { variantId: medium!, counted: 1 },
      { variantId: large!, counted: 4 },
    ]);
    expect(status).toBe(200);
    expect(body).toEqual([
      { variantId: small, before: 5, counted: 5, difference: 0 },
      { variantId: medium, before: 3, counted: 1, difference: -2 },
      { variantId: large, before: 0, counted: 4, difference: 4 },
    ]);
    expect(await variantStock(small!)).toBe(5);
    expect(await variantStock(medium!)).toBe(1);
    expect(await variantStock(large!)).toBe(4);
    expect(await productStock(product._id)).toBe(10);
    const counted = await bed.database.db
      .select()
      .from(stockMovements)
      .where(
        and(eq(stockMovements.productId, product._id), eq(stockMovements.note, 'Comptage d’inventaire')),
      );
    expect(counted.map((m) => [m.variantId, m.quantity, m.stockAfter, m.reason]).sort()).toEqual(
      [
        [medium, -2, 1, 'inventaire'],
        [large, 4, 4, 'inventaire'],
      ].sort(),
    );
    expect(await movementsOf(bed, small!)).toHaveLength(1);

    // A count with a note, and a second count that changes nothing writes nothing.
    const noted = await api.inventory(
      token,
      shopId,
      [{ variantId: small!, counted: 7 }],
      'Comptage de fin de mois',
    );
    expect(noted.body).toEqual([{ variantId: small, before: 5, counted: 7, difference: 2 }]);
    expect((await movementsOf(bed, small!)).map((m) => m.note).sort()).toEqual([
      'Comptage de fin de mois',
      'Stock initial',
    ]);
    const before = (
      await bed.database.db.select().from(stockMovements).where(eq(stockMovements.productId, product._id))
    ).length;
    expect((await api.inventory(token, shopId, [{ variantId: medium!, counted: 1 }])).status).toBe(200);
    expect(
      (await bed.database.db.select().from(stockMovements).where(eq(stockMovements.productId, product._id)))
        .length,
    ).toBe(before);
  });

  it('refuses a variant of another shop or counted twice, and writes nothing', async () => {
    const { token, shopId } = adminOf();
    const mine = await createOk(bed, token, shopId, simpleProduct('Farine', 700, { stock: 6 }));
    const theirs = await createOk(
      bed,
      bed.other.members.admin.token,
      bed.other.shop.id,
      simpleProduct('Farine d’ailleurs', 700, { stock: 6 }),
    );
    const mineId = mine.variants[0]._id as string;
    const theirId = theirs.variants[0]._id as string;
    for (const unknown of [theirId, 'variante-inconnue']) {
      const answer = await api.inventory(token, shopId, [
        { variantId: mineId, counted: 2 },
        { variantId: unknown, counted: 0 },
      ]);
      expect(answer.status).toBe(422);
      expect(answer.body.error.details).toEqual({
        'counts.1.variantId': 'Cette variante n’existe pas dans la boutique.',
      });
      expect(answer.body.error.message).toBe(
        `Variante${NBSP}: cette variante n’existe pas dans la boutique.`,
      );
    }
    const twice = await api.inventory(token, shopId, [
      { variantId: mineId, counted: 2 },
      { variantId: mineId, counted: 3 },
    ]);
    expect(twice.status).toBe(422);
    expect(twice.body.error.details).toEqual({ counts: 'Une variante est comptée deux fois.' });
    const negative = await api.inventory(token, shopId, [{ variantId: mineId, counted: -1 }]);
    expect(negative.body.error.details).toEqual({ 'counts.0.counted': 'La valeur doit être au moins 0.' });
    expect(await variantStock(mineId)).toBe(6);
    expect(await variantStock(theirId)).toBe(6);
    expect(await movementsOf(bed, mineId)).toHaveLength(1);
    expect(await movementsOf(bed, theirId)).toHaveLength(1);
    expect(await productStock(mine._id)).toBe(6);
  });
});

describe('low stock notifications', () => {
  function openSocket(token: string): Socket {
    const socket = connect(bed.server.url, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    return socket;
  }

  it('notifies once per downward crossing of the threshold', async () => {
    const shop = await createShopFixture(bed.database.db, 'Boutique Seuils');
    const token = shop.members['inventory-manager'].token;
    const shopId = shop.shop.id;
    const product = await createOk(
      bed,
      token,
      shopId,
      simpleProduct('Lait caillé', 600, { stock: 5, lowStockThreshold: 2 }),
    );
    const variantId = product.variants[0]._id as string;
    const count = async () => (await lowStockNotifications(shopId, 'Lait caillé')).length;

    expect((await api.adjust(token, shopId, variantId, -2, 'vente')).body.stock).toBe(3);
    expect(await count()).toBe(0);
    expect((await api.adjust(token, shopId, variantId, -1, 'vente')).body.stock).toBe(2);
    expect(await count()).toBe(1);
    const [first] = await lowStockNotifications(shopId, 'Lait caillé');
    expect(first).toMatchObject({
      type: 'low_stock',
      title: 'Lait caillé',
      description: 'Il ne reste que 2 unités.',
    });
    expect((await api.adjust(token, shopId, variantId, -1, 'vente')).body.stock).toBe(1);
    expect(await count()).toBe(1);
    expect((await api.adjust(token, shopId, variantId, 5, 'reception')).body.stock).toBe(6);
    expect(await count()).toBe(1);
    expect((await api.adjust(token, shopId, variantId, -4, 'vente')).body.stock).toBe(2);
    expect(await count()).toBe(2);
    // A refused sale tells nobody.
    expect((await api.adjust(token, shopId, variantId, -3, 'vente')).status).toBe(409);
    expect(await count()).toBe(2);
    // The bell of those who see products lists them, newest first (a cashier's does not).
    const bell = await bed.server.call('GET', `/api/notification/getByShop/${shopId}`, {
      token: shop.members['inventory-manager'].token,
    });
    expect(
      bell.body
        .filter((n: { type: string }) => n.type === 'low_stock')
        .map((n: { title: string }) => n.title),
    ).toEqual(['Lait caillé', 'Lait caillé']);
  });

  it('names the variant, says « Rupture » at zero, and follows an inventory count; none when not tracked', async () => {
    const shop = await createShopFixture(bed.database.db, 'Boutique Ruptures');
    const token = shop.members.admin.token;
    const shopId = shop.shop.id;
    const product = await createOk(bed, token, shopId, {
      name: 'Chemise wax',
      lowStockThreshold: 1,
      options: [{ name: 'Taille', values: ['M', 'L'] }],
      variants: [
        { optionValues: ['M'], price: 8000, stock: 3 },
        { optionValues: ['L'], price: 8000, stock: 4 },
      ],
    });
    const [m, l] = (product.variants as Array<{ _id: string }>).map((v) => v._id);
    expect((await api.adjust(token, shopId, m!, -2, 'vente')).status).toBe(200);
    expect((await api.inventory(token, shopId, [{ variantId: l!, counted: 0 }])).status).toBe(200);
    expect((await lowStockNotifications(shopId, 'Chemise wax')).map((n) => n.description).sort()).toEqual([
      'Il ne reste que 1 unité (M).',
      'Rupture de stock (L).',
    ]);

    const untracked = await createOk(
      bed,
      token,
      shopId,
      simpleProduct('Service retouche', 2000, { stock: 5, lowStockThreshold: 3, trackStock: false }),
    );
    expect((await api.adjust(token, shopId, untracked.variants[0]._id, -5, 'vente')).status).toBe(200);
    expect(await lowStockNotifications(shopId, 'Service retouche')).toEqual([]);
  });

  it('pushes newNotification of type low_stock to sockets in the shop room', async () => {
    const shop = await createShopFixture(bed.database.db, 'Boutique En Direct');
    const shopId = shop.shop.id;
    const socket = openSocket(shop.members['inventory-manager'].token);
    const joined = await new Promise<{ ok: boolean }>((resolve) =>
      socket.emit('joinShop', { shopId }, resolve),
    );
    expect(joined).toEqual({ ok: true });
    // A socket of another shop hears nothing.
    const outsider = openSocket(bed.other.members.admin.token);
    await new Promise((resolve) => outsider.emit('joinShop', { shopId: bed.other.shop.id }, resolve));
    const heardElsewhere: unknown[] = [];
    outsider.on('newNotification', (n: unknown) => heardElsewhere.push(n));

    const token = shop.members.supervisor.token;
    const product = await createOk(
      bed,
      token,
      shopId,
      simpleProduct('Bissap séché', 1200, { stock: 4, lowStockThreshold: 1 }),
    );
    const received = new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no newNotification within 5 s')), 5000);
      socket.on('newNotification', (n: Record<string, unknown>) => {
        clearTimeout(timer);
        resolve(n);
      });
    });
    expect((await api.adjust(token, shopId, product.variants[0]._id, -4, 'vente')).body.stock).toBe(0);
    expect(await received).toEqual({
      _id: expect.any(String),
      shopId,
      type: 'low_stock',
      title: 'Bissap séché',
      description: 'Rupture de stock.',
      isRead: false,
      createdAt: expect.any(String),
      link: `/mes-produits/${product._id}`,
    });
    expect(heardElsewhere).toEqual([]);
  });
});

describe('stock changes racing with edits', () => {
  const twoSizes = (name: string, sku: string) => ({
    name,
    options: [{ name: 'Taille', values: ['S', 'M'] }],
    variants: [
      { optionValues: ['S'], price: 1000, stock: 50, sku: `${sku}-S` },
      { optionValues: ['M'], price: 1000, stock: 50, sku: `${sku}-M` },
    ],
  });
  const consistent = async (productId: string) => {
    const { body } = await api.get(bed.awa.members.admin.token, bed.awa.shop.id, productId);
    expect(body.stockTotal).toBe(body.variants.reduce((n: number, v: { stock: number }) => n + v.stock, 0));
    return body;
  };

  it('never deadlocks a sale against an edit of the product', async () => {
    const { token, shopId } = adminOf();
    for (let round = 0; round < 8; round++) {
      const product = await createOk(bed, token, shopId, twoSizes(`Édité en vente ${round}`, `EV${round}`));
      const [s, m] = product.variants as Array<{ _id: string }>;
      const answers = await Promise.all([
        api.adjust(token, shopId, s!._id, -1, 'vente'),
        api.update(token, shopId, product._id, {
          name: `Édité en vente ${round} (bis)`,
          options: [{ name: 'Taille', values: ['S', 'M'] }],
          variants: [
            { id: s!._id, optionValues: ['S'], price: 1200, sku: `EV${round}-M` },
            { id: m!._id, optionValues: ['M'], price: 1200, sku: `EV${round}-S` },
          ],
        }),
        api.adjust(bed.awa.members.supervisor.token, shopId, m!._id, -2, 'vente'),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      const after = await consistent(product._id);
      expect(after.variants.map((v: Record<string, unknown>) => [v.sku, v.price, v.stock])).toEqual([
        [`EV${round}-M`, 1200, 49],
        [`EV${round}-S`, 1200, 48],
      ]);
      expect(after.stockTotal).toBe(97);
    }
  });

  it('never deadlocks sales and an inventory count against a bulk action', async () => {
    const { token, shopId } = adminOf();
    for (let round = 0; round < 8; round++) {
      const a = await createOk(bed, token, shopId, twoSizes(`Lot couru A${round}`, `LA${round}`));
      const b = await createOk(bed, token, shopId, twoSizes(`Lot couru B${round}`, `LB${round}`));
      const [aS, aM] = (a.variants as Array<{ _id: string }>).map((v) => v._id);
      const [bS, bM] = (b.variants as Array<{ _id: string }>).map((v) => v._id);
      const answers = await Promise.all([
        api.adjust(token, shopId, aS!, -1, 'vente'),
        api.bulk(token, shopId, [b._id, a._id], { action: 'price', mode: 'percent', value: 10 }),
        api.inventory(token, shopId, [
          { variantId: bM!, counted: 40 },
          { variantId: aM!, counted: 45 },
        ]),
        api.bulk(token, shopId, [a._id, b._id], { action: 'status', status: 'draft' }),
        api.adjust(token, shopId, bS!, -3, 'vente'),
      ]);
      expect(answers.map((x) => x.status)).toEqual([200, 200, 200, 200, 200]);
      for (const [product, stocks] of [
        [a, [49, 45]],
        [b, [47, 40]],
      ] as const) {
        const after = await consistent(product._id);
        expect(after.status).toBe('draft');
        expect(after.variants.map((v: { price: number; stock: number }) => [v.price, v.stock])).toEqual([
          [1100, stocks[0]],
          [1100, stocks[1]],
        ]);
      }
    }
  });

  it('never deadlocks a sale against the deletion of its product', async () => {
    const { token, shopId } = adminOf();
    for (let round = 0; round < 8; round++) {
      const product = await createOk(
        bed,
        token,
        shopId,
        twoSizes(`Supprimé en vente ${round}`, `SV${round}`),
      );
      const [s, m] = (product.variants as Array<{ _id: string }>).map((v) => v._id);
      const [first, deleted, second] = await Promise.all([
        api.adjust(token, shopId, s!, -1, 'vente'),
        api.bulk(token, shopId, [product._id], { action: 'delete' }),
        api.adjust(token, shopId, m!, -1, 'vente'),
      ]);
      expect(deleted.status).toBe(200);
      // A sale passes before the deletion, or finds the variant gone after it.
      for (const sale of [first, second]) {
        expect([200, 404]).toContain(sale.status);
        if (sale.status === 404)
          expect(sale.body.error).toEqual({ code: 'NOT_FOUND', message: 'La variante est introuvable.' });
      }
      expect(await bed.database.db.select().from(products).where(eq(products.id, product._id))).toEqual([]);
      expect(
        await bed.database.db.select().from(stockMovements).where(eq(stockMovements.productId, product._id)),
      ).toEqual([]);
    }
  });
});

describe('stock permissions and tenancy', () => {
  it('lets admin, supervisor and inventory-manager adjust; seller and cashier get 403', async () => {
    const shop = await createShopFixture(bed.database.db, 'Boutique Droits Stock');
    const shopId = shop.shop.id;
    // The inventory manager creates products and adjusts their stock.
    const product = await createOk(
      bed,
      shop.members['inventory-manager'].token,
      shopId,
      simpleProduct('Gari', 400, { stock: 10 }),
    );
    const variantId = product.variants[0]._id as string;
    expect(
      (await api.adjust(shop.members['inventory-manager'].token, shopId, variantId, -1, 'casse')).status,
    ).toBe(200);
    expect((await api.adjust(shop.members.supervisor.token, shopId, variantId, 2, 'reception')).status).toBe(
      200,
    );
    expect((await api.adjust(shop.members.admin.token, shopId, variantId, -1, 'vente')).status).toBe(200);
    expect(
      (await api.inventory(shop.members.supervisor.token, shopId, [{ variantId, counted: 9 }])).status,
    ).toBe(200);
    // A seller creates products, but does not touch the stock.
    const sellers = await createOk(
      bed,
      shop.members.seller.token,
      shopId,
      simpleProduct('Attiéké', 500, { stock: 3 }),
    );
    expect(sellers.stockTotal).toBe(3);
    for (const role of ['seller', 'cashier'] as const) {
      for (const answer of [
        await api.adjust(shop.members[role].token, shopId, variantId, -1, 'vente'),
        await api.inventory(shop.members[role].token, shopId, [{ variantId, counted: 0 }]),
      ]) {
        expect(answer.status).toBe(403);
        expect(answer.body.error).toEqual({
          code: 'FORBIDDEN',
          message: 'Votre rôle ne vous permet pas d’effectuer cette action.',
        });
      }
    }
    expect(
      (await api.create(shop.members.cashier.token, shopId, simpleProduct('Par la caisse'))).status,
    ).toBe(403);
    expect(await variantStock(variantId)).toBe(9);
    expect(await movementsOf(bed, variantId)).toHaveLength(5);
  });

  it('answers 401 without token, 404 across shops, 403 for a blocked shop, writing nothing', async () => {
    const { token, shopId } = adminOf();
    const mine = await createOk(bed, token, shopId, simpleProduct('Stock gardé', 100, { stock: 5 }));
    const variantId = mine.variants[0]._id as string;
    const anonymous = await api.adjust(undefined, shopId, variantId, -1, 'vente');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('UNAUTHENTICATED');
    const outsider = await api.adjust(bed.other.members.admin.token, shopId, variantId, -1, 'vente');
    expect(outsider.status).toBe(404);
    expect(outsider.body.error).toEqual({ code: 'NOT_FOUND', message: 'La boutique est introuvable.' });
    // With its own shopId, another shop's variant is not found.
    const crossing = await api.adjust(
      bed.other.members.admin.token,
      bed.other.shop.id,
      variantId,
      -5,
      'vente',
    );
    expect(crossing.status).toBe(404);
    expect(crossing.body.error).toEqual({ code: 'NOT_FOUND', message: 'La variante est introuvable.' });
    expect(await variantStock(variantId)).toBe(5);
    expect(await movementsOf(bed, variantId)).toHaveLength(1);

    const blocked = await createShopFixture(bed.database.db, 'Stock Bloqué');
    const product = await createOk(
      bed,
      blocked.members.admin.token,
      blocked.shop.id,
      simpleProduct('Gelé', 100, { stock: 2 }),
    );
    await blockShop(bed.database.db, blocked.shop.id);
    const refused = await api.adjust(
      blocked.members.admin.token,
      blocked.shop.id,
      product.variants[0]._id,
      -1,
      'vente',
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('SHOP_BLOCKED');
    expect(await variantStock(product.variants[0]._id)).toBe(2);
  });
});
