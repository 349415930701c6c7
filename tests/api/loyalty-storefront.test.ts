import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { clients, orderPayments, orders, shops, smsMessages } from '@/server/db/schema';
import { loyaltyCodes, loyaltyEntries } from '@/server/db/schema/loyalty';
import { setupApiTestbed } from '../helpers/api-testbed';
import { createShopFixture } from '../helpers/fixtures';
import { deliveryCalls } from '../helpers/delivery';
import { as, orderCalls, plain, sellable, type Actor } from '../helpers/orders';
import { cookieOf, visitor, type Answer } from '../helpers/storefront';
import { smsSentTo } from '../helpers/sms-outbox';

/*
 * Loyalty points at the online shop's checkout: a buyer proves they hold the phone the points are
 * on with a code sent there by SMS, then the points pay what they cover and the rest is paid as
 * usual. A wrong code costs a try (five void it), a code pays one order only, and a number that
 * cannot pay with points gets no code and tells nothing of its owner.
 */

const bed = setupApiTestbed();
const delivery = deliveryCalls(bed);
const api = orderCalls(bed);
const visit = visitor(bed);
const DAY = 86_400_000;

const RULES = { pointsPerThousand: 10, pointValue: 5, minRedeem: 100, expiryMonths: 12 };

/** A paying shop's online shop, open, a dress at 12 500 and delivery to Plateau at 1 500. */
async function openShop(name: string, options: { programme?: boolean } = {}) {
  const fixture = await createShopFixture(bed.database.db, name);
  await bed.database.db
    .update(shops)
    .set({ subscriptionPlan: 'starter', shopExpiresAt: new Date(Date.now() + 30 * DAY) })
    .where(eq(shops.id, fixture.shop.id));
  const a = as(fixture);
  if (options.programme !== false) {
    const saved = await bed.server.call('POST', '/api/loyalty/saveProgram', {
      token: a.token,
      body: { shopId: a.shopId, ...RULES, isEnabled: true },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
  const robe = await sellable(bed, a, 'Robe wax', 12_500, { stock: 20 });
  const zone = await delivery.post(a, 'createZone', {
    name: 'Centre',
    fee: 1_500,
    areas: [{ commune: 'Plateau' }],
  });
  expect(zone.status, JSON.stringify(zone.body)).toBe(200);
  const opened = await bed.server.call('POST', '/api/storefront/updateSettings', {
    token: a.token,
    body: { shopId: a.shopId, isPublished: true },
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  return { fixture, a, robe, slug: opened.body.slug as string };
}

/** A client of the shop holding `points`, given by a manager's correction. */
async function clientWithPoints(a: Actor, name: string, phone: string, points: number): Promise<string> {
  const created = await api.createClient(a, { name, phone });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const clientId = created.body.id as string;
  if (points > 0) {
    const given = await bed.server.call('POST', '/api/loyalty/adjust', {
      token: a.token,
      body: { shopId: a.shopId, clientId, points, note: 'Points de bienvenue' },
    });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
  }
  return clientId;
}

async function cartOf(slug: string, variantId: string): Promise<string> {
  const added = await visit(`/${slug}/panier/ajouter`, { form: { variantId, quantity: '1' } });
  expect(added.status).toBe(303);
  return cookieOf(added);
}

function buyer(phone: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    name: 'Awa Diop',
    phone,
    mode: 'livraison',
    commune: 'Plateau',
    quartier: 'Kermel',
    indications: 'Face à la pharmacie',
    payment: 'cash_on_delivery',
    key: `cle-points-${phone.replace(/\D/g, '')}-0001`,
    ...extra,
  };
}

const gatewayTo = smsSentTo;

/** The page's text as read: no-break spaces plain, lines joined. */
const flat = (text: string) => plain(text).replace(/\s+/g, ' ');

const fieldError = (answer: Answer, name: string) =>
  flat(answer.text.match(new RegExp(`id="${name}-error">([^<]*)<`))?.[1] ?? '').trim();

/** « Recevoir un code », and the code as the buyer's phone receives it. */
async function askCode(slug: string, cookie: string, phone: string, e164: string): Promise<string> {
  const before = gatewayTo(e164).length;
  const asked = await visit(`/${slug}/commande/code-fidelite`, { cookie, form: buyer(phone) });
  expect(asked.status, fieldError(asked, 'pointsCode') || fieldError(asked, 'phone')).toBe(200);
  expect(flat(asked.text)).toContain(`Code envoyé par SMS au ${phone}. Il expire dans 10 minutes.`);
  let body = '';
  await vi.waitFor(
    () => {
      const sent = gatewayTo(e164);
      expect(sent.length).toBeGreaterThan(before);
      body = plain(sent.at(-1)!.body);
    },
    { timeout: 10_000, interval: 100 },
  );
  return body.match(/est (\d{6})\./)![1]!;
}

async function ledgerOf(shopId: string, clientId: string) {
  return bed.database.db
    .select()
    .from(loyaltyEntries)
    .where(and(eq(loyaltyEntries.shopId, shopId), eq(loyaltyEntries.clientId, clientId)));
}

async function balanceOf(clientId: string): Promise<number> {
  const [row] = await bed.database.db.select().from(clients).where(eq(clients.id, clientId));
  return row!.loyaltyPoints;
}

async function siteOrdersOf(shopId: string) {
  return bed.database.db
    .select()
    .from(orders)
    .where(and(eq(orders.shopId, shopId), eq(orders.channel, 'site')));
}

describe('loyalty points at the online shop’s checkout', () => {
  it('shows no points block while the programme is off, and sends no code', async () => {
    const { a, robe, slug } = await openShop('Boutique Sans Programme', { programme: false });
    await clientWithPoints(a, 'Awa Diop', '77 600 00 01', 0);
    const cookie = await cartOf(slug, robe.variantId);
    const page = await visit(`/${slug}/commande`, { cookie });
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('Points de fidélité');
    expect(page.text).not.toContain('code-fidelite');

    const asked = await visit(`/${slug}/commande/code-fidelite`, { cookie, form: buyer('77 600 00 01') });
    expect(asked.status).toBe(422);
    expect(asked.text).not.toContain('Code envoyé');
    expect(flat(asked.text)).toContain('La boutique n’a pas de programme de fidélité actif.');
    expect(
      await bed.database.db.select().from(loyaltyCodes).where(eq(loyaltyCodes.shopId, a.shopId)),
    ).toEqual([]);
  });

  it('lets a buyer who proves the phone pay part of the order with points, the rest on delivery', async () => {
    const { a, robe, slug } = await openShop('Boutique Fidèle');
    // 1 000 points at 5 FCFA: 5 000 FCFA of a 14 000 FCFA order.
    const clientId = await clientWithPoints(a, 'Awa Diop', '77 600 00 02', 1_000);
    const cookie = await cartOf(slug, robe.variantId);
    const page = await visit(`/${slug}/commande`, { cookie });
    expect(page.text).toContain('Points de fidélité');
    expect(page.text).toContain('Recevoir un code');
    // Nothing of the client's shows before the phone is proven.
    expect(page.text).not.toContain('1 000 points');

    const code = await askCode(slug, cookie, '77 600 00 02', '+221776000002');
    const sent = gatewayTo('+221776000002').at(-1)!;
    expect(plain(sent.body)).toBe(
      `Boutique Fidèle : votre code pour utiliser vos points de fidélité est ${code}. Il expire dans 10 minutes.`,
    );
    // Counted in the shop's SMS; only a keyed hash of the code is kept.
    const sms = await bed.database.db.select().from(smsMessages).where(eq(smsMessages.shopId, a.shopId));
    expect(sms.map((s) => s.purpose)).toEqual(['loyalty_code']);
    const [stored] = await bed.database.db
      .select()
      .from(loyaltyCodes)
      .where(eq(loyaltyCodes.shopId, a.shopId));
    expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.codeHash).not.toContain(code);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(10 * 60 * 1000);

    // « Utiliser mes points »: the summary takes the points off what is left to pay.
    const proven = await visit(`/${slug}/commande`, {
      cookie,
      form: buyer('77 600 00 02', { intent: 'apercu', pointsCode: code }),
    });
    expect(proven.status, fieldError(proven, 'pointsCode')).toBe(200);
    const shown = flat(proven.text);
    expect(shown).toContain('Code vérifié : vous avez 1 000 points (5 000 FCFA).');
    expect(shown).toMatch(/<td>Points fidélité<\/td>\s*<td>−5 000 FCFA<\/td>/);
    expect(shown).toMatch(/<td>Reste à payer<\/td>\s*<td data-due>9 000 FCFA<\/td>/);
    expect(proven.text).toContain('name="pointsVerified" value="1"');
    // The summary the page's script asks for as the buyer changes the form shows the same.
    const summary = await visit(`/${slug}/commande/resume`, {
      cookie,
      form: buyer('77 600 00 02', { pointsCode: code, pointsVerified: '1' }),
    });
    expect(flat(summary.text)).toMatch(/<td data-due>9 000 FCFA<\/td>/);

    const placed = await visit(`/${slug}/commande`, {
      cookie,
      form: buyer('77 600 00 02', { intent: 'commander', pointsCode: code, pointsVerified: '1' }),
    });
    expect(placed.status, fieldError(placed, 'pointsCode') || fieldError(placed, 'payment')).toBe(303);
    expect(placed.location).toMatch(new RegExp(`^/${slug}/merci/[\\w-]+$`));

    const [order] = await siteOrdersOf(a.shopId);
    expect(order).toMatchObject({ total: 14_000, paidAmount: 5_000, clientId });
    const payments = await bed.database.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, order!.id));
    expect(payments.map((p) => [p.method, p.amount])).toEqual([['loyalty', 5_000]]);
    const ledger = await ledgerOf(a.shopId, clientId);
    const redeems = ledger.filter((e) => e.kind === 'redeem');
    expect(redeems).toHaveLength(1);
    expect(redeems[0]).toMatchObject({ points: -1_000, amount: 5_000, orderId: order!.id });
    expect(await balanceOf(clientId)).toBe(0);
    const [used] = await bed.database.db.select().from(loyaltyCodes).where(eq(loyaltyCodes.shopId, a.shopId));
    expect(used!.usedAt).not.toBeNull();

    // The confirmation and the buyer's SMS say what the points paid.
    const thanks = flat((await visit(placed.location!)).text);
    expect(thanks).toMatch(/<td>Payé avec vos points de fidélité<\/td>\s*<td>5 000 FCFA<\/td>/);
    expect(thanks).toMatch(/<td>Reste à payer<\/td>\s*<td>9 000 FCFA<\/td>/);
    await vi.waitFor(
      () =>
        expect(gatewayTo('+221776000002').map((m) => plain(m.body))).toContainEqual(
          expect.stringMatching(
            new RegExp(
              `^Boutique Fidèle : commande #${order!.number} reçue \\(14 000 FCFA, dont 5 000 FCFA payés avec vos points\\)\\. Suivi : `,
            ),
          ),
        ),
      { timeout: 10_000, interval: 100 },
    );
  });

  it('refuses a wrong code with the tries left, spends nothing, and voids the code at the fifth', async () => {
    const { a, robe, slug } = await openShop('Boutique Essais');
    const clientId = await clientWithPoints(a, 'Awa Diop', '77 600 00 03', 1_000);
    const cookie = await cartOf(slug, robe.variantId);
    const code = await askCode(slug, cookie, '77 600 00 03', '+221776000003');
    const wrong = code === '000000' ? '111111' : '000000';

    const refused = await visit(`/${slug}/commande`, {
      cookie,
      form: buyer('77 600 00 03', { intent: 'commander', pointsCode: wrong }),
    });
    expect(refused.status).toBe(422);
    expect(fieldError(refused, 'pointsCode')).toBe('Ce code n’est pas le bon. Il vous reste 4 essais.');
    // The field comes back empty: the next post does not try the wrong code again.
    expect(refused.text).toMatch(/id="pointsCode"[^>]*value=""/);
    expect(await siteOrdersOf(a.shopId)).toEqual([]);
    expect(await balanceOf(clientId)).toBe(1_000);
    expect((await ledgerOf(a.shopId, clientId)).filter((e) => e.kind === 'redeem')).toEqual([]);

    // The summary's refreshes check no code the page did not prove: typing costs no try.
    await visit(`/${slug}/commande/resume`, { cookie, form: buyer('77 600 00 03', { pointsCode: wrong }) });
    const second = await visit(`/${slug}/commande`, {
      cookie,
      form: buyer('77 600 00 03', { intent: 'apercu', pointsCode: wrong }),
    });
    expect(fieldError(second, 'pointsCode')).toBe('Ce code n’est pas le bon. Il vous reste 3 essais.');
    for (const left of ['Il vous reste 2 essais.', 'Il vous reste 1 essai.']) {
      const again = await visit(`/${slug}/commande`, {
        cookie,
        form: buyer('77 600 00 03', { intent: 'apercu', pointsCode: wrong }),
      });
      expect(fieldError(again, 'pointsCode')).toBe(`Ce code n’est pas le bon. ${left}`);
    }
    const fifth = await visit(`/${slug}/commande`, {
      cookie,
      form: buyer('77 600 00 03', { intent: 'apercu', pointsCode: wrong }),
    });
    expect(fieldError(fifth, 'pointsCode')).toBe(
      'Ce code n’est pas le bon, et c’était le dernier essai : demandez un nouveau code.',
    );
    // Void: the right code no longer pays.
    const late = await visit(`/${slug}/commande`, {
      cookie,
      form: buyer('77 600 00 03', { intent: 'commander', pointsCode: code, key: 'cle-points-essais-0002' }),
    });
    expect(late.status).toBe(422);
    expect(fieldError(late, 'pointsCode')).toBe(
      'Trop d’essais : ce code n’est plus valable. Demandez-en un nouveau.',
    );
    expect(await siteOrdersOf(a.shopId)).toEqual([]);
    expect(await balanceOf(clientId)).toBe(1_000);
    const [stored] = await bed.database.db
      .select()
      .from(loyaltyCodes)
      .where(eq(loyaltyCodes.shopId, a.shopId));
    expect(stored).toMatchObject({ attempts: 5, usedAt: null });
  });

  it('pays a whole order with points without another payment, once, and never a second order', async () => {
    const { a, robe, slug } = await openShop('Boutique Une Fois');
    // 5 000 points: 25 000 FCFA, more than the 14 000 FCFA order.
    const clientId = await clientWithPoints(a, 'Awa Diop', '77 600 00 04', 5_000);
    const cookie = await cartOf(slug, robe.variantId);
    const code = await askCode(slug, cookie, '77 600 00 04', '+221776000004');
    const proven = await visit(`/${slug}/commande`, {
      cookie,
      form: buyer('77 600 00 04', { intent: 'apercu', pointsCode: code }),
    });
    expect(flat(proven.text)).toContain('Vos points paient toute la commande.');

    // No payment chosen, and a double tap: one order, paid in full by points once.
    const form = buyer('77 600 00 04', {
      intent: 'commander',
      pointsCode: code,
      pointsVerified: '1',
      payment: '',
    });
    const [first, second] = await Promise.all([
      visit(`/${slug}/commande`, { cookie, form }),
      visit(`/${slug}/commande`, { cookie, form }),
    ]);
    expect(first.status, fieldError(first, 'pointsCode') || fieldError(first, 'payment')).toBe(303);
    expect(second.status, fieldError(second, 'pointsCode') || fieldError(second, 'payment')).toBe(303);
    expect(second.location).toBe(first.location);
    // Nothing left to pay: straight to the confirmation, no provider's page.
    expect(first.location).toMatch(new RegExp(`^/${slug}/merci/[\\w-]+$`));
    const [order] = await siteOrdersOf(a.shopId);
    expect(await siteOrdersOf(a.shopId)).toHaveLength(1);
    expect(order).toMatchObject({ total: 14_000, paidAmount: 14_000, paymentStatus: 'paid' });
    expect(order!.clientNote).not.toContain('Paiement à la livraison');
    const redeems = (await ledgerOf(a.shopId, clientId)).filter((e) => e.kind === 'redeem');
    expect(redeems.map((e) => [e.points, e.amount])).toEqual([[-2_800, 14_000]]);
    expect(await balanceOf(clientId)).toBe(2_200);
    const thanks = flat((await visit(first.location!)).text);
    expect(thanks).toMatch(/<td>Payé avec vos points de fidélité<\/td>\s*<td>14 000 FCFA<\/td>/);
    expect(thanks).toMatch(/<td>Reste à payer<\/td>\s*<td>0 FCFA<\/td>/);

    // The same code for another order: refused, nothing more spent.
    const next = await cartOf(slug, robe.variantId);
    const reused = await visit(`/${slug}/commande`, {
      cookie: next,
      form: { ...form, key: 'cle-points-autre-commande-0002' },
    });
    expect(reused.status).toBe(422);
    expect(fieldError(reused, 'pointsCode')).toBe(
      'Ce code a déjà servi pour une commande. Demandez-en un nouveau.',
    );
    expect(await siteOrdersOf(a.shopId)).toHaveLength(1);
    expect(await balanceOf(clientId)).toBe(2_200);
    expect((await ledgerOf(a.shopId, clientId)).filter((e) => e.kind === 'redeem')).toHaveLength(1);
  });

  it('sends no code to a number with too few points, and tells a stranger nothing of its owner', async () => {
    const { a, robe, slug } = await openShop('Boutique Discrète');
    await clientWithPoints(a, 'Khady Sow', '77 600 00 05', 50);
    const cookie = await cartOf(slug, robe.variantId);
    const words = 'Ce numéro n’a pas assez de points de fidélité : il en faut au moins 100 pour payer avec.';
    for (const phone of ['77 600 00 05', '77 600 00 06']) {
      const asked = await visit(`/${slug}/commande/code-fidelite`, { cookie, form: buyer(phone) });
      expect(asked.status).toBe(422);
      expect(fieldError(asked, 'pointsCode')).toBe(words);
      expect(asked.text).not.toContain('Khady');
      expect(flat(asked.text)).not.toContain('50 points');
    }
    expect(
      await bed.database.db.select().from(loyaltyCodes).where(eq(loyaltyCodes.shopId, a.shopId)),
    ).toEqual([]);
    expect(await bed.database.db.select().from(smsMessages).where(eq(smsMessages.shopId, a.shopId))).toEqual(
      [],
    );
    expect(gatewayTo('+221776000005')).toEqual([]);
  });

  it('sends at most three codes an hour to a number', async () => {
    const { a, robe, slug } = await openShop('Boutique Limite');
    await clientWithPoints(a, 'Awa Diop', '77 600 00 07', 1_000);
    const cookie = await cartOf(slug, robe.variantId);
    for (let i = 0; i < 3; i++) await askCode(slug, cookie, '77 600 00 07', '+221776000007');
    const fourth = await visit(`/${slug}/commande/code-fidelite`, { cookie, form: buyer('77 600 00 07') });
    expect(fourth.status).toBe(422);
    expect(fieldError(fourth, 'pointsCode')).toMatch(
      /^Vous avez déjà demandé 3 codes pour ce numéro en une heure : réessayez dans \d+ minutes?\.$/,
    );
    expect(
      await bed.database.db.select().from(loyaltyCodes).where(eq(loyaltyCodes.shopId, a.shopId)),
    ).toHaveLength(3);
  });
});
