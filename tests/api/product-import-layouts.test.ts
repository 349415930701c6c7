import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { productCategories, productVariants, products } from '@/server/db/schema';
import { parseCsv } from '@/server/csv';
import { setupApiTestbed } from '../helpers/api-testbed';
import { createShopFixture, type ShopFixture } from '../helpers/fixtures';

const bed = setupApiTestbed();

const fixture = (name: string) =>
  fs.readFileSync(path.resolve(__dirname, '../fixtures/imports', name), 'utf8');
const SHOPIFY = fixture('shopify-products.csv');
const LOYVERSE = fixture('loyverse-items.csv');
const WOOCOMMERCE = fixture('woocommerce-products.csv');

/** French typography puts no-break spaces in messages; tests compare plain text. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

interface Report {
  layout: string;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  errors: Array<{ row: number; field: string; message: string }>;
  notes: string[];
  images: Array<{ row: number; product: string; urls: string[] }>;
}

function importCsv(
  shop: ShopFixture,
  csv: string,
  dryRun: boolean,
  options: { mapping?: unknown; role?: 'admin' | 'cashier' } = {},
) {
  const mapping =
    options.mapping === undefined
      ? ''
      : `&mapping=${encodeURIComponent(typeof options.mapping === 'string' ? options.mapping : JSON.stringify(options.mapping))}`;
  return bed.server.call('POST', `/api/product/importCsv?shopId=${shop.shop.id}&dryRun=${dryRun}${mapping}`, {
    token: shop.members[options.role ?? 'admin'].token,
    rawBody: csv,
  });
}

async function catalogue(shopId: string) {
  const db = bed.database.db;
  const list = await db.select().from(products).where(eq(products.shopId, shopId)).orderBy(asc(products.id));
  const variants = await db
    .select()
    .from(productVariants)
    .where(eq(productVariants.shopId, shopId))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  const categories = await db.select().from(productCategories).where(eq(productCategories.shopId, shopId));
  const byName = new Map(list.map((p) => [p.name, p]));
  return {
    list,
    product: (name: string) => byName.get(name)!,
    variantsOf: (name: string) => variants.filter((v) => v.productId === byName.get(name)!.id),
    categoryName: (id: string | null) => categories.find((c) => c.id === id)?.name,
    categoryParent: (id: string | null) =>
      categories.find((c) => c.id === categories.find((x) => x.id === id)?.parentId)?.name,
  };
}

const plainErrors = (report: Report) => report.errors.map((e) => ({ ...e, message: plain(e.message) }));

describe('POST /api/product/importCsv with other platforms’ exports', () => {
  it('reads a Shopify export: handles grouped, options, HTML sanitised, images reported, a bad row skipped', async () => {
    const shop = await createShopFixture(bed.database.db, 'Import Shopify');
    const dry = await importCsv(shop, SHOPIFY, true);
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    const report = dry.body as Report;
    expect(report).toMatchObject({
      layout: 'shopify',
      created: 5,
      updated: 0,
      unchanged: 0,
      skipped: 1,
      notes: [],
    });
    expect(plainErrors(report)).toEqual([
      { row: 8, field: 'Variant Price', message: '« douze » n’est pas un montant valide.' },
    ]);
    expect(report.images.map((i) => [i.row, i.product, i.urls.length])).toEqual([
      [2, 'Boubou brodé', 3],
      [7, 'Café Touba 250 g', 1],
      [10, 'Pagne wax', 2],
    ]);
    expect((await catalogue(shop.shop.id)).list).toEqual([]);

    const done = await importCsv(shop, SHOPIFY, false);
    expect(done.body).toEqual(report);
    const shopCatalogue = await catalogue(shop.shop.id);
    const boubou = shopCatalogue.product('Boubou brodé');
    expect(boubou).toMatchObject({
      status: 'active',
      tags: ['coton', 'fête'],
      trackStock: true,
      weightGrams: 450,
      options: [
        { name: 'Taille', values: ['M', 'L'] },
        { name: 'Couleur', values: ['Bleu', 'Blanc'] },
      ],
      stockTotal: 6,
    });
    expect(boubou.descriptionHtml).toBe('<p>Coton <strong>brodé</strong> à la main.</p>');
    expect(shopCatalogue.categoryName(boubou.categoryId)).toBe('Boubous');
    expect(shopCatalogue.categoryParent(boubou.categoryId)).toBe('Vêtements');
    expect(
      shopCatalogue
        .variantsOf('Boubou brodé')
        .map((v) => [v.sku, v.optionValues.join('/'), v.price, v.compareAtPrice, v.costPrice, v.stock]),
    ).toEqual([
      ['BOUBOU-M-BLEU', 'M/Bleu', 12500, 15000, 7000, 3],
      ['BOUBOU-M-BLANC', 'M/Blanc', 12500, 15000, 7000, 2],
      ['BOUBOU-L-BLEU', 'L/Bleu', 13500, null, 7500, 1],
      ['BOUBOU-L-BLANC', 'L/Blanc', 13500, null, 7500, 0],
    ]);
    // « Default Title » is Shopify's product without options.
    expect(shopCatalogue.product('Café Touba 250 g')).toMatchObject({ options: [], priceMin: 1500 });
    expect(shopCatalogue.variantsOf('Café Touba 250 g')[0]).toMatchObject({
      barcode: '2000000000008',
      costPrice: 900,
    });
    expect(shopCatalogue.product('Savon noir')).toMatchObject({ status: 'draft', trackStock: false });
    expect(shopCatalogue.product('Bissap séché 500 g')).toMatchObject({
      status: 'archived',
      descriptionHtml: 'Fleurs d’hibiscus séchées.',
    });

    // The same file again: nothing to write, and said so.
    const again = await importCsv(shop, SHOPIFY, false);
    expect(again.body).toMatchObject({ layout: 'shopify', created: 0, updated: 0, unchanged: 5, skipped: 1 });
    expect((await catalogue(shop.shop.id)).list).toEqual(shopCatalogue.list);
  });

  it('reads a Loyverse export: the first store’s price and stock, said in the notes; composites as simple products', async () => {
    const shop = await createShopFixture(bed.database.db, 'Import Loyverse');
    const answer = await importCsv(shop, LOYVERSE, false);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const report = answer.body as Report;
    expect(report).toMatchObject({
      layout: 'loyverse',
      created: 6,
      updated: 0,
      unchanged: 0,
      skipped: 1,
      images: [],
    });
    expect(plainErrors(report)).toEqual([
      { row: 9, field: 'Price [Plateau]', message: '« douze » n’est pas un montant valide.' },
    ]);
    expect(report.notes.map(plain)).toEqual([
      'Le fichier décrit 2 magasins (Plateau, Almadies) : la disponibilité, le prix et le stock sont lus pour le premier, « Plateau ».',
      '1 article composé : il est importé comme un produit simple, sans ses composants.',
    ]);
    const shopCatalogue = await catalogue(shop.shop.id);
    expect(shopCatalogue.list.map((p) => p.name).sort()).toEqual([
      'Boubou brodé',
      'Café Touba 250 g',
      'Jus de bissap',
      'Pack petit-déjeuner',
      'Savon noir',
      'Sucre en poudre',
    ]);
    expect(shopCatalogue.product('Boubou brodé')).toMatchObject({
      lowStockThreshold: 1,
      descriptionHtml: '<p>Coton brodé à la main.</p><p>Lavage à froid.</p>',
      stockTotal: 6,
    });
    expect(shopCatalogue.variantsOf('Boubou brodé').map((v) => [v.sku, v.price, v.costPrice])).toEqual([
      ['10001', 12500, 7000],
      ['10002', 12500, 7000],
      ['10003', 13500, 7500],
      ['10004', 13500, 7500],
    ]);
    // Not for sale in the first store: a draft; plain text escaped into HTML.
    expect(shopCatalogue.product('Savon noir')).toMatchObject({
      status: 'draft',
      trackStock: false,
      descriptionHtml: '<p>Savon au karité &lt;bio&gt; &amp; parfum.</p>',
    });
    expect(shopCatalogue.product('Sucre en poudre')).toMatchObject({ stockTotal: 12 });

    const again = await importCsv(shop, LOYVERSE, true);
    expect(again.body).toMatchObject({ created: 0, updated: 0, unchanged: 6, skipped: 1 });
  });

  it('reads a WooCommerce export: variations under their parent, the sale price, rows it cannot import listed', async () => {
    const shop = await createShopFixture(bed.database.db, 'Import WooCommerce');
    const answer = await importCsv(shop, WOOCOMMERCE, false);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const report = answer.body as Report;
    expect(report).toMatchObject({ layout: 'woocommerce', created: 4, updated: 0, unchanged: 0, skipped: 2 });
    expect(plainErrors(report)).toEqual([
      { row: 8, field: 'Regular price', message: '« douze » n’est pas un montant valide.' },
      {
        row: 13,
        field: 'Type',
        message: 'Les produits groupés ne sont pas importés : importez chacun de leurs produits.',
      },
    ]);
    expect(report.notes.map(plain)).toEqual([
      '1 produit a plusieurs catégories : seule la première est reprise.',
    ]);
    expect(report.images.map((i) => [i.row, i.product, i.urls])).toEqual([
      [
        2,
        'Boubou brodé',
        [
          'https://boutique-awa.example/wp-content/uploads/2024/05/boubou-1.jpg',
          'https://boutique-awa.example/wp-content/uploads/2024/05/boubou-2.jpg',
        ],
      ],
      [7, 'Café Touba 250 g', ['https://boutique-awa.example/wp-content/uploads/2024/05/cafe.jpg']],
    ]);
    const shopCatalogue = await catalogue(shop.shop.id);
    expect(shopCatalogue.product('Boubou brodé')).toMatchObject({
      weightGrams: 450,
      tags: ['coton', 'fête'],
      options: [
        { name: 'Taille', values: ['M', 'L'] },
        { name: 'Couleur', values: ['Bleu', 'Blanc'] },
      ],
    });
    expect(shopCatalogue.categoryName(shopCatalogue.product('Boubou brodé').categoryId)).toBe('Boubous');
    expect(shopCatalogue.variantsOf('Boubou brodé').map((v) => [v.sku, v.price, v.compareAtPrice])).toEqual([
      ['BOUBOU-M-BLEU', 11000, 12500],
      ['BOUBOU-M-BLANC', 12500, null],
      ['BOUBOU-L-BLEU', 13500, null],
      ['BOUBOU-L-BLANC', 13500, null],
    ]);
    expect(shopCatalogue.product('Café Touba 250 g')).toMatchObject({
      weightGrams: 250,
      lowStockThreshold: 5,
      descriptionHtml: '<p>Café au poivre de Guinée.<br />Torréfié à Touba.</p>',
    });
    expect(shopCatalogue.product('Savon noir')).toMatchObject({ status: 'draft', trackStock: false });
    expect(shopCatalogue.variantsOf('Jus de bissap').map((v) => [v.optionValues[0], v.price])).toEqual([
      ['33 cl', 500],
      ['1 L', 1200],
    ]);
  });

  it('refuses, per row, an amount the shop’s currency cannot hold, and reads thousands separators', async () => {
    const shop = await createShopFixture(bed.database.db, 'Import montants');
    const header = 'Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price';
    const csv = [
      header,
      'a,Attiéké,Title,Default Title,A-1,"2,500"',
      'b,Yassa,Title,Default Title,B-1,"12,500.00"',
      'c,Mafé,Title,Default Title,C-1,1.5',
    ].join('\n');
    const answer = await importCsv(shop, csv, true);
    expect(answer.body).toMatchObject({ layout: 'shopify', created: 1, skipped: 2 });
    expect(plainErrors(answer.body as Report)).toEqual([
      {
        row: 2,
        field: 'Variant Price',
        message:
          '« 2,500 » : les montants en XOF n’ont pas de décimales. S’il s’agit de 2 500 FCFA, écrivez-le sans séparateur.',
      },
      { row: 4, field: 'Variant Price', message: 'Les montants en XOF n’ont pas de décimales (« 1.5 »).' },
    ]);
  });
});

describe('a file no layout reads: POST /api/product/inspectCsv, then importCsv with a mapping', () => {
  const CSV =
    'Désignation;Tarif;Qté;Réf;Rayon\nBouye;700;12;BOUYE-1;Boissons\nNiébé;douze;3;NIEBE-1;Épicerie\n';
  const MAPPING = { name: 'Désignation', price: 'Tarif', stock: 'Qté', sku: 'Réf', category: 'Rayon' };

  it('answers the columns and a suggested mapping, then imports with the mapping', async () => {
    const shop = await createShopFixture(bed.database.db, 'Import associé');
    const refused = await importCsv(shop, CSV, true);
    expect(refused.status).toBe(422);
    expect(plain(refused.body.error.details.file)).toMatch(
      /^Ce fichier n’a les colonnes d’aucun format connu/,
    );

    const inspected = await bed.server.call('POST', `/api/product/inspectCsv?shopId=${shop.shop.id}`, {
      token: shop.members.admin.token,
      rawBody: CSV,
    });
    expect(inspected.status).toBe(200);
    expect(inspected.body).toEqual({
      layout: null,
      columns: ['Désignation', 'Tarif', 'Qté', 'Réf', 'Rayon'],
      suggestedMapping: MAPPING,
    });
    const shopify = await bed.server.call('POST', `/api/product/inspectCsv?shopId=${shop.shop.id}`, {
      token: shop.members.admin.token,
      rawBody: SHOPIFY,
    });
    expect(shopify.body).toMatchObject({ layout: 'shopify', suggestedMapping: {} });

    const preview = await importCsv(shop, CSV, true, { mapping: MAPPING });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ layout: 'manual', created: 1, skipped: 1 });
    expect(plainErrors(preview.body as Report)).toEqual([
      { row: 3, field: 'Tarif', message: '« douze » n’est pas un montant valide.' },
    ]);
    const done = await importCsv(shop, CSV, false, { mapping: MAPPING });
    expect(done.body).toMatchObject({ created: 1, skipped: 1 });
    const shopCatalogue = await catalogue(shop.shop.id);
    expect(shopCatalogue.product('Bouye')).toMatchObject({ priceMin: 700, stockTotal: 12 });
    expect(shopCatalogue.categoryName(shopCatalogue.product('Bouye').categoryId)).toBe('Boissons');
    const again = await importCsv(shop, CSV, false, { mapping: MAPPING });
    expect(again.body).toMatchObject({ created: 0, updated: 0, unchanged: 1, skipped: 1 });
  });

  it('refuses a bad mapping with a French 422 naming the field, writing nothing', async () => {
    const shop = await createShopFixture(bed.database.db, 'Import mapping faux');
    const unknownColumn = await importCsv(shop, CSV, false, { mapping: { ...MAPPING, price: 'Prix TTC' } });
    expect(unknownColumn.status).toBe(422);
    expect(unknownColumn.body.error.code).toBe('VALIDATION_ERROR');
    expect(plain(unknownColumn.body.error.details['mapping.price'])).toBe(
      'La colonne « Prix TTC » n’est pas dans le fichier.',
    );
    expect(plain(unknownColumn.body.error.message)).toBe(
      'Prix : la colonne « Prix TTC » n’est pas dans le fichier.',
    );

    const withoutName = await importCsv(shop, CSV, false, { mapping: { price: 'Tarif' } });
    expect(withoutName.status).toBe(422);
    expect(withoutName.body.error.details['mapping.name']).toBe('Ce champ est obligatoire.');
    const unknownField = await importCsv(shop, CSV, false, { mapping: { ...MAPPING, couleur: 'Rayon' } });
    expect(unknownField.status).toBe(422);
    expect(Object.keys(unknownField.body.error.details)).toEqual(['mapping']);
    const notJson = await importCsv(shop, CSV, false, { mapping: '{name:' });
    expect(notJson.status).toBe(422);
    expect(plain(notJson.body.error.details.mapping)).toBe('L’association des colonnes est illisible.');
    expect((await catalogue(shop.shop.id)).list).toEqual([]);
  });

  it('is for roles that edit products, in their own shop', async () => {
    const shop = await createShopFixture(bed.database.db, 'Inspect rôles');
    const asCashier = await bed.server.call('POST', `/api/product/inspectCsv?shopId=${shop.shop.id}`, {
      token: shop.members.cashier.token,
      rawBody: CSV,
    });
    expect(asCashier.status).toBe(403);
    const otherShop = await bed.server.call('POST', `/api/product/inspectCsv?shopId=${bed.other.shop.id}`, {
      token: shop.members.admin.token,
      rawBody: CSV,
    });
    expect(otherShop.status).toBe(404);
    expect((await importCsv(shop, CSV, false, { mapping: MAPPING, role: 'cashier' })).status).toBe(403);
  });
});

describe('GET /api/product/csvTemplate', () => {
  const download = (shop: ShopFixture, shopId: string, role: 'admin' | 'cashier' = 'admin') =>
    fetch(`${bed.server.url}/api/product/csvTemplate?shopId=${shopId}`, {
      headers: { authorization: `Bearer ${shop.members[role].token}` },
    });

  it('answers our headers and example rows, which the import reads as they are', async () => {
    const shop = await createShopFixture(bed.database.db, 'Modèle');
    const response = await download(shop, shop.shop.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('modele-import-produits.csv');
    // text() would drop the BOM: the bytes as sent.
    const text = Buffer.from(await response.arrayBuffer()).toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [header, ...rows] = parseCsv(text).records;
    expect(header!.fields[0]).toBe('Nom');
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const preview = await importCsv(shop, text, true);
    expect(preview.body).toMatchObject({ layout: 'standard', created: 2, skipped: 0, errors: [] });
  });

  it('is for roles that edit products, in their own shop', async () => {
    const shop = await createShopFixture(bed.database.db, 'Modèle rôles');
    expect((await download(shop, shop.shop.id, 'cashier')).status).toBe(403);
    expect((await download(shop, bed.other.shop.id)).status).toBe(404);
  });
});
