import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { orderPayments, orders, users } from '@/server/db/schema';
import { formatDateTime } from '@/shared/dates';
import {
  currencyOf,
  formatCsvAmount,
  guardFormula,
  serializeCsvRow,
  type CsvSeparator,
} from '@/features/product/server/product-csv';
import {
  CHANNEL_LABELS,
  FULFILMENT_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  type FulfilmentStatus,
  type OrderChannel,
  type PaymentMethod,
  type PaymentStatus,
  type TOrderFilters,
} from '../order.schemas';
import { orderConditions, type OrderScope } from './list-orders';

const HEADERS = [
  'Numéro',
  'Date',
  'Canal',
  'Client',
  'Téléphone',
  'Statut',
  'Paiement',
  'Moyens de paiement',
  'Sous-total',
  'Remises',
  'Livraison',
  'Total',
  'Payé',
  'Remboursé',
  'Agent',
];

/** Rows read per query: enough to keep the round trips few, small enough to keep memory flat. */
const EXPORT_BATCH = 1000;

/**
 * The orders matching the list's filters as CSV chunks, newest first, read batch by batch on the
 * id keyset: 100 000 orders stream through without ever being held together.
 */
export async function* exportOrdersCsv(
  db: Executor,
  scope: OrderScope,
  shop: { currency: string; timeZone: string },
  filters: TOrderFilters,
  separator: CsvSeparator = ';',
): AsyncGenerator<string> {
  const { minorDigits } = currencyOf(shop);
  const decimalMark = separator === ';' ? ',' : '.';
  const money = (n: number) => formatCsvAmount(n, minorDigits, decimalMark);
  yield '\uFEFF' + serializeCsvRow(HEADERS, separator);
  const conditions = orderConditions(scope, filters);
  for (let after: string | null = null; ;) {
    const batch = await db
      .select({
        order: orders,
        agentFirstName: users.firstName,
        agentLastName: users.lastName,
        agentPhone: users.phone,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.createdByUserId))
      .where(and(...conditions, after ? lt(orders.id, after) : undefined))
      .orderBy(desc(orders.id))
      .limit(EXPORT_BATCH);
    if (batch.length === 0) return;
    const payments = await db
      .selectDistinct({ orderId: orderPayments.orderId, method: orderPayments.method })
      .from(orderPayments)
      .where(
        inArray(
          orderPayments.orderId,
          batch.map((b) => b.order.id),
        ),
      );
    const methods = new Map<string, string[]>();
    for (const p of payments)
      methods.set(p.orderId, [
        ...(methods.get(p.orderId) ?? []),
        PAYMENT_METHOD_LABELS[p.method as PaymentMethod],
      ]);
    yield batch
      .map(({ order, agentFirstName, agentLastName, agentPhone }) =>
        serializeCsvRow(
          [
            String(order.number),
            formatDateTime(order.createdAt, shop.timeZone),
            CHANNEL_LABELS[order.channel as OrderChannel] ?? order.channel,
            guardFormula(order.clientName ?? ''),
            guardFormula(order.clientPhone ?? ''),
            FULFILMENT_LABELS[order.fulfilmentStatus as FulfilmentStatus],
            PAYMENT_STATUS_LABELS[order.paymentStatus as PaymentStatus],
            (methods.get(order.id) ?? []).join(', '),
            money(order.subtotal),
            money(order.lineDiscountTotal + order.orderDiscount),
            money(order.deliveryFee),
            money(order.total),
            money(order.paidAmount),
            money(order.refundedAmount),
            guardFormula([agentFirstName, agentLastName].filter(Boolean).join(' ') || agentPhone),
          ],
          separator,
        ),
      )
      .join('');
    if (batch.length < EXPORT_BATCH) return;
    after = batch[batch.length - 1]!.order.id;
  }
}
