import { parse } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { checkFeedItem, dedupeProblems } from '@/features/channel/server/feeds/feed-check';
import { feedPrice, isValidGtin, type FeedItem } from '@/features/channel/server/feeds/feed-item';
import { googleRss } from '@/features/channel/server/feeds/google-rss';
import { META_COLUMNS, metaCsv } from '@/features/channel/server/feeds/meta-csv';

function feedItem(overrides: Partial<FeedItem> = {}): FeedItem {
  return {
    id: 'v1',
    itemGroupId: null,
    productId: 'p1',
    title: 'Boubou bazin',
    description: 'Bazin riche brodé main.',
    isInStock: true,
    price: 12500,
    salePrice: null,
    currency: 'XOF',
    link: 'https://awa.comptoir.africa/produits/boubou',
    imageLink: 'https://cdn.comptoir.africa/i/boubou.jpg',
    additionalImageLinks: [],
    imageWidth: 1200,
    imageHeight: 1200,
    brand: 'Awa Couture',
    gtin: '6111234567895',
    mpn: 'BB-01',
    productType: 'Mode > Boubous',
    options: {},
    ...overrides,
  };
}

async function* fromArray<T>(values: T[]): AsyncGenerator<T> {
  for (const value of values) yield value;
}

async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}

const TRICKY = 'Pagne « wax », dit "Nana Benz"\nligne 2 <b>gras</b> & co 🇸🇳👨‍👩‍👧 été\u0007';
const CLEAN = 'Pagne « wax », dit "Nana Benz"\nligne 2 <b>gras</b> & co 🇸🇳👨‍👩‍👧 été';
const CLEAN_LINE = CLEAN.replace('\n', ' ');
const LONG_TITLE = `Boubou ${'très '.repeat(60)}long`; // 307 characters

const items: FeedItem[] = [
  feedItem({
    id: 'v-tricky',
    title: TRICKY,
    description: TRICKY,
    additionalImageLinks: ['https://cdn.comptoir.africa/i/a.jpg', 'https://cdn.comptoir.africa/i/b,c.jpg'],
  }),
  feedItem({
    id: 'v-m-red',
    itemGroupId: 'p2',
    productId: 'p2',
    title: 'Chemise — M / Rouge',
    description: '',
    isInStock: false,
    price: 1999,
    salePrice: 1499,
    currency: 'EUR',
    brand: null,
    gtin: null,
    mpn: null,
    productType: null,
    imageLink: null,
    options: { Taille: 'M', 'Coloris ': 'Rouge' },
  }),
  feedItem({ id: 'v-long', title: LONG_TITLE, options: { pointure: '42', Couleur: 'Noir' } }),
];

describe('Meta CSV feed', () => {
  it('writes every field, escaped, in the columns Meta reads', async () => {
    const csv = await collect(metaCsv(fromArray(items)));
    expect(csv.split('\r\n')[0]).toBe(META_COLUMNS.join(','));
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual({
      id: 'v-tricky',
      title: CLEAN_LINE,
      description: CLEAN,
      availability: 'in stock',
      condition: 'new',
      price: '12500 XOF',
      sale_price: '',
      link: 'https://awa.comptoir.africa/produits/boubou',
      image_link: 'https://cdn.comptoir.africa/i/boubou.jpg',
      additional_image_link: 'https://cdn.comptoir.africa/i/a.jpg,https://cdn.comptoir.africa/i/b%2Cc.jpg',
      brand: 'Awa Couture',
      item_group_id: '',
      gtin: '6111234567895',
      mpn: 'BB-01',
      product_type: 'Mode > Boubous',
      size: '',
      color: '',
    });
    expect(rows[1]).toMatchObject({
      id: 'v-m-red',
      // Meta requires a description: the title stands in.
      description: 'Chemise — M / Rouge',
      availability: 'out of stock',
      price: '19.99 EUR',
      sale_price: '14.99 EUR',
      image_link: '',
      brand: '',
      item_group_id: 'p2',
      gtin: '',
      size: 'M',
      color: 'Rouge',
    });
    expect(rows[2]?.title?.length ?? 999).toBeLessThanOrEqual(200);
    expect(LONG_TITLE.startsWith(rows[2]?.title ?? '-')).toBe(true);
    expect(rows[2]).toMatchObject({ size: '42', color: 'Noir' });
  });

  it('passes on an error of the source instead of hanging', async () => {
    async function* failing() {
      yield feedItem();
      throw new Error('connexion perdue');
    }
    await expect(collect(metaCsv(failing()))).rejects.toThrow('connexion perdue');
  });
});

describe('Google RSS feed', () => {
  const parser = new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    isArray: (name) => name === 'item' || name === 'g:additional_image_link',
  });

  it('writes an RSS 2.0 channel with the g: fields Google reads', async () => {
    const channel = { title: 'Awa & fils', link: 'https://awa.comptoir.africa', description: 'Mode <wax>' };
    const xml = await collect(googleRss(fromArray(items), channel));
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).not.toContain('\u0007');
    const doc = parser.parse(xml);
    expect(doc.rss['@_version']).toBe('2.0');
    expect(doc.rss['@_xmlns:g']).toBe('http://base.google.com/ns/1.0');
    expect(doc.rss.channel).toMatchObject({ title: 'Awa & fils', description: 'Mode <wax>' });
    const [tricky, variant, long] = doc.rss.channel.item;
    expect(tricky).toEqual({
      'g:id': 'v-tricky',
      title: CLEAN_LINE,
      description: CLEAN,
      link: 'https://awa.comptoir.africa/produits/boubou',
      'g:image_link': 'https://cdn.comptoir.africa/i/boubou.jpg',
      'g:additional_image_link': [
        'https://cdn.comptoir.africa/i/a.jpg',
        'https://cdn.comptoir.africa/i/b,c.jpg',
      ],
      'g:availability': 'in_stock',
      'g:condition': 'new',
      'g:price': '12500 XOF',
      'g:brand': 'Awa Couture',
      'g:gtin': '6111234567895',
      'g:mpn': 'BB-01',
      'g:product_type': 'Mode > Boubous',
    });
    expect(variant).toEqual({
      'g:id': 'v-m-red',
      title: 'Chemise — M / Rouge',
      description: 'Chemise — M / Rouge',
      link: 'https://awa.comptoir.africa/produits/boubou',
      'g:availability': 'out_of_stock',
      'g:condition': 'new',
      'g:price': '19.99 EUR',
      'g:sale_price': '14.99 EUR',
      'g:identifier_exists': 'no',
      'g:item_group_id': 'p2',
      'g:size': 'M',
      'g:color': 'Rouge',
    });
    expect(long.title.length).toBeLessThanOrEqual(150);
    expect(LONG_TITLE.startsWith(long.title)).toBe(true);
    expect(long['g:sale_price']).toBeUndefined();
  });

  it('leaves out identifier_exists when brand and MPN identify the product', async () => {
    const xml = await collect(googleRss(fromArray([feedItem({ gtin: null })]), feedItem()));
    expect(xml).toContain('<g:mpn>BB-01</g:mpn>');
    expect(xml).not.toContain('identifier_exists');
  });
});

describe('streaming', () => {
  const COUNT = 60_000;
  async function* many(counter = { read: 0, closed: false }) {
    try {
      for (let i = 0; i < COUNT; i++) {
        counter.read++;
        yield feedItem({ id: `v${i}`, itemGroupId: `p${i >> 2}`, options: { Taille: String(i % 4) } });
      }
    } finally {
      counter.closed = true;
    }
  }

  for (const [name, write] of [
    ['Meta', (source: AsyncIterable<FeedItem>) => metaCsv(source)],
    ['Google', (source: AsyncIterable<FeedItem>) => googleRss(source, feedItem())],
  ] as const) {
    it(`writes ${COUNT} items through ${name} in many chunks`, async () => {
      let chunks = 0;
      let items = 0;
      const marker = name === 'Meta' ? '\r\n' : '<item>';
      for await (const chunk of write(many())) {
        chunks++;
        items += chunk.split(marker).length - 1;
      }
      expect(items).toBe(name === 'Meta' ? COUNT + 1 : COUNT); // the CSV header is a line too
      expect(chunks).toBeGreaterThan(100);
    });

    it(`reads no further than ${name}'s reader and closes the source when it stops`, async () => {
      const counter = { read: 0, closed: false };
      for await (const chunk of write(many(counter))) if (chunk.includes('v10')) break;
      await new Promise((resolve) => setImmediate(resolve));
      expect(counter.read).toBeLessThan(2_000);
      expect(counter.closed).toBe(true);
    });
  }
});

describe('feedPrice', () => {
  it('writes major units with a dot and the currency, no grouping', () => {
    expect(feedPrice(12500, 'XOF')).toBe('12500 XOF');
    expect(feedPrice(1250000, 'XAF')).toBe('1250000 XAF');
    expect(feedPrice(1999, 'EUR')).toBe('19.99 EUR');
    expect(feedPrice(5, 'USD')).toBe('0.05 USD');
    expect(feedPrice(12345, 'TND')).toBe('12.345 TND');
  });
});

describe('isValidGtin', () => {
  it('checks the length and the check digit', () => {
    expect(isValidGtin('6111234567895')).toBe(true); // EAN-13, Morocco
    expect(isValidGtin('6111234567890')).toBe(false); // wrong check digit
    expect(isValidGtin('036000291452')).toBe(true); // UPC-A
    expect(isValidGtin('96385074')).toBe(true); // EAN-8
    expect(isValidGtin('10614141000415')).toBe(true); // GTIN-14
    expect(isValidGtin('9780306406157')).toBe(true); // ISBN
    expect(isValidGtin('61112345678')).toBe(false);
    expect(isValidGtin('611123456789a')).toBe(false);
    expect(isValidGtin('0000000000000')).toBe(false);
  });

  it('refuses the in-store, restricted and coupon ranges Google disapproves', () => {
    expect(isValidGtin('2001234567893')).toBe(false); // as the back-office generates for its own labels
    expect(isValidGtin('0412345678903')).toBe(false);
    expect(isValidGtin('9912345678904')).toBe(false);
  });
});

describe('checkFeedItem', () => {
  const fields = (item: FeedItem) => checkFeedItem(item, 'Boubou').map((p) => p.field);

  it('finds nothing in a complete item', () => {
    expect(checkFeedItem(feedItem(), 'Boubou')).toEqual([]);
  });

  it('names each problem, for whom, and how serious', () => {
    const problems = checkFeedItem(
      feedItem({
        imageLink: null,
        title: LONG_TITLE,
        brand: null,
        gtin: null,
        mpn: null,
        description: '',
        price: 0,
      }),
      'Boubou',
    );
    expect(problems.map((p) => [p.field, p.severity, p.platforms])).toEqual([
      ['image', 'error', ['meta', 'google']],
      ['title', 'warning', ['meta', 'google']],
      ['description', 'warning', ['meta', 'google']],
      ['brand', 'error', ['meta', 'google']],
      ['identifier', 'warning', ['google']],
      ['price', 'error', ['meta', 'google']],
    ]);
    expect(problems[0]).toMatchObject({
      productId: 'p1',
      productName: 'Boubou',
      message: 'Aucune image : Meta et Google refusent un produit sans photo.',
    });
    expect(problems[4]?.message).toBe(
      'Ni code-barres (GTIN) ni référence (MPN) : Google l’acceptera avec identifier_exists=no, mais il sera moins visible.',
    );
  });

  it('checks the image size against each platform', () => {
    const [meta] = checkFeedItem(feedItem({ imageWidth: 400, imageHeight: 600 }), 'Boubou');
    expect(meta).toMatchObject({ platforms: ['meta'], field: 'image' });
    expect(meta?.message).toBe(
      'Image trop petite (400\u202f×\u202f600 pixels) : Meta demande au moins 500\u202f×\u202f500 pixels.',
    );
    // Clothing (it has a size) needs 250 × 250 at Google.
    const [both] = checkFeedItem(
      feedItem({ imageWidth: 200, imageHeight: 200, options: { Taille: 'M' } }),
      'B',
    );
    expect(both?.platforms).toEqual(['meta', 'google']);
    expect(both?.message).toContain('Google au moins 250\u202f×\u202f250');
  });

  it('asks Google for a brand only when nothing else identifies the product', () => {
    expect(fields(feedItem({ brand: null }))).toEqual([]);
    const [brand] = checkFeedItem(feedItem({ brand: null, gtin: null }), 'Boubou');
    expect(brand).toMatchObject({ field: 'brand', platforms: ['google'], severity: 'warning' });
    expect(fields(feedItem({ gtin: '2001234567893' }))).toEqual(['identifier']);
  });

  it('flags a title over 150 characters for Google only, and a bad link or sale price', () => {
    const title = 'x'.repeat(151);
    expect(checkFeedItem(feedItem({ title }), 'B')[0]?.platforms).toEqual(['google']);
    expect(fields(feedItem({ link: '/produits/boubou' }))).toEqual(['link']);
    expect(fields(feedItem({ salePrice: 12500 }))).toEqual(['price']);
  });

  it('has French typography in every message', () => {
    const problems = checkFeedItem(
      feedItem({ imageWidth: 50, imageHeight: 50, title: LONG_TITLE, brand: null, gtin: null, mpn: null }),
      'B',
    );
    for (const { message } of problems) {
      expect(message).not.toMatch(/ [:;?!]|'/);
      expect(message).toMatch(/\u00a0: /);
    }
  });
});

describe('dedupeProblems', () => {
  it('keeps one problem per product, field and message', () => {
    const red = checkFeedItem(
      feedItem({ id: 'a', imageLink: null, options: { Couleur: 'Rouge' } }),
      'Boubou',
    );
    const blue = checkFeedItem(
      feedItem({ id: 'b', imageLink: null, options: { Couleur: 'Bleu' } }),
      'Boubou',
    );
    const other = checkFeedItem(feedItem({ productId: 'p9', imageLink: null }), 'Pagne');
    const merged = dedupeProblems([...red, ...blue, ...other]);
    expect(merged.map((p) => [p.productId, p.field])).toEqual([
      ['p1', 'image'],
      ['p9', 'image'],
    ]);
    expect(merged[0]?.platforms).toEqual(['meta', 'google']);
  });
});
