import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { payments } from '@/server/db/schema/payment';
import { newId } from '@/server/ids';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = Omit<typeof payments.$inferInsert, 'id' | 'status'>;

export async function insertPayment(db: Executor, values: NewPayment): Promise<PaymentRow> {
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
  values: NewPayment,
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

export async function findPaymentsByIds(db: Executor, ids: string[]): Promise<PaymentRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(payments).where(inArray(payments.id, ids));
}

/** A checkout still open for the same order and amount, made within `withinMs`. */
export async function findRecentOrderCheckout(
  db: Executor,
  input: { orderId: string; amount: number; provider: string; withinMs: number },
): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, input.orderId),
        eq(payments.status, 'pending'),
        eq(payments.amount, input.amount),
        eq(payments.provider, input.provider),
        gt(payments.createdAt, new Date(Date.now() - input.withinMs)),
      ),
    )
    .orderBy(desc(payments.createdAt))
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
