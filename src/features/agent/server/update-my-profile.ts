import type { Database } from '@/server/db';
import { fillMissingNames } from '@/features/user/server/user.repository';
import type { MembershipRow } from '@/server/tenancy/membership';
import { updateAgentProfile } from './agent.repository';

/**
 * The agent completes their own names (SPEC §2: until then they are held on
 * /confirmer-informations). The user's own names are filled too when they had none.
 */
export async function updateMyProfile(
  db: Database,
  membership: MembershipRow,
  input: { firstName: string; lastName: string; email?: string },
) {
  return db.transaction(async (tx) => {
    const email = input.email === undefined ? undefined : input.email || null;
    const agent = await updateAgentProfile(tx, membership.agent.id, {
      firstName: input.firstName,
      lastName: input.lastName,
      ...(email !== undefined ? { email } : {}),
    });
    await fillMissingNames(tx, membership.agent.userId, {
      firstName: input.firstName,
      lastName: input.lastName,
    });
    return agent;
  });
}
