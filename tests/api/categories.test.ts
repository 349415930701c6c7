import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupApiTestbed } from '../helpers/api-testbed';
import { blockShop, createShopFixture, type ShopFixture } from '../helpers/fixtures';
import { NBSP, catalogueCalls, createOk, simpleProduct } from '../helpers/catalogue';
import { productCategories } from '@/server/db/schema';

const bed = setupApiTestbed();
const api = catalogueCalls(bed);

interface Category {
  _id: string;
  name: string;
  parentId: string | null;
}

const tree = async (fixture: ShopFixture) => {
  const { status, body } = await bed.server.call('GET', `/api/product/categories?shopId=${fixture.shop.id}`, {
    token: fixture.members.admin.token,
  });
  expect(status).toBe(200);
  return body as Category[];
};
/** Each category as « name < parent name », sorted: the shape of the tree at a glance. */
const shape = (categories: Category[]) =>
  categories.map((c) => `${c.name} < ${categories.find((p) => p._id === c.parentId)?.name ?? '-'}`).sort();

const update = (fixture: ShopFixture, body: Record<string, unknown>, token = fixture.members.admin.token) =>
  bed.server.call('POST', '/api/product/updateCategory', {
    token,
    body: { shopId: fixture.shop.id, ...body },
  });
const remove = (fixture: ShopFixture, categoryId: string, token = fixture.members.admin.token) =>
  bed.server.call('POST', '/api/product/deleteCategory', {
    token,
    body: { shopId: fixture.shop.id, categoryId },
  });

async function created(
  fixture: ShopFixture,
  name: string,
  parentId: string | null = null,
): Promise<Category> {
  const answer = await api.createCategory(fixture.members.admin.token, fixture.shop.id, name, parentId);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

describe('POST /api/product/createCategory', () => {
  it('creates root categories and children, listed as a tree', async () => {
    const shop = await createShopFixture(bed.database.db, 'Boutique Rayons');
    const root = await api.createCategory(shop.members.admin.token, shop.shop.id, '  Vêtements ');
    expect(root.status).toBe(200);
    expect(root.body).toEqual({ _id: expect.any(String), name: 'Vêtements', parentId: null });
    const child = await created(shop, 'Femme', root.body._id);
    expect(child).toEqual({ _id: expect.any(String), name: 'Femme', parentId: root.body._id });
    await created(shop, 'Robes', child._id);
    await created(shop, 'Épicerie');
    const categories = await tree(shop);
    expect(shape(categories)).toEqual([
      'Femme < Vêtements',
      'Robes < Femme',
      'Vêtements < -',
      'Épicerie < -',
    ]);
    // Another shop's tree is its own.
    expect((await tree(bed.other)).map((c) => c.name)).not.toContain('Vêtements');
  });

  it('refuses a name already used at the same level, whatever its case, but not elsewhere', async () => {
    const shop = await createShopFixture(bed.database.db, 'Boutique Doublons');
    const men = await created(shop, 'Homme');
    const women = await created(shop, 'Femme');
    await created(shop, 'Chaussures', men._id);
    for (const [name, parentId] of [
      ['homme', null],
      ['CHAUSSURES', men._id],
    ] as const) {
      const answer = await api.createCategory(shop.members.admin.token, shop.shop.id, name, parentId);
      expect(answer.status).toBe(422);
      expect(answer.body.error.code).toBe('VALIDATION_ERROR');
      expect(answer.body.error.details).toEqual({ name: 'Une catégorie porte déjà ce nom à cet endroit.' });
    }
    // The same name under another parent is fine.
    await created(shop, 'Chaussures', women._id);
    await created(shop, 'Chaussures');
    expect(shape(await tree(shop))).toEqual([
      'Chaussures < -',
      'Chaussures < Femme',
      'Chaussures < Homme',
      'Femme < -',
      'Homme < -',
    ]);
  });

  it('refuses an unknown parent, a parent of another shop, and an empty or long name', async () => {
    const shop = await createShopFixture(bed.database.db, 'Boutique Parents');
    const theirs = (await api.createCategory(bed.other.members.admin.token, bed.other.shop.id, 'Chez eux'))
      .body;
    for (const parentId of ['inconnue', theirs._id]) {
      const answer = await api.createCategory(shop.members.admin.token, shop.shop.id, 'Orpheline', parentId);
      expect(answer.status).toBe(422);
      expect(answer.body.error.details).toEqual({ parentId: 'Cette catégorie parente n’existe pas.' });
      expect(answer.body.error.message).toBe(
        `Catégorie parente${NBSP}: cette catégorie parente n’existe pas.`,
      );
    }
    const empty = await api.createCategory(shop.members.admin.token, shop.shop.id, '   ');
    expect(empty.status).toBe(422);
    expect(empty.body.error.details).toEqual({ name: 'Ce champ est obligatoire.' });
    const long = await api.createCategory(shop.members.admin.token, shop.shop.id, 'x'.repeat(61));
    expect(long.body.error.details).toEqual({ name: 'Au plus 60 caractères.' });
    expect(await tree(shop)).toEqual([]);
  });
});

describe('POST /api/product/updateCategory', () => {
  it('renames and moves a category, never under itself or one of its own sub-categories', async () => {
    const shop = await createShopFixture(bed.database.db, 'Boutique Déplacements');
    const clothes = await created(shop, 'Vêtements');
    const men = await created(shop, 'Homme', clothes._id);
    const shirts = await created(shop, 'Chemises', men._id);
    const food = await created(shop, 'Épicerie');

    const renamed = await update(shop, { categoryId: men._id, name: 'Hommes', parentId: clothes._id });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ _id: men._id, name: 'Hommes', parentId: clothes._id });
    // The same name at its own place is no clash with itself.
    expect((await update(shop, { categoryId: men._id, name: 'HOMMES', parentId: clothes._id })).status).toBe(
      200,
    );

    for (const parentId of [shirts._id, men._id]) {
      const refused = await update(shop, { categoryId: men._id, name: 'Hommes', parentId });
      expect(refused.status).toBe(422);
      expect(refused.body.error.details).toEqual({
        parentId: 'Une catégorie ne peut pas être placée sous elle-même ou sous une de ses sous-catégories.',
      });
    }
    const underGrandchild = await update(shop, {
      categoryId: clothes._id,
      name: 'Vêtements',
      parentId: shirts._id,
    });
    expect(underGrandchild.status).toBe(422);
    expect(shape(await tree(shop))).toEqual([
      'Chemises < HOMMES',
      'HOMMES < Vêtements',
      'Vêtements < -',
      'Épicerie < -',
    ]);

    // Moved with its sub-categories; then to the root (parentId omitted means the root).
    expect((await update(shop, { categoryId: men._id, name: 'Hommes', parentId: food._id })).status).toBe(
      200,
    );
    expect(shape(await tree(shop))).toEqual([
      'Chemises < Hommes',
      'Hommes < Épicerie',
      'Vêtements < -',
      'Épicerie < -',
    ]);
    expect((await update(shop, { categoryId: men._id, name: 'Hommes' })).body.parentId).toBeNull();
    // A move onto a name taken at the new level is refused.
    await created(shop, 'Chemises', clothes._id);
    const clash = await update(shop, { categoryId: shirts._id, name: 'Chemises', parentId: clothes._id });
    expect(clash.status).toBe(422);
    expect(clash.body.error.details).toEqual({ name: 'Une catégorie porte déjà ce nom à cet endroit.' });
  });

  it('answers 404 for another shop’s category and changes nothing', async () => {
    const shop = await createShopFixture(bed.database.db, 'Boutique Voisine');
    const theirs = (await api.createCategory(bed.other.members.admin.token, bed.other.shop.id, 'À eux')).body;
    const answer = await update(shop, { categoryId: theirs._id, name: 'Pris', parentId: null });
    expect(answer.status).toBe(404);
    expect(answer.body.error).toEqual({ code: 'NOT_FOUND', message: 'La catégorie est introuvable.' });
    const removal = await remove(shop, theirs._id);
    expect(removal.status).toBe(404);
    expect(removal.body.error).toEqual({ code: 'NOT_FOUND', message: 'La catégorie est introuvable.' });
    const [row] = await bed.database.db
      .select()
      .from(productCategories)
      .where(eq(productCategories.id, theirs._id));
    expect(row).toMatchObject({ name: 'À eux', parentId: null, shopId: bed.other.shop.id });
  });
});

describe('POST /api/product/deleteCategory', () => {
  it('moves its sub-categories up to its parent and leaves its products uncategorised', async () => {
    const shop = await createShopFixture(bed.database.db, 'Boutique Suppressions');
    const { token } = shop.members.admin;
    const shopId = shop.shop.id;
    const clothes = await created(shop, 'Vêtements');
    const men = await created(shop, 'Homme', clothes._id);
    const shirts = await created(shop, 'Chemises', men._id);
    const trousers = await created(shop, 'Pantalons', men._id);
    const inMen = await createOk(bed, token, shopId, {
      ...simpleProduct('Boubou homme'),
      categoryId: men._id,
    });
    const inShirts = await createOk(bed, token, shopId, {
      ...simpleProduct('Chemise lin'),
      categoryId: shirts._id,
    });
    const inClothes = await createOk(bed, token, shopId, {
      ...simpleProduct('Pagne'),
      categoryId: clothes._id,
    });

    const answer = await remove(shop, men._id);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
    expect(shape(await tree(shop))).toEqual([
      'Chemises < Vêtements',
      'Pantalons < Vêtements',
      'Vêtements < -',
    ]);
    expect((await api.get(token, shopId, inMen._id)).body.categoryId).toBeNull();
    expect((await api.get(token, shopId, inShirts._id)).body.categoryId).toBe(shirts._id);
    expect((await api.get(token, shopId, inClothes._id)).body.categoryId).toBe(clothes._id);
    // The list under « Vêtements » still reaches the moved-up sub-categories.
    const listed = await api.list(token, shopId, { categoryId: clothes._id });
    expect(listed.body.items.map((p: { name: string }) => p.name).sort()).toEqual(['Chemise lin', 'Pagne']);

    // A root category's children become roots.
    expect((await remove(shop, clothes._id)).status).toBe(200);
    expect(shape(await tree(shop))).toEqual(['Chemises < -', 'Pantalons < -']);
    expect((await api.get(token, shopId, inClothes._id)).body.categoryId).toBeNull();
    expect((await remove(shop, trousers._id)).status).toBe(200);
    expect((await remove(shop, trousers._id)).status).toBe(404);
    expect((await tree(shop)).map((c) => c.name)).toEqual(['Chemises']);
  });
});

describe('categories permissions', () => {
  it('is for roles with products rights; 401 without token, 404 across shops, 403 when blocked', async () => {
    const shop = await createShopFixture(bed.database.db, 'Boutique Droits Rayons');
    const shopId = shop.shop.id;
    const cashier = shop.members.cashier.token;
    const existing = await created(shop, 'Existante');
    for (const answer of [
      await bed.server.call('GET', `/api/product/categories?shopId=${shopId}`, { token: cashier }),
      await api.createCategory(cashier, shopId, 'Par la caisse'),
      await update(shop, { categoryId: existing._id, name: 'Renommée' }, cashier),
      await remove(shop, existing._id, cashier),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.error.code).toBe('FORBIDDEN');
    }
    for (const role of ['seller', 'inventory-manager', 'supervisor'] as const)
      expect((await api.createCategory(shop.members[role].token, shopId, `Par ${role}`)).status).toBe(200);
    expect((await tree(shop)).map((c) => c.name).sort()).toEqual([
      'Existante',
      'Par inventory-manager',
      'Par seller',
      'Par supervisor',
    ]);

    expect((await bed.server.call('GET', `/api/product/categories?shopId=${shopId}`)).status).toBe(401);
    const outsider = await api.createCategory(bed.other.members.admin.token, shopId, 'Intruse');
    expect(outsider.status).toBe(404);
    expect(outsider.body.error).toEqual({ code: 'NOT_FOUND', message: 'La boutique est introuvable.' });

    await blockShop(bed.database.db, shopId);
    const blocked = await api.createCategory(shop.members.admin.token, shopId, 'Bloquée');
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.code).toBe('SHOP_BLOCKED');
    expect(
      await bed.database.db.select().from(productCategories).where(eq(productCategories.shopId, shopId)),
    ).toHaveLength(4);
  });
});
