import type { Executor } from '@/server/db';
import type { PaymentStatus } from './providers/payment-provider';
import type { PaymentRow } from './payment.repository';

/**
 * What money is for. Each purpose belongs to the module that asked for it, which registers how a
 * successful payment is applied: a subscription extends the shop's plan, an order link pays the
 * order, the online shop's checkout pays its order (a rider's cash will register its own).
 */
export type PaymentPurpose = 'subscription' | 'order_link' | 'checkout';

/** The SPEC §4 message the payer's page shows on return, or none while the payment is pending. */
export type ReturnMessage = 'payment_success' | 'payment_error' | null;

export interface SettlementHandler {
  /**
   * Applies a successful payment, inside the transaction that holds the payment's row lock (so it
   * runs once). Returns what to tell the shop once that transaction has committed, if anything.
   */
  applySuccess(tx: Executor, payment: PaymentRow, status: PaymentStatus, now: Date): Promise<AfterSettlement>;
  /** Where the payer's browser lands after the provider's page. */
  returnLocation(db: Executor, payment: PaymentRow, message: ReturnMessage): Promise<string>;
}

export type AfterSettlement = ((db: Executor) => Promise<void>) | null;

const handlers = new Map<PaymentPurpose, SettlementHandler>();

/** Called once by the module that owns the purpose (from its server/index.ts). */
export function registerSettlement(purpose: PaymentPurpose, handler: SettlementHandler): void {
  handlers.set(purpose, handler);
}

export function settlementOf(purpose: string): SettlementHandler {
  const handler = handlers.get(purpose as PaymentPurpose);
  // A purpose with no handler is a wiring error (its module's index not loaded), never the payer's.
  if (!handler) throw new Error(`Aucun règlement enregistré pour les paiements « ${purpose} ».`);
  return handler;
}
