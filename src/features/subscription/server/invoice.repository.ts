import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { invoices } from '@/server/db/schema/subscription';
import { newId } from '@/server/ids';
import { findPaymentsByIds } from '@/features/payment/server/payment.repository';

export type InvoiceRow = typeof invoices.$inferSelect;

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

/** Each invoice with the provider its payment went through. */
async function withProviders(db: Executor, rows: InvoiceRow[]) {
  const paid = await findPaymentsByIds(
    db,
    rows.map((r) => r.paymentId),
  );
  const providerOf = new Map(paid.map((p) => [p.id, p.provider]));
  return rows.map((invoice) => ({ invoice, provider: providerOf.get(invoice.paymentId) ?? '' }));
}

export async function listInvoicesOfShop(db: Executor, shopId: string) {
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.shopId, shopId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.id))
    .limit(200);
  return withProviders(db, rows);
}

export async function findInvoiceOfShop(db: Executor, shopId: string, invoiceId: string) {
  const rows = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.shopId, shopId), eq(invoices.id, invoiceId)))
    .limit(1);
  const [row] = await withProviders(db, rows);
  return row ?? null;
}
