import { sql } from 'drizzle-orm';
import { executePrepared, type Executor } from '@/server/db';

/**
 * A merge of two clients (« Fusionner », the customer module's merge-clients.ts): every order of
 * `fromId` becomes `toId`'s, inside the merge's transaction. Answers how many moved.
 *
 * The orders' `client_name` / `client_phone` stay as they were: they are what the order was placed
 * under (its invoice, its delivery label, the discount uses counted by phone), and the order list's
 * search keeps finding an order by the number it was taken with. Only the link to the client moves.
 * The caller refreshes the kept client's figures (refreshClientFigures) once the orders are theirs.
 */
export async function moveClientOrders(
  tx: Executor,
  shopId: string,
  fromId: string,
  toId: string,
): Promise<number> {
  const moved = await executePrepared(
    tx,
    sql`update orders set client_id = ${toId}, updated_at = now()
      where shop_id = ${shopId} and client_id = ${fromId}
      returning id`,
  );
  return moved.length;
}
