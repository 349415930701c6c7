import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv, type Currency } from '@/server/csv';
import { detectLayout, Header, suggestMapping } from '@/features/product/server/csv/layouts';
import { readPlatformAmount } from '@/features/product/server/csv/layouts/amounts';
import { readImportFile } from '@/features/product/server/csv/read-rows';
import { PRODUCT_CSV_HEADERS } from '@/features/product/server/csv/columns';
import { ZImportMappingParam, type CsvImportReport } from '@/features/product/product-csv.schemas';
import { importCountsText, imagesText, layoutText } from '@/features/product/client/import-report';

const fixture = (name: string) =>
  fs.readFileSync(path.resolve(__dirname, '../fixtures/imports', name), 'utf8');
const headerOf = (csv: string) => new Header(parseCsv(csv).records[0]!.fields);
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const XOF: Currency = { code: 'XOF', symbol: 'FCFA', minorDigits: 0 };
const EUR: Currency = { code: 'EUR', symbol: '€', minorDigits: 2 };

/** A file's products as plain data: each row's cells for the given fields. */
function products(
  csv: string,
  fields: Array<Parameters<ReturnType<typeof readImportFile>['groups'][number]['rows'][number]['cell']>[0]>,
) {
  const file = readImportFile(csv);
  return {
    file,
    groups: file.groups.map((g) => ({
      line: g.productLine,
      images: g.imageUrls.length,
      problems: g.problems.map((p) => plain(p.message)),
      rows: g.rows.map((r) => fields.map((f) => r.cell(f)).join('|')),
    })),
  };
}

describe('detectLayout', () => {
  it('recognises each platform’s export by its header, and ours in any column order', () => {
    expect(detectLayout(headerOf(fixture('shopify-products.csv')))?.id).toBe('shopify');
    expect(detectLayout(headerOf(fixture('loyverse-items.csv')))?.id).toBe('loyverse');
    expect(detectLayout(headerOf(fixture('woocommerce-products.csv')))?.id).toBe('woocommerce');
    expect(detectLayout(new Header([...PRODUCT_CSV_HEADERS]))?.id).toBe('standard');
    expect(detectLayout(new Header([...PRODUCT_CSV_HEADERS].reverse().map((h) => h.toUpperCase())))?.id).toBe(
      'standard',
    );
  });

  it('reads WooCommerce’s French headers too, apostrophes either way', () => {
    const header = new Header([
      'ID',
      'Type',
      'UGS',
      'Nom',
      'Publié',
      'Tarif promo',
      'Tarif régulier',
      'Parent',
      "Nom de l'attribut 1",
      'Valeur(s) de l’attribut 1 ',
    ]);
    expect(detectLayout(header)?.id).toBe('woocommerce');
  });

  it('recognises nothing in a header that is none of them, nor in ours with columns missing', () => {
    expect(detectLayout(new Header(['Désignation', 'Tarif', 'Qté']))).toBeNull();
    expect(detectLayout(new Header(['Nom', 'Prix', 'SKU']))).toBeNull();
    expect(detectLayout(new Header(['Handle', 'SKU']))).toBeNull();
  });
});

describe('the layouts’ rows', () => {
  it('Shopify: rows grouped by Handle, image-only rows are not variants, « Default Title » is no option', () => {
    const { file, groups } = products(fixture('shopify-products.csv'), [
      'name',
      'option1Name',
      'option1Value',
      'option2Value',
      'sku',
      'price',
      'trackStock',
    ]);
    expect(file.layout).toBe('shopify');
    expect(groups[0]).toEqual({
      line: 2,
      images: 3,
      problems: [],
      rows: [
        'Boubou brodé|Taille|M|Bleu|BOUBOU-M-BLEU|12500.00|oui',
        '||M|Blanc|BOUBOU-M-BLANC|12500.00|',
        '||L|Bleu|BOUBOU-L-BLEU|13500.00|',
        '||L|Blanc|BOUBOU-L-BLANC|13500.00|',
      ],
    });
    expect(groups[1]!.rows).toEqual(['Café Touba 250 g||||CAFE-250|1500.00|oui']);
    expect(groups.map((g) => g.rows.length)).toEqual([4, 1, 1, 1, 2, 1]);
    expect(file.label('price', 8)).toBe('Variant Price');
    expect(file.label('lowStockThreshold', 8)).toBe('Seuil de stock faible');
  });

  it('Loyverse: the first store’s columns, its composition rows left out', () => {
    const { file, groups } = products(fixture('loyverse-items.csv'), [
      'name',
      'status',
      'sku',
      'price',
      'stock',
      'lowStockThreshold',
    ]);
    expect(groups.map((g) => g.rows.length)).toEqual([4, 1, 1, 1, 1, 1, 2]);
    expect(groups[0]!.rows[0]).toBe('Boubou brodé|active|10001|12500|3|1');
    expect(groups[3]!.rows[0]).toBe('Savon noir|draft|10007|800|4|');
    // « 12.000 » is how Loyverse writes a whole stock.
    expect(groups[5]!.rows[0]).toBe('Sucre en poudre|active|10009|700|12|2');
    expect(file.label('price', 2)).toBe('Price [Plateau]');
    expect(file.notes).toHaveLength(2);
  });

  it('WooCommerce (French headers): variations under their parent, options by attribute name, « any » refused', () => {
    const csv = [
      'ID,Type,UGS,Nom,Publié,Tarif promo,Tarif régulier,Catégories,Parent,Nom de l’attribut 1,Valeur(s) de l’attribut 1,Nom de l’attribut 2,Valeur(s) de l’attribut 2',
      '30,variable,CHEM,Chemise,1,,,"Homme > Chemises",,Couleur,"Bleu, Vert",Taille,"S, M"',
      '31,variation,CHEM-BS,,1,,"9,50",,id:30,Taille,S,Couleur,Bleu',
      '32,variation,CHEM-VM,,1,8,10,,CHEM,Couleur,Vert,Taille,M',
      '33,variation,CHEM-X,,1,,10,,CHEM,Couleur,,Taille,M',
      '34,variation,ORPH,,1,,10,,id:99,,,,',
    ].join('\n');
    const { file, groups } = products(csv, [
      'name',
      'category',
      'option1Name',
      'option1Value',
      'option2Name',
      'option2Value',
      'price',
      'compareAtPrice',
    ]);
    expect(file.layout).toBe('woocommerce');
    expect(groups).toHaveLength(1);
    expect(groups[0]!.line).toBe(2);
    expect(groups[0]!.rows).toEqual([
      'Chemise|Homme > Chemises|Couleur|Bleu|Taille|S|9,50|',
      '|||Vert||M|8|10',
      '|||||M|10|',
    ]);
    expect(groups[0]!.problems).toEqual([
      'Cette variation vaut pour toutes les valeurs de « Couleur » : ici, chaque variante a une valeur précise par option.',
    ]);
    expect(file.rejected.map((r) => [r.row, r.field, plain(r.message)])).toEqual([
      [6, 'Parent', 'Le produit parent « id:99 » de cette variation n’est pas dans le fichier.'],
    ]);
    expect(file.label('price', 4)).toBe('Tarif promo');
    expect(file.label('price', 3)).toBe('Tarif régulier');
  });
});

describe('suggestMapping and the mapping parameter', () => {
  it('proposes the columns whose names say the field, each column once', () => {
    expect(
      suggestMapping(new Header(['Désignation', 'Prix de vente', 'Qté', 'Code EAN', 'Divers', 'Nom'])),
    ).toEqual({
      name: 'Nom',
      barcode: 'Code EAN',
      price: 'Prix de vente',
      stock: 'Qté',
    });
  });

  it('reads JSON naming our fields, name and price required, nothing else accepted', () => {
    expect(ZImportMappingParam.parse('{"name":"Désignation","price":"Tarif"}')).toEqual({
      name: 'Désignation',
      price: 'Tarif',
    });
    expect(ZImportMappingParam.safeParse('{"name":"Désignation"}').success).toBe(false);
    expect(ZImportMappingParam.safeParse('{"name":"A","price":"B","couleur":"C"}').success).toBe(false);
    expect(ZImportMappingParam.safeParse('pas du JSON').error?.issues[0]?.message).toBe(
      'L’association des colonnes est illisible.',
    );
  });
});

describe('readPlatformAmount', () => {
  it('reads platforms’ decimals and spreadsheets’ thousands, in the currency’s minor unit', () => {
    const value = (raw: string, currency = XOF) => {
      const read = readPlatformAmount(raw, currency);
      return 'value' in read ? read.value : plain(read.error);
    };
    expect(value('12500.00')).toBe(12500);
    expect(value('12,500.00')).toBe(12500);
    expect(value('1.250.000')).toBe(1250000);
    expect(value('12.500,00')).toBe(12500);
    expect(value('12 500 FCFA')).toBe(12500);
    expect(value('3,5', EUR)).toBe(350);
    expect(value('12,50', EUR)).toBe(1250);
    expect(value('1,234.5', EUR)).toBe(123450);
    expect(value('2,500')).toBe(
      '« 2,500 » : les montants en XOF n’ont pas de décimales. S’il s’agit de 2 500 FCFA, écrivez-le sans séparateur.',
    );
    expect(value('12,50,0')).toBe('« 12,50,0 » n’est pas un montant valide.');
    expect(value('1.2345,6', EUR)).toBe('« 1.2345,6 » n’est pas un montant valide.');
    expect(value('-5')).toBe('« -5 » n’est pas un montant valide.');
    expect(value('douze')).toBe('« douze » n’est pas un montant valide.');
    expect(value('1.999', EUR)).toBe('« 1.999 » a trop de décimales : 2 au plus en EUR.');
  });

  const currencies = fc.constantFrom<Currency>(XOF, EUR, { code: 'TND', symbol: 'DT', minorDigits: 3 });
  /** An amount written as a platform or a spreadsheet may write it. */
  function written(minor: number, digits: number, style: number, extraZeros: number): string {
    const units = Math.floor(minor / 10 ** digits).toString();
    const fraction = digits ? (minor % 10 ** digits).toString().padStart(digits, '0') : '';
    const group = (sep: string) => units.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
    const decimals = fraction + '0'.repeat(extraZeros);
    const [whole, mark] = [
      [units, '.'],
      [units, ','],
      [group(','), '.'],
      [group('.'), ','],
      [group('\u202f'), ','],
    ][style]!;
    return decimals ? `${whole}${mark}${decimals}` : whole!;
  }

  it('gives back any amount, whichever way it is written (property)', () => {
    fc.assert(
      fc.property(
        currencies,
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 2 }),
        (currency, minor, style, extraZeros) => {
          // A single mark followed by exactly three digits is ambiguous in a currency without them.
          const text = written(minor, currency.minorDigits, style, extraZeros);
          const read = readPlatformAmount(text, currency);
          if ('value' in read) expect(read.value).toBe(minor);
          else expect(currency.minorDigits === 0 && /^\d{1,3}[.,]\d{3}$/.test(text)).toBe(true);
        },
      ),
    );
  });

  it('never reads a wrong amount: too many decimals are refused, not rounded (property)', () => {
    fc.assert(
      fc.property(
        currencies,
        fc.integer({ min: 0, max: 10 ** 9 }),
        fc.integer({ min: 1, max: 9 }),
        (currency, minor, extra) => {
          const text = `${written(minor, currency.minorDigits, 0, 0)}${currency.minorDigits ? '' : '.'}${extra}`;
          expect('error' in readPlatformAmount(text, currency)).toBe(true);
        },
      ),
    );
  });
});

describe('the report’s French', () => {
  const report = (counts: Partial<CsvImportReport>): CsvImportReport => ({
    layout: 'shopify',
    created: 0,
    updated: 0,
    unchanged: 0,
    skipped: 0,
    errors: [],
    notes: [],
    images: [],
    ...counts,
  });

  it('counts with their plurals, before and after', () => {
    expect(importCountsText(report({ unchanged: 2 }), 'preview')).toBe('2 produits inchangés.');
    expect(importCountsText(report({ created: 1, updated: 3, skipped: 1 }), 'preview')).toBe(
      '1 produit à créer, 3 produits à mettre à jour, 1 produit ignoré (erreurs ci-dessous).',
    );
    expect(importCountsText(report({ created: 2, updated: 1, unchanged: 1 }), 'done')).toBe(
      '2 produits créés, 1 produit mis à jour, 1 produit inchangé.',
    );
    expect(importCountsText(report({}), 'preview')).toBe('Aucun produit dans ce fichier.');
  });

  it('names the layout and counts the images not imported', () => {
    expect(plain(layoutText('shopify'))).toBe('Format reconnu : Shopify');
    expect(plain(layoutText('manual'))).toBe('Format : colonnes associées à la main');
    expect(imagesText(report({}))).toBeNull();
    const images = [
      { row: 2, product: 'Boubou', urls: ['a', 'b'] },
      { row: 7, product: 'Café', urls: ['c'] },
    ];
    expect(plain(imagesText(report({ images }))!)).toMatch(/^3 images n’ont pas été importées : /);
  });
});
