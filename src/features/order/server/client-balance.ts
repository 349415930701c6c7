import { sql } from 'drizzle-orm';
import { executePrepared, rowOf, type Database, type Executor } from '@/server/db';
import { orders } from '@/server/db/schema/order';
import { Errors } from '@/server/http/errors';
import { formatMoney } from '@/shared/money';
import type { TClientEvent } from '@/features/customer/customer.schemas';
import { requireClient } from '@/features/customer/server/client-profile';
import { clientEventsForTimeline } from '@/features/customer/server/client-events';
import type { PaymentMethod } from '../order.schemas';
import { amountDue, recordPayment } from './order-payments';

/**
 * A payment against a client's « ardoise »: spread over their unpaid orders, oldest first (each
 * gets a payment of its own, with its timeline entry), never more than the balance. The orders are
 * locked in that order: two payments at once never share out the same due amount twice.
 */
export async function payClientBalance(
  db: Database,
  shop: { id: string; currency: string },
  userId: string,
  input: { clientId: string; method: PaymentMethod; amount: number; reference?: string },
) {
  return db.transaction(async (tx) => {
    await requireClient(tx, shop.id, input.clientId);
    const unpaid = (
      await executePrepared(
        tx,
        sql`select * from orders
          where shop_id = ${shop.id} and client_id = ${input.clientId}
            and fulfilment_status not in ('cancelled', 'returned') and paid_amount < total
          order by created_at, id
          for update`,
      )
    ).map((row) => rowOf(orders, row));
    const balance = unpaid.reduce((sum, order) => sum + amountDue(order), 0);
    if (input.amount > balance)
      throw Errors.validation({
        amount:
          balance === 0
            ? 'Ce client n’a pas d’ardoise à régler.'
            : `Le paiement dépasse l’ardoise du client (${formatMoney(balance, shop.currency)}).`,
      });
    const allocations: Array<{ orderId: string; orderNumber: number; amount: number }> = [];
    let left = input.amount;
    for (const order of unpaid) {
      if (left === 0) break;
      const amount = Math.min(left, amountDue(order));
      await recordPayment(tx, order, userId, {
        method: input.method,
        amount,
        reference: input.reference,
        isOnline: false,
      });
      allocations.push({ orderId: order.id, orderNumber: order.number, amount });
      left -= amount;
    }
    return { allocations, balance: balance - input.amount };
  });
}

type Cursor = [at: string, id: string];

/**
 * A client's history, newest first: their orders, the payments and the refunds made on them, and
 * the notes and merges the customer module keeps. Read from the orders by the client's index; the page after a cursor (time, id) goes on from there.
 */
export async function clientTimeline(
  db: Executor,
  shopId: string,
  clientId: string,
  page: { after?: string; limit: number },
): Promise<{ items: TClientEvent[]; nextCursor: string | null }> {
  let cursor: Cursor | null = null;
  if (page.after) {
    try {
      cursor = JSON.parse(Buffer.from(page.after, 'base64url').toString('utf8')) as Cursor;
    } catch {
      throw Errors.validation({ after: 'Curseur de pagination invalide.' });
    }
    if (!Array.isArray(cursor) || typeof cursor[0] !== 'string' || typeof cursor[1] !== 'string')
      throw Errors.validation({ after: 'Curseur de pagination invalide.' });
  }
  const after = cursor ? sql`where (e.at, e.id) < (${cursor[0]}::timestamptz, ${cursor[1]})` : sql``;
  const rows = await executePrepared<{
    id: string;
    type: TClientEvent['type'];
    at: string | Date;
    order_id: string | null;
    order_number: number | null;
    amount: string | number;
    detail: string | null;
    /** The time to the microsecond, for the cursor (a Date would round it to the millisecond). */
    at_key: string;
  }>(
    db,
    sql`with mine as (
        select id, number, channel, total, created_at from orders
        where shop_id = ${shopId} and client_id = ${clientId}
      )
      select e.*, k.at_key from (
        select o.id, 'order' as type, o.created_at as at, o.id as order_id, o.number as order_number,
          o.total as amount, o.channel as detail
        from mine o
        union all
        select p.id, 'payment', p.created_at, o.id, o.number, p.amount, p.method
        from order_payments p join mine o on o.id = p.order_id
        union all
        select r.id, 'refund', r.created_at, o.id, o.number, r.amount, r.method
        from order_refunds r join mine o on o.id = r.order_id
        union all
        ${clientEventsForTimeline(shopId, clientId)}
      ) e
      cross join lateral (select e.at::text as at_key) k
      ${after}
      order by e.at desc, e.id desc
      limit ${page.limit + 1}`,
  );
  const items = rows.slice(0, page.limit).map((r) => ({
    id: r.id,
    type: r.type,
    at: new Date(r.at).toISOString(),
    orderId: r.order_id,
    orderNumber: r.order_number === null ? null : Number(r.order_number),
    amount: Number(r.amount),
    detail: r.detail,
  }));
  const last = rows[page.limit - 1];
  return {
    items,
    nextCursor:
      rows.length > page.limit && last
        ? Buffer.from(JSON.stringify([last.at_key, last.id])).toString('base64url')
        : null,
  };
}
