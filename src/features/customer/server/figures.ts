import { sql, type SQL } from 'drizzle-orm';
import { executePrepared, type Executor } from '@/server/db';
import { Errors } from '@/server/http/errors';
import { formatMoney } from '@/shared/money';

/*
 * A client's figures (orders, total spent, balance…) are kept on their row, written by the order
 * module as orders change and never recomputed on a read. The orders are that module's: it says
 * what the figures are (its client-figures.ts); these statements only write them.
 */

/**
 * The statement moving a client's figures for an order just placed, run inside the order's own
 * statement (insertNumberedOrder): a new order costs no round trip more. The row's `updated_at`,
 * which the tills' copy of the clients follows, moves only with the balance: the copy holds the
 * account (balance, credit limit, store credit), not the other figures.
 */
export function customerFiguresOnNewOrder(order: {
  clientId: string;
  shopId: string;
  total: number;
  paid: number;
  channel: string;
  placedAt: Date | null;
  /** An order placed cancelled or returned (history) counts for nothing but the returned count. */
  fulfilment: string;
}): SQL {
  if (order.fulfilment === 'cancelled' || order.fulfilment === 'returned')
    return sql`update clients set returned_count = returned_count + ${order.fulfilment === 'returned' ? 1 : 0}
      where shop_id = ${order.shopId} and id = ${order.clientId}`;
  const at = sql`coalesce(${order.placedAt?.toISOString() ?? null}::timestamptz, now())`;
  const unpaid = Math.max(order.total - order.paid, 0);
  return sql`update clients set${unpaid > 0 ? sql` updated_at = now(),` : sql``}
      orders_count = orders_count + 1,
      total_spent = total_spent + ${order.total},
      first_order_at = least(first_order_at, ${at}),
      last_order_at = greatest(last_order_at, ${at}),
      first_channel = case when first_order_at is null or ${at} < first_order_at then ${order.channel}::text else first_channel end,
      balance = balance + ${unpaid}
    where shop_id = ${order.shopId} and id = ${order.clientId}`;
}

/**
 * Sets a client's figures to what `figures` (one row: orders_count, total_spent, refunds_total,
 * first_order_at, last_order_at, first_channel, returned_count, balance) computes, in one round trip.
 */
export async function setCustomerFigures(
  tx: Executor,
  shopId: string,
  clientId: string,
  figures: SQL,
): Promise<void> {
  await executePrepared(
    tx,
    sql`update clients c set
        orders_count = f.orders_count,
        total_spent = f.total_spent,
        refunds_total = f.refunds_total,
        first_order_at = f.first_order_at,
        last_order_at = f.last_order_at,
        first_channel = f.first_channel,
        returned_count = f.returned_count,
        balance = f.balance,
        updated_at = case when c.balance = f.balance then c.updated_at else now() end
      from (${figures}) f
      where c.shop_id = ${shopId} and c.id = ${clientId}
      returning c.id`,
  );
}

/**
 * Moves a client's store credit (« avoir »): up for a refund given as credit, down for a payment
 * made with it, never below zero (a 422 on `field` saying what is left). Inside the caller's
 * transaction: the row's lock holds two payments from spending the same credit.
 */
export async function changeStoreCredit(
  tx: Executor,
  shop: { id: string; currency: string },
  clientId: string,
  delta: number,
  field: string,
): Promise<number> {
  const [row] = await executePrepared<{ store_credit: string | number }>(
    tx,
    sql`update clients set store_credit = store_credit + ${delta}, updated_at = now()
      where shop_id = ${shop.id} and id = ${clientId} and store_credit + ${delta} >= 0
      returning store_credit`,
  );
  if (row) return Number(row.store_credit);
  const [held] = await executePrepared<{ store_credit: string | number }>(
    tx,
    sql`select store_credit from clients where shop_id = ${shop.id} and id = ${clientId}`,
  );
  const left = Number(held?.store_credit ?? 0);
  throw Errors.validation({
    [field]:
      left === 0
        ? 'Ce client n’a pas d’avoir.'
        : `L’avoir du client ne couvre pas ce montant (${formatMoney(left, shop.currency)} disponibles).`,
  });
}

/**
 * The store credit a client holds, their row locked until the caller's transaction ends: what the
 * caller then takes from it (changeStoreCredit) cannot be spent meanwhile by another payment.
 */
export async function lockedStoreCredit(tx: Executor, shopId: string, clientId: string): Promise<number> {
  const [row] = await executePrepared<{ store_credit: string | number }>(
    tx,
    sql`select store_credit from clients where shop_id = ${shopId} and id = ${clientId} for update`,
  );
  return Number(row?.store_credit ?? 0);
}
