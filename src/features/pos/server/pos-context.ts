import { Errors } from '@/server/http/errors';
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

/**
 * How far from the server's clock an op's date may be: a till offline for weeks still syncs, a
 * tablet's clock a few hours out still passes (clamped to now by happenedAt), but a date no till
 * could have (9999-12-31, 1970) would sit at the top or bottom of every list and report.
 */
const OP_DATE_PAST_DAYS = 90;
const OP_DATE_FUTURE_HOURS = 24;

export function assertPlausibleOpDate(at: string, now: Date = new Date()): void {
  const time = new Date(at).getTime();
  const earliest = now.getTime() - OP_DATE_PAST_DAYS * 86_400_000;
  const latest = now.getTime() + OP_DATE_FUTURE_HOURS * 3_600_000;
  if (!(time >= earliest && time <= latest))
    throw Errors.validation({
      at: `La date de l’opération doit tomber dans les ${OP_DATE_PAST_DAYS} derniers jours : vérifiez la date et l’heure de la tablette.`,
    });
}
