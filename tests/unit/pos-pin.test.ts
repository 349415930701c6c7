import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { findApproverOfPin } from '@/features/pos/client/offline/pin';

function approver(agentId: string, pin: string, iterations = 1000) {
  const salt = randomBytes(16).toString('hex');
  const hash = pbkdf2Sync(pin, Buffer.from(salt, 'hex'), iterations, 32, 'sha256').toString('hex');
  return { agentId, name: `Agent ${agentId}`, salt, hash, iterations };
}

describe('manager PIN checked on the tablet', () => {
  const approvers = [approver('a1', '1234'), approver('a2', '987654')];

  it('finds whose PIN it is, with the server’s PBKDF2-SHA256 hashes', async () => {
    expect((await findApproverOfPin('987654', approvers))?.agentId).toBe('a2');
    expect((await findApproverOfPin('1234', approvers))?.agentId).toBe('a1');
  });

  it('refuses a wrong or malformed PIN', async () => {
    expect(await findApproverOfPin('0000', approvers)).toBeNull();
    expect(await findApproverOfPin('12a4', approvers)).toBeNull();
    expect(await findApproverOfPin('1234', [])).toBeNull();
  });
});
