import type { Executor } from '@/server/db';
import { deliveries, deliveryRemittances, deliveryRiderDays } from '@/server/db/schema/delivery';
import { newId } from '@/server/ids';
import type { CollectMethod, DeliveryOutcome } from '../outcomes';
import { riderDays } from './ledger';

/*
 * The demo shop's past runs: deliveries already closed and cash already handed over, written as
 * they were at the time. Orders of the past are made settled by the order module
 * (createPastOrder); these rows only tell who carried them and what the riders took.
 */

export async function recordPastDelivery(
  db: Executor,
  shopId: string,
  run: {
    orderId: string;
    riderId: string;
    amountDue: number;
    outcome: DeliveryOutcome;
    collected: { amount: number; method: CollectMethod } | null;
    reason?: string;
    assignedAt: Date;
    closedAt: Date;
  },
): Promise<void> {
  await db.insert(deliveries).values({
    id: newId(),
    shopId,
    orderId: run.orderId,
    riderId: run.riderId,
    status: run.outcome,
    amountDue: run.amountDue,
    collectedAmount: run.collected?.amount ?? null,
    collectedMethod: run.collected?.method ?? null,
    reason: run.reason ?? '',
    assignedAt: run.assignedAt,
    closedAt: run.closedAt,
  });
}

export async function recordPastRemittance(
  db: Executor,
  shopId: string,
  remittance: { riderId: string; amount: number; at: Date; note?: string },
): Promise<void> {
  await db.insert(deliveryRemittances).values({
    id: newId(),
    shopId,
    riderId: remittance.riderId,
    amount: remittance.amount,
    isConfirmed: true,
    note: remittance.note ?? '',
    createdAt: remittance.at,
  });
}

/** Closes each past day of the rider's ledger with the figures it has (today stays open). */
export async function closePastDays(
  db: Executor,
  shop: { id: string; currency: string; timeZone: string },
  riderId: string,
  today: string,
): Promise<void> {
  for (const day of await riderDays(db, shop, riderId, 60)) {
    if (day.day >= today) continue;
    await db.insert(deliveryRiderDays).values({
      id: newId(),
      shopId: shop.id,
      riderId,
      day: day.day,
      cashCollected: day.cashCollected,
      mobileCollected: day.mobileCollected,
      remitted: day.remitted,
      outstanding: day.owedAtEnd,
      closedAt: new Date(`${day.day}T20:00:00Z`),
    });
  }
}
