import { describe, expect, it } from 'vitest';
import * as contract from '@/features/pos/pos.schemas';
import * as copies from '@/features/pos/client/pos-constants';

describe('till constants', () => {
  it('are the contract’s, copied so that the till does not load zod', () => {
    expect(copies.PAYMENT_METHODS).toEqual(contract.POS_PAYMENT_METHODS);
    expect(copies.FCFA_DENOMINATIONS).toEqual(contract.FCFA_DENOMINATIONS);
    expect(copies.DISCOUNT_APPROVAL_PERCENT).toBe(contract.DISCOUNT_APPROVAL_PERCENT);
  });

  it('send batches the contract accepts', () => {
    const op = (i: number) => ({
      id: `op-${String(i).padStart(8, '0')}`,
      at: '2026-11-21T09:00:00.000Z',
      type: 'cash_movement',
      sessionId: 'session-0001',
      kind: 'in',
      amount: 100,
      reason: 'Test',
    });
    const body = (n: number) => ({
      shopId: 's',
      tillId: 't',
      ops: Array.from({ length: n }, (_, i) => op(i)),
    });
    expect(contract.ZSyncBody.safeParse(body(copies.SYNC_BATCH_SIZE)).success).toBe(true);
    expect(contract.ZSyncBody.safeParse(body(copies.SYNC_BATCH_SIZE + 1)).success).toBe(false);
  });
});
