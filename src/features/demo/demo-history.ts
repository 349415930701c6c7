import { seedDemoDelivery, seedDemoRuns } from './demo-delivery';
import { quoteDelivery } from '@/features/delivery/server';
import type { Database } from '@/server/db';
import type { AgentRow } from '@/features/agent/server/agent.repository';
import type { ShopRow } from '@/features/shop/server/shop.repository';
import { demoVariants } from '@/features/product/server/demo-catalogue';
import { changeStockBatch } from '@/features/product/server/stock';
import { findOrCreateCustomer } from '@/features/customer/server/customers';
import { updateClient } from '@/features/customer/server/client-profile';
import type { TUpdateClientBody } from '@/features/customer/customer.schemas';
import { discountsChanged, createDiscount, setDiscountEnabled } from '@/features/discount/server';
import { ZDiscountInput } from '@/features/discount/discount.schemas';
import { createPastOrder } from '@/features/order/server/create-order';
import type { FulfilmentStatus, MANUAL_CHANNELS, PaymentMethod } from '@/features/order/order.schemas';

/*
 * Six months of the demo shop's life, so a first look at Commandes and Réductions finds a shop in
 * business: clients, discounts in every state, and about 150 orders placed through the one order
 * pipeline (priced by the discounts of their day, stock taken, paid). Drawn from a seeded
 * generator: every `npm start` on a fresh database shows the same shop.
 */

const DAY = 86_400_000;
const HISTORY_DAYS = 180;
const FEES = [1000, 1500, 2000, 2500];

// Phones in a block of numbers the browser tests never type (+221 76 901 …): a client they create
// by phone is theirs, not one of these.
const CLIENTS: Array<[name: string, phone: string, quartier: string, commune: string]> = [
  ['Mariama Kane', '+221769010037', 'Mermoz', 'Mermoz-Sacré-Cœur'],
  ['Ousmane Diallo', '+221769010074', 'Sacré-Cœur', 'Mermoz-Sacré-Cœur'],
  ['Khady Ndoye', '+221769010111', 'Unité 15', 'Parcelles Assainies'],
  ['Abdoulaye Sarr', '+221769010148', 'Rue Carnot', 'Dakar-Plateau'],
  ['Seynabou Faye', '+221769010185', 'Cité Comico', 'Ouakam'],
  ['Cheikh Mbaye', '+221769010222', 'Khar Yalla', 'Grand Yoff'],
  ['Astou Gueye', '+221769010259', 'Liberté 6', 'Sicap-Liberté'],
  ['Modou Cissé', '+221769010296', 'Gueule Tapée', 'Médina'],
  ['Ndèye Fall', '+221769010333', 'Point E', 'Fann-Point E-Amitié'],
  ['Pape Thiam', '+221769010370', 'Almadies', 'Ngor'],
  ['Aïssatou Diagne', '+221769010407', 'HLM 5', 'HLM'],
  ['Babacar Seck', '+221769010444', 'Yoff Tonghor', 'Yoff'],
  ['Coumba Sy', '+221769010481', 'Fann Résidence', 'Fann-Point E-Amitié'],
  ['Ibrahima Ka', '+221769010518', 'Guinaw Rail', 'Pikine Nord'],
  ['Rokhaya Diouf', '+221769010555', 'Golf Sud', 'Golf Sud'],
  ['Lamine Camara', '+221769010592', 'Ngor Village', 'Ngor'],
  ['Fatoumata Barry', '+221769010629', 'Mermoz Pyrotechnie', 'Mermoz-Sacré-Cœur'],
  ['Serigne Mbacké', '+221769010666', 'Sicap Baobabs', 'Mermoz-Sacré-Cœur'],
];

/*
 * What the team noted on some clients' pages: tags, consents, a landmark, a birthday, a credit
 * limit. By index in CLIENTS.
 */
const PROFILES: Array<[index: number, profile: Omit<TUpdateClientBody, 'shopId' | 'clientId'>]> = [
  [
    0,
    {
      tags: ['VIP', 'Fidèle'],
      consentSms: true,
      consentWhatsapp: true,
      birthday: '14-03',
      creditLimit: 50_000,
    },
  ],
  [1, { tags: ['Fidèle'], consentWhatsapp: true, landmark: 'En face de la boulangerie Jaune' }],
  [3, { tags: ['Revendeur'], creditLimit: 500_000, notes: 'Achète pour sa boutique du marché Sandaga.' }],
  [5, { tags: ['VIP'], consentSms: true, birthday: '02-12' }],
  [8, { consentSms: true, consentWhatsapp: true, landmark: 'Derrière la pharmacie du Point E' }],
  [9, { tags: ['VIP'], consentWhatsapp: true }],
  [11, { tags: ['Revendeur'], creditLimit: 400_000 }],
  [14, { consentSms: true, notes: 'Préfère être appelée après 18 h.' }],
];

const CHANNELS: Array<[(typeof MANUAL_CHANNELS)[number], number]> = [
  ['whatsapp', 0.45],
  ['manual', 0.2],
  ['phone', 0.15],
  ['instagram', 0.12],
  ['facebook', 0.08],
];
const PAID_BY: PaymentMethod[] = ['wave', 'wave', 'orange_money', 'orange_money', 'cash', 'cash', 'card'];

function generator(seed: number) {
  let state = seed;
  const random = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  return {
    random,
    int: (min: number, max: number) => min + Math.floor(random() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!,
    weighted: <T>(items: ReadonlyArray<[T, number]>) => {
      let r = random();
      for (const [item, weight] of items) if ((r -= weight) <= 0) return item;
      return items[items.length - 1]![0];
    },
  };
}

/**
 * The demo's discounts: two that run all along, free delivery on WhatsApp, a happy hour (switched
 * off once the history is written), one to come, one over, a draft. None of them touches what the
 * browser tests sell at the till or in manual orders, nor their codes (« BIENVENUE10 »).
 */
async function seedDiscounts(
  db: Database,
  shopId: string,
  ids: { soap: string; drinks: string; fashion: string[] },
) {
  const iso = (days: number) => new Date(Date.now() + days * DAY).toISOString();
  const inputs = [
    {
      name: '3 pour 2 sur le savon noir',
      kind: 'automatic',
      value: {
        target: 'buy-x-get-y',
        buy: { quantity: 2, products: { productIds: [ids.soap] } },
        get: { quantity: 1, products: { productIds: [ids.soap] }, percentage: 100 },
        repeats: true,
      },
      combinesWith: { order: true, product: false, delivery: true },
      startsAt: iso(-HISTORY_DAYS - 10),
    },
    {
      name: 'Bienvenue',
      kind: 'code',
      code: 'BIENVENUE',
      value: { target: 'order', reduction: { type: 'percentage', percentage: 10 } },
      limits: { usesPerClient: 1 },
      combinesWith: { order: false, product: true, delivery: true },
      startsAt: iso(-HISTORY_DAYS - 10),
    },
    {
      name: 'Livraison offerte dès 30 000 FCFA sur WhatsApp',
      kind: 'automatic',
      value: { target: 'delivery' },
      conditions: { minSubtotal: 30_000, channels: ['whatsapp', 'storefront'] },
      combinesWith: { order: true, product: true, delivery: false },
      startsAt: iso(-HISTORY_DAYS - 10),
    },
    {
      name: 'Happy hour boissons',
      kind: 'automatic',
      value: {
        target: 'products',
        products: { categoryIds: [ids.drinks] },
        reduction: { type: 'percentage', percentage: 15 },
      },
      conditions: { weekdays: [1, 2, 3, 4, 5], hours: { from: '17:00', to: '19:00' } },
      combinesWith: { order: true, product: false, delivery: true },
      startsAt: iso(-120),
    },
    {
      name: 'Tabaski : −15 % sur la mode',
      kind: 'code',
      code: 'TABASKI',
      value: {
        target: 'products',
        products: { categoryIds: ids.fashion },
        reduction: { type: 'percentage', percentage: 15 },
      },
      limits: { totalUses: 200, maxAmountPerOrder: 10_000 },
      startsAt: iso(20),
      endsAt: iso(35),
    },
    {
      name: 'Soldes d’été',
      kind: 'code',
      code: 'SOLDES20',
      value: { target: 'order', reduction: { type: 'percentage', percentage: 20 } },
      conditions: { minSubtotal: 20_000 },
      startsAt: iso(-110),
      endsAt: iso(-80),
    },
    {
      name: 'Fidélité VIP',
      kind: 'code',
      code: 'VIP5000',
      value: { target: 'order', reduction: { type: 'amount', amount: 5_000 } },
      conditions: { minSubtotal: 50_000 },
      draft: true,
    },
  ];
  const made: string[] = [];
  for (const input of inputs) made.push((await createDiscount(db, shopId, ZDiscountInput.parse(input))).id);
  await discountsChanged(db, shopId);
  return { happyHour: made[3]! };
}

/** Called by the demo seed once the shop, its team and its catalogue exist. */
export async function seedDemoHistory(db: Database, shop: ShopRow, owner: AgentRow, seller: AgentRow) {
  const variants = await demoVariants(db, shop.id);
  const bissap = variants.find((v) => v.productName.startsWith('Bissap'))!;
  const soap = variants.find((v) => v.productName.startsWith('Savon noir'))!;
  const drinks = bissap.categoryId!;
  const fashion = [
    ...new Set(
      variants.filter((v) => v.category === 'Homme' || v.category === 'Femme').map((v) => v.categoryId!),
    ),
  ];
  const { happyHour } = await seedDiscounts(db, shop.id, { soap: soap.productId, drinks, fashion });
  await seedDemoDelivery(db, shop);
  // Each client's zone, as Livraison prices their address: the history charges its fee.
  const zones = await Promise.all(
    CLIENTS.map(([, , quartier, commune]) => quoteDelivery(db, shop.id, { commune, quartier }, 0)),
  );
  // The fee drawn at random stays drawn (the rest of the history is drawn as before); it is charged
  // only where no zone covers the address.
  const zoneFeeOr = (client: number, subtotal: number, drawn: number) => {
    const zone = zones[client]?.zone;
    if (!zone) return drawn;
    return zone.freeFrom !== null && subtotal >= zone.freeFrom ? 0 : zone.fee;
  };

  const g = generator(2026);
  interface Planned {
    at: Date;
    lines: Array<{ variantId: string; quantity: number }>;
    client: number | null;
    channel: (typeof MANUAL_CHANNELS)[number];
    codes: string[];
    deliveryFee: number;
    fulfilment: FulfilmentStatus;
    paidBy: PaymentMethod | null;
  }
  const plan: Planned[] = [];
  const firstOrderDone = new Set<number>();
  for (let day = HISTORY_DAYS; day >= 0; day--) {
    const count = g.weighted([
      [0, 0.35],
      [1, 0.45],
      [2, 0.2],
    ] as Array<[number, number]>);
    for (let n = 0; n < count; n++) {
      const at = new Date(Date.now() - day * DAY);
      at.setUTCHours(g.int(9, 20), g.int(0, 59), 0, 0);
      if (at.getTime() > Date.now()) at.setTime(Date.now() - g.int(10, 300) * 60_000);
      const lines = new Map<string, number>();
      if (g.random() < 0.25) lines.set(soap.variantId, g.pick([2, 3, 3, 6]));
      for (let l = g.int(1, 3); l > 0; l--) {
        const v = g.pick(variants);
        lines.set(v.variantId, (lines.get(v.variantId) ?? 0) + g.int(1, 2));
      }
      const client = g.random() < 0.85 ? g.int(0, CLIENTS.length - 1) : null;
      const price = new Map(variants.map((v) => [v.variantId, v.price]));
      const subtotal = [...lines].reduce((sum, [id, quantity]) => sum + price.get(id)! * quantity, 0);
      const codes: string[] = [];
      if (client !== null && !firstOrderDone.has(client) && g.random() < 0.6) codes.push('BIENVENUE');
      else if (day > 81 && day < 109 && subtotal >= 20_000 && g.random() < 0.4) codes.push('SOLDES20');
      if (client !== null) firstOrderDone.add(client);
      const recent = day <= 4;
      plan.push({
        at,
        lines: [...lines].map(([variantId, quantity]) => ({ variantId, quantity })),
        client,
        channel: g.weighted(CHANNELS),
        codes,
        // The last days' orders of known clients all go out (the « À livrer » board has its day's
        // work); the draws stay as they were, so the rest of the history does not change.
        deliveryFee:
          client !== null && g.random() < 0.7
            ? zoneFeeOr(client, subtotal, g.pick(FEES))
            : client !== null && recent
              ? zoneFeeOr(client, subtotal, FEES[0]!)
              : 0,
        fulfilment: recent
          ? g.pick(['new', 'confirmed', 'preparing', 'ready', 'shipping'] as const)
          : 'delivered',
        paidBy: !recent || g.random() < 0.4 ? g.pick(PAID_BY) : null,
      });
    }
  }

  // A few drinks sold in the happy hour's window (weekdays, 17:00–19:00 in Dakar, which is UTC)
  // while it ran: the draws alone may miss it, depending on the weekdays the history falls on.
  plan
    .filter((o) => {
      const age = (Date.now() - o.at.getTime()) / DAY;
      const weekday = o.at.getUTCDay();
      return (
        age > 10 &&
        age < 110 &&
        weekday >= 1 &&
        weekday <= 5 &&
        !o.lines.some((l) => l.variantId === soap.variantId)
      );
    })
    .filter((_, i) => i % 15 === 0)
    .slice(0, 4)
    .forEach((o) => {
      o.at.setUTCHours(17, 30, 0, 0);
      if (!o.lines.some((l) => l.variantId === bissap.variantId))
        o.lines.push({ variantId: bissap.variantId, quantity: 2 });
    });

  // The resellers buy on credit (« ardoise »): their last two delivered orders are still owed.
  for (const reseller of PROFILES.filter(([, p]) => p.tags?.includes('Revendeur')).map(([i]) => i))
    plan
      .filter((o) => o.client === reseller && o.fulfilment === 'delivered')
      .slice(-2)
      .forEach((o) => (o.paidBy = null));

  await db.transaction(async (tx) => {
    // The goods sold came in first: the stock ends where the catalogue set it.
    const sold = new Map<string, number>();
    for (const order of plan)
      for (const l of order.lines) sold.set(l.variantId, (sold.get(l.variantId) ?? 0) + l.quantity);
    await changeStockBatch(
      tx,
      { shopId: shop.id, userId: owner.userId, reason: 'reception', note: 'Arrivages des six derniers mois' },
      [...sold].map(([variantId, quantity]) => ({ variantId, quantity, label: variantId, field: 'stock' })),
    );
    const clients = [];
    for (const [name, phone, quartier, commune] of CLIENTS)
      clients.push(
        await findOrCreateCustomer(tx, shop, {
          name,
          phone,
          addresses: [{ quartier, commune, ville: 'Dakar', indications: '' }],
        }),
      );
    for (const [index, profile] of PROFILES)
      await updateClient(tx, shop, { shopId: shop.id, clientId: clients[index]!.id, ...profile });
    const membership = { shop, agent: seller };
    for (const order of plan) {
      const client = order.client === null ? null : clients[order.client]!;
      await createPastOrder(
        tx,
        membership,
        order.channel === 'manual' ? owner.userId : seller.userId,
        {
          channel: order.channel,
          clientId: client?.id,
          lines: order.lines.map((l) => ({ ...l, lineDiscount: 0 })),
          orderDiscount: 0,
          deliveryFee: order.deliveryFee,
          deliveryAddress: client && order.deliveryFee ? client.addresses[0]! : null,
          clientNote: '',
        },
        {
          placedAt: order.at,
          fulfilment: order.fulfilment,
          paidBy: order.paidBy,
          discountCodes: order.codes,
        },
      );
    }
  });
  await seedDemoRuns(db, shop, owner.userId);
  // The happy hour ran for months; it is off now (« désactivée » in the list).
  await setDiscountEnabled(db, shop.id, happyHour, false);
  await discountsChanged(db, shop.id);
}
