import type { MembershipRow } from '@/server/tenancy/membership';
import type { UserRow } from '@/features/user/server/user.repository';
import type { TillRow } from './tills';

/** Who sends the ops, from which till. */
export interface PosContext {
  membership: MembershipRow;
  user: UserRow;
  till: TillRow;
}

/** When it happened on the tablet, but never in the future (a tablet's clock may run ahead). */
export function happenedAt(at: string, now: Date = new Date()): Date {
  const date = new Date(at);
  return date > now ? now : date;
}
