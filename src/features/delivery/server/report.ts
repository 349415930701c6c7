import { and, eq } from 'drizzle-orm';
import type { Database } from '@/server/db';
import { deliveries } from '@/server/db/schema/delivery';
import { AppError, Errors } from '@/server/http/errors';
import { formatMoney } from '@/shared/money';
import { frenchTypography as fr } from '@/shared/typography';
import { closeOrderDelivery } from '@/features/order/server/close-delivery';
import type { TDeliveryReport, TOrderDelivery } from '../delivery.schemas';
import { DELIVERY_STATUS_LABELS } from '../outcomes';
import { findDelivery } from './assign';

/** Who reports: the rider from their link (their own deliveries only), or an agent for them. */
export type Reporter = { kind: 'rider'; riderId: string } | { kind: 'agent'; userId: string };

/** The checks that need no lock: what each outcome asks for. Throws the fields' French errors. */
function checkReport(delivery: TOrderDelivery, report: TDeliveryReport, by: Reporter, currency: string) {
  const errors: Record<string, string> = {};
  if (report.outcome === 'delivered') {
    // The agent reads the code on the order page: asking it of them would prove nothing.
    if (delivery.proofCode && by.kind === 'rider') {
      if (!report.code) errors.code = 'Demandez au client le code reçu par SMS et saisissez-le.';
      else if (report.code !== delivery.proofCode)
        errors.code = 'Ce code ne correspond pas : vérifiez-le avec le client.';
    }
    const amount = report.amount ?? delivery.amountDue;
    if (amount !== delivery.amountDue && !report.reason) {
      const due = formatMoney(delivery.amountDue, currency);
      errors.amount =
        amount > delivery.amountDue
          ? `Le montant encaissé dépasse le montant à encaisser (${due}) : indiquez pourquoi dans « Motif ».`
          : `Le montant encaissé est inférieur au montant à encaisser (${due}) : indiquez pourquoi dans « Motif ».`;
    }
  } else if (report.outcome === 'refused' && !report.reason) {
    errors.reason = 'Indiquez pourquoi le client a refusé la commande.';
  } else if (report.outcome === 'postponed' && !report.reason) {
    errors.reason = 'Indiquez pourquoi la livraison est reportée, et à quand.';
  }
  if (Object.keys(errors).length > 0)
    throw Errors.validation(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, fr(v)])));
}

/**
 * Closes an open delivery as the rider reports it, all or nothing: delivered (with the customer's
 * code when the shop asks it, and what was collected and how), refused, customer absent or
 * postponed. The order module moves the order and records the payment; the delivery keeps what
 * the rider took, which the cash ledger counts.
 */
export async function reportDelivery(
  db: Database,
  shop: { id: string; currency: string },
  deliveryId: string,
  report: TDeliveryReport,
  by: Reporter,
): Promise<TOrderDelivery> {
  const delivery = await findDelivery(db, shop.id, deliveryId);
  // A rider sees only their own: another's delivery does not exist for them.
  if (!delivery || (by.kind === 'rider' && delivery.rider.id !== by.riderId))
    throw Errors.notFound('La livraison');
  if (delivery.status !== 'assigned')
    throw Errors.conflict(
      fr(`Cette livraison est déjà close (« ${DELIVERY_STATUS_LABELS[delivery.status]} »).`),
    );
  checkReport(delivery, report, by, shop.currency);
  const delivered = report.outcome === 'delivered';
  const amount = delivered ? (report.amount ?? delivery.amountDue) : null;
  const collected = amount !== null && amount > 0 ? { amount, method: report.method } : null;
  await db.transaction(async (tx) => {
    // The order first (its row lock), as a hand-over takes it: the two never wait on each other.
    await closeOrderDelivery(tx, shop.id, by.kind === 'agent' ? by.userId : null, delivery.orderId, {
      rider: delivery.rider.name,
      outcome: report.outcome,
      reason: report.reason,
      collected,
    });
    const closed = await tx
      .update(deliveries)
      .set({
        status: report.outcome,
        collectedAmount: amount,
        collectedMethod: collected?.method ?? null,
        reason: report.reason,
        closedAt: new Date(),
      })
      .where(
        and(
          eq(deliveries.id, delivery.id),
          eq(deliveries.status, 'assigned'),
          eq(deliveries.riderId, delivery.rider.id),
        ),
      )
      .returning({ id: deliveries.id });
    // Closed or handed to another rider since it was read: nothing of this report stays.
    if (closed.length === 0)
      throw new AppError('CONFLICT', 409, 'Cette livraison vient de changer : rechargez la page.');
  });
  return (await findDelivery(db, shop.id, delivery.id))!;
}
