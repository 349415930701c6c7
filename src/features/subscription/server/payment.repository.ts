import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { invoices, payments, shops } from '@/server/db/schema';
import { newId } from '@/server/ids';

export type PaymentRow = typeof payments.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

export async function insertPayment(
  db: Executor,
  values: Omit<typeof payments.$inferInsert, 'id' | 'status'>,
): Promise<PaymentRow> {
  const [row] = await db
    .insert(payments)
    .values({ id: newId(), ...values })
    .returning();
  return row!;
}

/**
 * Like insertPayment, but answers null instead of failing when the shop already has a payment under
 * this idempotency key (two requests of one double click race to the insert).
 */
export async function insertPaymentUnlessKeyTaken(
  db: Executor,
  values: Omit<typeof payments.$inferInsert, 'id' | 'status'>,
): Promise<PaymentRow | null> {
  const [row] = await db
    .insert(payments)
    .values({ id: newId(), ...values })
    .onConflictDoNothing({ target: [payments.shopId, payments.idempotencyKey] })
    .returning();
  return row ?? null;
}

export async function findPaymentByIdempotencyKey(
  db: Executor,
  shopId: string,
  key: string,
): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.shopId, shopId), eq(payments.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

export async function getPayment(db: Executor, id: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row ?? null;
}

export async function getPaymentWithShopName(db: Executor, id: string) {
  const [row] = await db
    .select({ payment: payments, shopName: shops.name })
    .from(payments)
    .innerJoin(shops, eq(shops.id, payments.shopId))
    .where(eq(payments.id, id))
    .limit(1);
  return row ?? null;
}

/** Settlement takes the payment's row lock, so a webhook and a browser return settle it once. */
export async function lockPayment(db: Executor, id: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).for('update');
  return row ?? null;
}

export async function updatePayment(
  db: Executor,
  id: string,
  values: Partial<
    Pick<
      PaymentRow,
      | 'status'
      | 'settledAt'
      | 'providerReference'
      | 'reportedOutcome'
      | 'reportedMethod'
      | 'checkoutUrl'
      | 'idempotencyKey'
    >
  >,
): Promise<void> {
  await db.update(payments).set(values).where(eq(payments.id, id));
}

/** The next invoice number of the shop; call with the shop row locked. */
export async function nextInvoiceNumber(db: Executor, shopId: string): Promise<string> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(invoices)
    .where(eq(invoices.shopId, shopId));
  return `F-${String(Number(row?.n ?? 0) + 1).padStart(6, '0')}`;
}

export async function insertInvoice(
  db: Executor,
  values: Omit<typeof invoices.$inferInsert, 'id'>,
): Promise<InvoiceRow> {
  const [row] = await db
    .insert(invoices)
    .values({ id: newId(), ...values })
    .returning();
  return row!;
}

export async function listInvoicesOfShop(db: Executor, shopId: string) {
  return db
    .select({ invoice: invoices, provider: payments.provider })
    .from(invoices)
    .innerJoin(payments, eq(payments.id, invoices.paymentId))
    .where(eq(invoices.shopId, shopId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.id))
    .limit(200);
}

export async function findInvoiceOfShop(db: Executor, shopId: string, invoiceId: string) {
  const [row] = await db
    .select({ invoice: invoices, provider: payments.provider })
    .from(invoices)
    .innerJoin(payments, eq(payments.id, invoices.paymentId))
    .where(and(eq(invoices.shopId, shopId), eq(invoices.id, invoiceId)))
    .limit(1);
  return row ?? null;
}
