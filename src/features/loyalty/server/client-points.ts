import { and, desc, eq } from 'drizzle-orm';
import type { Database, Executor } from '@/server/db';
import { loyaltyEntries } from '@/server/db/schema/loyalty';
import { Errors } from '@/server/http/errors';
import { findPeople } from '@/features/user/server/user.repository';
import { findCustomerById } from '@/features/customer/server/customers';
import { lockedLoyaltyPoints } from '@/features/customer/server/loyalty-balance';
import { findOrderHeads } from '@/features/order/server/order.repository';
import { pointsText, pointsWorth, type LoyaltyEntryKind } from '../loyalty.constants';
import type { TLoyaltyEntry } from '../loyalty.schemas';
import { writeEntries } from './ledger';
import { activeRules, findProgramRow } from './program';

/** The client's points, what they are worth, and their latest 50 entries (the client's page). */
export async function clientLoyalty(db: Executor, shopId: string, clientId: string) {
  const client = await findCustomerById(db, shopId, clientId);
  if (!client) throw Errors.notFound('Le client');
  const [program, rows] = await Promise.all([
    findProgramRow(db, shopId),
    db
      .select()
      .from(loyaltyEntries)
      .where(and(eq(loyaltyEntries.shopId, shopId), eq(loyaltyEntries.clientId, clientId)))
      .orderBy(desc(loyaltyEntries.createdAt), desc(loyaltyEntries.id))
      .limit(50),
  ]);
  const [orders, people] = await Promise.all([
    findOrderHeads(
      db,
      shopId,
      rows.flatMap((r) => (r.orderId ? [r.orderId] : [])),
    ),
    findPeople(
      db,
      rows.map((r) => r.createdByUserId),
    ),
  ]);
  const entries: TLoyaltyEntry[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind as LoyaltyEntryKind,
    points: r.points,
    orderId: r.orderId,
    orderNumber: r.orderId ? (orders.get(r.orderId)?.number ?? null) : null,
    amount: r.amount,
    missing: r.missing,
    note: r.note,
    createdAt: r.createdAt.toISOString(),
    by: r.createdByUserId ? (people.get(r.createdByUserId) ?? null) : null,
  }));
  const rules = program?.isEnabled
    ? {
        pointsPerThousand: program.pointsPerThousand,
        pointValue: program.pointValue,
        minRedeem: program.minRedeem,
        expiryMonths: program.expiryMonths,
      }
    : null;
  return {
    points: client.loyaltyPoints,
    value: program ? pointsWorth(client.loyaltyPoints, program.pointValue) : 0,
    program: rules,
    entries,
  };
}

/**
 * A manual correction (a gesture, a mistake put right), with its reason: never below zero, and only
 * while the programme is on.
 */
export async function adjustPoints(
  db: Database,
  shopId: string,
  userId: string,
  input: { clientId: string; points: number; note: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await activeRules(tx, shopId)))
      throw Errors.validation({ points: 'Activez d’abord le programme de fidélité (CRM, onglet Fidélité).' });
    const held = await lockedLoyaltyPoints(tx, shopId, input.clientId);
    if (held === null) throw Errors.validation({ clientId: 'Ce client n’existe pas dans la boutique.' });
    if (held + input.points < 0)
      throw Errors.validation({
        points: `Le client n’a que ${pointsText(held)} : vous pouvez en retirer ${held.toLocaleString('fr-FR')} au plus.`,
      });
    await writeEntries(tx, shopId, [
      { clientId: input.clientId, kind: 'adjust', points: input.points, note: input.note, userId },
    ]);
  });
}
