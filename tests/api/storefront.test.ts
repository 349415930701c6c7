import type { IncomingMessage } from 'node:http';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients, notifications, orders, smsMessages, storefrontCarts } from '@/server/db/schema';
import { setupApiTestbed } from '../helpers/api-testbed';
import { createShopFixture } from '../helpers/fixtures';
import { deliveryCalls } from '../helpers/delivery';
import { as, createOrderOk, line, sellable, variantStock, type Actor } from '../helpers/orders';
import { pngImage } from '../helpers/uploads';
import { cookieOf, visitor } from '../helpers/storefront';
import { isShopDomain } from '@/features/storefront/server/serve';
import sharp from 'sharp';

/*
 * The online shop (Boutique en ligne): public pages of published products only, a cart kept in
 * the buyer's cookie, and a checkout by phone whose prices, fee and discounts the server computes
 * again whatever the browser sends; the order lands in Commandes (channel « site »).
 */

const bed = setupApiTestbed();
const delivery = deliveryCalls(bed);

const visit = visitor(bed);

const settings = (a: Actor, body: Record<string, unknown>) =>
  bed.server.call('POST', '/api/storefront/updateSettings', {
    token: a.token,
    body: { shopId: a.shopId, ...body },
  });

async function openShop(name: string) {
  const fixture = await createShopFixture(bed.database.db, name);
  const a = as(fixture);
  const robe = await sellable(bed, a, 'Robe wax été', 12_500, { stock: 5, sku: 'ROBE-1' });
  const sac = await sellable(bed, a, 'Sac en raphia', 7_000, { stock: 2 });
  const zone = await delivery.post(a, 'createZone', {
    name: 'Dakar centre',
    fee: 1_500,
    areas: [{ commune: 'Plateau' }, { commune: 'Médina', quartier: 'Gueule Tapée' }],
  });
  expect(zone.status, JSON.stringify(zone.body)).toBe(200);
  const opened = await settings(a, { isPublished: true });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  return { fixture, a, robe, sac, slug: opened.body.slug as string };
}

async function addToCart(slug: string, variantId: string, quantity: number, cookie = '') {
  const added = await visit(`/${slug}/panier/ajouter`, {
    cookie,
    form: { variantId, quantity: String(quantity) },
  });
  expect(added.status).toBe(303);
  return cookieOf(added);
}

const buyer = {
  name: 'Fatou Sall',
  phone: '77 555 12 34',
  mode: 'livraison',
  commune: 'Plateau',
  quartier: 'Kermel',
  indications: 'Face à la pharmacie',
  payment: 'cash_on_delivery',
  intent: 'commander',
  key: 'cle-commande-0001-abcdef',
};

async function siteOrdersOf(shopId: string) {
  return bed.database.db
    .select()
    .from(orders)
    .where(and(eq(orders.shopId, shopId), eq(orders.channel, 'site')));
}

describe('the online shop', () => {
  it('stays closed until published, then shows active products only, without what is private', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Fermée');
    const a = as(fixture);
    await sellable(bed, a, 'Pagne tissé', 9_000, { stock: 3, sku: 'SECRET-SKU' });
    await sellable(bed, a, 'Brouillon caché', 1_000, { stock: 3, status: 'draft' });
    const slug = fixture.shop.slug;
    expect((await visit(`/${slug}`)).status).toBe(404);

    // Publishing is the admin's or the seller's, of their own shop only.
    expect((await settings(as(fixture, 'cashier'), { isPublished: true })).status).toBe(403);
    const other = await createShopFixture(bed.database.db, 'Autre Boutique');
    expect((await settings({ ...as(other), shopId: fixture.shop.id }, { isPublished: true })).status).toBe(
      404,
    );
    expect((await settings(as(fixture, 'seller'), { isPublished: true })).status).toBe(200);

    const home = await visit(`/${slug}`);
    expect(home.status).toBe(200);
    expect(home.text).toContain('<html lang="fr">');
    expect(home.text).toContain('Pagne tissé');
    expect(home.text).toContain(`<link rel="canonical" href="http://127.0.0.1`);
    expect(home.text).not.toContain('Brouillon caché');
    expect(home.text).not.toContain('SECRET-SKU');

    const product = await visit(`/${slug}/p/pagne-tisse`);
    expect(product.status).toBe(200);
    expect(product.text).toContain('"@type":"Product"');
    expect(product.text).toContain('"priceCurrency":"XOF"');
    expect(product.text).toContain('"price":"9000"');
    expect(product.text).not.toContain('SECRET-SKU');
    expect((await visit(`/${slug}/p/brouillon-cache`)).status).toBe(404);
    const unknown = await visit(`/${slug}/p/nulle-part`);
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('est introuvable');
    expect((await visit('/boutique-qui-n-existe-pas')).status).toBe(404);

    const sitemap = await visit(`/${slug}/sitemap.xml`);
    expect(sitemap.text).toContain(`/${slug}/p/pagne-tisse</loc>`);
    expect(sitemap.text).not.toContain('brouillon');
    expect((await visit(`/${slug}/robots.txt`)).text).toContain(`Disallow: /${slug}/commande`);
  });

  it('keeps a product’s address when it is renamed, and an old shop address leads to the new one', async () => {
    const { fixture, a, robe, slug } = await openShop('Boutique Adresse');
    const renamed = await bed.server.call('POST', '/api/product/update', {
      token: a.token,
      body: {
        shopId: a.shopId,
        productId: robe.productId,
        name: 'Robe wax longue',
        variants: [{ _id: robe.variantId, optionValues: [], price: 12_500 }],
      },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const page = await visit(`/${slug}/p/robe-wax-ete`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Robe wax longue');

    // Reserved, malformed or taken addresses are refused, naming the field, and change nothing.
    for (const [wanted, words] of [
      ['login', 'réservé'],
      ['Pas Bon!', 'lettres minuscules'],
      [(await createShopFixture(bed.database.db, 'Voisine')).shop.slug, 'déjà prise'],
    ] as const) {
      const refused = await settings(a, { slug: wanted, showsStockCounts: true });
      expect(refused.status).toBe(422);
      expect(refused.body.error.details.slug).toContain(words);
    }
    const unchanged = await bed.server.call('GET', `/api/storefront/settings?shopId=${a.shopId}`, {
      token: a.token,
    });
    expect(unchanged.body.showsStockCounts).toBe(false);

    const moved = await settings(a, { slug: 'awa-couture' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.slug).toBe('awa-couture');
    const old = await visit(`/${slug}/p/robe-wax-ete?x=1`);
    expect(old.status).toBe(301);
    expect(old.location).toBe('/awa-couture/p/robe-wax-ete?x=1');
    expect((await visit('/awa-couture')).status).toBe(200);
    // Another shop cannot take the old address.
    const thief = await settings(as(await createShopFixture(bed.database.db, 'Voleuse')), { slug });
    expect(thief.status).toBe(422);
    expect(fixture.shop.id).toBeTruthy();
  });

  it('checks stock as articles go in the cart, which stays in the buyer’s cookie', async () => {
    const { sac, slug } = await openShop('Boutique Panier');
    let cookie = await addToCart(slug, sac.variantId, 1);
    expect(cookie).toBe(`panier=${sac.variantId}.1`);
    // Two more than the stock of 2: capped, and the buyer is told.
    const over = await visit(`/${slug}/panier/ajouter`, {
      cookie,
      form: { variantId: sac.variantId, quantity: '2' },
    });
    expect(over.location).toBe(`/${slug}/panier?erreur=stock`);
    cookie = cookieOf(over);
    expect(cookie).toBe(`panier=${sac.variantId}.2`);
    const cart = await visit(`/${slug}/panier?erreur=stock`, { cookie });
    expect(cart.text).toContain('n’a plus assez de stock');
    expect(cart.text).toContain('Sac en raphia');
  });

  it('places a cash-on-delivery order priced by the server, whatever the browser sends', async () => {
    const { fixture, robe, slug } = await openShop('Boutique Caisse');
    const cookie = await addToCart(slug, robe.variantId, 2);
    const placed = await visit(`/${slug}/commande`, {
      cookie,
      // A tampered form: prices, fee and total are not fields the server reads.
      form: { ...buyer, price: '1', deliveryFee: '0', total: '1', unitPrice: '1' },
    });
    expect(placed.status, placed.text.slice(0, 2000)).toBe(303);
    expect(placed.location).toMatch(new RegExp(`^/${slug}/merci/[\\w-]{10,64}$`));
    expect(placed.setCookie).toContain('panier=;');

    const [order] = await siteOrdersOf(fixture.shop.id);
    expect(order).toMatchObject({
      channel: 'site',
      subtotal: 25_000,
      deliveryFee: 1_500,
      total: 26_500,
      paidAmount: 0,
      fulfilmentStatus: 'new',
      createdByUserId: null,
      clientPhone: '+221775551234',
      clientName: 'Fatou Sall',
    });
    expect(order!.deliveryAddress).toMatchObject({
      commune: 'Plateau',
      quartier: 'Kermel',
      indications: 'Face à la pharmacie',
    });
    expect(await variantStock(bed, robe.variantId)).toBe(3);
    const [client] = await bed.database.db.select().from(clients).where(eq(clients.shopId, fixture.shop.id));
    expect(client).toMatchObject({ phone: '+221775551234', name: 'Fatou Sall' });
    // Every agent who sees orders is told; the buyer gets an SMS with the tracking link.
    const told = await bed.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.shopId, fixture.shop.id));
    expect(told.map((n) => n.title)).toContain(`Nouvelle commande #${order!.number}`);
    const sms = await bed.database.db
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.shopId, fixture.shop.id));
    expect(sms.map((s) => s.purpose)).toEqual(['order_confirmation']);

    const thanks = await visit(placed.location!);
    expect(thanks.status).toBe(200);
    expect(thanks.text).toContain(`n° ${order!.number}`);
    expect(thanks.text).toContain('/suivi/');

    // The same form sent again (a double tap) makes no second order.
    const again = await visit(`/${slug}/commande`, { cookie, form: buyer });
    expect((await siteOrdersOf(fixture.shop.id)).length).toBe(1);
    expect(again.status).toBe(303);
    expect(again.location).toBe(placed.location);
    // Nor a second SMS.
    expect(
      await bed.database.db.select().from(smsMessages).where(eq(smsMessages.shopId, fixture.shop.id)),
    ).toHaveLength(1);
  });

  it('refuses bad input naming the field, keeps the cart and makes no order', async () => {
    const { fixture, robe, slug } = await openShop('Boutique Refus');
    const cookie = await addToCart(slug, robe.variantId, 1);
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ name: '' }, 'name-error', 'Indiquez votre nom.'],
      [{ phone: '12' }, 'phone-error', 'n’est pas valide'],
      [{ commune: 'Rufisque' }, 'commune-error', 'Nous ne livrons pas cette commune'],
      [{ indications: '' }, 'indications-error', 'point de repère'],
      [{ payment: 'bitcoin' }, 'payment-error', 'Choisissez comment payer.'],
      [{ email: 'pas-un-mail' }, 'email-error', 'adresse e-mail'],
    ];
    for (const [change, id, words] of cases) {
      const answer = await visit(`/${slug}/commande`, { cookie, form: { ...buyer, ...change } });
      expect(answer.status, JSON.stringify(change)).toBe(422);
      expect(answer.text).toContain(`id="${id}"`);
      expect(answer.text).toContain(words);
      expect(answer.setCookie).toBeNull();
    }
    // Sold out meanwhile: back to the cart, which is kept, with a clear message.
    await bed.database.db.execute(sql`update product_variants set stock = 0 where id = ${robe.variantId}`);
    const soldOut = await visit(`/${slug}/commande`, { cookie, form: buyer });
    expect(soldOut.location).toBe(`/${slug}/panier?erreur=stock`);
    expect(soldOut.setCookie).toBeNull();
    const cart = await visit(soldOut.location!, { cookie });
    expect(cart.text).toContain('Épuisé\u00a0: retirez-le pour commander.');
    expect(await siteOrdersOf(fixture.shop.id)).toEqual([]);
  });

  it('applies a discount code as a back-office order would, and says why a code is refused', async () => {
    const { a, robe, slug } = await openShop('Boutique Code');
    const created = await bed.server.call('POST', '/api/discount/create', {
      token: a.token,
      body: {
        shopId: a.shopId,
        name: 'Bienvenue',
        kind: 'code',
        code: 'BIENVENUE10',
        value: { target: 'order', reduction: { type: 'percentage', percentage: 10 } },
        combinesWith: { order: false, product: true, delivery: true },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const cookie = await addToCart(slug, robe.variantId, 1);
    const preview = await visit(`/${slug}/commande/resume`, {
      cookie,
      form: { ...buyer, code: 'bienvenue10' },
    });
    expect(preview.status).toBe(200);
    expect(preview.text).toContain('Code BIENVENUE10');
    const refused = await visit(`/${slug}/commande/resume`, { cookie, form: { ...buyer, code: 'FAUX' } });
    expect(refused.text).toContain('data-refusal="discountCodes"');

    const placed = await visit(`/${slug}/commande`, {
      cookie,
      form: { ...buyer, code: 'BIENVENUE10', key: 'cle-code-0001-abcdef' },
    });
    expect(placed.status, placed.text.slice(0, 1500)).toBe(303);
    const [site] = await siteOrdersOf(a.shopId);
    // The same cart entered in the back office with the same code comes to the same total.
    const manual = await createOrderOk(bed, a, {
      channel: 'phone',
      lines: [line(robe.variantId, 1)],
      deliveryAddress: { commune: 'Plateau', quartier: 'Kermel' },
      discountCodes: ['BIENVENUE10'],
    });
    expect(site!.total).toBe(manual.total);
    expect(site!.orderDiscount).toBe(manual.orderDiscount);
    expect(site!.total).toBe(12_500 - 1_250 + 1_500);
  });

  it('takes mobile money through the payment module and brings the buyer back to the shop', async () => {
    const { fixture, robe, slug } = await openShop('Boutique Mobile');
    const cookie = await addToCart(slug, robe.variantId, 1);
    const placed = await visit(`/${slug}/commande`, { cookie, form: { ...buyer, payment: 'mobile_money' } });
    expect(placed.status).toBe(303);
    const paymentId = placed.location!.match(/paymentId=([\w-]+)/)?.[1] ?? placed.location!.split('/').pop()!;
    const report = await bed.server.call('POST', '/api/pay/testReport', {
      body: { paymentId, outcome: 'succeeded', method: 'wave' },
    });
    expect(report.status, `${placed.location} ${JSON.stringify(report.body)}`).toBe(200);
    const back = await fetch(`${bed.server.url}/api/payment/return/${paymentId}`, { redirect: 'manual' });
    expect(back.headers.get('location')).toMatch(
      new RegExp(`^/${slug}/merci/[\\w-]+\\?message=payment_success$`),
    );
    const [order] = await siteOrdersOf(fixture.shop.id);
    expect(order).toMatchObject({ paidAmount: 14_000, paymentStatus: 'paid' });
  });

  it('lists carts left with a phone for an hour, and reminds them, for those who manage the site', async () => {
    const { a, fixture, sac, slug } = await openShop('Boutique Relance');
    const cookie = await addToCart(slug, sac.variantId, 1);
    await visit(`/${slug}/commande/resume`, { cookie, form: { ...buyer, phone: '77 444 00 11' } });
    const list = () =>
      bed.server.call('GET', `/api/storefront/abandonedCarts?shopId=${a.shopId}`, { token: a.token });
    expect((await list()).body.items).toEqual([]);
    await bed.database.db
      .update(storefrontCarts)
      .set({ updatedAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(storefrontCarts.shopId, fixture.shop.id));
    const [cart] = (await list()).body.items;
    expect(cart).toMatchObject({ phone: '+221774440011', name: 'Fatou Sall', total: 7_000 });
    expect(cart.whatsappUrl).toMatch(/^https:\/\/wa\.me\/221774440011\?text=/);
    expect(
      (
        await bed.server.call('GET', `/api/storefront/abandonedCarts?shopId=${a.shopId}`, {
          token: fixture.members.cashier.token,
        })
      ).status,
    ).toBe(403);
    const reminded = await bed.server.call('POST', '/api/storefront/remindCart', {
      token: a.token,
      body: { shopId: a.shopId, cartId: cart.id, via: 'whatsapp' },
    });
    expect(reminded.status).toBe(200);
    expect((await list()).body.items[0].remindedAt).not.toBeNull();
  });
  it('serves a product’s picture at the widths the page asks for, in AVIF and WebP', async () => {
    const { a, robe, slug } = await openShop('Boutique Photos');
    const uploaded = await bed.server.call(
      'POST',
      `/api/product/uploadImage?shopId=${a.shopId}&productId=${robe.productId}`,
      {
        token: a.token,
        rawBody: await pngImage(1200, 900),
        headers: { 'content-type': 'image/png' },
      },
    );
    expect(uploaded.status).toBe(200);
    const page = await visit(`/${slug}/p/robe-wax-ete`);
    const sources = [...page.text.matchAll(/\/boutique-assets\/img\?[^" ,]+/g)].map((m) =>
      m[0].replace(/&amp;/g, '&'),
    );
    const avif = sources.find((u) => u.includes('w=480') && u.includes('f=avif'))!;
    expect(avif).toBeTruthy();
    for (const [url, format, width] of [
      [avif, 'avif', 480],
      [avif.replace('f=avif', 'f=webp'), 'webp', 480],
    ] as const) {
      const response = await fetch(`${bed.server.url}${url}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(`image/${format}`);
      expect(response.headers.get('cache-control')).toContain('immutable');
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(meta.width).toBe(width);
    }
    // Only the widths offered, only uploads, never a path out of them.
    expect((await fetch(`${bed.server.url}${avif.replace('w=480', 'w=481')}`)).status).toBe(404);
    expect(
      (await fetch(`${bed.server.url}/boutique-assets/img?src=/uploads/../../etc/passwd&w=480&f=webp`))
        .status,
    ).toBe(404);
  });

  it('answers on the shop’s own domain, and nowhere else for an unknown one', async () => {
    const { a } = await openShop('Boutique Domaine');
    const set = await settings(a, { customDomain: 'WWW.Boutique-Domaine.sn' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.customDomain).toBe('www.boutique-domaine.sn');
    const home = await visit('/', { host: 'www.boutique-domaine.sn' });
    expect(home.status, home.text.slice(0, 600)).toBe(200);
    expect(home.text).toContain('Boutique Domaine');
    expect(home.text).toContain('<link rel="canonical" href="http://www.boutique-domaine.sn/"');
    expect((await visit('/p/robe-wax-ete', { host: 'www.boutique-domaine.sn' })).status).toBe(200);
    expect((await visit('/', { host: 'www.inconnu.sn' })).status).toBe(404);
    // server.ts sends www hosts to the pro host, but not a shop's own « www. » domain.
    const request = (host: string) => ({ headers: { host }, url: '/' }) as unknown as IncomingMessage;
    expect(await isShopDomain(request('www.boutique-domaine.sn'))).toBe(true);
    expect(await isShopDomain(request('www.inconnu.sn'))).toBe(false);
    expect(await isShopDomain(request('localhost:3000'))).toBe(false);
    const taken = await settings(as(await createShopFixture(bed.database.db, 'Copieuse')), {
      customDomain: 'www.boutique-domaine.sn',
    });
    expect(taken.status).toBe(422);
    expect(taken.body.error.details.customDomain).toContain('déjà');
    const bad = await settings(a, { customDomain: 'https://x.sn/' });
    expect(bad.body.error.details.customDomain).toContain('nom de domaine');
  });
  it('rounds every total down to a sum mobile money takes (a multiple of 5 FCFA)', async () => {
    const { fixture, a, slug } = await openShop('Boutique Arrondi');
    const odd = await sellable(bed, a, 'Savon au miel', 1_234, { stock: 10 });
    const cookie = await addToCart(slug, odd.variantId, 1);
    const summary = await visit(`/${slug}/commande/resume`, { cookie, form: buyer });
    expect(summary.text).toContain('Arrondi');
    const placed = await visit(`/${slug}/commande`, {
      cookie,
      form: { ...buyer, payment: 'mobile_money', key: 'cle-arrondi-0001-abcd' },
    });
    expect(placed.status).toBe(303);
    const [order] = await siteOrdersOf(fixture.shop.id);
    expect(order).toMatchObject({ subtotal: 1_234, deliveryFee: 1_500, total: 2_730 });
  });
});
