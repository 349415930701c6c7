import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balanceEntries, notifications, payments } from '@/server/db/schema';
import { publicUrl } from '@/server/env';
import { setupApiTestbed } from '../helpers/api-testbed';
import { createShopFixture, type ShopFixture } from '../helpers/fixtures';
import { as, createOrderOk, line, orderCalls, sellable } from '../helpers/orders';

const bed = setupApiTestbed();
const api = orderCalls(bed);

const shareLink = (fixture: ShopFixture, orderId: string, role: keyof ShopFixture['members'] = 'admin') =>
  bed.server.call('POST', '/api/order/paymentLink', {
    token: fixture.members[role].token,
    body: { shopId: fixture.shop.id, orderId },
  });
const noteShared = (
  fixture: ShopFixture,
  orderId: string,
  via: string,
  role: keyof ShopFixture['members'] = 'admin',
) =>
  bed.server.call('POST', '/api/order/paymentLinkShared', {
    token: fixture.members[role].token,
    body: { shopId: fixture.shop.id, orderId, via },
  });
// The payer has no account: every call below goes without a token.
const payableOrder = (token: string) => bed.server.call('GET', `/api/pay/getOrder?token=${token}`);
const payCheckout = (token: string) => bed.server.call('POST', '/api/pay/checkout', { body: { token } });
const testPayment = (paymentId: string) =>
  bed.server.call('GET', `/api/pay/getTestPayment?paymentId=${paymentId}`);
const testReport = (paymentId: string, outcome: string, method = 'orange_money') =>
  bed.server.call('POST', '/api/pay/testReport', { body: { paymentId, outcome, method } });

/** The payer's browser back from the provider: a 303 whose Location we read instead of following. */
async function comeBack(paymentId: string) {
  const response = await fetch(`${bed.server.url}/api/payment/return/${paymentId}`, { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location') };
}

const balanceOf = async (fixture: ShopFixture) =>
  (
    await bed.server.call('GET', `/api/shop/getShopBalance?shopId=${fixture.shop.id}`, {
      token: fixture.members.admin.token,
    })
  ).body.balance as number;

/** A fresh shop (its own balance) with an order of 2 × 2 500 + 1 000 delivery, 1 000 paid in cash. */
async function shopWithOrder(name: string) {
  const fixture = await createShopFixture(bed.database.db, name);
  const item = await sellable(bed, as(fixture), 'Robe wax', 2500, { stock: 5 });
  const order = await createOrderOk(bed, as(fixture), {
    lines: [line(item.variantId, 2)],
    deliveryFee: 1000,
    newClient: { name: 'Awa Diop', phone: '+221771112233' },
    payment: { method: 'cash', amount: 1000 },
  });
  return { fixture, order };
}

const tokenOf = (url: string) => url.slice(`${publicUrl()}/payer/`.length);

describe('order payment link', () => {
  it('is paid online by the customer: the order is paid, the balance credited once, the shop told', async () => {
    const { fixture, order } = await shopWithOrder('Boutique Lien');
    const shared = await shareLink(fixture, order.id);
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    expect(shared.body.url).toMatch(new RegExp(`^${publicUrl()}/payer/[\\w-]{32}$`));
    // Asked again (the dialog opened a second time): the same link.
    expect((await shareLink(fixture, order.id, 'seller')).body).toEqual(shared.body);
    const token = tokenOf(shared.body.url);
    // Opening the dialog shares nothing: the timeline says so only once the seller sends it.
    const opened = (await api.get(as(fixture), order.id)).body;
    expect(opened.timeline.map((e: { type: string }) => e.type)).toEqual(['created', 'payment']);
    expect((await noteShared(fixture, order.id, 'whatsapp', 'seller')).body).toEqual({ ok: true });

    const page = await payableOrder(token);
    expect(page.status).toBe(200);
    expect(page.body).toEqual({
      shop: { name: 'Boutique Lien', logoUrl: null, phone: null, currency: 'XOF' },
      order: {
        number: 1001,
        clientName: 'Awa Diop',
        lines: [{ name: 'Robe wax', quantity: 2, total: 5000 }],
        deliveryFee: 1000,
        discount: 0,
        total: 6000,
        paidAmount: 1000,
        amountDue: 5000,
        paymentStatus: 'partially_paid',
      },
      refusal: null,
    });

    const started = await payCheckout(token);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const paymentId = started.body.redirectUrl.replace('/payer/test/', '');
    expect(started.body.redirectUrl).toBe(`/payer/test/${paymentId}`);
    // A double click gets the same checkout, not a second payment.
    expect((await payCheckout(token)).body).toEqual(started.body);
    const [payment] = await bed.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({
      shopId: fixture.shop.id,
      orderId: order.id,
      amount: 5000,
      currency: 'XOF',
      plan: null,
      createdByUserId: null,
      status: 'pending',
    });
    expect((await testPayment(paymentId)).body).toEqual({
      _id: paymentId,
      shopName: 'Boutique Lien',
      orderNumber: 1001,
      amount: 5000,
      currency: 'XOF',
      status: 'pending',
    });

    const reported = await testReport(paymentId, 'succeeded', 'wave');
    expect(reported.body).toEqual({ redirectUrl: `/api/payment/return/${paymentId}` });
    expect(await comeBack(paymentId)).toEqual({
      status: 303,
      location: `/payer/${token}?message=payment_success`,
    });
    // The provider's status asked twice (a late webhook, a reload): settled once.
    expect((await comeBack(paymentId)).location).toBe(`/payer/${token}?message=payment_success`);

    const paid = (await api.get(as(fixture), order.id)).body;
    expect(paid).toMatchObject({ paidAmount: 6000, paymentStatus: 'paid' });
    expect(paid.payments).toHaveLength(2);
    expect(paid.payments[1]).toMatchObject({ method: 'wave', amount: 5000, isOnline: true });
    expect(paid.timeline.map((e: { type: string }) => e.type)).toEqual([
      'created',
      'payment',
      'payment_link',
      'payment',
    ]);
    expect(paid.timeline[2]).toMatchObject({
      data: { amount: 5000, via: 'whatsapp' },
      by: { name: expect.stringContaining('seller') },
    });
    // The customer paid: no user, and no reference since the sandbox has no operator.
    expect(paid.timeline[3]).toMatchObject({
      by: null,
      data: { method: 'wave', amount: 5000, reference: null, isOnline: true },
    });
    expect(await balanceOf(fixture)).toBe(5000);
    const entries = await bed.database.db
      .select()
      .from(balanceEntries)
      .where(eq(balanceEntries.shopId, fixture.shop.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ amount: 5000, kind: 'order_payment', description: 'Commande #1001' });
    const notices = await bed.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.shopId, fixture.shop.id));
    expect(notices.find((n) => n.title === 'Paiement en ligne reçu')?.description).toBe(
      'Commande #1001 : 5\u202f000\u202fFCFA payés par Wave. Le montant est crédité sur votre solde.',
    );

    // Paid: the page says so and a new checkout is refused; the settled test payment stays settled.
    expect((await payableOrder(token)).body).toMatchObject({
      order: { amountDue: 0, paymentStatus: 'paid' },
      refusal: 'Cette commande est déjà entièrement payée.',
    });
    const again = await payCheckout(token);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Cette commande est déjà entièrement payée.');
    expect((await testReport(paymentId, 'failed')).status).toBe(409);
    expect(await balanceOf(fixture)).toBe(5000);
  });

  it('changes nothing when the payment fails, and the payer may try again', async () => {
    const { fixture, order } = await shopWithOrder('Boutique Échec');
    const token = tokenOf((await shareLink(fixture, order.id)).body.url);
    const first = (await payCheckout(token)).body.redirectUrl.replace('/payer/test/', '');
    await testReport(first, 'failed');
    expect(await comeBack(first)).toEqual({ status: 303, location: `/payer/${token}?message=payment_error` });
    expect((await api.get(as(fixture), order.id)).body).toMatchObject({
      paidAmount: 1000,
      paymentStatus: 'partially_paid',
    });
    expect(await balanceOf(fixture)).toBe(0);

    // A failed checkout is not reused: the retry is a new payment.
    const second = (await payCheckout(token)).body.redirectUrl.replace('/payer/test/', '');
    expect(second).not.toBe(first);
    await testReport(second, 'succeeded', 'orange_money');
    await comeBack(second);
    expect((await api.get(as(fixture), order.id)).body.payments[1]).toMatchObject({
      method: 'orange_money',
      isOnline: true,
    });
    expect(await balanceOf(fixture)).toBe(5000);
  });

  it('asks for what is due when the link is opened, not when it was shared', async () => {
    const { fixture, order } = await shopWithOrder('Boutique Reste');
    const token = tokenOf((await shareLink(fixture, order.id)).body.url);
    await api.addPayment(as(fixture), order.id, 2000, 'cash');
    expect((await payableOrder(token)).body.order.amountDue).toBe(3000);
    const paymentId = (await payCheckout(token)).body.redirectUrl.replace('/payer/test/', '');
    expect((await testPayment(paymentId)).body.amount).toBe(3000);
  });

  it('keeps the money received for an order cancelled meanwhile (the shop refunds it)', async () => {
    const { fixture, order } = await shopWithOrder('Boutique Annulée');
    const token = tokenOf((await shareLink(fixture, order.id)).body.url);
    const paymentId = (await payCheckout(token)).body.redirectUrl.replace('/payer/test/', '');
    expect((await api.changeStatus(as(fixture), order.id, 'cancelled')).status).toBe(200);
    await testReport(paymentId, 'succeeded');
    await comeBack(paymentId);
    expect((await api.get(as(fixture), order.id)).body).toMatchObject({
      fulfilmentStatus: 'cancelled',
      paidAmount: 6000,
    });
    expect(await balanceOf(fixture)).toBe(5000);
    // No new checkout on a cancelled order.
    const refused = await payCheckout(token);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'Cette commande est annulée ou retournée\u00a0: elle ne peut plus être payée.',
    );
  });

  it('is shared only by the roles that manage orders, for an order of their own shop that still owes', async () => {
    const { fixture, order } = await shopWithOrder('Boutique Droits');
    for (const role of ['cashier', 'inventory-manager'] as const) {
      const refused = await shareLink(fixture, order.id, role);
      expect(refused.status).toBe(403);
    }
    // Another shop's admin: the order does not exist for them.
    const other = await createShopFixture(bed.database.db, 'Boutique Voisine');
    const outsider = await bed.server.call('POST', '/api/order/paymentLink', {
      token: other.members.admin.token,
      body: { shopId: other.shop.id, orderId: order.id },
    });
    expect(outsider.status).toBe(404);
    const missing = await bed.server.call('POST', '/api/order/paymentLink', {
      token: fixture.members.admin.token,
      body: { shopId: fixture.shop.id },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.error.details).toHaveProperty('orderId');

    // Noting a share: same roles, a known way, a link made first, an order of the shop.
    expect((await noteShared(fixture, order.id, 'copy', 'cashier')).status).toBe(403);
    const notYet = await noteShared(fixture, order.id, 'copy');
    expect(notYet.status).toBe(409);
    expect(notYet.body.error.message).toBe(
      'Ce lien de paiement n’a pas encore été créé\u00a0: ouvrez «\u00a0Lien de paiement\u00a0».',
    );
    await shareLink(fixture, order.id);
    expect((await noteShared(fixture, order.id, 'sms')).body.error.details).toHaveProperty('via');
    expect(
      (
        await bed.server.call('POST', '/api/order/paymentLinkShared', {
          token: other.members.admin.token,
          body: { shopId: other.shop.id, orderId: order.id, via: 'copy' },
        })
      ).status,
    ).toBe(404);
    expect((await noteShared(fixture, order.id, 'copy')).status).toBe(200);
    const noted = (await api.get(as(fixture), order.id)).body.timeline;
    expect(
      noted.filter((e: { type: string }) => e.type === 'payment_link').map((e: { data: unknown }) => e.data),
    ).toEqual([{ amount: 5000, via: 'copy' }]);

    await api.addPayment(as(fixture), order.id, 5000, 'cash');
    expect((await noteShared(fixture, order.id, 'copy')).status).toBe(409);
    const paid = await shareLink(fixture, order.id);
    expect(paid.status).toBe(409);
    expect(paid.body.error.message).toBe('Cette commande est déjà entièrement payée.');
  });

  it('gives nothing away to a wrong or malformed token, and the shop-side sandbox stays closed to it', async () => {
    const { fixture, order } = await shopWithOrder('Boutique Jeton');
    const unknown = await payableOrder('A'.repeat(32));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Ce lien de paiement est introuvable.');
    const malformed = await payableOrder('abc');
    expect(malformed.status).toBe(422);
    expect(malformed.body.error.details.token).toBe('Ce lien de paiement est invalide.');
    expect((await payCheckout('B'.repeat(32))).status).toBe(404);
    expect((await testPayment('nope')).status).toBe(404);
    const badReport = await testReport('nope', 'maybe', 'cash');
    expect(badReport.status).toBe(422);
    expect(Object.keys(badReport.body.error.details).sort()).toEqual(['method', 'outcome']);

    // An order's payment is not a subscription payment: the admin sandbox route does not know it.
    const token = tokenOf((await shareLink(fixture, order.id)).body.url);
    const paymentId = (await payCheckout(token)).body.redirectUrl.replace('/payer/test/', '');
    const adminSide = await bed.server.call('POST', '/api/payment/sandboxReport', {
      token: fixture.members.admin.token,
      body: { shopId: fixture.shop.id, paymentId, outcome: 'succeeded' },
    });
    expect(adminSide.status).toBe(404);
  });
});
