import { describe, expect, it } from 'vitest';
import { reconcileSession } from '@/features/pos/client/till/session-reconcile';
import { refundEstimate } from '@/features/pos/client/components/refund-math';
import { countedTotal } from '@/features/pos/client/components/cash-count-math';
import { expectedCash } from '@/features/pos/client/offline/till-ops';
import type { LocalSession, OutboxEntry } from '@/features/pos/client/offline/types';
import { pendingCashDelta, sessionCash } from '@/features/pos/client/till/session-cash';
import type { PosOp } from '@/features/pos/pos.schemas';
import type { CashSession, Till } from '@/features/pos/pos.schemas';

const local: LocalSession = {
  id: 'session-local',
  shopId: 's',
  tillId: 't1',
  tillName: 'Caisse 1',
  openedAt: '2026-11-21T08:00:00Z',
  openedByName: 'Ibrahima',
  openingFloat: 10_000,
  status: 'open',
  cashSales: 7_500,
  cashRefunds: 1_000,
  cashIn: 2_000,
  cashOut: 500,
  salesCount: 3,
  closedAt: null,
  countedCash: null,
};

const remote = (id: string, status: 'open' | 'closed' = 'open'): CashSession => ({
  id,
  tillId: 't1',
  tillName: 'Caisse 1',
  status,
  openedAt: '2026-11-21T07:00:00Z',
  openedBy: { id: 'u2', name: 'Moussa' },
  openingFloat: 5_000,
  closedAt: null,
  closedBy: null,
  expectedCash: null,
  countedCash: null,
  variance: null,
});
const till = (openSession: CashSession | null): Till => ({
  id: 't1',
  name: 'Caisse 1',
  isActive: true,
  openSession,
});

describe('the session the till sells in', () => {
  it('keeps the tablet’s own while its ops wait to be sent', () => {
    expect(reconcileSession('s', local, till(null), true, true)).toBe(local);
    expect(reconcileSession('s', local, till(remote('other')), true, true)).toBe(local);
  });

  it('follows the server otherwise: closed elsewhere, or opened on another tablet', () => {
    expect(reconcileSession('s', local, till(null), false, true)).toEqual({ ...local, status: 'closed' });
    expect(reconcileSession('s', null, till(remote('other')), false, true)).toMatchObject({
      id: 'other',
      openingFloat: 5_000,
      openedByName: 'Moussa',
      status: 'open',
    });
    expect(reconcileSession('s', local, till(remote('session-local')), false, true)).toBe(local);
  });

  it('does not close its session on the till list kept from an earlier visit', () => {
    // Kept before the session was opened and synced: offline, the till must still sell.
    expect(reconcileSession('s', local, till(null), false, false)).toBe(local);
    // The server's word, later, finds the same session open: the counters are the tablet's.
    const closedHere = { ...local, status: 'closed' as const };
    expect(reconcileSession('s', closedHere, till(remote('session-local')), false, true)).toEqual(local);
  });

  it('counts what the drawer should hold, and what was counted', () => {
    expect(expectedCash(local)).toBe(10_000 + 7_500 - 1_000 + 2_000 - 500);
    expect(countedTotal({ '10000': 1, '2000': 2, '500': 1, '25': 4 })).toBe(14_600);
  });

  it('shows one expected-cash figure: the server’s for the session, plus what waits to be sent', () => {
    const entry = (op: Record<string, unknown>, status: 'pending' | 'rejected' = 'pending'): OutboxEntry => ({
      shopId: 's',
      tillId: 't1',
      userId: 'u1',
      op: { id: `op-${Math.random()}`, at: '2026-11-21T09:00:00Z', sessionId: local.id, ...op } as PosOp,
      status,
      summary: '',
      error: null,
      createdAt: '2026-11-21T09:00:00Z',
      attempts: 0,
      stock: [],
    });
    const waiting = [
      entry({
        type: 'sale',
        payments: [
          { method: 'cash', amount: 2_000 },
          { method: 'wave', amount: 3_000 },
        ],
      }),
      entry({ type: 'refund', method: 'cash', amount: 500 }),
      entry({ type: 'refund', method: 'wave', amount: 900 }),
      entry({ type: 'cash_movement', kind: 'out', amount: 250 }),
      // Refused for good, or of another session: not on its way to this drawer.
      entry({ type: 'cash_movement', kind: 'in', amount: 9_999 }, 'rejected'),
      entry({ type: 'cash_movement', kind: 'in', amount: 7_777, sessionId: 'other' }),
    ];
    expect(pendingCashDelta(waiting, local.id)).toBe(2_000 - 500 - 250);

    // A second tablet sold 18 000 in cash: the server's 31 750 is the session's, this tablet's share beside it.
    expect(sessionCash(local, 31_750, 1_250)).toEqual({
      expected: 33_000,
      isSessionFigure: true,
      thisTablet: 7_500 - 1_000 + 2_000 - 500,
    });
    // Offline since the page opened: this tablet's records, said to be only this tablet's.
    expect(sessionCash(local, null, 1_250)).toEqual({
      expected: expectedCash(local),
      isSessionFigure: false,
      thisTablet: 8_000,
    });
  });

  it('estimates a refund at the net unit price, cart discount shared out', () => {
    // 2 × 2 500, 30 % off the cart: each unit was sold 1 750.
    expect(
      refundEstimate([{ quantity: 2, total: 5_000, refundQty: 1 }], {
        afterLineDiscounts: 5_000,
        cartDiscount: 1_500,
      }),
    ).toBe(1_750);
  });
});
