import type { Executor } from '@/server/db';
import { AppError } from '@/server/http/errors';
import { can } from '@/shared/permissions';
import type { AgentRole } from '@/shared/roles';
import { approverOfPin } from './pins';
import type { PosContext } from './pos-context';

/**
 * An act a seller or cashier may do only with a manager at their side (a refund, a large discount):
 * an admin or supervisor at the till needs no PIN; anyone else sends one of theirs. Answers who
 * approved (the caller themselves for a manager).
 */
export async function requireApproval(
  tx: Executor,
  ctx: PosContext,
  approval: { pin: string } | undefined,
  what: string,
): Promise<string> {
  if (can(ctx.membership.agent.role as AgentRole, 'pos:approve')) return ctx.user.id;
  if (!approval)
    throw new AppError(
      'APPROVAL_REQUIRED',
      403,
      `${what} demande le code PIN d’un administrateur ou d’un superviseur.`,
      {
        'approval.pin': 'Code PIN requis.',
      },
    );
  const approver = await approverOfPin(tx, ctx.membership.shop.id, approval.pin);
  if (!approver)
    throw new AppError(
      'APPROVAL_REFUSED',
      403,
      'Ce code PIN n’est celui d’aucun administrateur ou superviseur.',
      {
        'approval.pin': 'Code PIN incorrect.',
      },
    );
  return approver;
}
