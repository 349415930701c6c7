import { asc, inArray } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { orderLines, orders } from '@/server/db/schema/order';
import { guardFormula, serializeCsvRow, type CsvSeparator } from '@/server/csv';
import { CHANNEL_LABELS, type OrderChannel, type TOrderFilters } from '../order.schemas';
import { newestFirst, orderConditions, type OrderScope } from './list-orders';
import { afterLast, EXPORT_BATCH, keysetBatches } from './export-batches';
import { exportFormat } from './export-orders';

const HEADERS = [
  'Numéro',
  'Date',
  'Canal',
  'Client',
  'Produit',
  'Variante',
  'SKU',
  'Quantité',
  'Prix unitaire',
  'Remise',
  'Total de la ligne',
  'Quantité remboursée',
];

/**
 * « Lignes »: one row per line of the orders matching the list's filters (what was sold, at what
 * price), newest order first and its lines in their order. Orders are read by the same batches as
 * the orders export, then their lines in one query per batch on the lines' order index.
 */
export async function* exportOrderLinesCsv(
  db: Executor,
  scope: OrderScope,
  shop: { currency: string; timeZone: string },
  filters: TOrderFilters,
  separator: CsvSeparator = ';',
): AsyncGenerator<string> {
  const { money, dateTime, header } = exportFormat(shop, separator);
  yield header(HEADERS);
  const conditions = orderConditions(scope, filters);
  const order = newestFirst(scope.shopId, filters);
  const batches = keysetBatches(
    (after) =>
      db
        .select({
          id: orders.id,
          number: orders.number,
          createdAt: orders.createdAt,
          channel: orders.channel,
          clientName: orders.clientName,
        })
        .from(orders)
        .where(afterLast(conditions, after, order.after))
        .orderBy(...order.orderBy)
        .limit(EXPORT_BATCH),
    (order) => order.id,
  );
  for await (const batch of batches) {
    const lines = await db
      .select({
        orderId: orderLines.orderId,
        productName: orderLines.productName,
        variantName: orderLines.variantName,
        sku: orderLines.sku,
        quantity: orderLines.quantity,
        unitPrice: orderLines.unitPrice,
        lineDiscount: orderLines.lineDiscount,
        total: orderLines.total,
        refundedQuantity: orderLines.refundedQuantity,
      })
      .from(orderLines)
      .where(
        inArray(
          orderLines.orderId,
          batch.map((order) => order.id),
        ),
      )
      .orderBy(asc(orderLines.orderId), asc(orderLines.position));
    // The orders' lines in the batch's order (by id, or by placed time for a period: newestFirst).
    const linesOf = new Map<string, typeof lines>();
    for (const line of lines) {
      const own = linesOf.get(line.orderId);
      if (own) own.push(line);
      else linesOf.set(line.orderId, [line]);
    }
    yield batch
      .flatMap((order) => (linesOf.get(order.id) ?? []).map((line) => ({ order, line })))
      .map(({ order, line }) => {
        return serializeCsvRow(
          [
            String(order.number),
            dateTime(order.createdAt),
            CHANNEL_LABELS[order.channel as OrderChannel] ?? order.channel,
            guardFormula(order.clientName ?? ''),
            guardFormula(line.productName),
            guardFormula(line.variantName),
            guardFormula(line.sku ?? ''),
            String(line.quantity),
            money(line.unitPrice),
            money(line.lineDiscount),
            money(line.total),
            String(line.refundedQuantity),
          ],
          separator,
        );
      })
      .join('');
  }
}
