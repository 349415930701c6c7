import { asc, count, eq, inArray, sql, sum } from 'drizzle-orm';
import { sumOrders } from '@/features/order/server/order-figures';
import type { Executor } from '@/server/db';
import { cashMovements, posPayments, posSales } from '@/server/db/schema/pos';
import { findPeople } from '@/features/user/server/user.repository';
import { POS_PAYMENT_METHODS, type CashSession, type PosPaymentMethod, type ZReport } from '../pos.schemas';
import { expectedCashOf } from '../session-cash';
import type { CashSessionRow } from './tills';

const asNumber = (value: unknown) => Number(value ?? 0);

export function toCashSessionDto(
  session: CashSessionRow,
  tillName: string,
  people: Map<string, string>,
  expectedCash: number | null = session.expectedCash,
): CashSession {
  const person = (id: string | null) => (id ? { id, name: people.get(id) ?? '' } : null);
  return {
    id: session.id,
    tillId: session.tillId,
    tillName,
    status: session.status as CashSession['status'],
    openedAt: session.openedAt.toISOString(),
    openedBy: person(session.openedByUserId),
    openingFloat: session.openingFloat,
    closedAt: session.closedAt?.toISOString() ?? null,
    closedBy: person(session.closedByUserId),
    expectedCash,
    countedCash: session.countedCash,
    variance:
      session.countedCash === null || expectedCash === null ? null : session.countedCash - expectedCash,
  };
}

/**
 * The session's figures from what it recorded: sales (orders of the till), money in and out per
 * method, cash movements. Expected cash = float + cash taken − cash refunded + cash in − cash out.
 */
export async function computeZReport(
  db: Executor,
  session: CashSessionRow,
  currency: string,
  tillName = '',
): Promise<ZReport> {
  const sold = await sumOrders(
    db,
    sql`(select ${posSales.orderId} from ${posSales} where ${posSales.sessionId} = ${session.id})`,
  );
  const [sales] = await db
    .select({
      credit: sum(posSales.creditAmount),
      conflicts: sql<number>`count(*) filter (where ${posSales.hasStockConflict})`,
    })
    .from(posSales)
    .where(eq(posSales.sessionId, session.id));
  const money = await db
    .select({
      kind: posPayments.kind,
      method: posPayments.method,
      total: sum(posPayments.amount),
      n: count(),
    })
    .from(posPayments)
    .where(eq(posPayments.sessionId, session.id))
    .groupBy(posPayments.kind, posPayments.method);
  const movements = await db
    .select()
    .from(cashMovements)
    .where(eq(cashMovements.sessionId, session.id))
    .orderBy(asc(cashMovements.createdAt));

  const of = (kind: string, method: PosPaymentMethod) =>
    asNumber(money.find((m) => m.kind === kind && m.method === method)?.total);
  const byMethod = POS_PAYMENT_METHODS.map((method) => ({
    method,
    received: of('sale', method),
    refunded: of('refund', method),
  })).filter((m) => m.received || m.refunded);
  const refunds = money.filter((m) => m.kind === 'refund');
  const cashIn = movements.filter((m) => m.kind === 'in').reduce((n, m) => n + m.amount, 0);
  const cashOut = movements.filter((m) => m.kind === 'out').reduce((n, m) => n + m.amount, 0);
  const expectedCash = expectedCashOf(session.openingFloat, {
    cashSales: of('sale', 'cash'),
    cashRefunds: of('refund', 'cash'),
    cashIn,
    cashOut,
  });

  const people = await findPeople(db, [
    session.openedByUserId,
    session.closedByUserId,
    ...movements.map((m) => m.userId),
  ]);
  return {
    session: toCashSessionDto(session, tillName, people, expectedCash),
    currency,
    salesCount: sold.count,
    grossSales: sold.gross,
    discounts: sold.discounts,
    netSales: sold.net,
    creditSales: asNumber(sales?.credit),
    refundsCount: refunds.reduce((n, m) => n + asNumber(m.n), 0),
    refundsTotal: refunds.reduce((n, m) => n + asNumber(m.total), 0),
    byMethod,
    cashMovements: movements.map((m) => ({
      kind: m.kind as 'in' | 'out',
      amount: m.amount,
      reason: m.reason,
      at: m.createdAt.toISOString(),
      by: { id: m.userId, name: people.get(m.userId) ?? '' },
    })),
    cashIn,
    cashOut,
    expectedCash,
    countedCash: session.countedCash,
    variance: session.countedCash === null ? null : session.countedCash - expectedCash,
    denominations: session.denominations,
    stockConflicts: asNumber(sales?.conflicts),
  };
}

/**
 * The running expected cash of open sessions, from every tablet's ops the server has: the one
 * figure a till shows for its session (each tablet knows only what it recorded itself). One
 * statement for all the sessions asked, on the payments' and movements' session indexes.
 */
export async function runningExpectedCash(
  db: Executor,
  sessions: Array<Pick<CashSessionRow, 'id' | 'openingFloat'>>,
): Promise<Map<string, number>> {
  const figures = new Map<string, number>();
  if (sessions.length === 0) return figures;
  const ids = sessions.map((s) => s.id);
  const cashOfPayments = db
    .select({
      sessionId: posPayments.sessionId,
      cashSales: sql<string>`coalesce(sum(${posPayments.amount}) filter (where ${posPayments.kind} = 'sale'), 0)::text`,
      cashRefunds: sql<string>`coalesce(sum(${posPayments.amount}) filter (where ${posPayments.kind} = 'refund'), 0)::text`,
      cashIn: sql<string>`'0'`,
      cashOut: sql<string>`'0'`,
    })
    .from(posPayments)
    .where(sql`${inArray(posPayments.sessionId, ids)} and ${posPayments.method} = 'cash'`)
    .groupBy(posPayments.sessionId);
  const movements = db
    .select({
      sessionId: cashMovements.sessionId,
      cashSales: sql<string>`'0'`,
      cashRefunds: sql<string>`'0'`,
      cashIn: sql<string>`coalesce(sum(${cashMovements.amount}) filter (where ${cashMovements.kind} = 'in'), 0)::text`,
      cashOut: sql<string>`coalesce(sum(${cashMovements.amount}) filter (where ${cashMovements.kind} = 'out'), 0)::text`,
    })
    .from(cashMovements)
    .where(inArray(cashMovements.sessionId, ids))
    .groupBy(cashMovements.sessionId);
  const rows = await cashOfPayments.unionAll(movements);
  const flows = new Map(ids.map((id) => [id, { cashSales: 0, cashRefunds: 0, cashIn: 0, cashOut: 0 }]));
  for (const row of rows) {
    const f = flows.get(row.sessionId)!;
    f.cashSales += Number(row.cashSales);
    f.cashRefunds += Number(row.cashRefunds);
    f.cashIn += Number(row.cashIn);
    f.cashOut += Number(row.cashOut);
  }
  for (const session of sessions)
    figures.set(session.id, expectedCashOf(session.openingFloat, flows.get(session.id)!));
  return figures;
}
