import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { discountCodes, discounts } from '@/server/db/schema/discount';
import { Errors } from '@/server/http/errors';
import { insertNewCodes, randomCode } from './discount-codes';

/**
 * Codes for marketing messages (the CRM's {code}): one single-use code per recipient, drawn from a
 * code discount that can still be used — enabled, not archived, not ended.
 */

/** What a message may give a code of: the shop's code discounts still usable, by name. */
export async function discountsForMessages(db: Executor, shopId: string, now = new Date()) {
  const rows = await db
    .select({ id: discounts.id, name: discounts.name, endsAt: discounts.endsAt })
    .from(discounts)
    .where(
      and(
        eq(discounts.shopId, shopId),
        eq(discounts.kind, 'code'),
        eq(discounts.status, 'enabled'),
        isNull(discounts.archivedAt),
        or(isNull(discounts.endsAt), gt(discounts.endsAt, now)),
      ),
    )
    .orderBy(asc(discounts.name));
  return rows.map((r) => ({ id: r.id, name: r.name, endsAt: r.endsAt?.toISOString() ?? null }));
}

const REFUSED = 'Choisissez une réduction par code active (ni désactivée, ni archivée, ni terminée).';

/**
 * `count` new single-use codes of the discount, written in the caller's transaction (all of them
 * or, with it, none). The discount's row is locked first: generations for it are serialised.
 */
export async function issueMessageCodes(
  tx: Executor,
  shopId: string,
  discountId: string,
  count: number,
): Promise<string[]> {
  const [discount] = await tx
    .select()
    .from(discounts)
    .where(and(eq(discounts.shopId, shopId), eq(discounts.id, discountId)))
    .for('update');
  const usable =
    discount &&
    discount.kind === 'code' &&
    discount.status === 'enabled' &&
    !discount.archivedAt &&
    (!discount.endsAt || discount.endsAt.getTime() > Date.now());
  if (!usable) throw Errors.validation({ discountId: REFUSED }, `Réduction : ${REFUSED}`);
  return insertNewCodes(tx, shopId, discountId, count, '');
}

/** A code as a message's preview shows it: the same length and letters as a real one. */
export function sampleMessageCode(): string {
  return randomCode();
}

/** How many of these codes have been used on an order at least once. */
export async function usedCodesCount(db: Executor, shopId: string, codes: string[]): Promise<number> {
  if (codes.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(discountCodes)
    .where(
      and(
        eq(discountCodes.shopId, shopId),
        inArray(discountCodes.code, codes),
        gt(discountCodes.usesCount, 0),
      ),
    );
  return Number(row?.n ?? 0);
}
