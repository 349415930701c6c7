import { inArray } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { orderPayments, orders } from '@/server/db/schema/order';
import {
  currencyOf,
  formatCsvAmount,
  guardFormula,
  phoneCellsFormatter,
  serializeCsvRow,
  type CsvSeparator,
} from '@/server/csv';
import { findPeople } from '@/features/user/server/user.repository';
import {
  CHANNEL_LABELS,
  FULFILMENT_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  invoiceLabel,
  type FulfilmentStatus,
  type OrderChannel,
  type PaymentMethod,
  type PaymentStatus,
  type TOrderFilters,
} from '../order.schemas';
import { newestFirst, orderConditions, type OrderScope } from './list-orders';
import { afterLast, dateTimeFormatter, EXPORT_BATCH, keysetBatches } from './export-batches';

const HEADERS = [
  'Numéro',
  'Date',
  'Canal',
  'Client',
  'Téléphone',
  'Indicatif',
  'Quartier',
  'Commune',
  'Ville',
  'Indications de livraison',
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
  'Ticket local',
  'Facture',
];

/** The columns the CSV shows (not the whole row: the notes and search text stay behind). */
const EXPORT_COLUMNS = {
  id: orders.id,
  number: orders.number,
  createdAt: orders.createdAt,
  channel: orders.channel,
  clientName: orders.clientName,
  clientPhone: orders.clientPhone,
  deliveryAddress: orders.deliveryAddress,
  fulfilmentStatus: orders.fulfilmentStatus,
  paymentStatus: orders.paymentStatus,
  subtotal: orders.subtotal,
  lineDiscountTotal: orders.lineDiscountTotal,
  orderDiscount: orders.orderDiscount,
  deliveryFee: orders.deliveryFee,
  total: orders.total,
  paidAmount: orders.paidAmount,
  refundedAmount: orders.refundedAmount,
  createdByUserId: orders.createdByUserId,
  localReference: orders.localReference,
  invoiceNumber: orders.invoiceNumber,
};

/** What every order export shares: the header row's BOM, amounts, dates and phones as spreadsheets read them. */
export function exportFormat(shop: { currency: string; timeZone: string }, separator: CsvSeparator) {
  const { minorDigits } = currencyOf(shop);
  const decimalMark = separator === ';' ? ',' : '.';
  return {
    money: (n: number) => formatCsvAmount(n, minorDigits, decimalMark),
    dateTime: dateTimeFormatter(shop.timeZone),
    phone: phoneCellsFormatter(),
    header: (headers: string[]) => '\uFEFF' + serializeCsvRow(headers, separator),
  };
}

/**
 * The orders matching the list's filters as CSV chunks, one row per order, newest first, read
 * batch by batch (export-batches.ts).
 */
export async function* exportOrdersCsv(
  db: Executor,
  scope: OrderScope,
  shop: { currency: string; timeZone: string },
  filters: TOrderFilters,
  separator: CsvSeparator = ';',
): AsyncGenerator<string> {
  const { money, dateTime, phone, header } = exportFormat(shop, separator);
  yield header(HEADERS);
  const conditions = orderConditions(scope, filters);
  const order = newestFirst(scope.shopId, filters);
  const batches = keysetBatches(
    (after) =>
      db
        .select(EXPORT_COLUMNS)
        .from(orders)
        .where(afterLast(conditions, after, order.after))
        .orderBy(...order.orderBy)
        .limit(EXPORT_BATCH),
    (order) => order.id,
  );
  for await (const batch of batches) {
    const payments = await db
      .selectDistinct({ orderId: orderPayments.orderId, method: orderPayments.method })
      .from(orderPayments)
      .where(
        inArray(
          orderPayments.orderId,
          batch.map((order) => order.id),
        ),
      );
    const people = await findPeople(
      db,
      batch.map((order) => order.createdByUserId),
    );
    const methods = new Map<string, string[]>();
    for (const p of payments)
      methods.set(p.orderId, [
        ...(methods.get(p.orderId) ?? []),
        PAYMENT_METHOD_LABELS[p.method as PaymentMethod],
      ]);
    yield batch
      .map((order) => {
        const { national, countryCode } = phone(order.clientPhone);
        const address = order.deliveryAddress;
        return serializeCsvRow(
          [
            String(order.number),
            dateTime(order.createdAt),
            CHANNEL_LABELS[order.channel as OrderChannel] ?? order.channel,
            guardFormula(order.clientName ?? ''),
            national,
            countryCode,
            guardFormula(address?.quartier ?? ''),
            guardFormula(address?.commune ?? ''),
            guardFormula(address?.ville ?? ''),
            guardFormula(address?.indications ?? ''),
            FULFILMENT_LABELS[order.fulfilmentStatus as FulfilmentStatus],
            PAYMENT_STATUS_LABELS[order.paymentStatus as PaymentStatus],
            (methods.get(order.id) ?? []).join(', '),
            money(order.subtotal),
            money(order.lineDiscountTotal + order.orderDiscount),
            money(order.deliveryFee),
            money(order.total),
            money(order.paidAmount),
            money(order.refundedAmount),
            guardFormula(people.get(order.createdByUserId ?? '') ?? ''),
            order.localReference ?? '',
            order.invoiceNumber === null ? '' : invoiceLabel(order.invoiceNumber),
          ],
          separator,
        );
      })
      .join('');
  }
}
