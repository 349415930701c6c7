import { formatMoney } from '@/shared/money';
import { frenchTypography as fr } from '@/shared/typography';
import type { PosOp } from '../../pos.schemas';
import { expectedCashOf } from '../../session-cash';
import { commitOp } from './outbox';
import type { LocalSession, StockDelta } from './types';

/** Who does what where: every op of the till carries it. */
export interface TillActor {
  shopId: string;
  userId: string;
  tillId: string;
  tillName: string;
  cashierName: string;
  currency: string;
}

/** Ids made on the tablet; randomUUID needs a secure context, which a LAN address may not be. */
export function newOpId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const now = () => new Date().toISOString();

export function entryOf(actor: TillActor, op: PosOp, summary: string, stock: StockDelta[] = []) {
  return {
    shopId: actor.shopId,
    tillId: actor.tillId,
    userId: actor.userId,
    op,
    summary: fr(summary),
    stock,
  };
}

export async function openSession(actor: TillActor, openingFloat: number): Promise<LocalSession> {
  const op: PosOp = {
    id: newOpId(),
    at: now(),
    type: 'open_session',
    sessionId: newOpId(),
    tillId: actor.tillId,
    openingFloat,
  };
  const session: LocalSession = {
    id: op.sessionId,
    shopId: actor.shopId,
    tillId: actor.tillId,
    tillName: actor.tillName,
    openedAt: op.at,
    openedByName: actor.cashierName,
    openingFloat,
    status: 'open',
    cashSales: 0,
    cashRefunds: 0,
    cashIn: 0,
    cashOut: 0,
    salesCount: 0,
    closedAt: null,
    countedCash: null,
  };
  const summary = `Ouverture de ${actor.tillName}, fond de caisse ${formatMoney(openingFloat, actor.currency)}`;
  await commitOp({ entry: entryOf(actor, op, summary), session });
  return session;
}

/**
 * What the drawer should hold by this tablet's records alone: another tablet's sales in the same
 * session are not in them. Screens show the session's figure (`useSessionCash`).
 */
export function expectedCash(session: LocalSession): number {
  return expectedCashOf(session.openingFloat, session);
}
