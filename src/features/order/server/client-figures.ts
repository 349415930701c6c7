import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { setCustomerFigures } from '@/features/customer/server/figures';

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
 * After a change to orders of these clients (a status, a payment, a refund, an edit), inside its
 * transaction: their figures computed again from their orders. Rare next to new orders, which
 * move the figures in their own statement (customerFiguresOnNewOrder).
 */
export async function refreshClientFigures(
  tx: Executor,
  shopId: string,
  ...clientIds: Array<string | null | undefined>
): Promise<void> {
  for (const clientId of new Set(clientIds))
    if (clientId) await setCustomerFigures(tx, shopId, clientId, clientFiguresQuery(shopId, clientId));
}
