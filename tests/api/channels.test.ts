import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import { setupApiTestbed } from '../helpers/api-testbed';
import { createShopFixture } from '../helpers/fixtures';
import { deliveryCalls } from '../helpers/delivery';
import { catalogueCalls } from '../helpers/catalogue';
import { as, createOrderOk, line, orderCalls, sellable, type Actor } from '../helpers/orders';
import { pngImage } from '../helpers/uploads';
import { cookieOf, visitor } from '../helpers/storefront';

/*
 * Canaux de vente: per-channel availability and prices (the online shop, the till, WhatsApp and
 * the feeds honour them), the WhatsApp number, share links and status card, paste-to-order, the
 * status messages, and the Meta and Google feeds at their secret address.
 */

const bed = setupApiTestbed();
const delivery = deliveryCalls(bed);
const orders = orderCalls(bed);
const catalogue = catalogueCalls(bed);
const visit = visitor(bed);

const post = (a: Actor, path: string, body: Record<string, unknown>) =>
  bed.server.call('POST', `/api/channel/${path}`, { token: a.token, body: { shopId: a.shopId, ...body } });
const get = (a: Actor, path: string, params: Record<string, string> = {}) =>
  bed.server.call('GET', `/api/channel/${path}?${new URLSearchParams({ shopId: a.shopId, ...params })}`, {
    token: a.token,
  });

/** A file the API answers (a feed, a picture): as bytes, whatever its type. */
async function fetchRaw(path: string, token?: string, userAgent?: string) {
  const response = await fetch(`${bed.server.url}${path}`, {
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(userAgent ? { 'user-agent': userAgent } : {}),
    },
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

async function boubou(a: Actor) {
  const made = await catalogue.create(a.token, a.shopId, {
    name: 'Boubou brodé',
    descriptionHtml: '<p>Brodé <strong>main</strong>, coton &amp; bazin.</p>',
    options: [{ name: 'Taille', values: ['M', 'L'] }],
    variants: [
      { optionValues: ['M'], price: 25_000, sku: 'BOU-M', stock: 4 },
      { optionValues: ['L'], price: 27_000, sku: 'BOU-L', stock: 0 },
    ],
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return {
    productId: made.body._id as string,
    m: made.body.variants[0]._id as string,
    l: made.body.variants[1]._id as string,
  };
}

async function openShop(name: string) {
  const fixture = await createShopFixture(bed.database.db, name);
  const a = as(fixture);
  const savon = await sellable(bed, a, 'Savon Kaola', 1_000, { stock: 50, sku: 'SAV-K' });
  const huile = await sellable(bed, a, 'Huile de coco 50cl', 2_500, { stock: 20 });
  const cafe = await sellable(bed, a, 'Café Touba 250 g', 2_500, { stock: 10 });
  const bou = await boubou(a);
  const zone = await delivery.post(a, 'createZone', {
    name: 'Yopougon',
    fee: 1_500,
    areas: [{ commune: 'Yopougon' }, { commune: 'Cocody', quartier: 'Angré' }],
  });
  expect(zone.status, JSON.stringify(zone.body)).toBe(200);
  const opened = await bed.server.call('POST', '/api/storefront/updateSettings', {
    token: a.token,
    body: { shopId: a.shopId, isPublished: true },
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  return { fixture, a, savon, huile, cafe, bou, slug: opened.body.slug as string };
}

async function saveListing(a: Actor, productId: string, hiddenOn: string[], prices: unknown[] = []) {
  const saved = await post(a, 'saveListing', { productId, hiddenOn, prices });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body;
}

async function feedUrls(a: Actor) {
  const settings = await get(a, 'settings');
  expect(settings.status).toBe(200);
  return settings.body.feeds as { meta: string; google: string };
}

const pathOf = (url: string) => new URL(url).pathname;

describe('channel settings', () => {
  it('keeps the WhatsApp number in E.164, refuses a wrong one naming the field, and only for managers', async () => {
    const { fixture, a } = await openShop('Boutique Réglages');
    const wrong = await post(a, 'updateSettings', { whatsappPhone: '12' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.details.whatsappPhone).toMatch(/Numéro WhatsApp invalide/);
    expect((await get(a, 'settings')).body.whatsappPhone).toBeNull();

    const saved = await post(a, 'updateSettings', { whatsappPhone: '77 123 45 67' });
    expect(saved.status).toBe(200);
    expect(saved.body.whatsappPhone).toBe('+221771234567');

    const cashier = as(fixture, 'cashier');
    expect((await post(cashier, 'updateSettings', { whatsappPhone: '77 000 00 00' })).status).toBe(403);
    // A cashier reads the channels, never the feeds' secret addresses.
    const read = await get(cashier, 'settings');
    expect(read.status).toBe(200);
    expect(read.body.feeds).toEqual({ meta: '', google: '' });
    const other = as(await createShopFixture(bed.database.db, 'Boutique Autre'));
    expect((await get({ ...other, shopId: a.shopId }, 'settings')).status).toBe(404);

    const badTemplate = await post(a, 'updateSettings', {
      templates: { confirmation: 'Bonjour {{prenom}}' },
    });
    expect(badTemplate.status).toBe(422);
    expect(badTemplate.body.error.details['templates.confirmation']).toMatch(/Champ inconnu/);
  });
});

describe('per-channel availability and prices', () => {
  it('refuses a negative price or another product’s variant, changing nothing', async () => {
    const { a, savon, bou } = await openShop('Boutique Prix');
    const negative = await post(a, 'saveListing', {
      productId: savon.productId,
      hiddenOn: ['pos'],
      prices: [{ variantId: savon.variantId, channel: 'whatsapp', price: -100 }],
    });
    expect(negative.status).toBe(422);
    expect(negative.body.error.details['prices.0.price']).toBe('Un prix ne peut pas être négatif.');
    const foreign = await post(a, 'saveListing', {
      productId: savon.productId,
      hiddenOn: ['pos'],
      prices: [{ variantId: bou.m, channel: 'whatsapp', price: 900 }],
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.error.details['prices.0.variantId']).toMatch(/pas celle du produit/);
    const listing = await get(a, 'listing', { productId: savon.productId });
    expect(listing.body.hiddenOn).toEqual([]);
    expect(listing.body.prices).toEqual([]);
    const other = as(await createShopFixture(bed.database.db, 'Boutique Voisine'));
    expect(
      (await post(other, 'saveListing', { productId: savon.productId, hiddenOn: [], prices: [] })).status,
    ).toBe(404);
    expect(
      (
        await post(as(await createShopFixture(bed.database.db), 'cashier'), 'saveListing', {
          productId: savon.productId,
          hiddenOn: [],
          prices: [],
        })
      ).status,
    ).toBe(403);
  });

  it('the online shop hides a product withheld from it and sells at its own price', async () => {
    const { a, savon, huile, slug } = await openShop('Boutique Site');
    await saveListing(a, huile.productId, ['site']);
    await saveListing(a, savon.productId, [], [{ variantId: savon.variantId, channel: 'site', price: 800 }]);
    const catalogueText = (await visit(`/${slug}/catalogue`)).text;
    expect(catalogueText).toContain('Savon Kaola');
    expect(catalogueText).not.toContain('Huile de coco');
    expect((await visit(`/${slug}/p/huile-de-coco-50cl`)).status).toBe(404);
    const page = await visit(`/${slug}/p/savon-kaola`);
    expect(page.text).toMatch(/800\sF\s?CFA/);

    const cookie = await (async () => {
      const added = await visit(`/${slug}/panier/ajouter`, {
        form: { variantId: savon.variantId, quantity: '3' },
      });
      return cookieOf(added);
    })();
    const checkout = await visit(`/${slug}/commande`, {
      cookie,
      form: {
        name: 'Fatou Sall',
        phone: '77 555 12 34',
        mode: 'livraison',
        commune: 'Yopougon',
        quartier: '',
        indications: 'Face à la pharmacie',
        payment: 'cash_on_delivery',
        intent: 'commander',
        key: 'cle-canal-site-0001',
      },
    });
    expect(checkout.status, checkout.text.slice(0, 500)).toBe(303);
    const list = await orders.list(a, { channel: 'site' });
    const placed = (await orders.get(a, list.body.items[0].id)).body;
    expect(placed.subtotal).toBe(2_400);
    expect(placed.lines[0].unitPrice).toBe(800);
  });

  it('a WhatsApp order is priced at WhatsApp’s price, a manual one at the catalogue’s; the till drops a product withheld from it', async () => {
    const { a, savon, cafe } = await openShop('Boutique WhatsApp');
    await saveListing(
      a,
      savon.productId,
      [],
      [{ variantId: savon.variantId, channel: 'whatsapp', price: 850 }],
    );
    await saveListing(a, cafe.productId, ['pos']);
    const wa = await createOrderOk(bed, a, { channel: 'whatsapp', lines: [line(savon.variantId, 2)] });
    expect(wa.subtotal).toBe(1_700);
    const manual = await createOrderOk(bed, a, { channel: 'manual', lines: [line(savon.variantId, 2)] });
    expect(manual.subtotal).toBe(2_000);
    const till = await bed.server.call('GET', `/api/pos/catalogue?shopId=${a.shopId}`, { token: a.token });
    expect(till.status).toBe(200);
    const items = till.body.items as Array<{ id: string; isRemoved: boolean }>;
    expect(items.find((p) => p.id === cafe.productId)?.isRemoved).toBe(true);
    expect(items.find((p) => p.id === savon.productId)?.isRemoved).toBe(false);
  });
});

describe('the Meta and Google feeds', () => {
  it('writes every field Meta reads, leaves out what is withheld, and 404s a wrong secret', async () => {
    const { a, savon, huile, cafe, bou } = await openShop('Boutique Flux');
    await post(a, 'updateSettings', { feedBrand: 'Boutique Flux' });
    await saveListing(a, cafe.productId, ['meta']);
    await saveListing(a, savon.productId, [], [{ variantId: savon.variantId, channel: 'meta', price: 900 }]);
    const urls = await feedUrls(a);
    expect(urls.meta).toMatch(/\/api\/channel\/feed\/[\w-]{20,}\/meta\.csv$/);

    const meta = await fetchRaw(pathOf(urls.meta));
    expect(meta.status).toBe(200);
    expect(meta.headers.get('content-type')).toMatch(/text\/csv/);
    const rows = parseCsv(meta.bytes.toString('utf8'), { columns: true }) as Array<Record<string, string>>;
    expect(Object.keys(rows[0]!)).toEqual(
      expect.arrayContaining([
        'id',
        'title',
        'description',
        'availability',
        'condition',
        'price',
        'link',
        'image_link',
        'brand',
        'item_group_id',
        'sale_price',
      ]),
    );
    expect(rows.map((r) => r.title)).not.toContain('Café Touba 250 g');
    const savonRow = rows.find((r) => r.id === savon.variantId)!;
    expect(savonRow).toMatchObject({
      title: 'Savon Kaola',
      availability: 'in stock',
      condition: 'new',
      price: '1000 XOF',
      sale_price: '900 XOF',
      brand: 'Boutique Flux',
      item_group_id: '',
    });
    expect(savonRow.link).toMatch(/\/boutique-flux\/p\/savon-kaola$/);
    const m = rows.find((r) => r.id === bou.m)!;
    const l = rows.find((r) => r.id === bou.l)!;
    expect(m.item_group_id).toBe(bou.productId);
    expect(l.item_group_id).toBe(bou.productId);
    expect(m.description).toBe('Brodé main, coton & bazin.');
    expect(m.size).toBe('M');
    expect(l.availability).toBe('out of stock');
    expect(m.sale_price).toBe('');

    // An automatic discount on the huile lowers what the feed advertises, as the shop would sell it.
    const discount = await bed.server.call('POST', '/api/discount/create', {
      token: a.token,
      body: {
        shopId: a.shopId,
        name: 'Huile -20 %',
        kind: 'automatic',
        value: {
          target: 'products',
          products: { productIds: [huile.productId] },
          reduction: { type: 'percentage', percentage: 20 },
        },
        combinesWith: { order: true, product: false, delivery: true },
      },
    });
    expect(discount.status, JSON.stringify(discount.body)).toBe(200);
    const withDiscount = parseCsv((await fetchRaw(pathOf(urls.meta))).bytes.toString('utf8'), {
      columns: true,
    }) as Array<Record<string, string>>;
    expect(withDiscount.find((r) => r.id === huile.variantId)).toMatchObject({
      price: '2500 XOF',
      sale_price: '2000 XOF',
    });
    expect(withDiscount.find((r) => r.id === savon.variantId)?.sale_price).toBe('900 XOF');

    const wrong = await fetchRaw(pathOf(urls.meta).replace(/feed\/[^/]+/, 'feed/pas-le-bon-secret-du-tout'));
    expect(wrong.status).toBe(404);
    expect((await fetchRaw(pathOf(urls.meta).replace('meta.csv', 'autre.csv'))).status).toBe(404);
  });

  it('writes Google’s RSS with the g: namespace and English values, kept five minutes unless the catalogue moves', async () => {
    const { a, savon, cafe, bou } = await openShop('Boutique Google');
    await saveListing(a, cafe.productId, ['google']);
    const urls = await feedUrls(a);
    const first = await fetchRaw(pathOf(urls.google), undefined, 'Google-Merchant-Center');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-feed-cache')).toBe('miss');
    const xml = first.bytes.toString('utf8');
    expect(xml).toContain('xmlns:g="http://base.google.com/ns/1.0"');
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(xml);
    const items = parsed.rss.channel.item as Array<Record<string, unknown>>;
    const ids = items.map((i) => String(i['g:id']));
    expect(ids).toContain(savon.variantId);
    expect(ids).toContain(bou.m);
    expect(items.map((i) => String(i.title))).not.toContain('Café Touba 250 g');
    const l = items.find((i) => i['g:id'] === bou.l)!;
    expect(l['g:availability']).toBe('out_of_stock');
    expect(l['g:condition']).toBe('new');
    expect(l['g:price']).toBe('27000 XOF');
    expect(l['g:item_group_id']).toBe(bou.productId);

    const again = await fetchRaw(pathOf(urls.google));
    expect(again.headers.get('x-feed-cache')).toBe('hit');
    expect(again.bytes.equals(first.bytes)).toBe(true);
    // The robot's read makes the channel live on the page.
    const overview = await get(a, 'overview');
    expect(overview.body.items.find((c: { key: string }) => c.key === 'google').isActive).toBe(true);

    const renamed = await catalogue.update(a.token!, a.shopId, savon.productId, {
      name: 'Savon Kaola extra',
      variants: [{ _id: savon.variantId, optionValues: [], price: 1_000, stock: 50 }],
    } as never);
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const moved = await fetchRaw(pathOf(urls.google));
    expect(moved.headers.get('x-feed-cache')).toBe('miss');
    expect(moved.bytes.toString('utf8')).toContain('Savon Kaola extra');

    const renewed = await post(a, 'renewFeedSecret', {});
    expect(renewed.status).toBe(200);
    expect((await fetchRaw(pathOf(urls.google))).status).toBe(404);
    expect((await fetchRaw(pathOf(renewed.body.feeds.google))).status).toBe(200);
  });

  it('lists what the platforms would refuse, product by product', async () => {
    const { a, savon } = await openShop('Boutique Contrôle');
    const uploaded = await bed.server.call(
      'POST',
      `/api/product/uploadImage?shopId=${a.shopId}&productId=${savon.productId}`,
      { token: a.token, rawBody: await pngImage(400, 300), headers: { 'content-type': 'image/png' } },
    );
    expect(uploaded.status).toBe(200);
    const checked = await get(a, 'checkFeeds');
    expect(checked.status).toBe(200);
    expect(checked.body.shopProblems.join(' ')).toMatch(/Aucune marque/);
    const problems = checked.body.problems as Array<{
      productName: string;
      field: string;
      message: string;
      severity: string;
    }>;
    const huile = problems.find((p) => p.productName === 'Huile de coco 50cl' && p.field === 'image');
    expect(huile?.message).toMatch(/Aucune image/);
    expect(huile?.severity).toBe('error');
    const small = problems.find((p) => p.productName === 'Savon Kaola' && p.field === 'image');
    expect(small?.message).toMatch(/500\s×\s500/);
  });
});

describe('WhatsApp', () => {
  it('reads a pasted message into a draft: products, quantities, client, zone and note', async () => {
    const { fixture, a, savon, huile } = await openShop('Boutique Coller');
    await orders.createClient(a, { name: 'Aminata Koné', phone: '77 808 09 10' });
    const draft = await post(a, 'pasteOrder', {
      text: 'Bonjour, je veux 2 savons kaola et 1 huile de coco 50cl, livraison à Angré, c’est Aminata 77 808 09 10. Avant 18h svp',
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    const lines = draft.body.lines as Array<{ quantity: number; best: { variantId: string } | null }>;
    expect(lines.map((l) => [l.best?.variantId, l.quantity])).toEqual([
      [savon.variantId, 2],
      [huile.variantId, 1],
    ]);
    expect(draft.body.phone).toBe('+221778080910');
    expect(draft.body.client.name).toBe('Aminata Koné');
    expect(draft.body.place).toMatchObject({ commune: 'Cocody', quartier: 'Angré' });
    expect(draft.body.zone).toEqual({ name: 'Yopougon', fee: 1_500 });

    // A sale, a WhatsApp price and a new product later: the draft reads them as they are now.
    await createOrderOk(bed, a, { channel: 'manual', lines: [line(savon.variantId, 5)] });
    await saveListing(
      a,
      savon.productId,
      [],
      [{ variantId: savon.variantId, channel: 'whatsapp', price: 900 }],
    );
    const gel = await sellable(bed, a, 'Gel douche karité', 3_000, { stock: 7 });
    const again = await post(a, 'pasteOrder', { text: '3 savon kaola et 1 gel douche' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(
      again.body.lines.map((l: { best: { variantId: string; price: number; stock: number } }) => l.best),
    ).toEqual([
      expect.objectContaining({ variantId: savon.variantId, price: 900, stock: 45 }),
      expect.objectContaining({ variantId: gel.variantId, price: 3_000, stock: 7 }),
    ]);

    const nothing = await post(a, 'pasteOrder', { text: 'Bonjour, ça va ? Merci beaucoup' });
    expect(nothing.status).toBe(422);
    expect(nothing.body.error.details.text).toMatch(/Aucun produit/);
    expect((await post(as(fixture, 'cashier'), 'pasteOrder', { text: '2 savons' })).status).toBe(403);
    expect((await post(as(fixture, 'cashier'), 'pasteReady', {})).status).toBe(403);
    const ready = await post(a, 'pasteReady', {});
    expect(ready.body).toEqual({ variants: 6 });
    expect((await post(a, 'pasteOrder', { text: '   ' })).status).toBe(422);
  });

  it('shares a product with its variant, price and link, and draws its status card', async () => {
    const { fixture, a, bou, slug } = await openShop('Boutique Partage');
    await saveListing(a, bou.productId, [], [{ variantId: bou.m, channel: 'whatsapp', price: 22_000 }]);
    const share = await get(a, 'share', { productId: bou.productId });
    expect(share.status).toBe(200);
    const m = share.body.variants.find((v: { id: string }) => v.id === bou.m);
    expect(m.text).toMatch(/Boubou brodé \(M\)/);
    expect(m.text).toMatch(/22\s000\sF\s?CFA/);
    expect(m.text).toContain(`/${slug}/p/boubou-brode`);
    const prefilled = new URL(m.waUrl).searchParams.get('text');
    expect(prefilled).toBe(m.text);
    expect(share.body.text).toMatch(/à partir de 22\s000/);

    const card = await fetchRaw(
      `/api/channel/statusCard?shopId=${a.shopId}&productId=${bou.productId}`,
      a.token,
    );
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(card.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([1080, 1920]);

    await saveListing(a, bou.productId, ['whatsapp']);
    expect((await get(a, 'share', { productId: bou.productId })).status).toBe(422);
    expect(
      (await get(as(await createShopFixture(bed.database.db)), 'share', { productId: bou.productId })).status,
    ).toBe(422);
    expect((await get({ ...as(fixture, 'cashier'), shopId: 'inconnue' }, 'share')).status).toBe(404);
  });

  it('writes the status messages of an order in the shop’s wording, the tracking link when out for delivery', async () => {
    const { a, savon } = await openShop('Boutique Messages');
    await post(a, 'updateSettings', {
      templates: { confirmation: 'Merci {{client}} ! Commande {{commande}} : {{total}}.' },
    });
    const order = await createOrderOk(bed, a, {
      channel: 'whatsapp',
      newClient: { name: 'Moussa Diop', phone: '77 111 22 33' },
      lines: [line(savon.variantId, 2)],
      deliveryAddress: { commune: 'Yopougon' },
    });
    const messages = await get(a, 'orderMessages', { orderId: order.id });
    expect(messages.status).toBe(200);
    const confirmation = messages.body.items.find((m: { key: string }) => m.key === 'confirmation');
    expect(confirmation.text).toMatch(
      new RegExp(`^Merci Moussa\\s! Commande n° ${order.number}\\s: 3\\s500\\sF\\s?CFA\\.$`),
    );
    expect(confirmation.waUrl).toMatch(/^https:\/\/wa\.me\/221771112233\?text=/);
    await orders.changeStatus(a, order.id, 'shipping');
    const shipping = (await get(a, 'orderMessages', { orderId: order.id })).body;
    expect(shipping.suggested).toBe('shipping');
    expect(shipping.items.find((m: { key: string }) => m.key === 'shipping').text).toMatch(/\/suivi\/[\w-]+/);
    const sent = await post(a, 'sendOrderMessage', { orderId: order.id, template: 'shipping' });
    expect(sent.status).toBe(422);
    expect(sent.body.error.details.template).toMatch(/pas configuré/);
  });

  it('counts this month’s orders and net sales by channel', async () => {
    const { a, savon } = await openShop('Boutique Canaux');
    await createOrderOk(bed, a, { channel: 'whatsapp', lines: [line(savon.variantId, 3)] });
    await createOrderOk(bed, a, { channel: 'instagram', lines: [line(savon.variantId, 1)] });
    const overview = await get(a, 'overview');
    expect(overview.status).toBe(200);
    const card = (key: string) => overview.body.items.find((c: { key: string }) => c.key === key);
    expect(card('whatsapp')).toMatchObject({ orders: 1, net: 3_000, isActive: false });
    expect(card('meta')).toMatchObject({ orders: 1, net: 1_000 });
    expect(card('google').orders).toBeNull();
    expect(card('site').isActive).toBe(true);
  });
});
