import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@/server/db';
import { orderCounters, orders } from '@/server/db/schema/order';
import { frenchTypography as fr } from '@/shared/typography';
import { invoiceLabel } from '../order.schemas';
import type { OrderScope } from './list-orders';

export interface IssuedInvoice {
  orderId: string;
  invoice: { number: string; issuedAt: string } | null;
  /** Why the order has no invoice (not found, cancelled), in French. */
  refusal: string | null;
}

/**
 * « Facture »: an order's invoice gets its number the first time it is issued (printed), from one
 * uninterrupted series per shop (FAC-000001, FAC-000002…), and keeps it: printed again, it is the
 * same invoice, same number, same date. Numbered at issue rather than at order time or payment,
 * because an invoice number stands for a document the customer holds: orders never invoiced (most
 * till sales, which have their receipt) leave no hole in the series, which a tax auditor would ask
 * about. A cancelled order is not invoiced (one invoiced before keeps its invoice).
 *
 * Gapless and never doubled: the orders are locked first (in id order, as every multi-order change
 * does), then the shop's counter row, whose increment and the numbers it gives are written in the
 * same transaction; a rollback gives them back, and a second request for the same order waits on
 * its lock and finds its number. Several orders at once are numbered in the order of their numbers.
 */
export async function issueInvoices(
  db: Database,
  scope: Pick<OrderScope, 'shopId' | 'onlyCreatedBy'>,
  orderIds: string[],
): Promise<IssuedInvoice[]> {
  const ids = [...new Set(orderIds)];
  const rows = await db.transaction(async (tx) => {
    const found = await tx
      .select({
        id: orders.id,
        number: orders.number,
        fulfilmentStatus: orders.fulfilmentStatus,
        invoiceNumber: orders.invoiceNumber,
        invoicedAt: orders.invoicedAt,
      })
      .from(orders)
      .where(
        and(
          eq(orders.shopId, scope.shopId),
          inArray(orders.id, ids),
          scope.onlyCreatedBy ? eq(orders.createdByUserId, scope.onlyCreatedBy) : undefined,
        ),
      )
      .orderBy(asc(orders.id))
      .for('update');
    const toNumber = found
      .filter((o) => o.invoiceNumber === null && o.fulfilmentStatus !== 'cancelled')
      .sort((a, b) => a.number - b.number);
    if (toNumber.length === 0) return found;
    const [counter] = await tx
      .insert(orderCounters)
      .values({ shopId: scope.shopId, lastInvoiceNumber: toNumber.length })
      .onConflictDoUpdate({
        target: orderCounters.shopId,
        set: { lastInvoiceNumber: sql`${orderCounters.lastInvoiceNumber} + ${toNumber.length}` },
      })
      .returning({ last: orderCounters.lastInvoiceNumber });
    const first = counter!.last - toNumber.length + 1;
    for (const [i, order] of toNumber.entries()) {
      const [issued] = await tx
        .update(orders)
        .set({ invoiceNumber: first + i, invoicedAt: sql`now()` })
        .where(eq(orders.id, order.id))
        .returning({ invoiceNumber: orders.invoiceNumber, invoicedAt: orders.invoicedAt });
      Object.assign(order, issued);
    }
    return found;
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((orderId) => {
    const order = byId.get(orderId);
    if (!order) return { orderId, invoice: null, refusal: 'La commande est introuvable.' };
    if (order.invoiceNumber === null || !order.invoicedAt)
      return { orderId, invoice: null, refusal: fr('Commande annulée : elle n’a pas de facture.') };
    return {
      orderId,
      invoice: { number: invoiceLabel(order.invoiceNumber), issuedAt: order.invoicedAt.toISOString() },
      refusal: null,
    };
  });
}
