import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { setCustomerFigures } from '@/features/customer/server/figures';
import { settleClientPoints } from '@/features/loyalty/server/ledger';

/*
 * What a client's figures are, from their orders: the one definition (the migration that added
 * them backfilled with the same). An order cancelled or sent back (« retournée ») counts for
 * nothing but the returned count; what was refunded comes off the total spent; the balance owed
 * (« ardoise ») is the unpaid part of every other order.
 */
const LIVE = sql.raw(`fulfilment_status not in ('cancelled', 'returned')`);

export function clientFiguresQuery(shopId: string, clientId: string): SQL {
  return sql`select
      count(*) filter (where ${LIVE})::int as orders_count,
      coalesce(sum(total - refunded_amount) filter (where ${LIVE}), 0) as total_spent,
      coalesce(sum(refunded_amount), 0) as refunds_total,
      min(created_at) filter (where ${LIVE}) as first_order_at,
      max(created_at) filter (where ${LIVE}) as last_order_at,
      (array_agg(channel order by created_at, id) filter (where ${LIVE}))[1] as first_channel,
      count(*) filter (where fulfilment_status = 'returned')::int as returned_count,
      coalesce(sum(greatest(total - paid_amount, 0)) filter (where ${LIVE}), 0) as balance
    from orders where shop_id = ${shopId} and client_id = ${clientId}`;
}

/**
 * What each of a client's orders earns loyalty points on (the loyalty module's `bases`): an order
 * paid in full and not cancelled nor returned earns on what was paid other than with points, less
 * what was refunded other than as points; any other, nothing.
 */
export function orderPointBases(shopId: string, clientId: string): SQL {
  return sql`select o.id as order_id, o.created_at as placed_at,
      case when ${LIVE} and o.paid_amount >= o.total and o.total > 0
        then greatest(o.total - o.refunded_amount
          - coalesce((select sum(p.amount) from order_payments p
              where p.shop_id = o.shop_id and p.order_id = o.id and p.method = 'loyalty'), 0)
          + coalesce((select sum(r.amount) from order_refunds r
              where r.shop_id = o.shop_id and r.order_id = o.id and r.method = 'loyalty'), 0), 0)
        else 0 end as basis
    from orders o where o.shop_id = ${shopId} and o.client_id = ${clientId}`;
}

/**
 * After a change to orders of these clients (a status, a payment, a refund, an edit), inside its
 * transaction: their figures computed again from their orders, and their loyalty points brought to
 * what the orders earn now. Rare next to new orders, which move the figures in their own statement
 * (customerFiguresOnNewOrder).
 */
export async function refreshClientFigures(
  tx: Executor,
  shopId: string,
  ...clientIds: Array<string | null | undefined>
): Promise<void> {
  for (const clientId of new Set(clientIds)) {
    if (!clientId) continue;
    await setCustomerFigures(tx, shopId, clientId, clientFiguresQuery(shopId, clientId));
    await settleClientPoints(tx, shopId, clientId, orderPointBases(shopId, clientId));
  }
}
