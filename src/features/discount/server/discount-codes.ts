import { randomInt } from 'node:crypto';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Database, Executor } from '@/server/db';
import { discountCodes, discounts } from '@/server/db/schema/discount';
import { newId } from '@/server/ids';
import { Errors } from '@/server/http/errors';
import { serializeCsvRow, serializeCsvRows, type CsvSeparator } from '@/server/csv';
import { findDiscount } from './discounts';

/** No 0/O, 1/I/L, 2/Z, 5/S, 8/B: a code read aloud or copied from an SMS is typed right. */
const ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';
const RANDOM_LENGTH = 8;
const INSERT_BATCH = 1000;

export function randomCode(prefix = ''): string {
  let code = prefix ? `${prefix}-` : '';
  for (let i = 0; i < RANDOM_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/**
 * N new single-use codes for one code discount, all or none (one transaction). 25^8 ≈ 1.5 × 10^11
 * codes make a clash rare; codes the shop already holds are drawn again.
 */
export async function generateCodes(
  db: Database,
  shopId: string,
  discountId: string,
  count: number,
  prefix: string,
): Promise<number> {
  const discount = await findDiscount(db, shopId, discountId);
  if (discount.kind !== 'code')
    throw Errors.validation(
      { id: 'Seule une réduction par code peut recevoir des codes.' },
      'Seule une réduction par code peut recevoir des codes.',
    );
  return db.transaction(async (tx) => {
    // Serialises generations for one discount, so two at once do not draw against each other.
    await tx.select({ id: discounts.id }).from(discounts).where(eq(discounts.id, discountId)).for('update');
    return (await insertNewCodes(tx, shopId, discountId, count, prefix)).length;
  });
}

/**
 * Draws `count` single-use codes the shop does not hold yet and writes them for the discount, in
 * the caller's transaction (which holds the discount's row lock); answers them.
 */
export async function insertNewCodes(
  tx: Executor,
  shopId: string,
  discountId: string,
  count: number,
  prefix: string,
): Promise<string[]> {
  const wanted = new Set<string>();
  while (wanted.size < count) {
    const drawn = new Set<string>();
    while (wanted.size + drawn.size < count) {
      const code = randomCode(prefix);
      if (!wanted.has(code)) drawn.add(code);
    }
    const batch = [...drawn];
    for (let i = 0; i < batch.length; i += INSERT_BATCH) {
      const slice = batch.slice(i, i + INSERT_BATCH);
      const taken = await tx
        .select({ code: discountCodes.code })
        .from(discountCodes)
        .where(and(eq(discountCodes.shopId, shopId), inArray(discountCodes.code, slice)));
      const takenSet = new Set(taken.map((t) => t.code));
      for (const code of slice) if (!takenSet.has(code)) wanted.add(code);
    }
  }
  const all = [...wanted];
  for (let i = 0; i < all.length; i += INSERT_BATCH)
    await tx
      .insert(discountCodes)
      .values(
        all
          .slice(i, i + INSERT_BATCH)
          .map((code) => ({ id: newId(), shopId, discountId, code, generated: true })),
      );
  return all;
}

const EXPORT_BATCH = 2000;

/** The discount's codes (found in the shop by the caller, before the answer starts) as CSV (« Code », « Réduction »), read and sent batch by batch. */
export async function* exportCodesCsv(
  db: Executor,
  shopId: string,
  discount: { id: string; name: string },
  separator: CsvSeparator,
): AsyncGenerator<string> {
  const discountId = discount.id;
  yield serializeCsvRow(['Code', 'Réduction'], separator);
  let after = '';
  for (;;) {
    const rows = await db
      .select({ id: discountCodes.id, code: discountCodes.code })
      .from(discountCodes)
      .where(
        and(
          eq(discountCodes.shopId, shopId),
          eq(discountCodes.discountId, discountId),
          gt(discountCodes.id, after),
        ),
      )
      .orderBy(asc(discountCodes.id))
      .limit(EXPORT_BATCH);
    if (rows.length === 0) return;
    yield serializeCsvRows(
      rows.map((r) => [r.code, discount.name]),
      separator,
    );
    after = rows[rows.length - 1]!.id;
  }
}

const CODES_PAGE = 50;

/** A page of a discount's generated codes with their uses, in code order (keyset on the code). */
export async function generatedCodesPage(db: Executor, shopId: string, discountId: string, after?: string) {
  await findDiscount(db, shopId, discountId);
  const rows = await db
    .select({ code: discountCodes.code, uses: discountCodes.usesCount })
    .from(discountCodes)
    .where(
      and(
        eq(discountCodes.shopId, shopId),
        eq(discountCodes.discountId, discountId),
        eq(discountCodes.generated, true),
        after ? gt(discountCodes.code, after) : undefined,
      ),
    )
    .orderBy(asc(discountCodes.code))
    .limit(CODES_PAGE + 1);
  const items = rows.slice(0, CODES_PAGE);
  return { items, nextAfter: rows.length > CODES_PAGE ? items[items.length - 1]!.code : null };
}
