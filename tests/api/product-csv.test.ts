import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import {
  productCategories,
  productVariants,
  products,
  shops,
  stockMovements,
  variantPriceHistory,
} from '@/server/db/schema';
import { parseCsv, serializeCsvRow } from '@/server/csv';
import { PRODUCT_CSV_HEADERS } from '@/features/product/server/csv/columns';
import { setupApiTestbed } from '../helpers/api-testbed';
import { createShopFixture, type ShopFixture } from '../helpers/fixtures';

const bed = setupApiTestbed();

const HEADER_LINE =
  'Nom;Description;Statut;Catégorie;Étiquettes;Suivi du stock;Seuil de stock faible;Poids (g);Option 1 nom;Option 1 valeur;Option 2 nom;Option 2 valeur;Option 3 nom;Option 3 valeur;SKU;Code-barres;Prix;Prix barré;Prix de revient;Stock';

type Cells = Record<string, string>;

/** A CSV file from rows keyed by French header (missing cells empty). */
function csvFile(rows: Cells[], separator: ';' | ',' = ';'): string {
  return [PRODUCT_CSV_HEADERS, ...rows.map((r) => PRODUCT_CSV_HEADERS.map((h) => r[h] ?? ''))]
    .map((fields) => serializeCsvRow(fields, separator))
    .join('');
}

/** The file's rows keyed by header, as a spreadsheet would show them. */
function rowsOf(text: string): Cells[] {
  const [header, ...rows] = parseCsv(text).records;
  return rows.map((r) => Object.fromEntries(header!.fields.map((h, i) => [h, r.fields[i] ?? ''])));
}

/** French typography puts no-break spaces in messages; tests compare plain text. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

async function exportCsv(fixture: ShopFixture, params = '', role: 'admin' | 'cashier' = 'admin') {
  const response = await fetch(`${bed.server.url}/api/product/exportCsv?shopId=${fixture.shop.id}${params}`, {
    headers: { authorization: `Bearer ${fixture.members[role].token}` },
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: bytes.toString('utf8') };
}

function importCsv(
  fixture: ShopFixture,
  csv: string | Buffer,
  dryRun: boolean,
  role: 'admin' | 'seller' | 'cashier' = 'admin',
  shopId = fixture.shop.id,
) {
  return bed.server.call('POST', `/api/product/importCsv?shopId=${shopId}&dryRun=${dryRun}`, {
    token: fixture.members[role].token,
    rawBody: csv,
  });
}

async function createProduct(fixture: ShopFixture, body: Record<string, unknown>) {
  const answer = await bed.server.call('POST', '/api/product/create', {
    token: fixture.members.admin.token,
    body: { shopId: fixture.shop.id, ...body },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

async function createCategory(fixture: ShopFixture, name: string, parentId: string | null = null) {
  const answer = await bed.server.call('POST', '/api/product/createCategory', {
    token: fixture.members.admin.token,
    body: { shopId: fixture.shop.id, name, parentId },
  });
  expect(answer.status).toBe(200);
  return answer.body._id as string;
}

async function newShop(name: string, currency: 'XOF' | 'EUR' = 'XOF'): Promise<ShopFixture> {
  const fixture = await createShopFixture(bed.database.db, name);
  if (currency !== 'XOF') {
    await bed.database.db.update(shops).set({ currency, country: 'FR' }).where(eq(shops.id, fixture.shop.id));
    fixture.shop = { ...fixture.shop, currency, country: 'FR' };
  }
  return fixture;
}

/** Everything an import could touch, for « nothing changed » checks. */
async function snapshot(shopId: string) {
  const db = bed.database.db;
  return {
    products: await db.select().from(products).where(eq(products.shopId, shopId)).orderBy(asc(products.id)),
    variants: await db
      .select()
      .from(productVariants)
      .where(eq(productVariants.shopId, shopId))
      .orderBy(asc(productVariants.id)),
    movements: await db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.shopId, shopId))
      .orderBy(asc(stockMovements.id)),
    categories: await db
      .select()
      .from(productCategories)
      .where(eq(productCategories.shopId, shopId))
      .orderBy(asc(productCategories.id)),
  };
}

async function productsOf(shopId: string) {
  return bed.database.db.select().from(products).where(eq(products.shopId, shopId)).orderBy(asc(products.id));
}

async function variantsBySku(shopId: string) {
  const rows = await bed.database.db.select().from(productVariants).where(eq(productVariants.shopId, shopId));
  return new Map(rows.map((v) => [v.sku, v]));
}

/** A boubou in two sizes under Vêtements > Boubous, and a tea without options. */
async function seedCatalogue(fixture: ShopFixture) {
  const clothes = await createCategory(fixture, 'Vêtements');
  const boubous = await createCategory(fixture, 'Boubous', clothes);
  const boubou = await createProduct(fixture, {
    name: 'Boubou brodé',
    descriptionHtml: '<p>Coton; "bio"</p>\n<p>Brodé main</p>',
    categoryId: boubous,
    tags: ['coton', 'fête'],
    lowStockThreshold: 2,
    weightGrams: 450,
    options: [{ name: 'Taille', values: ['M', 'L'] }],
    variants: [
      { optionValues: ['M'], price: 12500, compareAtPrice: 15000, costPrice: 8000, sku: 'BOU-M', stock: 3 },
      { optionValues: ['L'], price: 13500, sku: 'BOU-L', stock: 0 },
    ],
  });
  const tea = await createProduct(fixture, {
    name: 'Thé vert',
    status: 'draft',
    trackStock: false,
    variants: [{ optionValues: [], price: 2000, sku: 'THE-1', barcode: '2000000000015' }],
  });
  return { clothes, boubous, boubou, tea };
}

describe('GET /api/product/exportCsv', () => {
  it('answers a UTF-8 file with a BOM, the French headers, one row per variant', async () => {
    const shop = await newShop('Export XOF');
    await seedCatalogue(shop);
    const file = await exportCsv(shop);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toMatch(
      /^attachment; filename="produits-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(file.headers.get('cache-control')).toBe('no-store');
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file.text.slice(1).split('\r\n')[0]).toBe(HEADER_LINE);

    const rows = rowsOf(file.text);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual({
      Nom: 'Boubou brodé',
      Description: '<p>Coton; "bio"</p>\n<p>Brodé main</p>',
      Statut: 'Actif',
      Catégorie: 'Vêtements > Boubous',
      Étiquettes: 'coton, fête',
      'Suivi du stock': 'Oui',
      'Seuil de stock faible': '2',
      'Poids (g)': '450',
      'Option 1 nom': 'Taille',
      'Option 1 valeur': 'M',
      'Option 2 nom': '',
      'Option 2 valeur': '',
      'Option 3 nom': '',
      'Option 3 valeur': '',
      SKU: 'BOU-M',
      'Code-barres': '',
      Prix: '12500',
      'Prix barré': '15000',
      'Prix de revient': '8000',
      Stock: '3',
    });
    // Product fields on the first row only; the name and option names on every row.
    expect(rows[1]).toMatchObject({
      Nom: 'Boubou brodé',
      Description: '',
      Statut: '',
      Catégorie: '',
      'Option 1 nom': 'Taille',
      'Option 1 valeur': 'L',
      SKU: 'BOU-L',
      Prix: '13500',
      'Prix barré': '',
      Stock: '0',
    });
    expect(rows[2]).toMatchObject({
      Nom: 'Thé vert',
      Statut: 'Brouillon',
      'Suivi du stock': 'Non',
      'Code-barres': '2000000000015',
      Prix: '2000',
    });
  });

  it('exports the list’s current filter', async () => {
    const shop = await newShop('Export filtres');
    const { clothes } = await seedCatalogue(shop);
    await createProduct(shop, {
      name: 'Ancien modèle',
      status: 'archived',
      variants: [{ optionValues: [], price: 100, stock: 1 }],
    });
    const names = async (params: string) => [
      ...new Set(rowsOf((await exportCsv(shop, params)).text).map((r) => r.Nom)),
    ];
    // Like the list, archived products only when asked for.
    expect(await names('')).toEqual(['Boubou brodé', 'Thé vert']);
    expect(await names('&status=archived')).toEqual(['Ancien modèle']);
    expect(await names('&status=draft')).toEqual(['Thé vert']);
    expect(await names('&search=BRODE')).toEqual(['Boubou brodé']);
    expect(await names('&search=2000000000015')).toEqual(['Thé vert']);
    expect(await names(`&categoryId=${clothes}`)).toEqual(['Boubou brodé']);
    expect(await names('&stock=available')).toEqual(['Boubou brodé', 'Thé vert']);
    expect(await names('&stock=out')).toEqual([]);
    // Nothing matches: the file still has its header.
    const empty = await exportCsv(shop, '&search=introuvable');
    expect(empty.text).toBe(`\uFEFF${HEADER_LINE}\r\n`);
  });

  it('writes EUR prices with a decimal comma, or with « , » as separator a decimal point', async () => {
    const shop = await newShop('Export EUR', 'EUR');
    await createProduct(shop, {
      name: 'Savon, karité',
      variants: [
        { optionValues: [], price: 1250, compareAtPrice: 1500, costPrice: 405, sku: 'SAV-1', stock: 2 },
      ],
    });
    const semicolon = rowsOf((await exportCsv(shop)).text);
    expect(semicolon[0]).toMatchObject({ Prix: '12,50', 'Prix barré': '15,00', 'Prix de revient': '4,05' });

    const file = await exportCsv(shop, '&separator=comma');
    expect(file.text.slice(1).split('\r\n')[0]).toBe(HEADER_LINE.replaceAll(';', ','));
    expect(file.text).toContain('"Savon, karité"');
    expect(parseCsv(file.text).separator).toBe(',');
    expect(rowsOf(file.text)[0]).toMatchObject({
      Nom: 'Savon, karité',
      Prix: '12.50',
      'Prix barré': '15.00',
      'Prix de revient': '4.05',
    });
  });

  it('is for roles that see products, in their own shop', async () => {
    const shop = await newShop('Export rôles');
    expect((await exportCsv(shop, '', 'cashier')).status).toBe(403);
    const other = await fetch(`${bed.server.url}/api/product/exportCsv?shopId=${bed.other.shop.id}`, {
      headers: { authorization: `Bearer ${shop.members.admin.token}` },
    });
    expect(other.status).toBe(404);
    expect(((await other.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });
});

describe('POST /api/product/importCsv', () => {
  const boubouRows: Cells[] = [
    {
      Nom: 'Boubou',
      Statut: 'Actif',
      Catégorie: 'Vêtements > Boubous',
      Étiquettes: 'coton, fête',
      'Option 1 nom': 'Taille',
      'Option 1 valeur': 'M',
      SKU: 'B-M',
      Prix: '12500',
      Stock: '3',
    },
    {
      Nom: 'Boubou',
      'Option 1 nom': 'Taille',
      'Option 1 valeur': 'L',
      SKU: 'B-L',
      Prix: '13500',
      Stock: '1',
    },
  ];
  const teaRow: Cells = { Nom: 'Thé', Prix: '2 000', 'Suivi du stock': 'non', Statut: 'brouillon' };

  it('creates products, categories and opening stock; a dry run answers the same and writes nothing', async () => {
    const shop = await newShop('Import simple');
    const file = csvFile([...boubouRows, teaRow]);

    const dry = await importCsv(shop, file, true);
    expect(dry.status).toBe(200);
    expect(dry.body).toEqual({
      layout: 'standard',
      created: 2,
      updated: 0,
      unchanged: 0,
      skipped: 0,
      errors: [],
      notes: [],
      images: [],
    });
    expect(await snapshot(shop.shop.id)).toEqual({
      products: [],
      variants: [],
      movements: [],
      categories: [],
    });

    const done = await importCsv(shop, file, false);
    expect(done.body).toEqual(dry.body);
    const [boubou, tea] = await productsOf(shop.shop.id);
    expect(boubou).toMatchObject({
      name: 'Boubou',
      status: 'active',
      tags: ['coton', 'fête'],
      options: [{ name: 'Taille', values: ['M', 'L'] }],
      priceMin: 12500,
      stockTotal: 4,
    });
    expect(tea).toMatchObject({
      name: 'Thé',
      status: 'draft',
      trackStock: false,
      priceMin: 2000,
      stockTotal: 0,
    });
    const categories = await snapshot(shop.shop.id).then((s) => s.categories);
    expect(categories.map((c) => c.name).sort()).toEqual(['Boubous', 'Vêtements']);
    const child = categories.find((c) => c.name === 'Boubous')!;
    expect(child.parentId).toBe(categories.find((c) => c.name === 'Vêtements')!.id);
    expect(boubou!.categoryId).toBe(child.id);
    const movements = await snapshot(shop.shop.id).then((s) => s.movements);
    expect(movements.map((m) => [m.quantity, m.reason]).sort()).toEqual([
      [1, 'inventaire'],
      [3, 'inventaire'],
    ]);
  });

  it('skips the products with a bad row, lists French errors by row and column, imports the rest', async () => {
    const shop = await newShop('Import erreurs');
    const file = csvFile([
      { Nom: 'Bissap', Prix: '500' }, // line 2
      { Nom: 'Gingembre', Prix: 'douze' }, // line 3: bad price
      { Nom: 'Bouye', Statut: 'Publié', Prix: '700' }, // line 4: unknown status
      { Nom: 'Pagne', 'Option 1 nom': 'Couleur', 'Option 1 valeur': 'Bleu', Prix: '3000' }, // line 5
      { Nom: 'Pagne', 'Option 1 nom': 'Couleur', 'Option 1 valeur': 'bleu', Prix: '3000' }, // line 6: same combo
      { Nom: 'Café Touba', Prix: '1000', Stock: '4' }, // line 7
    ]);
    const answer = await importCsv(shop, file, false);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ created: 2, updated: 0, unchanged: 0, skipped: 3 });
    expect(
      answer.body.errors.map((e: { row: number; field: string; message: string }) => ({
        ...e,
        message: plain(e.message),
      })),
    ).toEqual([
      { row: 3, field: 'Prix', message: '« douze » n’est pas un montant valide.' },
      { row: 4, field: 'Statut', message: '« Publié » n’est pas un statut : Actif, Brouillon ou Archivé.' },
      { row: 6, field: 'Option 1 valeur', message: 'Cette combinaison existe déjà.' },
    ]);
    expect((await productsOf(shop.shop.id)).map((p) => p.name)).toEqual(['Bissap', 'Café Touba']);
  });

  it('reports the API’s own rules per cell: taken codes, compare-at price, EAN-13, missing price', async () => {
    const shop = await newShop('Import règles');
    await createProduct(shop, {
      name: 'Existant',
      variants: [{ optionValues: [], price: 100, sku: 'PRIS' }],
    });
    const answer = await importCsv(
      shop,
      csvFile([
        { Nom: 'A', SKU: 'PRIS-2', Prix: '100', 'Prix barré': '50' }, // 2
        { Nom: 'B', 'Option 1 nom': 'Taille', 'Option 1 valeur': 'S', SKU: 'B-S', Prix: '100' }, // 3
        { Nom: 'B', 'Option 1 nom': 'Taille', 'Option 1 valeur': 'M', SKU: 'PRIS', Prix: '100' }, // 4
        { Nom: 'C', 'Code-barres': '2000000000016', Prix: '100' }, // 5
        { Nom: 'D', SKU: 'NEUF' }, // 6
        { Nom: 'E', SKU: 'NEUF', Prix: '100' }, // 7
        { Nom: 'F', SKU: 'NEUF', Prix: '100' }, // 8: NEUF taken by E above
        { Nom: 'G', Prix: '100' }, // 9
        { Nom: 'G', Prix: '200' }, // 10: two rows, no options
      ]),
      true,
    );
    const errors = answer.body.errors.map((e: { row: number; field: string; message: string }) => [
      e.row,
      e.field,
      plain(e.message),
    ]);
    expect(errors).toEqual([
      [2, 'Prix barré', 'Le prix barré doit être supérieur ou égal au prix.'],
      [4, 'SKU', 'Ce SKU est déjà utilisé par un autre produit.'],
      [5, 'Code-barres', 'Ce code EAN-13 est invalide : son chiffre de contrôle ne correspond pas.'],
      [6, 'Prix', 'Le prix est obligatoire.'],
      [8, 'SKU', 'Ce SKU est déjà utilisé par le produit de la ligne 7.'],
      [
        10,
        'Nom',
        'Plusieurs lignes à la suite s’appellent « G » : un produit sans option n’a qu’une ligne. Renseignez ses options, ou donnez des noms différents aux produits.',
      ],
    ]);
    expect(answer.body).toMatchObject({ created: 1, skipped: 6 });
  });

  it('updates the product whose first SKU it names: variants matched by SKU keep their ids', async () => {
    const shop = await newShop('Import mise à jour');
    const created = await createProduct(shop, {
      name: 'Boubou',
      options: [{ name: 'Taille', values: ['M', 'L'] }],
      variants: [
        { optionValues: ['M'], price: 12500, sku: 'U-M', stock: 3 },
        { optionValues: ['L'], price: 13500, sku: 'U-L', stock: 1 },
      ],
    });
    const ids = new Map(created.variants.map((v: { sku: string; _id: string }) => [v.sku, v._id]));
    const answer = await importCsv(
      shop,
      csvFile([
        {
          Nom: 'Boubou royal',
          'Option 1 nom': 'Taille',
          'Option 1 valeur': 'M',
          SKU: 'U-M',
          Prix: '14000',
          Stock: '3',
        },
        { Nom: 'Boubou royal', 'Option 1 nom': 'Taille', 'Option 1 valeur': 'L', SKU: 'U-L', Prix: '13500' },
        {
          Nom: 'Boubou royal',
          'Option 1 nom': 'Taille',
          'Option 1 valeur': 'XL',
          SKU: 'U-XL',
          Prix: '15000',
          Stock: '2',
        },
      ]),
      false,
    );
    expect(answer.body).toEqual({
      layout: 'standard',
      created: 0,
      updated: 1,
      unchanged: 0,
      skipped: 0,
      errors: [],
      notes: [],
      images: [],
    });
    const [product] = await productsOf(shop.shop.id);
    expect(product).toMatchObject({
      id: created._id,
      name: 'Boubou royal',
      options: [{ name: 'Taille', values: ['M', 'L', 'XL'] }],
      priceMin: 13500,
      stockTotal: 6,
    });
    const variants = await variantsBySku(shop.shop.id);
    expect(variants.get('U-M')).toMatchObject({ id: ids.get('U-M'), price: 14000, stock: 3 });
    // An empty Stock cell leaves the count alone.
    expect(variants.get('U-L')).toMatchObject({ id: ids.get('U-L'), stock: 1 });
    expect(variants.get('U-XL')).toMatchObject({ price: 15000, stock: 2 });
    // The price replaced stays known (a till's older copy may still sell at it); none for the others.
    const history = await bed.database.db
      .select({ variantId: variantPriceHistory.variantId, price: variantPriceHistory.price })
      .from(variantPriceHistory)
      .where(eq(variantPriceHistory.shopId, shop.shop.id));
    expect(history).toEqual([{ variantId: ids.get('U-M'), price: 12500 }]);
  });

  it('turns a different stock count on an existing variant into an « inventaire » movement', async () => {
    const shop = await newShop('Import inventaire');
    const created = await createProduct(shop, {
      name: 'Savon',
      lowStockThreshold: 2,
      variants: [{ optionValues: [], price: 500, sku: 'SAV', stock: 10 }],
    });
    const file = (stock: string) =>
      csvFile([{ Nom: 'Savon', 'Seuil de stock faible': '2', SKU: 'SAV', Prix: '500', Stock: stock }]);

    // A seller may edit products but not adjust stock: the count is refused, not applied.
    const seller = await importCsv(shop, file('1'), false, 'seller');
    expect(seller.body).toMatchObject({ updated: 0, skipped: 1 });
    expect(seller.body.errors).toEqual([
      expect.objectContaining({ row: 2, field: 'Stock', message: expect.stringContaining('Votre rôle') }),
    ]);

    const answer = await importCsv(shop, file('1'), false);
    expect(answer.body).toEqual({
      layout: 'standard',
      created: 0,
      updated: 1,
      unchanged: 0,
      skipped: 0,
      errors: [],
      notes: [],
      images: [],
    });
    const history = await bed.server.call(
      'GET',
      `/api/product/stockHistory?shopId=${shop.shop.id}&productId=${created._id}`,
      { token: shop.members.admin.token },
    );
    expect(history.body.items[0]).toMatchObject({
      quantity: -9,
      stockAfter: 1,
      reason: 'inventaire',
      note: 'Import CSV',
    });
    expect((await productsOf(shop.shop.id))[0]!.stockTotal).toBe(1);
    // Crossing the threshold notifies, as any stock change does.
    const notifications = await bed.server.call('GET', `/api/notification/getByShop/${shop.shop.id}`, {
      token: shop.members.admin.token,
    });
    expect(notifications.body[0]).toMatchObject({ type: 'low_stock', title: 'Savon' });

    // The same count again is no change at all.
    expect((await importCsv(shop, file('1'), false)).body).toMatchObject({ updated: 0, unchanged: 1 });
  });

  it('refuses the whole import past the plan’s products, dry run included', async () => {
    const shop = await newShop('Import quota');
    // Free plan: no paid period, trial over, 50 products at most.
    await bed.database.db
      .update(shops)
      .set({
        subscriptionPlan: 'free',
        shopExpiresAt: null,
        freeTrialExpiresAt: new Date(Date.now() - 86_400_000),
      })
      .where(eq(shops.id, shop.shop.id));
    const many = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({
        Nom: `Produit ${from + i}`,
        SKU: `Q-${from + i}`,
        Prix: '100',
      }));
    expect((await importCsv(shop, csvFile(many(1, 48)), false)).body).toMatchObject({ created: 48 });

    const before = await snapshot(shop.shop.id);
    for (const dryRun of [true, false]) {
      const refused = await importCsv(shop, csvFile([...many(1, 1), ...many(49, 3)]), dryRun);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('QUOTA_EXCEEDED');
      expect(plain(refused.body.error.message)).toBe(
        'Votre forfait Gratuit autorise 50 produits au maximum : il reste de la place pour 2 produits. Passez à un forfait supérieur pour en ajouter.',
      );
    }
    expect(await snapshot(shop.shop.id)).toEqual(before);
    // Updates take no room: the last two places and a change to an existing product pass.
    const fits = await importCsv(shop, csvFile([{ ...many(1, 1)[0]!, Prix: '150' }, ...many(49, 2)]), false);
    expect(fits.body).toMatchObject({ created: 2, updated: 1 });
  });

  it('changes nothing when given back its own export, with either separator', async () => {
    const shop = await newShop('Aller-retour', 'EUR');
    await seedCatalogue(shop);
    await createProduct(shop, {
      name: '=HYPERLINK("http://x")',
      descriptionHtml: '<p>Ligne 1<br />Ligne 2 ; « guillemets » et "doubles"</p>',
      tags: ['-promo'],
      options: [
        { name: 'Couleur', values: ['Rouge, foncé', 'Bleu'] },
        { name: 'Taille', values: ['S', 'M'] },
      ],
      variants: [
        { optionValues: ['Bleu', 'M'], price: 1999, costPrice: 1000, stock: 4 },
        { optionValues: ['Rouge, foncé', 'S'], price: 2050, sku: 'F-RS', stock: 0 },
      ],
    });
    await createProduct(shop, { name: 'Sans code', variants: [{ optionValues: [], price: 1, stock: 7 }] });
    const before = await snapshot(shop.shop.id);

    for (const separator of ['', '&separator=comma']) {
      const file = await exportCsv(shop, separator);
      expect(file.text).toContain(`'=HYPERLINK`);
      const answer = await importCsv(shop, file.bytes, false);
      expect(answer.body).toEqual({
        layout: 'standard',
        created: 0,
        updated: 0,
        unchanged: 4,
        skipped: 0,
        errors: [],
        notes: [],
        images: [],
      });
      expect(await snapshot(shop.shop.id)).toEqual(before);
    }
  });

  it('refuses a file it cannot read, with a French reason', async () => {
    const shop = await newShop('Import illisible');
    const missing = await importCsv(shop, 'Nom;Prix\nThé;500\n', false);
    expect(missing.status).toBe(422);
    expect(plain(missing.body.error.details.file)).toMatch(
      /^Colonnes manquantes : « Description », « Statut »/,
    );
    const unclosed = await importCsv(shop, `${HEADER_LINE}\n"Thé;;;\n`, false);
    expect(plain(unclosed.body.error.details.file)).toBe(
      'Ligne 2 : un guillemet ouvert n’est jamais refermé.',
    );
    expect((await importCsv(shop, '', false)).body.error.details.file).toBe('Le fichier est vide.');
  });

  it('is for roles that edit products, in their own shop', async () => {
    const shop = await newShop('Import rôles');
    const file = csvFile([teaRow]);
    const cashier = await importCsv(shop, file, false, 'cashier');
    expect(cashier.status).toBe(403);
    expect(cashier.body.error.code).toBe('FORBIDDEN');
    const other = await importCsv(shop, file, false, 'admin', bed.other.shop.id);
    expect(other.status).toBe(404);
    expect(await productsOf(bed.other.shop.id)).toEqual([]);
    expect(await productsOf(shop.shop.id)).toEqual([]);
  });
});
