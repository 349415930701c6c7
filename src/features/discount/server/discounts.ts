import { and, desc, eq, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/server/db';
import { discountCodes, discounts } from '@/server/db/schema/discount';
import { newId } from '@/server/ids';
import { Errors } from '@/server/http/errors';
import { isUniqueViolation } from '@/server/db/pg-errors';
import { foreignCatalogueIds } from '@/features/product/server/product.repository';
import { foreignCustomerIds } from '@/features/customer/server/customers';
import { discountStateAt } from '@/shared/discounts/state';
import type { Discount, DiscountState, ProductSelection } from '@/shared/discounts/types';
import { describeDetails } from '@/shared/validation';
import type { TDiscountInput } from '../discount.schemas';

export type DiscountRow = typeof discounts.$inferSelect;

/** How long an expired code is still recognised (and refused as expired rather than unknown). */
const EXPIRED_CODES_KEPT_MS = 90 * 86_400_000;

/** The engine's stored state: the dates turn an enabled discount into programmée/active/expirée. */
function engineState(row: Pick<DiscountRow, 'status'>): DiscountState {
  return row.status === 'draft' ? 'draft' : row.status === 'disabled' ? 'disabled' : 'active';
}

export function stateOf(row: DiscountRow, at: Date = new Date()): DiscountState {
  return discountStateAt(
    { state: engineState(row), startsAt: row.startsAt?.toISOString(), endsAt: row.endsAt?.toISOString() },
    at,
  );
}

export async function findDiscount(db: Executor, shopId: string, id: string): Promise<DiscountRow> {
  const [row] = await db
    .select()
    .from(discounts)
    .where(and(eq(discounts.shopId, shopId), eq(discounts.id, id)));
  if (!row) throw Errors.notFound('La réduction');
  return row;
}

/** The code typed by everyone (not generated), and how many were generated. */
export async function codesSummary(db: Executor, discountIds: string[]) {
  if (discountIds.length === 0) return new Map<string, { code: string | null; generated: number }>();
  const rows = await db
    .select({
      discountId: discountCodes.discountId,
      code: sql<string | null>`max(${discountCodes.code}) filter (where not ${discountCodes.generated})`,
      generated: sql<number>`count(*) filter (where ${discountCodes.generated})::int`,
    })
    .from(discountCodes)
    .where(inArray(discountCodes.discountId, discountIds))
    .groupBy(discountCodes.discountId);
  return new Map(rows.map((r) => [r.discountId, { code: r.code, generated: Number(r.generated) }]));
}

/** The product sets a discount names, with the field each one is in the form. */
function selections(input: TDiscountInput): Array<[string, ProductSelection]> {
  const v = input.value;
  if (v.target === 'products') return [['value.products', v.products]];
  if (v.target === 'buy-x-get-y')
    return [
      ['value.buy.products', v.buy.products],
      ['value.get.products', v.get.products],
    ];
  return [];
}

/** Every product, variant, category and client a discount names must be the shop’s: 422 naming it. */
async function checkReferences(db: Executor, shopId: string, input: TDiscountInput): Promise<void> {
  const details: Record<string, string> = {};
  for (const [field, set] of selections(input)) {
    const foreign = await foreignCatalogueIds(db, shopId, {
      productIds: [...(set.productIds ?? [])],
      variantIds: [...(set.variantIds ?? [])],
      categoryIds: [...(set.categoryIds ?? [])],
    });
    if (foreign.productIds.length) details[field] = 'Un des produits choisis est introuvable.';
    else if (foreign.variantIds.length) details[field] = 'Une des variantes choisies est introuvable.';
    else if (foreign.categoryIds.length) details[field] = 'Une des catégories choisies est introuvable.';
  }
  const customers = input.conditions?.customers;
  if (customers?.type === 'ids' && (await foreignCustomerIds(db, shopId, [...customers.ids])).length)
    details['conditions.customers'] = 'Un des clients choisis est introuvable.';
  if (Object.keys(details).length) throw Errors.validation(details, describeDetails(details));
}

const CODE_TAKEN = () => {
  const details = { code: 'Ce code est déjà utilisé dans la boutique.' };
  return Errors.validation(details, describeDetails(details));
};

function columnsOf(input: TDiscountInput) {
  return {
    name: input.name,
    kind: input.kind,
    type: input.value.target,
    value: input.value,
    conditions: input.conditions ?? null,
    limits: input.limits ?? null,
    combinesWith: input.combinesWith ?? null,
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
  };
}

async function codeTakenElsewhere(db: Executor, shopId: string, code: string, discountId: string | null) {
  const [row] = await db
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(
      and(
        eq(discountCodes.shopId, shopId),
        eq(discountCodes.code, code),
        discountId ? ne(discountCodes.discountId, discountId) : undefined,
      ),
    );
  return Boolean(row);
}

export async function createDiscount(
  db: Database,
  shopId: string,
  input: TDiscountInput,
): Promise<DiscountRow> {
  await checkReferences(db, shopId, input);
  if (input.code && (await codeTakenElsewhere(db, shopId, input.code, null))) throw CODE_TAKEN();
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(discounts)
        .values({ id: newId(), shopId, ...columnsOf(input), status: input.draft ? 'draft' : 'enabled' })
        .returning();
      if (input.code)
        await tx.insert(discountCodes).values({ id: newId(), shopId, discountId: row!.id, code: input.code });
      return row!;
    });
  } catch (error) {
    // Two admins typing the same code at once: the unique index decides.
    if (isUniqueViolation(error)) throw CODE_TAKEN();
    throw error;
  }
}

export async function updateDiscount(
  db: Database,
  shopId: string,
  id: string,
  input: TDiscountInput,
): Promise<DiscountRow> {
  const current = await findDiscount(db, shopId, id);
  await checkReferences(db, shopId, input);
  if (input.code && (await codeTakenElsewhere(db, shopId, input.code, id))) throw CODE_TAKEN();
  const status = input.draft ? 'draft' : current.status === 'draft' ? 'enabled' : current.status;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(discounts)
        .set({ ...columnsOf(input), status, updatedAt: new Date() })
        .where(and(eq(discounts.shopId, shopId), eq(discounts.id, id)))
        .returning();
      // The typed code is replaced; generated codes stay.
      await tx
        .delete(discountCodes)
        .where(and(eq(discountCodes.discountId, id), eq(discountCodes.generated, false)));
      if (input.code)
        await tx.insert(discountCodes).values({ id: newId(), shopId, discountId: id, code: input.code });
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw CODE_TAKEN();
    throw error;
  }
}

/** A copy as a draft, without codes (a code is unique in the shop): the admin names a new one. */
export async function duplicateDiscount(db: Executor, shopId: string, id: string): Promise<DiscountRow> {
  const source = await findDiscount(db, shopId, id);
  const { id: _id, createdAt: _c, updatedAt: _u, archivedAt: _a, ...rest } = source;
  const [row] = await db
    .insert(discounts)
    .values({ ...rest, id: newId(), name: `${source.name} (copie)`.slice(0, 120), status: 'draft' })
    .returning();
  return row!;
}

export async function archiveDiscount(db: Executor, shopId: string, id: string): Promise<DiscountRow> {
  await findDiscount(db, shopId, id);
  const [row] = await db
    .update(discounts)
    .set({ archivedAt: new Date(), status: 'disabled', updatedAt: new Date() })
    .where(and(eq(discounts.shopId, shopId), eq(discounts.id, id)))
    .returning();
  return row!;
}

export async function setDiscountEnabled(db: Executor, shopId: string, id: string, enabled: boolean) {
  const current = await findDiscount(db, shopId, id);
  if (current.archivedAt) throw Errors.conflict('Cette réduction est archivée.');
  const [row] = await db
    .update(discounts)
    .set({ status: enabled ? 'enabled' : 'disabled', updatedAt: new Date() })
    .where(and(eq(discounts.shopId, shopId), eq(discounts.id, id)))
    .returning();
  return row!;
}

/**
 * A page of the shop's discounts, newest first (keyset on the id). The state filter is applied on
 * the computed state, so a page may hold fewer than `limit` rows; `nextAfter` says where to go on.
 */
export async function listDiscounts(
  db: Executor,
  shopId: string,
  filters: {
    state?: DiscountState;
    type?: DiscountRow['type'];
    archived: boolean;
    after?: string;
    limit: number;
  },
  at = new Date(),
) {
  const rows = await db
    .select()
    .from(discounts)
    .where(
      and(
        eq(discounts.shopId, shopId),
        filters.archived ? isNotNull(discounts.archivedAt) : isNull(discounts.archivedAt),
        filters.type ? eq(discounts.type, filters.type) : undefined,
        filters.after ? lt(discounts.id, filters.after) : undefined,
      ),
    )
    .orderBy(desc(discounts.id))
    .limit(filters.limit + 1);
  const page = rows.slice(0, filters.limit);
  const nextAfter = rows.length > filters.limit ? page[page.length - 1]!.id : null;
  return { items: page.filter((r) => !filters.state || stateOf(r, at) === filters.state), nextAfter };
}

/**
 * The shop's discounts as the engine reads them (src/shared/discounts): the active and scheduled
 * ones (not drafts, disabled or archived), and codes expired in the last 90 days, with their codes. Generated codes are single
 * use: a discount holding some is limited to one use per code (unless it says otherwise), and only
 * its generated codes are counted per code (see discount-usage.ts).
 */
export async function loadShopDiscounts(db: Executor, shopId: string, at = new Date()): Promise<Discount[]> {
  const rows = await db
    .select()
    .from(discounts)
    .where(and(eq(discounts.shopId, shopId), eq(discounts.status, 'enabled'), isNull(discounts.archivedAt)));
  // A code that ended lately stays known, so a customer typing it hears « Code expiré ».
  const recently = at.getTime() - EXPIRED_CODES_KEPT_MS;
  const live = rows.filter((r) => {
    const state = stateOf(r, at);
    if (state === 'active' || state === 'scheduled') return true;
    return state === 'expired' && r.kind === 'code' && (r.endsAt?.getTime() ?? 0) > recently;
  });
  if (live.length === 0) return [];
  const codes = await db
    .select({
      discountId: discountCodes.discountId,
      code: discountCodes.code,
      generated: discountCodes.generated,
    })
    .from(discountCodes)
    .where(
      and(
        eq(discountCodes.shopId, shopId),
        inArray(
          discountCodes.discountId,
          live.map((r) => r.id),
        ),
      ),
    );
  const byDiscount = new Map<string, string[]>();
  const withGenerated = new Set<string>();
  for (const c of codes) {
    byDiscount.set(c.discountId, [...(byDiscount.get(c.discountId) ?? []), c.code]);
    if (c.generated) withGenerated.add(c.discountId);
  }
  return live.map((r) => ({
    id: r.id,
    name: r.name,
    kind: r.kind,
    codes: byDiscount.get(r.id) ?? [],
    state: engineState(r),
    value: r.value,
    startsAt: r.startsAt?.toISOString() ?? null,
    endsAt: r.endsAt?.toISOString() ?? null,
    conditions: r.conditions,
    limits:
      withGenerated.has(r.id) && r.limits?.usesPerCode == null ? { ...r.limits, usesPerCode: 1 } : r.limits,
    combinesWith: r.combinesWith,
  }));
}

/** The names of those of `ids` that are the shop's discounts (archived ones included). */
export async function discountNames(
  db: Executor,
  shopId: string,
  ids: string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: discounts.id, name: discounts.name })
    .from(discounts)
    .where(and(eq(discounts.shopId, shopId), inArray(discounts.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r.name]));
}
