import { changeStoreCredit } from '@/features/customer/server/figures';
import { sql } from 'drizzle-orm';
import { getDb, preferGenericPlans, transactionByKey, type Database, type Executor } from '@/server/db';
import { newId } from '@/server/ids';
import { Errors } from '@/server/http/errors';
import { PLANS, effectivePlan } from '@/shared/plans';
import { formatMoney } from '@/shared/money';
import type { MembershipRow } from '@/server/tenancy/membership';
import type { ShopRow } from '@/features/shop/server/shop.repository';
import { personName, type UserRow } from '@/features/user/server/user.repository';
import {
  notifyLowStock,
  stockWritesOfLockedVariants,
  type LowStockCrossing,
  type StockShortfall,
} from '@/features/product/server/stock';
import { lockVariantsForSale, variantLabel } from '@/features/product/server/variants-for-sale';
import { listingChannelOfOrder } from '@/features/product/product.constants';
import { notificationInStatement } from '@/features/notification/server/create-notification';
import {
  findCustomerById,
  findOrCreateCustomer,
  type CustomerRow,
} from '@/features/customer/server/customers';
import { customerFiguresOnNewOrder } from '@/features/customer/server/figures';
import { earnOnNewOrder, redeemPoints } from '@/features/loyalty/server/ledger';
import { pointsText } from '@/features/loyalty/loyalty.constants';
import type { TAddress, TCustomerInput } from '@/features/customer/customer.schemas';
import { paymentStatusOf, type OrderChannel, type TCreateOrderBody } from '../order.schemas';
import type { TOrder } from '../order.dto-schemas';
import {
  findOrderByIdempotencyKey,
  insertNumberedOrder,
  orderSearchText,
  quotaMonthOf,
  type NewOrderEventRow,
  type OrderRow,
} from './order.repository';
import { orderLineRows, orderTotals, priceLines, type LineInput } from './order-lines';
import {
  manualOrderPolicy,
  pastOrderPolicy,
  siteOrderPolicy,
  tillSalePolicy,
  type ChannelPolicy,
  type OrderDraft,
  type TillSale,
} from './channel-policy';
import { buildOrderDto, type OrderDetails } from './order.dto';
import {
  applyAdjustments,
  newOrderDiscountUses,
  orderAdjustmentRows,
  type TillPromotion,
} from './order-discounts';

export type CreateOrderInput = Omit<TCreateOrderBody, 'shopId' | 'channel' | 'payment'> & {
  channel: OrderChannel;
};

function ordersQuotaMessage(planLabel: string, max: number): string {
  return `Votre forfait ${planLabel} autorise ${max.toLocaleString('fr-FR')} commandes par mois. Passez à un forfait supérieur pour en recevoir davantage.`;
}

/**
 * An order an agent enters in the back-office. Its page is built from the rows it just wrote (as
 * stored: inserts return them) instead of read back: six queries fewer per order. The same
 * idempotency key answers the order it already made, with `dto` null: the caller reads that one as
 * any other.
 */
export async function createOrderWithDto(
  db: Database,
  membership: MembershipRow,
  user: UserRow,
  { payment, ...input }: Omit<TCreateOrderBody, 'shopId'>,
): Promise<{ order: OrderRow; dto: TOrder | null }> {
  const { order, details, announce } = await placeOrder(
    db,
    membership.shop,
    user.id,
    input,
    manualOrderPolicy(payment, input.discountCodes ?? []),
  );
  await announce();
  // Every row of a new order is the caller's: the one name its page shows.
  return { order, dto: details && buildOrderDto(order, details, new Map([[user.id, personName(user)]])) };
}

/** What a buyer's checkout in the online shop sends the order pipeline (all of it checked again). */
export interface SiteOrderInput {
  buyer: TCustomerInput;
  lines: LineInput[];
  /** Null: collected at the shop (a pickup point). */
  deliveryAddress: TAddress | null;
  clientNote: string;
  /** Where the buyer collects the order, for the agents (a timeline note). */
  pickupNote?: string;
  discountCodes: string[];
  idempotencyKey: string;
  /** What the buyer pays with their loyalty points, at most (their phone proven by a code). */
  pointsUpTo?: number;
}

/**
 * A buyer's order from the online shop (channel « site »): see siteOrderPolicy. The buyer is found
 * or made a client by their phone. The same idempotency key (a double tap on « Commander »)
 * answers the order it made, as not new.
 */
export async function createSiteOrder(
  db: Database,
  shop: ShopRow,
  input: SiteOrderInput,
): Promise<{ order: OrderRow; isNew: boolean }> {
  const { order, details, announce } = await placeOrder(
    db,
    shop,
    null,
    {
      channel: 'site',
      newClient: input.buyer,
      lines: input.lines,
      orderDiscount: 0,
      deliveryAddress: input.deliveryAddress,
      clientNote: input.clientNote,
      internalNote: input.pickupNote,
      discountCodes: input.discountCodes,
      idempotencyKey: input.idempotencyKey,
    },
    siteOrderPolicy(input.discountCodes, input.pointsUpTo),
  );
  await announce();
  // No details: the key's earlier order, answered again (nothing new to tell the buyer).
  return { order, isNew: details !== null };
}

/**
 * A till's sale, inside the transaction that logs its op: an order of channel « point de vente »
 * (see tillSalePolicy). `shortfalls` says what the stock lacked; `announce` tells the shop once the
 * caller has committed.
 */
export async function createTillOrder(
  tx: Executor,
  membership: MembershipRow,
  userId: string,
  input: {
    clientId?: string;
    lines: Array<LineInput & { unitPrice: number }>;
    orderDiscount: number;
    internalNote?: string;
    payments: TillSale['payments'];
    soldAt: Date;
    localReference: string | null;
    promotions: readonly TillPromotion[];
    opId: string;
  },
) {
  const placed = await placeOrder(
    tx,
    membership.shop,
    userId,
    {
      channel: 'pos',
      clientId: input.clientId,
      lines: input.lines.map(({ variantId, quantity, lineDiscount }) => ({
        variantId,
        quantity,
        lineDiscount,
      })),
      orderDiscount: input.orderDiscount,
      deliveryFee: 0,
      deliveryAddress: null,
      clientNote: '',
      internalNote: input.internalNote,
    },
    tillSalePolicy({
      keptPrices: new Map(input.lines.map((l) => [l.variantId, { unitPrice: l.unitPrice }])),
      payments: input.payments,
      soldAt: input.soldAt,
      localReference: input.localReference,
      promotions: input.promotions,
      opId: input.opId,
    }),
  );
  return { order: placed.order, shortfalls: placed.shortfalls, announce: placed.announce };
}

/**
 * An order of the past, as history (the demo shop's months of orders): see pastOrderPolicy. Call
 * in the order the orders were placed, inside the caller's transaction.
 */
export async function createPastOrder(
  tx: Executor,
  membership: MembershipRow,
  userId: string,
  input: CreateOrderInput,
  past: Parameters<typeof pastOrderPolicy>[0],
): Promise<OrderRow> {
  return (await placeOrder(tx, membership.shop, userId, input, pastOrderPolicy(past))).order;
}

interface PlacedOrder {
  order: OrderRow;
  details: OrderDetails;
  crossings: LowStockCrossing[];
  shortfalls: StockShortfall[];
  /** Tells the shop of the order its statement stored the notification of (not history). */
  announceOrder: (() => void) | null;
}

/**
 * The one order pipeline, for every channel: one order, all or nothing — the client, the lines
 * priced, the adjustments and delivery fee of the hooks, the stock taken, the payments, the number
 * and the quota, and the timeline's first entries. What differs between channels is the policy's.
 */
async function placeOrder(
  db: Executor,
  shop: ShopRow,
  userId: string | null,
  input: CreateOrderInput,
  policy: ChannelPolicy,
): Promise<{
  order: OrderRow;
  details: OrderDetails | null;
  shortfalls: StockShortfall[];
  announce: () => Promise<void>;
}> {
  let result: PlacedOrder;
  try {
    result = policy.runsInCallerTransaction
      ? await writeOrder(db, shop, userId, input, policy)
      : await transactionByKey(db, (tx) => writeOrder(tx, shop, userId, input, policy));
  } catch (error) {
    // A key already used answers the order it made, whatever this attempt ran into: its number
    // taken (two requests at once), or the stock or quota the first one used up. Looked up only
    // here, once the attempt failed: a first attempt, by far the most common, pays no lookup.
    if (input.idempotencyKey && !policy.runsInCallerTransaction) {
      const earlier = await findOrderByIdempotencyKey(db, shop.id, input.idempotencyKey);
      if (earlier) return { order: earlier, details: null, shortfalls: [], announce: async () => {} };
    }
    throw error;
  }
  const { order, crossings, announceOrder } = result;
  return {
    order,
    details: result.details,
    shortfalls: result.shortfalls,
    // After the commit: nobody is told of an order that was rolled back (its notification was
    // stored with it). A caller's transaction is over by then, so the shared pool tells.
    announce: async () => {
      announceOrder?.();
      await notifyLowStock(policy.runsInCallerTransaction ? getDb() : db, crossings);
    },
  };
}

async function writeOrder(
  tx: Executor,
  shop: ShopRow,
  userId: string | null,
  input: CreateOrderInput,
  policy: ChannelPolicy,
): Promise<PlacedOrder> {
  // Every statement below is by key: planned once, not per order (see preferGenericPlans). A
  // transaction of its own said so as it began (transactionByKey); a caller's says so here.
  if (policy.runsInCallerTransaction) await preferGenericPlans(tx);
  let client: CustomerRow | null = null;
  if (input.clientId) {
    client = await findCustomerById(tx, shop.id, input.clientId);
    if (!client) throw Errors.validation({ clientId: 'Ce client n’existe pas dans la boutique.' });
  } else if (input.newClient) {
    client = await findOrCreateCustomer(tx, shop, input.newClient, 'newClient.');
  }

  // With the channel's own prices (a WhatsApp or site-only promotion, Canaux de vente); a till's
  // sale keeps the prices it showed instead.
  const variants = await lockVariantsForSale(
    tx,
    shop.id,
    input.lines.map((l) => l.variantId),
    policy.keptPrices ? null : listingChannelOfOrder(input.channel),
  );
  const draft: OrderDraft = {
    shop,
    channel: input.channel,
    client,
    lines: priceLines(variants, input.lines, shop.currency, policy.keptPrices),
    orderDiscount: input.orderDiscount,
    deliveryAddress: input.deliveryAddress,
  };
  const delivery = await policy.deliveryFee(tx, draft, input.deliveryFee, input.deliveryFeeReason);
  const pricedAdjustments = await policy.adjustments(tx, draft, delivery.fee);
  const { adjustments } = pricedAdjustments;
  const deliveryFee = applyAdjustments(draft, adjustments, delivery.fee);
  const totals = orderTotals(draft.lines, { orderDiscount: draft.orderDiscount, deliveryFee }, shop.currency);
  const priced = draft.lines;

  // History paid in full: its amount is known only now, priced; so is what points pay online.
  const payments = policy.paidInFullBy
    ? [{ method: policy.paidInFullBy, amount: totals.total }]
    : policy.pointsUpTo
      ? [{ method: 'loyalty' as const, amount: Math.min(policy.pointsUpTo, totals.total) }]
      : policy.payments;
  const paidAmount = payments.reduce((sum, p) => sum + p.amount, 0);
  if (paidAmount > totals.total)
    throw Errors.validation({ [policy.paymentsField]: 'Le paiement dépasse le total de la commande.' });
  // Paid with store credit (« avoir »): the client's, taken now, never more than they hold.
  const fromCredit = payments.reduce((sum, p) => sum + (p.method === 'store_credit' ? p.amount : 0), 0);
  if (fromCredit > 0) {
    if (!client)
      throw Errors.validation({ [policy.paymentsField]: 'Un avoir ne paie que la commande d’un client.' });
    await changeStoreCredit(tx, shop, client.id, -fromCredit, policy.paymentsField);
  }
  if (policy.enforcesCreditLimit && client)
    checkCreditLimit(client, totals.total - paidAmount, shop.currency);

  const orderId = newId();
  // Paid with loyalty points: the client's, spent now (a till's sale beyond the balance is flagged).
  const fromPoints = payments.reduce((sum, p) => sum + (p.method === 'loyalty' ? p.amount : 0), 0);
  let pointsMissing = 0;
  if (fromPoints > 0) {
    if (!client)
      throw Errors.validation({
        [policy.paymentsField]: 'Des points de fidélité ne paient que la commande d’un client.',
      });
    pointsMissing = await redeemPoints(tx, shop, {
      clientId: client.id,
      orderId,
      amount: fromPoints,
      userId,
      field: policy.paymentsField,
      isAfterTheFact: policy.allowsStockBelowZero,
      at: policy.placedAt ?? null,
    });
  }
  // The variants are locked, their stock read with them: judged here, written with the order (its
  // number in the movements' note).
  const stock = stockWritesOfLockedVariants(
    {
      shopId: shop.id,
      userId,
      reason: 'vente',
      allowBelowZero: policy.allowsStockBelowZero,
    },
    priced.flatMap((l, i) =>
      l.variant.trackStock
        ? [
            {
              variantId: l.variant.id,
              quantity: -l.quantity,
              label: variantLabel(l.variant),
              field: `lines.${i}.quantity`,
            },
          ]
        : [],
    ),
    variants,
    sql`'Commande #' || (select number from counter)`,
  );
  const { crossings, shortfalls } = stock;

  // Payments are written with the order as recordPayment would write them on the order just made
  // (their rows, the paid figures, timeline entries), without updating the row again.
  const timeline: NewOrderEventRow[] = [
    {
      id: newId(),
      type: 'created',
      userId,
      data: {
        channel: input.channel,
        total: totals.total,
        lines: priced.map((l) => ({ name: variantLabel(l.variant), quantity: l.quantity })),
        ...(adjustments.length
          ? { adjustments: adjustments.map((a) => ({ name: a.name, code: a.code, amount: a.amount })) }
          : {}),
        ...(delivery.zone
          ? {
              delivery: {
                zone: delivery.zone.name,
                zoneFee: delivery.zone.fee,
                fee: delivery.fee,
                reason: delivery.reason,
              },
            }
          : {}),
      },
    },
  ];
  if (input.internalNote)
    timeline.push({ id: newId(), type: 'note', userId, data: { note: input.internalNote } });
  // A sale made past the stock (offline at a till): flagged on the order as on the conflicts list.
  if (shortfalls.length)
    timeline.push({
      id: newId(),
      type: 'stock_conflict',
      userId,
      data: {
        items: shortfalls.map((s) => ({
          name: s.variantName ? `${s.productName} (${s.variantName})` : s.productName,
          missing: s.missing,
        })),
      },
    });
  if (pointsMissing > 0)
    timeline.push({
      id: newId(),
      type: 'note',
      userId,
      data: {
        note: `Vente faite hors ligne avec plus de points que le client n’en avait : ${pointsText(pointsMissing)} manquai${pointsMissing > 1 ? 'ent' : 't'}. À régler dans les conflits de la caisse.`,
      },
    });
  const paymentRows = payments.map((payment) => ({
    id: newId(),
    method: payment.method,
    amount: payment.amount,
    reference: payment.reference || null,
    isOnline: false,
    createdByUserId: userId,
  }));
  for (const payment of paymentRows)
    timeline.push({
      id: newId(),
      type: 'payment',
      userId,
      data: { method: payment.method, amount: payment.amount, reference: payment.reference },
    });
  const lines = orderLineRows(priced);
  const adjustmentRows = orderAdjustmentRows(
    { shopId: shop.id, id: orderId },
    lines.map((l) => l.id),
    pricedAdjustments,
  );

  // The number (and the month's count) is taken last, with the writes that need it: the counter row
  // serialises the shop's orders from there to the commit, so everything above runs concurrently,
  // and the discounts' uses are counted by the same statement.
  const month = quotaMonthOf(shop.timeZone, policy.countedAt);
  const uses = newOrderDiscountUses(
    {
      shopId: shop.id,
      id: orderId,
      total: totals.total,
      clientPhone: client?.phone ?? null,
      clientName: client?.name ?? null,
    },
    sql`(select number from counter)`,
    pricedAdjustments,
    userId,
  );
  const told = policy.isAnnounced
    ? newOrderNotification({
        shopId: shop.id,
        orderId,
        clientName: client?.name ?? null,
        total: totals.total,
        currency: shop.currency,
        authorId: userId,
      })
    : null;
  const { order, monthCount, eventData, discountUses, notification } = await insertNumberedOrder(tx, month, {
    order: {
      id: orderId,
      shopId: shop.id,
      channel: input.channel,
      fulfilmentStatus: policy.initialFulfilment,
      createdAt: policy.placedAt,
      // A payment taken with the order updates it, as recordPayment would have.
      updatedAt: policy.placedAt ?? (payments.length ? new Date() : undefined),
      clientId: client?.id ?? null,
      clientName: client?.name ?? null,
      clientPhone: client?.phone ?? null,
      ...totals,
      paidAmount,
      paymentStatus: paymentStatusOf({ total: totals.total, paidAmount, refundedAmount: 0 }),
      deliveryAddress: input.deliveryAddress,
      clientNote: input.clientNote,
      idempotencyKey: input.idempotencyKey ?? null,
      searchText: orderSearchText(client?.name ?? null, client?.phone ?? null),
      localReference: policy.localReference ?? null,
      createdByUserId: userId,
    },
    lines,
    payments: paymentRows,
    events: timeline,
    adjustments: adjustmentRows,
    // The product module's writes of the stock taken.
    stock: stock.ctes,
    clientFigures: client
      ? customerFiguresOnNewOrder({
          clientId: client.id,
          shopId: shop.id,
          total: totals.total,
          paid: paidAmount,
          channel: input.channel,
          placedAt: policy.placedAt ?? null,
          fulfilment: policy.initialFulfilment ?? 'new',
        })
      : null,
    discountUses: uses,
    notification: told,
  });
  const plan = PLANS[effectivePlan(shop)];
  if (
    policy.enforcesOrderQuota &&
    plan.maxOrdersPerMonth !== 'infinity' &&
    monthCount > plan.maxOrdersPerMonth
  )
    throw Errors.quotaExceeded(ordersQuotaMessage(plan.label, plan.maxOrdersPerMonth));

  // A use past a limit refuses the order (or is flagged, for a till's sale made offline).
  uses?.judge(discountUses);

  // Paid in full as it is placed (a till's sale, history): its points, on what was not paid with points.
  if (
    client &&
    paidAmount >= totals.total &&
    totals.total > 0 &&
    order.fulfilmentStatus !== 'cancelled' &&
    order.fulfilmentStatus !== 'returned'
  )
    await earnOnNewOrder(tx, shop.id, {
      clientId: client.id,
      orderId,
      basis: totals.total - fromPoints,
      placedAt: policy.placedAt ?? null,
    });

  // The rows as a read would return them: defaults filled, stamped with the order's now().
  const createdAt = order.createdAt;
  return {
    order,
    details: {
      lines: lines.map((l) => ({
        ...l,
        orderId,
        shopId: shop.id,
        refundedQuantity: 0,
        restockedQuantity: 0,
      })),
      payments: paymentRows.map((p) => ({ ...p, orderId, shopId: shop.id, createdAt })),
      refunds: [],
      events: timeline.map((e, i) => ({ ...e, orderId, shopId: shop.id, data: eventData[i]!, createdAt })),
      adjustments: adjustmentRows,
    },
    crossings,
    shortfalls,
    announceOrder: told && (() => void told.announce(notification)),
  };
}

/**
 * The `order` notification (bell, socket and its toast, push), whatever channel the order came from,
 * stored by the order's own statement with the number it takes; whoever took the order is not told
 * of it.
 */
function newOrderNotification(order: {
  shopId: string;
  orderId: string;
  clientName: string | null;
  total: number;
  currency: string;
  authorId: string | null;
}) {
  return notificationInStatement(order.shopId, {
    type: 'order',
    link: `/mes-commandes/${order.orderId}`,
    // The client's name is in it: for those who see every order, not a cashier (own sales only).
    capability: 'orders:view-all',
    authorId: order.authorId ?? undefined,
    title: sql`${'Nouvelle commande #'}::text || (select number from counter)`,
    description: `${order.clientName ?? 'Client anonyme'} · ${formatMoney(order.total, order.currency)}`,
  });
}

/**
 * A client with a credit limit may not owe more than it: the order's unpaid part on top of what
 * they owe already (their balance as this order reads it). Refused with what to do instead.
 */
export function checkCreditLimit(
  client: Pick<CustomerRow, 'name' | 'balance' | 'creditLimit'>,
  unpaid: number,
  currency: string,
): void {
  if (client.creditLimit === null || unpaid <= 0) return;
  const after = client.balance + unpaid;
  if (after <= client.creditLimit) return;
  const money = (n: number) => formatMoney(n, currency);
  throw Errors.validation({
    'payment.amount': `Cette commande porterait l’ardoise de ${client.name} à ${money(after)}, au-delà de son plafond de crédit (${money(client.creditLimit)})\u00a0: encaissez au moins ${money(after - client.creditLimit)} ou relevez son plafond.`,
  });
}
