import { getDb, type Database, type Executor } from '@/server/db';
import { newId } from '@/server/ids';
import { Errors } from '@/server/http/errors';
import { PLANS, effectivePlan } from '@/shared/plans';
import { formatMoney } from '@/shared/money';
import type { MembershipRow } from '@/features/agent/server/agent.repository';
import type { UserRow } from '@/features/user/server/user.repository';
import { notifyLowStock, type LowStockCrossing } from '@/features/product/server/stock';
import { createNotification } from '@/features/notification/server/create-notification';
import { findClientById, findOrCreateClient, type ClientRow } from '@/features/client/server/clients';
import {
  paymentStatusOf,
  type OrderChannel,
  type PaymentMethod,
  type TCreateOrderBody,
} from '../order.schemas';
import type { TOrder } from '../order.dto-schemas';
import {
  findOrderByIdempotencyKey,
  insertNumberedOrder,
  lockSellableVariants,
  orderSearchText,
  quotaMonthOf,
  type NewOrderEventRow,
  type OrderRow,
} from './order.repository';
import { priceLines, takeStock, variantLabel, type StockShortfall } from './order-lines';
import { buildOrderDto, personName, type OrderDetails } from './order.dto';

export type CreateOrderInput = Omit<TCreateOrderBody, 'shopId' | 'channel'> & { channel: OrderChannel };

/** What only a till's sale has (src/features/pos): it happened already, so little can refuse it. */
export interface TillSale {
  /** The prices the till showed: a sale already made is sold at them (kept, as an edit keeps its prices). */
  keptPrices: ReadonlyMap<string, { unitPrice: number }>;
  /** Split across methods; what they leave unpaid stays due (a sale on credit). */
  payments: Array<{ method: PaymentMethod; amount: number; reference?: string }>;
  soldAt: Date;
}

function ordersQuotaMessage(planLabel: string, max: number): string {
  return `Votre forfait ${planLabel} autorise ${max.toLocaleString('fr-FR')} commandes par mois. Passez à un forfait supérieur pour en recevoir davantage.`;
}

/**
 * One order, all or nothing: its number, the quota, the client, the lines priced from the
 * catalogue, the stock taken, a first payment and the timeline's first entry, in one transaction.
 * Its page is built from the rows it just wrote (as stored: inserts return them) instead of read
 * back: six queries fewer per order. The same idempotency key answers the order it already made,
 * with `dto` null: the caller reads that one as any other.
 */
export async function createOrderWithDto(
  db: Database,
  membership: MembershipRow,
  user: UserRow,
  input: CreateOrderInput,
): Promise<{ order: OrderRow; dto: TOrder | null }> {
  const { order, details, announce } = await placeOrder(db, membership, user.id, input);
  await announce();
  // Every row of a new order is the caller's: the one name its page shows.
  return { order, dto: details && buildOrderDto(order, details, new Map([[user.id, personName(user)]])) };
}

/**
 * A till's sale, inside the transaction that logs its op: an order of channel « point de vente »,
 * delivered, paid as the till says, its stock taken even below zero (`shortfalls` says what was
 * missing). `announce` tells the shop once the caller has committed.
 */
export async function createTillOrder(
  tx: Executor,
  membership: MembershipRow,
  userId: string,
  input: {
    clientId?: string;
    lines: Array<{ variantId: string; quantity: number; unitPrice: number; lineDiscount: number }>;
    orderDiscount: number;
    internalNote?: string;
    payments: TillSale['payments'];
    soldAt: Date;
  },
) {
  const placed = await placeOrder(
    tx,
    membership,
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
    {
      keptPrices: new Map(input.lines.map((l) => [l.variantId, { unitPrice: l.unitPrice }])),
      payments: input.payments,
      soldAt: input.soldAt,
    },
  );
  return { order: placed.order, shortfalls: placed.shortfalls, announce: placed.announce };
}

async function placeOrder(
  db: Executor,
  membership: MembershipRow,
  userId: string,
  input: CreateOrderInput,
  till?: TillSale,
): Promise<{
  order: OrderRow;
  details: OrderDetails | null;
  shortfalls: StockShortfall[];
  announce: () => Promise<void>;
}> {
  const shop = membership.shop;
  const nothingToAnnounce = async () => {};
  let result: {
    order: OrderRow;
    details: OrderDetails;
    crossings: LowStockCrossing[];
    shortfalls: StockShortfall[];
  };
  try {
    // A till's sale runs inside its op's transaction already: no savepoint around it.
    const inTransaction = <T>(work: (tx: Executor) => Promise<T>) => (till ? work(db) : db.transaction(work));
    result = await inTransaction(async (tx) => {
      let client: ClientRow | null = null;
      if (input.clientId) {
        client = await findClientById(tx, shop.id, input.clientId);
        if (!client) throw Errors.validation({ clientId: "Ce client n'existe pas dans la boutique." });
      } else if (input.newClient) {
        client = await findOrCreateClient(tx, shop, input.newClient, 'newClient.');
      }

      const variants = await lockSellableVariants(
        tx,
        shop.id,
        input.lines.map((l) => l.variantId),
      );
      const { priced, totals } = priceLines(variants, input.lines, input, till?.keptPrices);
      const payments = till ? till.payments : input.payment ? [input.payment] : [];
      const paidAmount = payments.reduce((sum, p) => sum + p.amount, 0);
      if (paidAmount > totals.total)
        throw Errors.validation({
          [till ? 'payments' : 'payment.amount']: 'Le paiement dépasse le total de la commande.',
        });

      const orderId = newId();
      const { crossings, shortfalls, movements } = await takeStock(
        tx,
        { shopId: shop.id, userId, lockedVariants: variants, allowShort: !!till },
        priced.filter((l) => l.variant.trackStock).map((l) => ({ variant: l.variant, delta: -l.quantity })),
        'vente',
      );

      // Payments are written with the order as recordPayment would write them on the order just
      // made (their rows, the paid figures, timeline entries), without updating the row again.
      const timeline: NewOrderEventRow[] = [
        {
          id: newId(),
          type: 'created',
          userId,
          data: {
            channel: input.channel,
            total: totals.total,
            lines: priced.map((l) => ({ name: variantLabel(l.variant), quantity: l.quantity })),
          },
        },
      ];
      if (input.internalNote)
        timeline.push({ id: newId(), type: 'note', userId, data: { note: input.internalNote } });
      // A till's sale made offline past the stock: flagged on the order as on the conflicts list.
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
      const lines = priced.map((line, position) => ({
        id: newId(),
        variantId: line.variant.id,
        productId: line.variant.productId,
        productName: line.variant.productName,
        variantName: line.variant.optionValues.join(' / '),
        sku: line.variant.sku,
        unitPrice: line.unitPrice,
        quantity: line.quantity,
        lineDiscount: line.lineDiscount,
        total: line.total,
        stockTaken: line.variant.trackStock ? line.quantity : 0,
        position,
      }));

      // The number (and the month's count) is taken last, with the writes that need it: the
      // counter row serialises the shop's orders from there to the commit, so everything above
      // runs concurrently.
      const { order, monthCount, eventData } = await insertNumberedOrder(tx, quotaMonthOf(shop.timeZone), {
        order: {
          id: orderId,
          shopId: shop.id,
          channel: input.channel,
          ...(till ? { fulfilmentStatus: 'delivered', createdAt: till.soldAt, updatedAt: till.soldAt } : {}),
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
          createdByUserId: userId,
          ...(payments.length && !till ? { updatedAt: new Date() } : {}),
        },
        lines,
        payments: paymentRows,
        events: timeline,
        movements,
      });
      // A till's sale is counted but never refused: the goods have left the shop already.
      const plan = PLANS[effectivePlan(shop)];
      if (!till && plan.maxOrdersPerMonth !== 'infinity' && monthCount > plan.maxOrdersPerMonth)
        throw Errors.quotaExceeded(ordersQuotaMessage(plan.label, plan.maxOrdersPerMonth));

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
          events: timeline.map((e, i) => ({
            ...e,
            orderId,
            shopId: shop.id,
            data: eventData[i]!,
            createdAt,
          })),
        },
        crossings,
        shortfalls,
      };
    });
  } catch (error) {
    // A key already used answers the order it made, whatever this attempt ran into: its number
    // taken (two requests at once), or the stock or quota the first one used up. Looked up only
    // here, once the attempt failed: a first attempt, by far the most common, pays no lookup.
    if (input.idempotencyKey && !till) {
      const earlier = await findOrderByIdempotencyKey(db, shop.id, input.idempotencyKey);
      if (earlier) return { order: earlier, details: null, shortfalls: [], announce: nothingToAnnounce };
    }
    throw error;
  }
  const { order, crossings } = result;
  return {
    order,
    details: result.details,
    shortfalls: result.shortfalls,
    // After the commit: nobody is told of an order that was rolled back. A till's op transaction
    // is over by then, so the shared pool tells.
    announce: async () => {
      const notifier = till ? getDb() : db;
      await announceNewOrder(notifier, order, shop.currency);
      await notifyLowStock(notifier, crossings);
    },
  };
}

/** The `order` notification (bell, socket and its toast, push), whatever channel the order came from. */
export async function announceNewOrder(db: Executor, order: OrderRow, currency: string): Promise<void> {
  await createNotification(db, order.shopId, {
    type: 'order',
    title: `Nouvelle commande #${order.number}`,
    description: `${order.clientName ?? 'Client anonyme'} · ${formatMoney(order.total, currency)}`,
  });
}
