import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { cashSessions, tills } from '@/server/db/schema/pos';
import { newId } from '@/server/ids';
import { Errors } from '@/server/http/errors';
import { isUniqueViolation } from '@/server/db/pg-errors';

export type TillRow = typeof tills.$inferSelect;
export type CashSessionRow = typeof cashSessions.$inferSelect;

const DEFAULT_TILL_NAME = 'Caisse 1';

/** The shop's tills with their open session; a shop that never had one gets « Caisse 1 ». */
export async function listTills(
  db: Executor,
  shopId: string,
): Promise<Array<{ till: TillRow; session: CashSessionRow | null }>> {
  let rows = await db.select().from(tills).where(eq(tills.shopId, shopId)).orderBy(asc(tills.createdAt));
  if (rows.length === 0) {
    await db.insert(tills).values({ id: newId(), shopId, name: DEFAULT_TILL_NAME }).onConflictDoNothing();
    rows = await db.select().from(tills).where(eq(tills.shopId, shopId)).orderBy(asc(tills.createdAt));
  }
  const open = await db
    .select()
    .from(cashSessions)
    .where(
      and(
        inArray(
          cashSessions.tillId,
          rows.map((t) => t.id),
        ),
        eq(cashSessions.status, 'open'),
      ),
    );
  const byTill = new Map(open.map((s) => [s.tillId, s]));
  return rows.map((till) => ({ till, session: byTill.get(till.id) ?? null }));
}

export async function findTill(db: Executor, shopId: string, tillId: string): Promise<TillRow | null> {
  const [row] = await db
    .select()
    .from(tills)
    .where(and(eq(tills.shopId, shopId), eq(tills.id, tillId)));
  return row ?? null;
}

function nameTaken(): never {
  throw Errors.validation({ name: 'Une autre caisse porte déjà ce nom.' });
}

export async function createTill(db: Executor, shopId: string, name: string): Promise<TillRow> {
  try {
    const [row] = await db.insert(tills).values({ id: newId(), shopId, name }).returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) nameTaken();
    throw error;
  }
}

/** Renames a till or takes it out of use; a till with an open session stays in use until it closes. */
export async function updateTill(
  db: Executor,
  shopId: string,
  input: { tillId: string; name: string; isActive: boolean },
): Promise<TillRow> {
  const till = await findTill(db, shopId, input.tillId);
  if (!till) throw Errors.notFound('La caisse');
  if (!input.isActive && till.isActive) {
    const [open] = await db
      .select({ id: cashSessions.id })
      .from(cashSessions)
      .where(and(eq(cashSessions.tillId, till.id), eq(cashSessions.status, 'open')));
    if (open)
      throw Errors.conflict('Cette caisse a une session ouverte : fermez-la avant de désactiver la caisse.');
  }
  try {
    const [row] = await db
      .update(tills)
      .set({ name: input.name, isActive: input.isActive })
      .where(eq(tills.id, till.id))
      .returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) nameTaken();
    throw error;
  }
}
