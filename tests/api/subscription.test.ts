import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApiTestbed } from '../helpers/api-testbed';
import { blockShop, createShopFixture, type ShopFixture } from '../helpers/fixtures';
import { invoices, notifications, payments, shops } from '@/server/db/schema';
import { publicUrl, resetEnvCache } from '@/server/env';
import { formatDateTime } from '@/shared/dates';
import { dayjs } from '@/shared/dayjs';

const bed = setupApiTestbed();
const DAY = 86_400_000;

const checkout = (token: string, body: Record<string, unknown>) =>
  bed.server.call('POST', '/api/subscription/checkout', { token, body });
const report = (token: string, body: Record<string, unknown>) =>
  bed.server.call('POST', '/api/payment/sandboxReport', { token, body });
const getPayment = (token: string, shopId: string, paymentId: string) =>
  bed.server.call('GET', `/api/payment/getPayment?shopId=${shopId}&paymentId=${paymentId}`, { token });
const listInvoices = (token: string, shopId: string) =>
  bed.server.call('GET', `/api/subscription/listInvoices?shopId=${shopId}`, { token });

/** The payer's browser coming back: a 303 whose Location we read instead of following. */
async function comeBack(paymentId: string, method: 'GET' | 'POST' = 'GET') {
  const response = await fetch(`${bed.server.url}/api/payment/return/${paymentId}`, {
    method,
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location') };
}

async function shopRow(id: string) {
  const [row] = await bed.database.db.select().from(shops).where(eq(shops.id, id));
  return row!;
}

async function invoiceRows(shopId: string) {
  return bed.database.db.select().from(invoices).where(eq(invoices.shopId, shopId));
}

async function activationNotices(shopId: string) {
  const rows = await bed.database.db.select().from(notifications).where(eq(notifications.shopId, shopId));
  return rows.filter((n) => n.title === 'Abonnement activé');
}

async function paymentRow(id: string) {
  const [row] = await bed.database.db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

/** A sandbox payment the payer reported, not yet applied (the return URL applies it). */
async function reportedPayment(
  fixture: ShopFixture,
  plan: string,
  months: number,
  outcome: 'succeeded' | 'failed',
) {
  const token = fixture.members.admin.token;
  const started = await checkout(token, { shopId: fixture.shop.id, plan, months });
  expect(started.status).toBe(200);
  const reported = await report(token, {
    shopId: fixture.shop.id,
    paymentId: started.body.paymentId,
    outcome,
  });
  expect(reported.status).toBe(200);
  return started.body.paymentId as string;
}

describe('POST /api/subscription/checkout', () => {
  it('computes the price on the server and sends the payer to the sandbox page', async () => {
    const token = bed.awa.members.admin.token;
    const shopId = bed.awa.shop.id;
    // An amount sent by the browser is not part of the contract and is ignored.
    const { status, body } = await checkout(token, { shopId, plan: 'pro', months: 12, amount: 1 });
    expect(status).toBe(200);
    expect(body).toEqual({
      paymentId: expect.any(String),
      redirectUrl: `/paiement/sandbox/${body.paymentId}`,
    });
    const payment = await getPayment(token, shopId, body.paymentId);
    expect(payment.status).toBe(200);
    expect(payment.body).toEqual({
      _id: body.paymentId,
      shopId,
      shopName: 'Boutique Awa',
      plan: 'pro',
      months: 12,
      amount: 150_000,
      currency: 'XOF',
      provider: 'sandbox',
      status: 'pending',
      createdAt: expect.any(String),
      settledAt: null,
    });
    // Prices of the other plans and periods (12 months are billed as 10).
    for (const [plan, months, amount] of [
      ['starter', 1, 5_000],
      ['starter', 12, 50_000],
      ['pro', 3, 45_000],
      ['business', 1, 40_000],
      ['business', 12, 400_000],
    ] as const) {
      const started = await checkout(token, { shopId, plan, months });
      expect((await getPayment(token, shopId, started.body.paymentId)).body.amount).toBe(amount);
    }
  });

  it('answers the same payment for the same idempotency key, and another one for another key', async () => {
    const token = bed.awa.members.admin.token;
    const shopId = bed.awa.shop.id;
    const key = 'cle-payer-0001';
    const first = await checkout(token, { shopId, plan: 'starter', months: 3, idempotencyKey: key });
    const second = await checkout(token, { shopId, plan: 'starter', months: 3, idempotencyKey: key });
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const other = await checkout(token, {
      shopId,
      plan: 'starter',
      months: 3,
      idempotencyKey: 'cle-payer-0002',
    });
    expect(other.body.paymentId).not.toBe(first.body.paymentId);
    // The key belongs to the shop: another shop may use the same one.
    const elsewhere = await checkout(bed.other.members.admin.token, {
      shopId: bed.other.shop.id,
      plan: 'starter',
      months: 3,
      idempotencyKey: key,
    });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.paymentId).not.toBe(first.body.paymentId);
  });

  it('records one payment for a double click (simultaneous requests with the same key)', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Double Clic');
    const body = { shopId: fixture.shop.id, plan: 'pro', months: 1, idempotencyKey: 'double-clic-0001' };
    const answers = await Promise.all([1, 2, 3, 4].map(() => checkout(fixture.members.admin.token, body)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    expect(
      await bed.database.db.select().from(payments).where(eq(payments.shopId, fixture.shop.id)),
    ).toHaveLength(1);
  });

  it('refuses the free plan, an unknown plan and a period other than 1, 3 or 12 months with 422', async () => {
    const token = bed.awa.members.admin.token;
    const shopId = bed.awa.shop.id;
    const free = await checkout(token, { shopId, plan: 'free', months: 1 });
    expect(free.status).toBe(422);
    expect(free.body.error.details).toEqual({ plan: 'Cette valeur n’est pas autorisée.' });
    expect(free.body.error.message).toBe('Forfait\u00a0: cette valeur n’est pas autorisée.');
    const two = await checkout(token, { shopId, plan: 'pro', months: 2 });
    expect(two.status).toBe(422);
    expect(two.body.error.details).toEqual({ months: 'Choisissez une durée de 1, 3 ou 12 mois.' });
    expect(two.body.error.message).toBe('Durée\u00a0: choisissez une durée de 1, 3 ou 12 mois.');
    const asText = await checkout(token, { shopId, plan: 'pro', months: '12' });
    expect(asText.status).toBe(422);
    expect(Object.keys(asText.body.error.details)).toEqual(['months']);
    const shortKey = await checkout(token, { shopId, plan: 'pro', months: 1, idempotencyKey: 'abc' });
    expect(shortKey.status).toBe(422);
    expect(shortKey.body.error.details).toEqual({ idempotencyKey: 'Au moins 8 caractères.' });
  });

  it('is for the admin: the supervisor may read invoices but not pay; others neither', async () => {
    const shopId = bed.awa.shop.id;
    const supervisor = bed.awa.members.supervisor.token;
    const refused = await checkout(supervisor, { shopId, plan: 'pro', months: 1 });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({
      code: 'FORBIDDEN',
      message: 'Votre rôle ne vous permet pas d’effectuer cette action.',
    });
    const invoicesSeen = await listInvoices(supervisor, shopId);
    expect(invoicesSeen.status).toBe(200);
    expect(invoicesSeen.body).toEqual([]);
    for (const role of ['seller', 'cashier', 'inventory-manager'] as const) {
      expect((await checkout(bed.awa.members[role].token, { shopId, plan: 'pro', months: 1 })).status).toBe(
        403,
      );
      expect((await listInvoices(bed.awa.members[role].token, shopId)).status).toBe(403);
    }
    expect((await checkout(bed.other.members.admin.token, { shopId, plan: 'pro', months: 1 })).status).toBe(
      404,
    );
    expect((await bed.server.call('POST', '/api/subscription/checkout', { body: { shopId } })).status).toBe(
      401,
    );
  });

  it('refuses a blocked shop, which sees only the blocked screen (SPEC §2), as its screens do', async () => {
    const blocked = await createShopFixture(bed.database.db, 'Boutique Bloquée');
    const started = await checkout(blocked.members.admin.token, {
      shopId: blocked.shop.id,
      plan: 'starter',
      months: 1,
    });
    expect(started.status).toBe(200);
    await blockShop(bed.database.db, blocked.shop.id);
    const refused = await checkout(blocked.members.admin.token, {
      shopId: blocked.shop.id,
      plan: 'starter',
      months: 1,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('SHOP_BLOCKED');
    const payment = await getPayment(blocked.members.admin.token, blocked.shop.id, started.body.paymentId);
    expect(payment.body.error.code).toBe('SHOP_BLOCKED');
    const reported = await report(blocked.members.admin.token, {
      shopId: blocked.shop.id,
      paymentId: started.body.paymentId,
      outcome: 'succeeded',
    });
    expect(reported.body.error.code).toBe('SHOP_BLOCKED');
  });

  it('lets a supervisor read a subscription payment (read access to Abonnement), not start one', async () => {
    const shopId = bed.awa.shop.id;
    const started = await checkout(bed.awa.members.admin.token, { shopId, plan: 'pro', months: 1 });
    const supervisor = bed.awa.members.supervisor.token;
    const read = await getPayment(supervisor, shopId, started.body.paymentId);
    expect(read.status).toBe(200);
    expect(read.body.amount).toBeGreaterThan(0);
    expect((await checkout(supervisor, { shopId, plan: 'pro', months: 1 })).status).toBe(403);
    expect((await getPayment(bed.awa.members.cashier.token, shopId, started.body.paymentId)).status).toBe(
      403,
    );
  });
});

describe('sandbox payment, return URL and settlement', () => {
  it('applies a successful payment once: plan, 12 more months from now, invoice F-000001, notification', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Pro');
    const token = fixture.members.admin.token;
    const shopId = fixture.shop.id;
    const started = await checkout(token, { shopId, plan: 'pro', months: 12 });
    const paymentId = started.body.paymentId as string;
    const reported = await report(token, { shopId, paymentId, outcome: 'succeeded' });
    expect(reported.status).toBe(200);
    expect(reported.body).toEqual({ redirectUrl: `/api/payment/return/${paymentId}` });
    // Reporting alone changes nothing: the return asks the provider and applies.
    expect((await shopRow(shopId)).subscriptionPlan).toBe('free');

    const before = new Date();
    const back = await comeBack(paymentId);
    const after = new Date();
    expect(back).toEqual({
      status: 303,
      location: `/parametres/abonnement?shopId=${shopId}&message=payment_success`,
    });

    const shop = await shopRow(shopId);
    expect(shop.subscriptionPlan).toBe('pro');
    const end = shop.shopExpiresAt!;
    expect(end.getTime()).toBeGreaterThanOrEqual(dayjs(before).add(12, 'month').valueOf());
    expect(end.getTime()).toBeLessThanOrEqual(dayjs(after).add(12, 'month').valueOf());

    const listed = await listInvoices(token, shopId);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      {
        _id: expect.any(String),
        shopId,
        number: 'F-000001',
        plan: 'pro',
        months: 12,
        amount: 150_000,
        currency: 'XOF',
        periodStart: expect.any(String),
        periodEnd: end.toISOString(),
        issuedAt: expect.any(String),
        provider: 'sandbox',
        paymentId,
      },
    ]);
    expect(dayjs(listed.body[0].periodEnd).diff(listed.body[0].periodStart, 'month')).toBe(12);
    const invoice = await bed.server.call(
      'GET',
      `/api/subscription/getInvoice?shopId=${shopId}&invoiceId=${listed.body[0]._id}`,
      { token: fixture.members.supervisor.token },
    );
    expect(invoice.status).toBe(200);
    expect(invoice.body).toEqual(listed.body[0]);

    const payment = await getPayment(token, shopId, paymentId);
    expect(payment.body).toMatchObject({ status: 'succeeded', settledAt: expect.any(String) });

    const notices = await bed.server.call('GET', `/api/notification/getByShop/${shopId}`, { token });
    expect(notices.body.filter((n: { title: string }) => n.title === 'Abonnement activé')).toEqual([
      expect.objectContaining({
        type: 'shop',
        title: 'Abonnement activé',
        description: `Paiement reçu pour le forfait Pro (12 mois). Votre abonnement est actif jusqu’au ${formatDateTime(end, 'Africa/Dakar')}.`,
      }),
    ]);

    const quotas = await bed.server.call('GET', `/api/shop/getShop?shopId=${shopId}`, { token });
    expect(quotas.body).toMatchObject({ subscriptionPlan: 'pro', shopExpiresAt: end.toISOString() });

    // Coming back again (reload, GET or POST) changes nothing.
    for (const method of ['GET', 'POST'] as const) {
      expect(await comeBack(paymentId, method)).toEqual({
        status: 303,
        location: `/parametres/abonnement?shopId=${shopId}&message=payment_success`,
      });
    }
    expect(await invoiceRows(shopId)).toHaveLength(1);
    expect((await shopRow(shopId)).shopExpiresAt!.toISOString()).toBe(end.toISOString());
    expect(await activationNotices(shopId)).toHaveLength(1);

    // A settled payment cannot be reported again.
    const late = await report(token, { shopId, paymentId, outcome: 'failed' });
    expect(late.status).toBe(409);
    expect(late.body.error).toEqual({ code: 'CONFLICT', message: 'Ce paiement a déjà été traité.' });
    expect((await paymentRow(paymentId)).status).toBe('succeeded');
  });

  it('extends from the current end while it is still in the future, with the next invoice number', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Renouvelle');
    const shopId = fixture.shop.id;
    const currentEnd = new Date(Date.now() + 10 * DAY);
    await bed.database.db
      .update(shops)
      .set({ subscriptionPlan: 'starter', shopExpiresAt: currentEnd })
      .where(eq(shops.id, shopId));

    const first = await reportedPayment(fixture, 'pro', 1, 'succeeded');
    expect((await comeBack(first)).location).toBe(
      `/parametres/abonnement?shopId=${shopId}&message=payment_success`,
    );
    const afterFirst = await shopRow(shopId);
    const firstEnd = dayjs(currentEnd).add(1, 'month').toDate();
    expect(afterFirst).toMatchObject({ subscriptionPlan: 'pro', shopExpiresAt: firstEnd });

    const second = await reportedPayment(fixture, 'business', 3, 'succeeded');
    await comeBack(second);
    const secondEnd = dayjs(firstEnd).add(3, 'month').toDate();
    expect(await shopRow(shopId)).toMatchObject({ subscriptionPlan: 'business', shopExpiresAt: secondEnd });

    const listed = await listInvoices(fixture.members.admin.token, shopId);
    expect(
      listed.body.map(
        (i: {
          number: string;
          paymentId: string;
          periodStart: string;
          periodEnd: string;
          amount: number;
        }) => [i.number, i.paymentId, i.periodStart, i.periodEnd, i.amount],
      ),
    ).toEqual([
      ['F-000002', second, firstEnd.toISOString(), secondEnd.toISOString(), 120_000],
      ['F-000001', first, currentEnd.toISOString(), firstEnd.toISOString(), 15_000],
    ]);
    // Invoice numbers run per shop.
    const elsewhere = await createShopFixture(bed.database.db, 'Boutique Première Facture');
    await comeBack(await reportedPayment(elsewhere, 'starter', 1, 'succeeded'));
    expect((await invoiceRows(elsewhere.shop.id)).map((i) => i.number)).toEqual(['F-000001']);
  });

  it('starts from now when the previous period has already ended', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Expirée');
    const shopId = fixture.shop.id;
    await bed.database.db
      .update(shops)
      .set({ subscriptionPlan: 'starter', shopExpiresAt: new Date(Date.now() - 5 * DAY) })
      .where(eq(shops.id, shopId));
    const paymentId = await reportedPayment(fixture, 'starter', 3, 'succeeded');
    const before = new Date();
    await comeBack(paymentId);
    const after = new Date();
    const end = (await shopRow(shopId)).shopExpiresAt!.getTime();
    expect(end).toBeGreaterThanOrEqual(dayjs(before).add(3, 'month').valueOf());
    expect(end).toBeLessThanOrEqual(dayjs(after).add(3, 'month').valueOf());
  });

  it('sends a failed payment back with payment_error and changes nothing', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Échec');
    const shopId = fixture.shop.id;
    const before = await shopRow(shopId);
    const paymentId = await reportedPayment(fixture, 'pro', 12, 'failed');
    expect(await comeBack(paymentId)).toEqual({
      status: 303,
      location: `/parametres/abonnement?shopId=${shopId}&message=payment_error`,
    });
    expect(await shopRow(shopId)).toMatchObject({
      subscriptionPlan: 'free',
      shopExpiresAt: null,
      freeTrialExpiresAt: before.freeTrialExpiresAt,
    });
    expect(await invoiceRows(shopId)).toEqual([]);
    expect(await activationNotices(shopId)).toEqual([]);
    expect((await getPayment(fixture.members.admin.token, shopId, paymentId)).body).toMatchObject({
      status: 'failed',
      settledAt: expect.any(String),
    });
    expect((await comeBack(paymentId)).location).toBe(
      `/parametres/abonnement?shopId=${shopId}&message=payment_error`,
    );
    const late = await report(fixture.members.admin.token, { shopId, paymentId, outcome: 'succeeded' });
    expect(late.status).toBe(409);
    expect((await comeBack(paymentId)).location).toBe(
      `/parametres/abonnement?shopId=${shopId}&message=payment_error`,
    );
    expect((await shopRow(shopId)).subscriptionPlan).toBe('free');
  });

  it('gives no message while the payer has chosen nothing, and payment_error for an unknown payment', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique En Attente');
    const started = await checkout(fixture.members.admin.token, {
      shopId: fixture.shop.id,
      plan: 'pro',
      months: 1,
    });
    expect(await comeBack(started.body.paymentId)).toEqual({
      status: 303,
      location: `/parametres/abonnement?shopId=${fixture.shop.id}`,
    });
    expect((await paymentRow(started.body.paymentId)).status).toBe('pending');
    expect(await comeBack('no-such-payment')).toEqual({
      status: 303,
      location: '/parametres/abonnement?message=payment_error',
    });
  });

  it('answers 404 for another shop’s payment or invoice, and 403 to roles that may not pay', async () => {
    const theirs = await createShopFixture(bed.database.db, 'Boutique Voisine');
    const paymentId = await reportedPayment(theirs, 'starter', 1, 'succeeded');
    await comeBack(paymentId);
    const [theirInvoice] = await invoiceRows(theirs.shop.id);
    const token = bed.awa.members.admin.token;
    const shopId = bed.awa.shop.id;

    const sandbox = await report(token, { shopId, paymentId, outcome: 'failed' });
    expect(sandbox.status).toBe(404);
    expect(sandbox.body.error).toEqual({ code: 'NOT_FOUND', message: 'Le paiement est introuvable.' });
    expect((await getPayment(token, shopId, paymentId)).status).toBe(404);
    expect((await getPayment(token, theirs.shop.id, paymentId)).status).toBe(404);
    const invoice = await bed.server.call(
      'GET',
      `/api/subscription/getInvoice?shopId=${shopId}&invoiceId=${theirInvoice!.id}`,
      { token },
    );
    expect(invoice.status).toBe(404);
    expect(invoice.body.error.message).toBe('La facture est introuvable.');

    const pending = await checkout(theirs.members.admin.token, {
      shopId: theirs.shop.id,
      plan: 'pro',
      months: 1,
    });
    const supervisor = await report(theirs.members.supervisor.token, {
      shopId: theirs.shop.id,
      paymentId: pending.body.paymentId,
      outcome: 'succeeded',
    });
    expect(supervisor.status).toBe(403);
    // Reading it is Abonnement's read access, a supervisor's too; a seller has none.
    expect(
      (await getPayment(theirs.members.supervisor.token, theirs.shop.id, pending.body.paymentId)).status,
    ).toBe(200);
    expect(
      (await getPayment(theirs.members.seller.token, theirs.shop.id, pending.body.paymentId)).status,
    ).toBe(403);
    expect((await paymentRow(pending.body.paymentId)).reportedOutcome).toBeNull();
  });

  it('takes no webhook for the sandbox, and none for a provider that is not configured', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Webhook Sandbox');
    const paymentId = await reportedPayment(fixture, 'pro', 1, 'succeeded');
    const form = `cpm_site_id=445160&cpm_trans_id=${paymentId}&cpm_amount=15000&cpm_currency=XOF`;
    const headers = { 'content-type': 'application/x-www-form-urlencoded', 'x-token': 'a'.repeat(64) };
    const sandbox = await bed.server.call('POST', '/api/payment/webhook/sandbox', { rawBody: form, headers });
    expect(sandbox.status).toBe(401);
    expect(sandbox.body).toEqual({ error: 'Signature de la notification invalide.' });
    const cinetpay = await bed.server.call('POST', '/api/payment/webhook/cinetpay', {
      rawBody: form,
      headers,
    });
    expect(cinetpay.status).toBe(404);
    expect(cinetpay.body).toEqual({ error: 'Fournisseur de paiement inconnu.' });
    const get = await bed.server.call('GET', '/api/payment/webhook/sandbox');
    expect(get.status).toBe(405);
    expect((await paymentRow(paymentId)).status).toBe('pending');
    expect(await shopRow(fixture.shop.id)).toMatchObject({ subscriptionPlan: 'free', shopExpiresAt: null });
    expect(await invoiceRows(fixture.shop.id)).toEqual([]);
  });
});

describe('CinetPay', () => {
  const API_URL = 'https://api-checkout.cinetpay.test';
  const SITE_ID = '445160';
  const SECRET = 'cp-test-secret-5b1e0c7d9a2f';
  const ENV = {
    PAYMENT_PROVIDER: 'cinetpay',
    CINETPAY_API_URL: API_URL,
    CINETPAY_API_KEY: 'cp-api-key-123',
    CINETPAY_SITE_ID: SITE_ID,
    CINETPAY_SECRET_KEY: SECRET,
  };
  const savedEnv = Object.fromEntries(Object.keys(ENV).map((k) => [k, process.env[k]]));
  const realFetch = globalThis.fetch;
  const calls: Array<{ path: string; json: Record<string, unknown> }> = [];
  /** What the check endpoint answers for a payment, when a test wants something else than ACCEPTED. */
  const checkAnswers = new Map<string, Record<string, unknown>>();
  const initAmounts = new Map<string, unknown>();
  /** When set, the next initialisation is refused the way CinetPay does (code 608). */
  let failNextInit = false;

  beforeAll(() => {
    Object.assign(process.env, ENV);
    resetEnvCache();
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!url.startsWith(API_URL)) return realFetch(input, init);
      const path = url.slice(API_URL.length);
      const json = JSON.parse(String(init?.body)) as Record<string, unknown>;
      calls.push({ path, json });
      const id = String(json.transaction_id);
      if (path === '/v2/payment' && failNextInit) {
        failNextInit = false;
        return Response.json(
          { code: '608', message: 'MINIMUM_REQUIRED_FIELDS', description: 'Service indisponible' },
          { status: 400 },
        );
      }
      if (path === '/v2/payment') {
        initAmounts.set(id, json.amount);
        return Response.json({
          code: '201',
          message: 'CREATED',
          description: 'Transaction created with success',
          data: {
            payment_token: `tok-${id}`,
            payment_url: `https://checkout.cinetpay.com/payment/tok-${id}`,
          },
        });
      }
      if (path === '/v2/payment/check') {
        return Response.json({
          code: '00',
          message: 'SUCCES',
          data: {
            amount: String(initAmounts.get(id)),
            currency: 'XOF',
            status: 'ACCEPTED',
            payment_method: 'OM',
            operator_id: `MP-${id.slice(0, 8)}`,
            ...checkAnswers.get(id),
          },
        });
      }
      return new Response('{}', { status: 404 });
    }) as typeof fetch;
  });
  afterAll(() => {
    globalThis.fetch = realFetch;
    for (const [name, value] of Object.entries(savedEnv)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnvCache();
  });

  /** The fields CinetPay signs, in the order of its documented formula (docs.cinetpay.com …/checkout/hmac). */
  const SIGNED = [
    'cpm_site_id',
    'cpm_trans_id',
    'cpm_trans_date',
    'cpm_amount',
    'cpm_currency',
    'signature',
    'payment_method',
    'cel_phone_num',
    'cpm_phone_prefixe',
    'cpm_language',
    'cpm_version',
    'cpm_payment_config',
    'cpm_page_action',
    'cpm_custom',
    'cpm_designation',
    'cpm_error_message',
  ];

  function notification(paymentId: string, amount: number, secret = SECRET) {
    const fields: Record<string, string> = {
      cpm_trans_id: paymentId,
      cpm_site_id: SITE_ID,
      cpm_trans_date: '2025-03-12 10:15:42',
      cpm_amount: String(amount),
      cpm_currency: 'XOF',
      signature: 'd41f6c2a8b7e4f09a1c3e5b7d9f2a4c6',
      payment_method: 'OM',
      cel_phone_num: '771234567',
      cpm_phone_prefixe: '221',
      cpm_language: 'fr',
      cpm_version: 'V4',
      cpm_payment_config: 'Single',
      cpm_page_action: 'Payment',
      cpm_custom: '',
      cpm_designation: 'Abonnement Pro 12 mois',
      cpm_error_message: 'SUCCES',
    };
    const xToken = createHmac('sha256', secret)
      .update(SIGNED.map((f) => fields[f]).join(''))
      .digest('hex');
    return { rawBody: new URLSearchParams(fields).toString(), xToken };
  }

  const postNotification = (rawBody: string, xToken: string) =>
    bed.server.call('POST', '/api/payment/webhook/cinetpay', {
      rawBody,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-token': xToken },
    });
  const checksOf = (paymentId: string) =>
    calls.filter((c) => c.path === '/v2/payment/check' && c.json.transaction_id === paymentId);

  it('creates the checkout at CinetPay with our price, and settles once on a signed notification', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique CinetPay');
    const token = fixture.members.admin.token;
    const shopId = fixture.shop.id;
    const started = await checkout(token, {
      shopId,
      plan: 'pro',
      months: 12,
      idempotencyKey: 'cinetpay-0001',
    });
    expect(started.status).toBe(200);
    const paymentId = started.body.paymentId as string;
    expect(started.body.redirectUrl).toBe(`https://checkout.cinetpay.com/payment/tok-${paymentId}`);
    const init = calls.filter((c) => c.path === '/v2/payment' && c.json.transaction_id === paymentId);
    expect(init).toHaveLength(1);
    expect(init[0]!.json).toMatchObject({
      apikey: 'cp-api-key-123',
      site_id: SITE_ID,
      transaction_id: paymentId,
      amount: 150_000,
      currency: 'XOF',
      notify_url: `${publicUrl()}/api/payment/webhook/cinetpay`,
      return_url: `${publicUrl()}/api/payment/return/${paymentId}`,
      customer_phone_number: fixture.members.admin.user.phone,
    });
    // The same key gives the same CinetPay page without asking CinetPay again.
    expect(
      (await checkout(token, { shopId, plan: 'pro', months: 12, idempotencyKey: 'cinetpay-0001' })).body,
    ).toEqual(started.body);
    expect(calls.filter((c) => c.path === '/v2/payment' && c.json.transaction_id === paymentId)).toHaveLength(
      1,
    );
    expect((await getPayment(token, shopId, paymentId)).body).toMatchObject({
      provider: 'cinetpay',
      status: 'pending',
    });

    const { rawBody, xToken } = notification(paymentId, 150_000);
    const before = new Date();
    const first = await postNotification(rawBody, xToken);
    const after = new Date();
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true, status: 'succeeded' });
    expect(checksOf(paymentId)).toHaveLength(1);
    expect(checksOf(paymentId)[0]!.json).toEqual({
      apikey: 'cp-api-key-123',
      site_id: SITE_ID,
      transaction_id: paymentId,
    });

    const shop = await shopRow(shopId);
    expect(shop.subscriptionPlan).toBe('pro');
    expect(shop.shopExpiresAt!.getTime()).toBeGreaterThanOrEqual(dayjs(before).add(12, 'month').valueOf());
    expect(shop.shopExpiresAt!.getTime()).toBeLessThanOrEqual(dayjs(after).add(12, 'month').valueOf());
    const payment = await paymentRow(paymentId);
    expect(payment).toMatchObject({ status: 'succeeded', providerReference: `MP-${paymentId.slice(0, 8)}` });

    // CinetPay repeats its notifications, and the payer comes back too: nothing is applied twice.
    const again = await postNotification(rawBody, xToken);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ received: true, status: 'succeeded' });
    expect(await comeBack(paymentId)).toEqual({
      status: 303,
      location: `/parametres/abonnement?shopId=${shopId}&message=payment_success`,
    });
    const listed = await listInvoices(token, shopId);
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0]).toMatchObject({
      number: 'F-000001',
      provider: 'cinetpay',
      amount: 150_000,
      paymentId,
    });
    expect((await shopRow(shopId)).shopExpiresAt!.toISOString()).toBe(shop.shopExpiresAt!.toISOString());
    expect(await activationNotices(shopId)).toHaveLength(1);

    // The sandbox page is not available with a real provider.
    const sandbox = await report(token, { shopId, paymentId, outcome: 'succeeded' });
    expect(sandbox.status).toBe(403);
    expect(sandbox.body.error.code).toBe('SANDBOX_DISABLED');
  });

  it('answers 502 in French when CinetPay refuses the checkout, and lets the same key try again', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Réessai');
    const shopId = fixture.shop.id;
    const body = { shopId, plan: 'starter', months: 3, idempotencyKey: 'reessai-0001' };
    failNextInit = true;
    const refused = await checkout(fixture.members.admin.token, body);
    expect(refused.status).toBe(502);
    expect(refused.body.error).toEqual({
      code: 'PAYMENT_PROVIDER_ERROR',
      message: 'Le service de paiement n’a pas répondu. Réessayez dans quelques instants.',
    });
    const [failed] = await bed.database.db.select().from(payments).where(eq(payments.shopId, shopId));
    expect(failed).toMatchObject({ status: 'failed', checkoutUrl: null, amount: 15_000 });

    const retried = await checkout(fixture.members.admin.token, body);
    expect(retried.status).toBe(200);
    expect(retried.body.paymentId).not.toBe(failed!.id);
    expect(retried.body.redirectUrl).toBe(
      `https://checkout.cinetpay.com/payment/tok-${retried.body.paymentId}`,
    );
    expect((await checkout(fixture.members.admin.token, body)).body).toEqual(retried.body);
  });

  it('refuses a notification with a wrong x-token with 401 and changes nothing', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Signature');
    const started = await checkout(fixture.members.admin.token, {
      shopId: fixture.shop.id,
      plan: 'starter',
      months: 1,
    });
    const paymentId = started.body.paymentId as string;
    const forged = notification(paymentId, 5_000, 'not-the-secret');
    const genuine = notification(paymentId, 5_000);
    for (const xToken of [forged.xToken, 'f'.repeat(64), '']) {
      const answer = await postNotification(genuine.rawBody, xToken);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error: 'Signature de la notification invalide.' });
    }
    // A body changed after signing (another amount) no longer matches its token.
    const tampered = genuine.rawBody.replace('cpm_amount=5000', 'cpm_amount=5');
    expect((await postNotification(tampered, genuine.xToken)).status).toBe(401);
    expect(checksOf(paymentId)).toEqual([]);
    expect((await paymentRow(paymentId)).status).toBe('pending');
    expect(await shopRow(fixture.shop.id)).toMatchObject({ subscriptionPlan: 'free', shopExpiresAt: null });
    expect(await invoiceRows(fixture.shop.id)).toEqual([]);
    // A correctly signed notification for a payment we never created.
    const unknown = notification('no-such-payment', 5_000);
    const missing = await postNotification(unknown.rawBody, unknown.xToken);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Paiement introuvable.' });
  });

  it('fails a payment whose checked amount or currency differs from the price, plan unchanged', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Montant');
    const shopId = fixture.shop.id;
    const token = fixture.members.admin.token;
    const wrongAmount = (await checkout(token, { shopId, plan: 'pro', months: 3 })).body.paymentId as string;
    checkAnswers.set(wrongAmount, { amount: '450' });
    const sent = notification(wrongAmount, 450);
    const answer = await postNotification(sent.rawBody, sent.xToken);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ received: true, status: 'failed' });
    expect((await getPayment(token, shopId, wrongAmount)).body).toMatchObject({
      status: 'failed',
      amount: 45_000,
    });

    const wrongCurrency = (await checkout(token, { shopId, plan: 'starter', months: 1 })).body
      .paymentId as string;
    checkAnswers.set(wrongCurrency, { currency: 'XAF' });
    const other = notification(wrongCurrency, 5_000);
    expect((await postNotification(other.rawBody, other.xToken)).body).toEqual({
      received: true,
      status: 'failed',
    });

    expect(await shopRow(shopId)).toMatchObject({ subscriptionPlan: 'free', shopExpiresAt: null });
    expect(await invoiceRows(shopId)).toEqual([]);
    expect(await activationNotices(shopId)).toEqual([]);
    expect((await comeBack(wrongAmount)).location).toBe(
      `/parametres/abonnement?shopId=${shopId}&message=payment_error`,
    );
  });

  it('leaves a payment still waiting for the customer pending, and settles it on the next notification', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Attente');
    const shopId = fixture.shop.id;
    const paymentId = (await checkout(fixture.members.admin.token, { shopId, plan: 'starter', months: 1 }))
      .body.paymentId as string;
    checkAnswers.set(paymentId, { status: 'WAITING_FOR_CUSTOMER' });
    const sent = notification(paymentId, 5_000);
    expect((await postNotification(sent.rawBody, sent.xToken)).body).toEqual({
      received: true,
      status: 'pending',
    });
    expect(await comeBack(paymentId)).toEqual({
      status: 303,
      location: `/parametres/abonnement?shopId=${shopId}`,
    });
    expect((await shopRow(shopId)).subscriptionPlan).toBe('free');
    checkAnswers.delete(paymentId);
    expect((await postNotification(sent.rawBody, sent.xToken)).body).toEqual({
      received: true,
      status: 'succeeded',
    });
    expect((await shopRow(shopId)).subscriptionPlan).toBe('starter');
  });
});
