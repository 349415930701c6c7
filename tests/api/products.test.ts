import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupApiTestbed } from '../helpers/api-testbed';
import { blockShop, createShopFixture, type ShopFixture } from '../helpers/fixtures';
import { pngImage } from '../helpers/uploads';
import {
  NBSP,
  catalogueCalls,
  createOk,
  movementsOf,
  putOnFreePlan,
  simpleProduct,
  type ProductBody,
} from '../helpers/catalogue';
import { productImages, productVariants, products, stockMovements } from '@/server/db/schema';
import { PRODUCT_SORTS } from '@/features/product/product.schemas';
import { ean13CheckDigit, isValidEan13 } from '@/shared/barcode';

const bed = setupApiTestbed();
const api = catalogueCalls(bed);

/** A shop of its own, so lists and counts see only what the test made. */
const freshShop = (name: string) => createShopFixture(bed.database.db, name);
const admin = (fixture: ShopFixture) => ({ token: fixture.members.admin.token, shopId: fixture.shop.id });
const names = (body: { items: Array<{ name: string }> }) => body.items.map((p) => p.name);
const sortedNames = (body: { items: Array<{ name: string }> }) => names(body).sort();

/** A valid EAN-13 from twelve digits. */
const ean13 = (first12: string) => `${first12}${ean13CheckDigit(first12)}`;

const boubou: ProductBody = {
  name: 'Boubou brodé',
  lowStockThreshold: 1,
  options: [
    { name: 'Taille', values: ['S', 'M'] },
    { name: 'Couleur', values: ['Rouge', 'Bleu'] },
  ],
  variants: [
    { optionValues: ['S', 'Rouge'], price: 25000, sku: 'BB-S-R', stock: 3 },
    { optionValues: ['S', 'Bleu'], price: 25000, sku: 'BB-S-B', compareAtPrice: 30000, stock: 0 },
    { optionValues: ['M', 'Rouge'], price: 27000, sku: 'BB-M-R', costPrice: 15000, stock: 2 },
    { optionValues: ['M', 'Bleu'], price: 27000, sku: 'BB-M-B', stock: 5 },
  ],
};

describe('product CRUD', () => {
  it('creates a product without options as one default variant', async () => {
    const { token, shopId } = admin(bed.awa);
    const { status, body } = await api.create(token, shopId, {
      name: '  Bissap 1 L ',
      variants: [{ optionValues: [], price: 1500 }],
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      _id: expect.any(String),
      shopId,
      name: 'Bissap 1 L',
      status: 'active',
      categoryId: null,
      tags: [],
      trackStock: true,
      lowStockThreshold: 0,
      priceMin: 1500,
      stockTotal: 0,
      coverUrl: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      descriptionHtml: '',
      slug: 'bissap-1-l',
      seoTitle: '',
      seoDescription: '',
      weightGrams: null,
      options: [],
      variants: [
        {
          _id: expect.any(String),
          optionValues: [],
          title: '',
          position: 0,
          price: 1500,
          compareAtPrice: null,
          costPrice: null,
          sku: null,
          barcode: null,
          stock: 0,
          imageUrl: null,
        },
      ],
      images: [],
    });
    // No opening stock, no movement.
    expect(await movementsOf(bed, body.variants[0]._id)).toEqual([]);
    expect((await api.get(token, shopId, body._id)).body).toEqual(body);
  });

  it('creates a product with 2 options × 2 values, each variant with its opening stock', async () => {
    const { token, shopId } = admin(bed.awa);
    const created = await createOk(bed, token, shopId, boubou);
    expect(created.options).toEqual(boubou.options);
    expect(
      created.variants.map((v: Record<string, unknown>) => [
        v.title,
        v.position,
        v.price,
        v.compareAtPrice,
        v.costPrice,
        v.sku,
        v.stock,
      ]),
    ).toEqual([
      ['S / Rouge', 0, 25000, null, null, 'BB-S-R', 3],
      ['S / Bleu', 1, 25000, 30000, null, 'BB-S-B', 0],
      ['M / Rouge', 2, 27000, null, 15000, 'BB-M-R', 2],
      ['M / Bleu', 3, 27000, null, null, 'BB-M-B', 5],
    ]);
    expect(created).toMatchObject({ priceMin: 25000, stockTotal: 10, lowStockThreshold: 1 });
    // Each opening stock is one « inventaire » movement « Stock initial », by the creator.
    const history = await api.history(token, shopId, created._id);
    expect(history.status).toBe(200);
    expect(
      history.body.items
        .map((m: Record<string, unknown>) => [
          m.variantTitle,
          m.quantity,
          m.stockAfter,
          m.reason,
          m.note,
          m.author,
        ])
        .sort(),
    ).toEqual([
      ['M / Bleu', 5, 5, 'inventaire', 'Stock initial', 'Admin Utilisateur'],
      ['M / Rouge', 2, 2, 'inventaire', 'Stock initial', 'Admin Utilisateur'],
      ['S / Rouge', 3, 3, 'inventaire', 'Stock initial', 'Admin Utilisateur'],
    ]);
    const got = await api.get(token, shopId, created._id);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created);
  });

  it('updates: new price, a variant added with its opening stock, one removed, two SKUs swapped', async () => {
    const { token, shopId } = admin(bed.awa);
    const created = await createOk(bed, token, shopId, {
      ...boubou,
      name: 'Boubou à modifier',
      variants: boubou.variants.map((v) => ({ ...v, sku: `U-${v.sku}` })),
    });
    const [sRouge, sBleu, mRouge, mBleu] = created.variants;
    const { status, body } = await api.update(token, shopId, created._id, {
      name: 'Boubou modifié',
      lowStockThreshold: 1,
      options: [
        { name: 'Taille', values: ['S', 'M', 'L'] },
        { name: 'Couleur', values: ['Rouge', 'Bleu'] },
      ],
      variants: [
        // The price changes; the stock given for a kept variant is ignored (only movements change it).
        { id: sRouge._id, optionValues: ['S', 'Rouge'], price: 24000, sku: 'U-BB-S-B', stock: 999 },
        { id: sBleu._id, optionValues: ['S', 'Bleu'], price: 25000, sku: 'U-BB-S-R', compareAtPrice: 30000 },
        { id: mRouge._id, optionValues: ['M', 'Rouge'], price: 27000, sku: 'U-BB-M-R', costPrice: 15000 },
        // M / Bleu is gone; L / Rouge is new, with 4 units, and takes the removed variant's SKU.
        { optionValues: ['L', 'Rouge'], price: 29000, sku: 'U-BB-M-B', stock: 4 },
      ],
    });
    expect(status).toBe(200);
    expect(body.name).toBe('Boubou modifié');
    expect(
      body.variants.map((v: Record<string, unknown>) => [v._id, v.title, v.price, v.sku, v.stock]),
    ).toEqual([
      [sRouge._id, 'S / Rouge', 24000, 'U-BB-S-B', 3],
      [sBleu._id, 'S / Bleu', 25000, 'U-BB-S-R', 0],
      [mRouge._id, 'M / Rouge', 27000, 'U-BB-M-R', 2],
      [expect.any(String), 'L / Rouge', 29000, 'U-BB-M-B', 4],
    ]);
    const added = body.variants[3];
    expect(added._id).not.toBe(mBleu._id);
    expect(body).toMatchObject({ priceMin: 24000, stockTotal: 9 });
    // The removed variant and its movements are gone; the new one has its « Stock initial ».
    expect(
      await bed.database.db.select().from(productVariants).where(eq(productVariants.id, mBleu._id)),
    ).toEqual([]);
    expect(await movementsOf(bed, mBleu._id)).toEqual([]);
    const newMovements = await movementsOf(bed, added._id);
    expect(newMovements).toHaveLength(1);
    expect(newMovements[0]).toMatchObject({
      quantity: 4,
      stockAfter: 4,
      reason: 'inventaire',
      note: 'Stock initial',
      userId: bed.awa.members.admin.user.id,
    });
    expect(await movementsOf(bed, sRouge._id)).toHaveLength(1);
    expect((await api.get(token, shopId, created._id)).body).toEqual(body);
    // The search text follows the new name and codes.
    expect(names((await api.list(token, shopId, { search: 'U-BB-M-B' })).body)).toEqual(['Boubou modifié']);
    expect((await api.list(token, shopId, { search: 'à modifier' })).body.items).toEqual([]);
  });

  it('keeps only safe formatting in the description', async () => {
    const { token, shopId } = admin(bed.awa);
    const created = await createOk(bed, token, shopId, {
      ...simpleProduct('Description nettoyée'),
      descriptionHtml:
        '<p onclick="steal()">Tissu <strong>wax</strong> <em>100 %</em></p><script>alert(1)</script>' +
        '<ul><li>Lavable</li><li style="color:red">Solide</li></ul><img src="x" onerror="alert(2)">' +
        '<a href="javascript:alert(3)">lien</a><a href="https://exemple.sn">site</a>',
    });
    expect(created.descriptionHtml).toBe(
      '<p>Tissu <strong>wax</strong> <em>100 %</em></p><ul><li>Lavable</li><li>Solide</li></ul>' +
        '<a rel="noopener noreferrer" target="_blank">lien</a>' +
        '<a href="https://exemple.sn" rel="noopener noreferrer" target="_blank">site</a>',
    );
    expect(created.descriptionHtml).not.toMatch(/script|onclick|onerror|style|javascript/);
  });
});

describe('GET /api/product/list', () => {
  it('searches name, SKU and barcode without accents or case', async () => {
    const shop = await freshShop('Boutique Recherche');
    const { token, shopId } = admin(shop);
    const barcode = ean13('200000000123');
    await createOk(bed, token, shopId, simpleProduct('Thé à la menthe', 500, { sku: 'THE-VERT-01' }));
    await createOk(bed, token, shopId, simpleProduct('Café Touba', 700, { sku: 'CAF-ÉTÉ', barcode }));
    await createOk(bed, token, shopId, simpleProduct('Pain de singe', 300));
    const search = async (term: string) =>
      sortedNames((await api.list(token, shopId, { search: term })).body);
    expect(await search('the')).toEqual(['Thé à la menthe']);
    expect(await search('THÉ À LA')).toEqual(['Thé à la menthe']);
    expect(await search('  menthe ')).toEqual(['Thé à la menthe']);
    expect(await search('cafe')).toEqual(['Café Touba']);
    expect(await search('the-vert')).toEqual(['Thé à la menthe']);
    expect(await search('caf-ete')).toEqual(['Café Touba']);
    expect(await search(barcode)).toEqual(['Café Touba']);
    expect(await search(barcode.slice(4, 10))).toEqual(['Café Touba']);
    expect(await search('a')).toEqual(['Café Touba', 'Pain de singe', 'Thé à la menthe']);
    expect(await search('xyz')).toEqual([]);
    // LIKE's own characters are searched for, not interpreted.
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
  });

  it('hides archived products unless asked, and filters by status', async () => {
    const shop = await freshShop('Boutique Statuts');
    const { token, shopId } = admin(shop);
    await createOk(bed, token, shopId, simpleProduct('Actif'));
    await createOk(bed, token, shopId, { ...simpleProduct('Brouillon'), status: 'draft' });
    await createOk(bed, token, shopId, { ...simpleProduct('Archivé'), status: 'archived' });
    expect(sortedNames((await api.list(token, shopId)).body)).toEqual(['Actif', 'Brouillon']);
    expect(names((await api.list(token, shopId, { status: 'archived' })).body)).toEqual(['Archivé']);
    expect(names((await api.list(token, shopId, { status: 'draft' })).body)).toEqual(['Brouillon']);
    expect(names((await api.list(token, shopId, { status: 'active' })).body)).toEqual(['Actif']);
    const bad = await api.list(token, shopId, { status: 'supprimé' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details).toEqual({ status: 'Cette valeur n’est pas autorisée.' });
  });

  it('filters by a category and its sub-categories', async () => {
    const shop = await freshShop('Boutique Catégories');
    const { token, shopId } = admin(shop);
    const clothes = (await api.createCategory(token, shopId, 'Vêtements')).body;
    const men = (await api.createCategory(token, shopId, 'Homme', clothes._id)).body;
    const shirts = (await api.createCategory(token, shopId, 'Chemises', men._id)).body;
    const food = (await api.createCategory(token, shopId, 'Épicerie')).body;
    await createOk(bed, token, shopId, { ...simpleProduct('Pagne'), categoryId: clothes._id });
    await createOk(bed, token, shopId, { ...simpleProduct('Boubou homme'), categoryId: men._id });
    await createOk(bed, token, shopId, { ...simpleProduct('Chemise wax'), categoryId: shirts._id });
    await createOk(bed, token, shopId, { ...simpleProduct('Riz'), categoryId: food._id });
    await createOk(bed, token, shopId, simpleProduct('Sans catégorie'));
    const inCategory = async (categoryId: string) =>
      sortedNames((await api.list(token, shopId, { categoryId })).body);
    expect(await inCategory(clothes._id)).toEqual(['Boubou homme', 'Chemise wax', 'Pagne']);
    expect(await inCategory(men._id)).toEqual(['Boubou homme', 'Chemise wax']);
    expect(await inCategory(shirts._id)).toEqual(['Chemise wax']);
    expect(await inCategory(food._id)).toEqual(['Riz']);
    // Another shop's category matches nothing here.
    const theirs = (await api.createCategory(bed.other.members.admin.token, bed.other.shop.id, 'Autre')).body;
    expect(await inCategory(theirs._id)).toEqual([]);
  });

  it('filters by stock: out, low (at or under the threshold) and available', async () => {
    const shop = await freshShop('Boutique Stocks');
    const { token, shopId } = admin(shop);
    await createOk(bed, token, shopId, simpleProduct('Épuisé', 1000, { stock: 0, lowStockThreshold: 2 }));
    await createOk(bed, token, shopId, simpleProduct('Faible', 1000, { stock: 2, lowStockThreshold: 3 }));
    await createOk(bed, token, shopId, simpleProduct('Au seuil', 1000, { stock: 3, lowStockThreshold: 3 }));
    await createOk(
      bed,
      token,
      shopId,
      simpleProduct('Disponible', 1000, { stock: 10, lowStockThreshold: 3 }),
    );
    await createOk(bed, token, shopId, simpleProduct('Sans seuil', 1000, { stock: 1 }));
    await createOk(bed, token, shopId, simpleProduct('Non suivi', 1000, { stock: 0, trackStock: false }));
    await createOk(bed, token, shopId, {
      name: 'Variantes',
      lowStockThreshold: 1,
      options: [{ name: 'Taille', values: ['S', 'M'] }],
      variants: [
        { optionValues: ['S'], price: 1000, stock: 0 },
        { optionValues: ['M'], price: 1000, stock: 4 },
      ],
    });
    const filtered = async (stock: string) => sortedNames((await api.list(token, shopId, { stock })).body);
    expect(await filtered('out')).toEqual(['Épuisé']);
    expect(await filtered('low')).toEqual(['Au seuil', 'Faible']);
    expect(await filtered('available')).toEqual(['Disponible', 'Non suivi', 'Sans seuil', 'Variantes']);
  });

  it('pages every sort with a cursor: no overlap, nothing missed, in order', async () => {
    const shop = await freshShop('Boutique Tris');
    const { token, shopId } = admin(shop);
    // Ties on every key, so the id breaks them across pages.
    const specs: Array<[string, number, number]> = [
      ['kilo', 3000, 4],
      ['alpha', 1000, 0],
      ['delta', 5000, 9],
      ['bravo', 1000, 4],
      ['golf', 2500, 1],
      ['alpha', 2500, 4],
      ['echo', 700, 12],
      ['hotel', 1000, 0],
      ['charlie', 9000, 4],
      ['india', 3000, 7],
      ['bravo', 400, 2],
      ['juliet', 2500, 9],
    ];
    const created: Array<{ id: string; name: string; priceMin: number; stockTotal: number }> = [];
    for (const [name, price, stock] of specs) {
      const p = await createOk(bed, token, shopId, simpleProduct(name, price, { stock }));
      created.push({ id: p._id, name, priceMin: price, stockTotal: stock });
    }
    const byKey = (key: 'id' | 'name' | 'priceMin' | 'stockTotal', dir: 1 | -1) =>
      [...created]
        .sort((a, b) => {
          const [x, y] = [a[key], b[key]];
          if (x !== y) return (x < y ? -1 : 1) * dir;
          return (a.id < b.id ? -1 : 1) * dir;
        })
        .map((p) => p.id);
    const expected: Record<(typeof PRODUCT_SORTS)[number], string[]> = {
      recent: byKey('id', -1),
      name: byKey('name', 1),
      name_desc: byKey('name', -1),
      price: byKey('priceMin', 1),
      price_desc: byKey('priceMin', -1),
      stock: byKey('stockTotal', 1),
      stock_desc: byKey('stockTotal', -1),
    };
    // « Récents »: the last created first.
    expect(expected.recent).toEqual(created.map((p) => p.id).reverse());
    for (const sort of PRODUCT_SORTS) {
      const seen: string[] = [];
      const pageSizes: number[] = [];
      let after: string | null = null;
      do {
        const page: { status: number; body: { items: Array<{ _id: string }>; nextCursor: string | null } } =
          await api.list(token, shopId, { sort, limit: 5, ...(after ? { after } : {}) });
        expect(page.status).toBe(200);
        pageSizes.push(page.body.items.length);
        seen.push(...page.body.items.map((p) => p._id));
        after = page.body.nextCursor;
      } while (after && pageSizes.length < 10);
      expect(pageSizes, sort).toEqual([5, 5, 2]);
      expect(new Set(seen).size, sort).toBe(12);
      expect(seen, sort).toEqual(expected[sort]);
    }
    // The list's summary of a product.
    const first = (await api.list(token, shopId, { sort: 'price', limit: 1 })).body;
    expect(first.items[0]).toMatchObject({
      name: 'bravo',
      priceMin: 400,
      priceMax: 400,
      stockTotal: 2,
      variantsCount: 1,
      sku: null,
      barcode: null,
    });
    expect(first.nextCursor).toEqual(expect.any(String));
    // An unreadable cursor starts from the top; a bad sort or limit is refused.
    expect(
      (await api.list(token, shopId, { sort: 'name', limit: 3, after: 'pas-un-curseur' })).body.items.map(
        (p: { _id: string }) => p._id,
      ),
    ).toEqual(expected.name.slice(0, 3));
    const badSort = await api.list(token, shopId, { sort: 'poids' });
    expect(badSort.status).toBe(422);
    expect(badSort.body.error.details).toEqual({ sort: 'Cette valeur n’est pas autorisée.' });
    const badLimit = await api.list(token, shopId, { limit: 101 });
    expect(badLimit.status).toBe(422);
    expect(badLimit.body.error.details).toEqual({ limit: 'La valeur doit être au plus 100.' });
  });
});

describe('POST /api/product/generateBarcode', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers a valid in-store EAN-13 (prefix 2) that the shop does not use', async () => {
    const { token, shopId } = admin(bed.awa);
    for (let i = 0; i < 5; i++) {
      const { status, body } = await bed.server.call('POST', '/api/product/generateBarcode', {
        token,
        body: { shopId },
      });
      expect(status).toBe(200);
      expect(body.barcode).toMatch(/^2\d{12}$/);
      expect(isValidEan13(body.barcode)).toBe(true);
    }
    // Every draw of the first round gives a code the shop already has: the next round's is answered.
    const taken = ean13('200000000000');
    await createOk(bed, token, shopId, simpleProduct('Code déjà pris', 100, { barcode: taken }));
    let draws = 0;
    vi.spyOn(Math, 'random').mockImplementation(() => (draws++ < 55 ? 0 : 0.55));
    const { status, body } = await bed.server.call('POST', '/api/product/generateBarcode', {
      token,
      body: { shopId },
    });
    vi.restoreAllMocks();
    expect(status).toBe(200);
    expect(body.barcode).toBe(ean13('255555555555'));
    expect(body.barcode).not.toBe(taken);
    // The code taken in Awa's shop is free in another shop.
    draws = 0;
    vi.spyOn(Math, 'random').mockImplementation(() => 0);
    const elsewhere = await bed.server.call('POST', '/api/product/generateBarcode', {
      token: bed.other.members.admin.token,
      body: { shopId: bed.other.shop.id },
    });
    expect(elsewhere.body.barcode).toBe(taken);
  });
});

describe('product validation', () => {
  const refused = async (product: Record<string, unknown>, shop = bed.awa) => {
    const answer = await bed.server.call('POST', '/api/product/create', {
      token: shop.members.admin.token,
      body: { shopId: shop.shop.id, ...product },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe('VALIDATION_ERROR');
    return answer.body.error as { message: string; details: Record<string, string> };
  };
  const twoSizes = { options: [{ name: 'Taille', values: ['S', 'M'] }] };

  it('refuses a missing name and a negative price, naming the field', async () => {
    const noName = await refused({ variants: [{ optionValues: [], price: 100 }] });
    expect(noName.details).toEqual({ name: 'Ce champ est obligatoire.' });
    const blankName = await refused({ name: '   ', variants: [{ optionValues: [], price: 100 }] });
    expect(blankName.details).toEqual({ name: 'Ce champ est obligatoire.' });
    const negative = await refused({ name: 'Négatif', variants: [{ optionValues: [], price: -1 }] });
    expect(negative.details).toEqual({ 'variants.0.price': 'La valeur doit être au moins 0.' });
    expect(negative.message).toBe(`Prix${NBSP}: la valeur doit être au moins 0.`);
    const noVariant = await refused({ name: 'Sans variante', variants: [] });
    expect(noVariant.details).toEqual({ variants: 'La liste ne peut pas être vide.' });
    const decimal = await refused({ name: 'Décimal', variants: [{ optionValues: [], price: 10.5 }] });
    expect(decimal.details).toEqual({ 'variants.0.price': 'Valeur invalide.' });
  });

  it('refuses a compare-at price under the price', async () => {
    const error = await refused({
      name: 'Prix barré',
      variants: [{ optionValues: [], price: 5000, compareAtPrice: 4999 }],
    });
    expect(error.details).toEqual({
      'variants.0.compareAtPrice': 'Le prix barré doit être supérieur ou égal au prix.',
    });
    expect(error.message).toBe(`Prix barré${NBSP}: le prix barré doit être supérieur ou égal au prix.`);
  });

  it('refuses variants that do not match the options', async () => {
    const duplicate = await refused({
      name: 'Doublon',
      ...twoSizes,
      variants: [
        { optionValues: ['S'], price: 100 },
        { optionValues: ['S'], price: 200 },
      ],
    });
    expect(duplicate.details).toEqual({ 'variants.1.optionValues': 'Cette combinaison existe déjà.' });
    const missingValue = await refused({
      name: 'Valeurs manquantes',
      options: [
        { name: 'Taille', values: ['S', 'M'] },
        { name: 'Couleur', values: ['Rouge'] },
      ],
      variants: [
        { optionValues: ['S', 'Rouge'], price: 100 },
        { optionValues: ['M'], price: 100 },
      ],
    });
    expect(missingValue.details).toEqual({
      'variants.1.optionValues': 'Choisissez une valeur pour chaque option.',
    });
    const unknownValue = await refused({
      name: 'Valeur inconnue',
      ...twoSizes,
      variants: [
        { optionValues: ['S'], price: 100 },
        { optionValues: ['XL'], price: 100 },
      ],
    });
    expect(unknownValue.details).toEqual({
      'variants.1.optionValues': `«${NBSP}XL${NBSP}» n’est pas une valeur de l’option Taille.`,
    });
    const withoutOptions = await refused({
      name: 'Deux variantes sans option',
      variants: [
        { optionValues: [], price: 100 },
        { optionValues: [], price: 200 },
      ],
    });
    expect(withoutOptions.details).toMatchObject({
      variants: 'Un produit sans option a exactement une variante.',
    });
    const fourOptions = await refused({
      name: 'Quatre options',
      options: ['A', 'B', 'C', 'D'].map((name) => ({ name, values: ['x'] })),
      variants: [{ optionValues: ['x', 'x', 'x'], price: 100 }],
    });
    expect(fourOptions.details).toEqual({ options: 'Au plus 3 éléments.' });
    expect(fourOptions.message).toBe(`Options${NBSP}: au plus 3 éléments.`);
  });

  it('refuses codes repeated in the product or used by another product of the shop', async () => {
    const { token, shopId } = admin(bed.awa);
    const barcode = ean13('299999999991');
    await createOk(bed, token, shopId, simpleProduct('Porteur des codes', 100, { sku: 'PRIS-01', barcode }));
    const takenSku = await refused({
      name: 'SKU pris',
      ...twoSizes,
      variants: [
        { optionValues: ['S'], price: 100, sku: 'LIBRE-01' },
        { optionValues: ['M'], price: 100, sku: 'PRIS-01' },
      ],
    });
    expect(takenSku.details).toEqual({ 'variants.1.sku': 'Ce SKU est déjà utilisé par un autre produit.' });
    expect(takenSku.message).toBe(`SKU${NBSP}: ce SKU est déjà utilisé par un autre produit.`);
    const takenBarcode = await refused({ ...simpleProduct('Code pris', 100, { barcode }) });
    expect(takenBarcode.details).toEqual({
      'variants.0.barcode': 'Ce code-barres est déjà utilisé par un autre produit.',
    });
    const repeated = await refused({
      name: 'SKU répété',
      ...twoSizes,
      variants: [
        { optionValues: ['S'], price: 100, sku: 'REP-01' },
        { optionValues: ['M'], price: 100, sku: 'REP-01' },
      ],
    });
    expect(repeated.details).toEqual({ 'variants.1.sku': 'Ce SKU est déjà utilisé par une autre variante.' });
    // Another shop may use the same codes.
    await createOk(
      bed,
      bed.other.members.admin.token,
      bed.other.shop.id,
      simpleProduct('Mêmes codes ailleurs', 100, { sku: 'PRIS-01', barcode }),
    );
  });

  it('refuses an EAN-13 whose check digit is wrong', async () => {
    const good = ean13('612345678901');
    const wrong = `${good.slice(0, 12)}${(Number(good[12]) + 1) % 10}`;
    const error = await refused(simpleProduct('EAN faux', 100, { barcode: wrong }));
    expect(error.details).toEqual({
      'variants.0.barcode': `Ce code EAN-13 est invalide${NBSP}: son chiffre de contrôle ne correspond pas.`,
    });
    const symbols = await refused(simpleProduct('Code bizarre', 100, { barcode: 'AB CD!' }));
    expect(symbols.details).toEqual({
      'variants.0.barcode': 'Le code-barres ne peut contenir que des chiffres, des lettres et des tirets.',
    });
    // A correct one, and a shop's own non-EAN code, pass.
    await createOk(
      bed,
      bed.awa.members.admin.token,
      bed.awa.shop.id,
      simpleProduct('EAN juste', 100, { barcode: good }),
    );
    await createOk(
      bed,
      bed.awa.members.admin.token,
      bed.awa.shop.id,
      simpleProduct('Code maison', 100, { barcode: 'MAISON-42' }),
    );
  });

  it('refuses a category of another shop, and nothing is created', async () => {
    const theirs = (await api.createCategory(bed.other.members.admin.token, bed.other.shop.id, 'Leur rayon'))
      .body;
    const error = await refused({ ...simpleProduct('Rayon étranger'), categoryId: theirs._id });
    expect(error.details).toEqual({ categoryId: 'Cette catégorie n’existe pas.' });
    expect(error.message).toBe(`Catégorie${NBSP}: cette catégorie n’existe pas.`);
    expect(await bed.database.db.select().from(products).where(eq(products.name, 'Rayon étranger'))).toEqual(
      [],
    );
  });

  it('lets one of several simultaneous saves take a free SKU and barcode, the others get 422', async () => {
    const { token, shopId } = admin(bed.awa);
    for (let round = 0; round < 6; round++) {
      const sku = `COURSE-${round}`;
      const barcode = ean13(`21000000000${round}`);
      const p = await createOk(bed, token, shopId, simpleProduct(`Course P${round}`, 100));
      const q = await createOk(bed, token, shopId, simpleProduct(`Course Q${round}`, 100));
      const edit = (product: { _id: string; name: string; variants: Array<{ _id: string }> }) =>
        api.update(token, shopId, product._id, {
          name: product.name,
          variants: [{ id: product.variants[0]!._id, optionValues: [], price: 100, sku, barcode }],
        });
      const answers = await Promise.all([
        edit(p),
        api.create(token, shopId, simpleProduct(`Course C${round}`, 100, { sku, barcode })),
        edit(q),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422]);
      for (const answer of answers.filter((a) => a.status === 422))
        expect(answer.body.error.details).toEqual({
          'variants.0.sku': 'Ce SKU est déjà utilisé par un autre produit.',
          'variants.0.barcode': 'Ce code-barres est déjà utilisé par un autre produit.',
        });
      const holders = await bed.database.db
        .select()
        .from(productVariants)
        .where(eq(productVariants.sku, sku));
      expect(holders).toHaveLength(1);
      expect(holders[0]!.barcode).toBe(barcode);
    }
  });

  it('refuses on update a variant id of another product, and changes nothing', async () => {
    const { token, shopId } = admin(bed.awa);
    const mine = await createOk(bed, token, shopId, simpleProduct('Ma variante', 1000, { stock: 2 }));
    const neighbour = await createOk(bed, token, shopId, simpleProduct('Produit voisin', 2000, { stock: 5 }));
    const theirs = await createOk(
      bed,
      bed.other.members.admin.token,
      bed.other.shop.id,
      simpleProduct('Leur variante', 3000),
    );
    for (const foreign of [neighbour.variants[0]._id, theirs.variants[0]._id]) {
      const answer = await api.update(token, shopId, mine._id, {
        name: 'Volée',
        variants: [{ id: foreign, optionValues: [], price: 1 }],
      });
      expect(answer.status).toBe(422);
      expect(answer.body.error.details).toEqual({
        'variants.0.id': 'Cette variante n’appartient pas au produit.',
      });
    }
    expect((await api.get(token, shopId, mine._id)).body).toEqual(mine);
    expect((await api.get(token, shopId, neighbour._id)).body).toEqual(neighbour);
    expect((await api.get(bed.other.members.admin.token, bed.other.shop.id, theirs._id)).body).toEqual(
      theirs,
    );
    // Another shop's product cannot be updated from here.
    const crossing = await api.update(token, shopId, theirs._id, simpleProduct('Volé'));
    expect(crossing.status).toBe(404);
    expect(crossing.body.error).toEqual({ code: 'NOT_FOUND', message: 'Le produit est introuvable.' });
  });
});

describe('the products quota', () => {
  const quotas = async (token: string, shopId: string) => {
    const { status, body } = await bed.server.call('GET', `/api/shop/getShop?shopId=${shopId}`, { token });
    expect(status).toBe(200);
    return body.planQuotas as {
      maxNumberOfAuthorizedProducts: number;
      currentNumberOfAuthorizedProducts: number;
    };
  };
  const refusal = {
    code: 'QUOTA_EXCEEDED',
    message:
      'Votre forfait Gratuit autorise 50 produits au maximum. Passez à un forfait supérieur pour en ajouter.',
  };

  it('allows 50 products on the free plan: concurrent creates for the last seat, then the 51st refused', async () => {
    const shop = await freshShop('Boutique Quota Produits');
    const { token, shopId } = admin(shop);
    await putOnFreePlan(bed, shopId);
    expect(await quotas(token, shopId)).toMatchObject({
      maxNumberOfAuthorizedProducts: 50,
      currentNumberOfAuthorizedProducts: 0,
    });
    for (let i = 1; i <= 49; i++)
      await createOk(bed, token, shopId, {
        ...simpleProduct(`Produit ${i}`, 100 * i),
        // Archived and draft products count too.
        status: i % 10 === 0 ? 'archived' : i % 7 === 0 ? 'draft' : 'active',
      });
    expect((await quotas(token, shopId)).currentNumberOfAuthorizedProducts).toBe(49);

    const answers = await Promise.all(
      ['Course A', 'Course B', 'Course C'].map((name) => api.create(token, shopId, simpleProduct(name))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403, 403]);
    for (const answer of answers.filter((a) => a.status === 403)) expect(answer.body.error).toEqual(refusal);
    expect((await quotas(token, shopId)).currentNumberOfAuthorizedProducts).toBe(50);

    const fiftyFirst = await api.create(token, shopId, simpleProduct('Produit 51'));
    expect(fiftyFirst.status).toBe(403);
    expect(fiftyFirst.body.error).toEqual(refusal);
    const all = await bed.database.db.select().from(products).where(eq(products.shopId, shopId));
    expect(all).toHaveLength(50);
    expect(all.filter((p) => p.name.startsWith('Course'))).toHaveLength(1);
    expect((await quotas(token, shopId)).currentNumberOfAuthorizedProducts).toBe(50);

    // Deleting one frees its seat.
    const archived = all.find((p) => p.status === 'archived')!;
    expect((await api.bulk(token, shopId, [archived.id], { action: 'delete' })).body).toEqual({ count: 1 });
    expect((await quotas(token, shopId)).currentNumberOfAuthorizedProducts).toBe(49);
    expect((await api.create(token, shopId, simpleProduct('Produit 51'))).status).toBe(200);
    expect((await quotas(token, shopId)).currentNumberOfAuthorizedProducts).toBe(50);
  });
});

describe('products permissions and tenancy', () => {
  it('lets only roles with products rights see and edit the catalogue', async () => {
    const shop = await freshShop('Boutique Droits Produits');
    const shopId = shop.shop.id;
    const seeded = await createOk(bed, shop.members.admin.token, shopId, simpleProduct('Produit de base'));
    const cashier = shop.members.cashier.token;
    for (const answer of [
      await api.list(cashier, shopId),
      await api.get(cashier, shopId, seeded._id),
      await api.create(cashier, shopId, simpleProduct('Par la caissière')),
      await api.update(cashier, shopId, seeded._id, simpleProduct('Renommé par la caissière')),
      await api.bulk(cashier, shopId, [seeded._id], { action: 'delete' }),
      await bed.server.call('POST', '/api/product/generateBarcode', { token: cashier, body: { shopId } }),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.error).toEqual({
        code: 'FORBIDDEN',
        message: 'Votre rôle ne vous permet pas d’effectuer cette action.',
      });
    }
    for (const role of ['seller', 'inventory-manager', 'supervisor'] as const) {
      const token = shop.members[role].token;
      const created = await createOk(bed, token, shopId, simpleProduct(`Créé par ${role}`));
      expect((await api.get(token, shopId, created._id)).status).toBe(200);
      expect(
        (await api.update(token, shopId, created._id, simpleProduct(`Modifié par ${role}`))).status,
      ).toBe(200);
      expect((await api.list(token, shopId)).status).toBe(200);
    }
    const all = await bed.database.db.select().from(products).where(eq(products.shopId, shopId));
    expect(all.map((p) => p.name).sort()).toEqual([
      'Modifié par inventory-manager',
      'Modifié par seller',
      'Modifié par supervisor',
      'Produit de base',
    ]);
  });

  it('answers 401 without token, 404 across shops, 403 for a blocked shop', async () => {
    const { token, shopId } = admin(bed.awa);
    const mine = await createOk(bed, token, shopId, simpleProduct('Produit privé'));
    expect((await api.list(undefined, shopId)).status).toBe(401);
    expect((await api.get(undefined, shopId, mine._id)).status).toBe(401);
    const anonymous = await api.create(undefined, shopId, simpleProduct('Anonyme'));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('UNAUTHENTICATED');

    const outsider = bed.other.members.admin.token;
    for (const answer of [
      await api.list(outsider, shopId),
      await api.get(outsider, shopId, mine._id),
      await api.create(outsider, shopId, simpleProduct('Intrus')),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.error).toEqual({ code: 'NOT_FOUND', message: 'La boutique est introuvable.' });
    }
    // With its own shopId, another shop's product is not found either.
    const crossing = await api.get(outsider, bed.other.shop.id, mine._id);
    expect(crossing.status).toBe(404);
    expect(crossing.body.error).toEqual({ code: 'NOT_FOUND', message: 'Le produit est introuvable.' });
    expect((await api.get(token, shopId, 'inconnu')).status).toBe(404);

    const blocked = await freshShop('Boutique Produits Bloquée');
    const before = await createOk(
      bed,
      blocked.members.admin.token,
      blocked.shop.id,
      simpleProduct('Avant blocage'),
    );
    await blockShop(bed.database.db, blocked.shop.id);
    for (const answer of [
      await api.list(blocked.members.admin.token, blocked.shop.id),
      await api.get(blocked.members.admin.token, blocked.shop.id, before._id),
      await api.create(blocked.members.admin.token, blocked.shop.id, simpleProduct('Après blocage')),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.error.code).toBe('SHOP_BLOCKED');
    }
    expect(
      await bed.database.db.select().from(products).where(eq(products.shopId, blocked.shop.id)),
    ).toHaveLength(1);
  });
});

describe('POST /api/product/bulk', () => {
  it('changes the status, the category and the prices of a selection, then deletes it', async () => {
    const shop = await freshShop('Boutique Actions Groupées');
    const { token, shopId } = admin(shop);
    const a = await createOk(bed, token, shopId, {
      name: 'Lot A',
      options: [{ name: 'Taille', values: ['S', 'M'] }],
      variants: [
        { optionValues: ['S'], price: 1000, stock: 1 },
        { optionValues: ['M'], price: 2505, stock: 1 },
      ],
    });
    const b = await createOk(bed, token, shopId, simpleProduct('Lot B', 300));
    const c = await createOk(bed, token, shopId, simpleProduct('Hors lot', 5000));
    const selection = [a._id, b._id];
    const prices = async (id: string) =>
      (await api.get(token, shopId, id)).body.variants.map((v: { price: number }) => v.price);

    expect((await api.bulk(token, shopId, selection, { action: 'status', status: 'archived' })).body).toEqual(
      {
        count: 2,
      },
    );
    expect(names((await api.list(token, shopId)).body)).toEqual(['Hors lot']);
    expect(sortedNames((await api.list(token, shopId, { status: 'archived' })).body)).toEqual([
      'Lot A',
      'Lot B',
    ]);

    const category = (await api.createCategory(token, shopId, 'Soldes')).body;
    expect(
      (await api.bulk(token, shopId, selection, { action: 'category', categoryId: category._id })).body,
    ).toEqual({ count: 2 });
    expect((await api.get(token, shopId, a._id)).body.categoryId).toBe(category._id);
    expect((await api.get(token, shopId, c._id)).body.categoryId).toBeNull();
    const unknown = await api.bulk(token, shopId, selection, { action: 'category', categoryId: 'inconnue' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.details).toEqual({ categoryId: 'Cette catégorie n’existe pas.' });
    expect((await api.get(token, shopId, a._id)).body.categoryId).toBe(category._id);
    expect((await api.bulk(token, shopId, [b._id], { action: 'category', categoryId: null })).status).toBe(
      200,
    );
    expect((await api.get(token, shopId, b._id)).body.categoryId).toBeNull();

    // +10 %, rounded to the minor unit.
    const percent = await api.bulk(token, shopId, selection, { action: 'price', mode: 'percent', value: 10 });
    expect(percent.body).toEqual({ count: 2 });
    expect(await prices(a._id)).toEqual([1100, 2756]);
    expect(await prices(b._id)).toEqual([330]);
    expect((await api.get(token, shopId, a._id)).body.priceMin).toBe(1100);
    // −500: never below zero, and priceMin follows.
    const amount = await api.bulk(token, shopId, selection, { action: 'price', mode: 'amount', value: -500 });
    expect(amount.status).toBe(200);
    expect(await prices(a._id)).toEqual([600, 2256]);
    expect(await prices(b._id)).toEqual([0]);
    expect((await api.get(token, shopId, a._id)).body.priceMin).toBe(600);
    expect((await api.get(token, shopId, b._id)).body.priceMin).toBe(0);
    expect((await api.list(token, shopId, { status: 'archived', sort: 'price' })).body.items).toMatchObject([
      { name: 'Lot B', priceMin: 0, priceMax: 0 },
      { name: 'Lot A', priceMin: 600, priceMax: 2256 },
    ]);
    // The product outside the selection did not move.
    expect(await prices(c._id)).toEqual([5000]);
    expect((await api.get(token, shopId, c._id)).body).toMatchObject({ status: 'active', priceMin: 5000 });

    expect((await api.bulk(token, shopId, selection, { action: 'delete' })).body).toEqual({ count: 2 });
    expect((await api.get(token, shopId, a._id)).status).toBe(404);
    expect(
      await bed.database.db
        .select()
        .from(productVariants)
        .where(inArray(productVariants.productId, selection)),
    ).toEqual([]);
    expect(
      await bed.database.db.select().from(stockMovements).where(inArray(stockMovements.productId, selection)),
    ).toEqual([]);
    expect(names((await api.list(token, shopId)).body)).toEqual(['Hors lot']);
  });

  it('refuses a selection holding another shop’s product with 404, and changes nothing', async () => {
    const { token, shopId } = admin(bed.awa);
    const mine = await createOk(bed, token, shopId, simpleProduct('Sélection mixte', 1000));
    const theirs = await createOk(
      bed,
      bed.other.members.admin.token,
      bed.other.shop.id,
      simpleProduct('Pas à Awa', 2000),
    );
    for (const change of [
      { action: 'status', status: 'archived' },
      { action: 'category', categoryId: null },
      { action: 'price', mode: 'percent', value: 50 },
      { action: 'delete' },
    ]) {
      const answer = await api.bulk(token, shopId, [mine._id, theirs._id], change);
      expect(answer.status).toBe(404);
      expect(answer.body.error).toEqual({
        code: 'NOT_FOUND',
        message: 'Un des produits sélectionnés est introuvable.',
      });
    }
    expect((await api.get(token, shopId, mine._id)).body).toEqual(mine);
    expect((await api.get(bed.other.members.admin.token, bed.other.shop.id, theirs._id)).body).toEqual(
      theirs,
    );
    const badAction = await api.bulk(token, shopId, [mine._id], {
      action: 'price',
      mode: 'double',
      value: 2,
    });
    expect(badAction.status).toBe(422);
    const empty = await api.bulk(token, shopId, [], { action: 'delete' });
    expect(empty.status).toBe(422);
    expect(empty.body.error.details).toEqual({ productIds: 'La liste ne peut pas être vide.' });
  });
});

describe('product images', () => {
  const upload = (token: string, shopId: string, productId: string, data: Buffer) =>
    bed.server.call('POST', `/api/product/uploadImage?shopId=${shopId}&productId=${productId}`, {
      token,
      rawBody: data,
      headers: { 'content-type': 'image/png' },
    });
  const coverOf = async (token: string, shopId: string, productId: string) =>
    (await api.get(token, shopId, productId)).body.coverUrl as string | null;

  it('stores each upload in three WebP sizes, the first image being the cover', async () => {
    const { token, shopId } = admin(bed.awa);
    const product = await createOk(bed, token, shopId, simpleProduct('Produit photographié'));
    const { status, body } = await upload(token, shopId, product._id, await pngImage(800, 600));
    expect(status).toBe(200);
    expect(body).toEqual([
      {
        _id: expect.any(String),
        position: 0,
        listUrl: expect.stringMatching(new RegExp(`^/uploads/products/${shopId}/[a-z0-9]+-list\\.webp$`)),
        cardUrl: expect.stringMatching(new RegExp(`^/uploads/products/${shopId}/[a-z0-9]+-card\\.webp$`)),
        zoomUrl: expect.stringMatching(new RegExp(`^/uploads/products/${shopId}/[a-z0-9]+-zoom\\.webp$`)),
      },
    ]);
    const sizes: Array<[string, number, number]> = [
      [body[0].listUrl, 160, 160],
      [body[0].cardUrl, 600, 450],
      // Never enlarged: the zoom keeps the original size.
      [body[0].zoomUrl, 800, 600],
    ];
    for (const [url, width, height] of sizes) {
      const served = await fetch(`${bed.server.url}${url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height });
    }
    expect(await coverOf(token, shopId, product._id)).toBe(body[0].listUrl);
    // A second image goes after the first; the cover stays.
    const second = await upload(token, shopId, product._id, await pngImage(100, 300));
    expect(second.body.map((i: { position: number }) => i.position)).toEqual([0, 1]);
    expect(second.body[0]._id).toBe(body[0]._id);
    expect(await coverOf(token, shopId, product._id)).toBe(body[0].listUrl);
    const listed = await api.list(token, shopId, { search: 'photographié' });
    expect(listed.body.items[0].coverUrl).toBe(body[0].listUrl);
  });

  it('keeps 10 images at most, reorders (new cover) and removes them', async () => {
    const { token, shopId } = admin(bed.awa);
    const product = await createOk(bed, token, shopId, simpleProduct('Galerie pleine'));
    const png = await pngImage(40, 40);
    let images: Array<{ _id: string; listUrl: string; position: number }> = [];
    for (let i = 0; i < 10; i++) {
      const answer = await upload(token, shopId, product._id, png);
      expect(answer.status).toBe(200);
      images = answer.body;
    }
    expect(images).toHaveLength(10);
    const eleventh = await upload(token, shopId, product._id, png);
    expect(eleventh.status).toBe(422);
    expect(eleventh.body.error.details).toEqual({ image: 'Un produit a 10 images au plus.' });
    expect(eleventh.body.error.message).toBe(`Image${NBSP}: un produit a 10 images au plus.`);
    expect(
      await bed.database.db.select().from(productImages).where(eq(productImages.productId, product._id)),
    ).toHaveLength(10);

    const reversed = images.map((i) => i._id).reverse();
    const reordered = await bed.server.call('POST', '/api/product/reorderImages', {
      token,
      body: { shopId, productId: product._id, imageIds: reversed },
    });
    expect(reordered.status).toBe(200);
    expect(reordered.body.map((i: { _id: string }) => i._id)).toEqual(reversed);
    expect(reordered.body.map((i: { position: number }) => i.position)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    expect(await coverOf(token, shopId, product._id)).toBe(images[9]!.listUrl);
    const incomplete = await bed.server.call('POST', '/api/product/reorderImages', {
      token,
      body: { shopId, productId: product._id, imageIds: reversed.slice(1) },
    });
    expect(incomplete.status).toBe(422);
    expect(incomplete.body.error.details).toEqual({
      imageIds: 'Le nouvel ordre doit reprendre chaque image du produit une fois.',
    });

    // Removing the cover makes the next image the cover.
    const removed = await bed.server.call('POST', '/api/product/removeImage', {
      token,
      body: { shopId, productId: product._id, imageId: images[9]!._id },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.map((i: { _id: string }) => i._id)).toEqual(reversed.slice(1));
    expect(await coverOf(token, shopId, product._id)).toBe(images[8]!.listUrl);
    // Room for one again.
    expect((await upload(token, shopId, product._id, png)).status).toBe(200);
    const again = await bed.server.call('POST', '/api/product/removeImage', {
      token,
      body: { shopId, productId: product._id, imageId: images[9]!._id },
    });
    expect(again.status).toBe(404);
    for (const image of (await api.get(token, shopId, product._id)).body.images)
      await bed.server.call('POST', '/api/product/removeImage', {
        token,
        body: { shopId, productId: product._id, imageId: image._id },
      });
    expect(await coverOf(token, shopId, product._id)).toBeNull();
  });

  it('lets only one of two simultaneous uploads take the tenth place', async () => {
    const { token, shopId } = admin(bed.awa);
    const product = await createOk(bed, token, shopId, simpleProduct('Galerie disputée'));
    const png = await pngImage(40, 40);
    for (let i = 0; i < 9; i++) expect((await upload(token, shopId, product._id, png)).status).toBe(200);
    const answers = await Promise.all([
      upload(token, shopId, product._id, png),
      upload(token, shopId, product._id, await pngImage(60, 60)),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    expect(answers.find((a) => a.status === 422)!.body.error.details).toEqual({
      image: 'Un produit a 10 images au plus.',
    });
    const stored = await bed.database.db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, product._id));
    expect(stored).toHaveLength(10);
    expect(new Set(stored.map((i) => i.position)).size).toBe(10);
  });

  it('refuses what is not an image, and images on another shop’s product', async () => {
    const { token, shopId } = admin(bed.awa);
    const product = await createOk(bed, token, shopId, simpleProduct('Pas de texte en photo'));
    const text = await upload(token, shopId, product._id, Buffer.from('Ceci n’est pas une image.\n'));
    expect(text.status).toBe(422);
    expect(text.body.error.details).toEqual({ image: 'Le fichier doit être une image JPEG, PNG ou WebP.' });
    expect(text.body.error.message).toBe(`Image${NBSP}: le fichier doit être une image JPEG, PNG ou WebP.`);
    const empty = await upload(token, shopId, product._id, Buffer.alloc(0));
    expect(empty.body.error.details).toEqual({ image: 'Le fichier est vide.' });
    expect((await api.get(token, shopId, product._id)).body).toMatchObject({ images: [], coverUrl: null });

    const theirs = await createOk(
      bed,
      bed.other.members.admin.token,
      bed.other.shop.id,
      simpleProduct('Leur photo'),
    );
    const theirImages = (
      await upload(bed.other.members.admin.token, bed.other.shop.id, theirs._id, await pngImage(50, 50))
    ).body;
    const png = await pngImage(20, 20);
    expect((await upload(token, shopId, theirs._id, png)).status).toBe(404);
    expect((await upload(token, bed.other.shop.id, theirs._id, png)).status).toBe(404);
    expect((await upload(bed.awa.members.cashier.token, shopId, product._id, png)).status).toBe(403);
    const removal = await bed.server.call('POST', '/api/product/removeImage', {
      token,
      body: { shopId, productId: theirs._id, imageId: theirImages[0]._id },
    });
    expect(removal.status).toBe(404);
    const reorder = await bed.server.call('POST', '/api/product/reorderImages', {
      token,
      body: { shopId, productId: theirs._id, imageIds: [theirImages[0]._id] },
    });
    expect(reorder.status).toBe(404);
    expect((await api.get(bed.other.members.admin.token, bed.other.shop.id, theirs._id)).body.images).toEqual(
      theirImages,
    );
  });
});

describe('variant images', () => {
  it('accepts one of the product’s own images for a variant and refuses any other address', async () => {
    const { default: sharp } = await import('sharp');
    const token = bed.awa.members.admin.token;
    const shopId = bed.awa.shop.id;
    const body = {
      shopId,
      name: 'Tissu bogolan',
      options: [{ name: 'Couleur', values: ['Ocre', 'Noir'] }],
      variants: [
        { optionValues: ['Ocre'], price: 9000 },
        { optionValues: ['Noir'], price: 9000 },
      ],
    };
    const created = await bed.server.call('POST', '/api/product/create', { token, body });
    expect(created.status).toBe(200);
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#b36b00' } })
      .png()
      .toBuffer();
    const uploaded = await bed.server.call(
      'POST',
      `/api/product/uploadImage?shopId=${shopId}&productId=${created.body._id}`,
      { token, rawBody: png, headers: { 'content-type': 'image/png' } },
    );
    const cardUrl = uploaded.body[0].cardUrl as string;
    const variants = created.body.variants.map((v: { _id: string; optionValues: string[] }, i: number) => ({
      id: v._id,
      optionValues: v.optionValues,
      price: 9000,
      imageUrl: i === 0 ? cardUrl : null,
    }));
    const update = { ...body, productId: created.body._id, variants };
    const saved = await bed.server.call('POST', '/api/product/update', { token, body: update });
    expect(saved.status).toBe(200);
    expect(saved.body.variants[0].imageUrl).toBe(cardUrl);

    const foreign = structuredClone(update);
    foreign.variants[1].imageUrl = 'https://pisteur.example/pixel.gif';
    const refused = await bed.server.call('POST', '/api/product/update', { token, body: foreign });
    expect(refused.status).toBe(422);
    expect(refused.body.error.details).toEqual({
      'variants.1.imageUrl': 'Cette image n’appartient pas au produit.',
    });

    // Removing the picture takes it off the variant too.
    await bed.server.call('POST', '/api/product/removeImage', {
      token,
      body: { shopId, productId: created.body._id, imageId: uploaded.body[0]._id },
    });
    const after = await bed.server.call(
      'GET',
      `/api/product/get?shopId=${shopId}&productId=${created.body._id}`,
      {
        token,
      },
    );
    expect(after.body.variants[0].imageUrl).toBeNull();
  });
});
