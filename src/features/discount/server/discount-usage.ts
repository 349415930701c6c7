import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { executePrepared, type Executor } from '@/server/db';
import { discountCodes, discountUses, discounts } from '@/server/db/schema/discount';
import { newId } from '@/server/ids';
import { Errors } from '@/server/http/errors';
import { describeDetails } from '@/shared/validation';
import type { Discount, DiscountUsage } from '@/shared/discounts/types';

export const isLimited = (limits: Discount['limits']) =>
  Boolean(limits && (limits.totalUses != null || limits.usesPerClient != null || limits.usesPerCode != null));

/**
 * What the engine needs of the limits' counts, for the discounts that have limits: the total, the
 * uses of the codes asked (generated single-use codes: `codes` = null gives every used one, for a
 * till's copy), and the uses of one client's phone.
 */
export async function usageOf(
  db: Executor,
  shopId: string,
  shopDiscounts: readonly Discount[],
  codes: readonly string[] | null,
  phone: string | null,
): Promise<Record<string, DiscountUsage>> {
  const limited = shopDiscounts.filter((d) => isLimited(d.limits));
  if (limited.length === 0) return {};
  const ids = limited.map((d) => d.id);
  const usage: Record<
    string,
    { total: number; byCode: Record<string, number>; byPhone: Record<string, number> }
  > = {};
  const totals = await db
    .select({ id: discounts.id, uses: discounts.usesCount })
    .from(discounts)
    .where(and(eq(discounts.shopId, shopId), inArray(discounts.id, ids)));
  for (const t of totals) usage[t.id] = { total: t.uses, byCode: {}, byPhone: {} };

  const perCode = limited.filter((d) => d.limits?.usesPerCode != null).map((d) => d.id);
  if (perCode.length && (codes === null || codes.length)) {
    const rows = await db
      .select({
        discountId: discountCodes.discountId,
        code: discountCodes.code,
        uses: discountCodes.usesCount,
      })
      .from(discountCodes)
      .where(
        and(
          eq(discountCodes.shopId, shopId),
          inArray(discountCodes.discountId, perCode),
          eq(discountCodes.generated, true),
          codes === null ? sql`${discountCodes.usesCount} > 0` : inArray(discountCodes.code, [...codes]),
        ),
      );
    for (const r of rows) if (usage[r.discountId]) usage[r.discountId]!.byCode[r.code] = r.uses;
  }

  const perClient = limited.filter((d) => d.limits?.usesPerClient != null).map((d) => d.id);
  if (phone && perClient.length) {
    const rows = await db
      .select({ discountId: discountUses.discountId, uses: sql<number>`count(*)::int` })
      .from(discountUses)
      .where(
        and(
          eq(discountUses.shopId, shopId),
          inArray(discountUses.discountId, perClient),
          eq(discountUses.clientPhone, phone),
        ),
      )
      .groupBy(discountUses.discountId);
    for (const r of rows) if (usage[r.discountId]) usage[r.discountId]!.byPhone[phone] = Number(r.uses);
  }
  return usage;
}

export interface DiscountUseInput {
  discountId: string;
  /** As the discount spells it; null for an automatic discount. */
  code: string | null;
  amount: number;
}

export interface UsesContext {
  shopId: string;
  order: { id: string; number: number; total: number };
  client: { phone: string | null; name: string | null } | null;
  userId: string | null;
  /** A till's op: a replay can never count twice. */
  sourceOpId: string | null;
  /**
   * `enforce`: a use past a limit refuses the order (it has not happened yet: the agent is told).
   * `flag`: the sale happened (offline at a till): the use is kept and flagged for a supervisor.
   */
  mode: 'enforce' | 'flag';
}

export type OverLimit = 'total' | 'client' | 'code';

function limitReached(name: string, code: string | null, limit: OverLimit) {
  const what = code ? `Le code ${code}` : `La réduction « ${name} »`;
  const message =
    limit === 'total'
      ? `${what} a atteint sa limite d’utilisation.`
      : limit === 'client'
        ? `${what} a déjà été utilisé par ce client autant de fois que permis.`
        : `${what} a déjà été utilisé.`;
  const details = { [code ? 'discountCodes' : 'lines']: message };
  return Errors.validation(details, describeDetails(details));
}

/** A use as the statement judged it: `name` null when the discount is not the shop's. */
export interface JudgedUse {
  discount_id: string;
  code: string | null;
  name: string | null;
  over_limit: OverLimit | null;
}

/**
 * The statement counting the uses of an order's discounts, as common table expressions named
 * `use_*` for a caller's statement to carry (the order's numbered insert: no round trip of its
 * own), and the expression that answers them (`JudgedUse`s as JSON). Each discount's row is locked
 * (in id order: two orders never wait on each other crosswise) and its counters moved, a generated
 * code's count with it, and the use rows written, judged against the limits as the counts now
 * stand. The row locks hold the other orders using those discounts until this one commits, so of
 * twenty orders racing for a last use one counts it and the others find the limit reached.
 * `orderNumber` is SQL: the number the carrying statement takes.
 */
export function discountUsesStatement(
  ctx: Omit<UsesContext, 'order' | 'mode'> & { order: { id: string; total: number }; orderNumber: SQL },
  uses: readonly DiscountUseInput[],
): { ctes: SQL; judged: SQL } | null {
  if (uses.length === 0) return null;
  const phone = ctx.client?.phone ?? null;
  const input = uses.map((use) => ({
    id: newId(),
    discountId: use.discountId,
    code: use.code,
    typed: use.code?.trim().toUpperCase() ?? null,
    amount: use.amount,
  }));
  const ctes = sql`use_input as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
        as x(id text, "discountId" text, code text, typed text, amount bigint)
    ), use_locked as (
      select d.id from discounts d
      where d.shop_id = ${ctx.shopId} and d.id in (select "discountId" from use_input)
      order by d.id for update
    ), use_counted as (
      update discounts d set
        uses_count = d.uses_count + 1,
        revenue = d.revenue + ${ctx.order.total},
        discounted_total = d.discounted_total + i.amount
      from use_input i
      where d.id = i."discountId" and d.id in (select id from use_locked)
      returning d.id, d.uses_count, d.limits, d.name
    ), use_code as (
      update discount_codes c set uses_count = c.uses_count + 1
      from use_input i
      where c.shop_id = ${ctx.shopId} and c.code = i.typed and c.generated and c.discount_id = i."discountId"
        and c.discount_id in (select id from use_counted)
      returning c.discount_id, c.uses_count
    ), use_judged as (
      select i.id, i."discountId" as discount_id, i.code, i.amount, c.name,
        case
          when c.id is null then null
          when c.limits ->> 'totalUses' is not null and c.uses_count > (c.limits ->> 'totalUses')::int then 'total'
          when ${phone}::text is not null and c.limits ->> 'usesPerClient' is not null
            and (select count(*) from discount_uses u
                 where u.discount_id = i."discountId" and u.client_phone = ${phone}::text)
              >= (c.limits ->> 'usesPerClient')::int then 'client'
          when k.uses_count > coalesce((c.limits ->> 'usesPerCode')::int, 1) then 'code'
        end as over_limit
      from use_input i
      left join use_counted c on c.id = i."discountId"
      left join use_code k on k.discount_id = i."discountId"
    ), use_written as (
      insert into discount_uses (id, shop_id, discount_id, order_id, order_number, code, client_phone,
        client_name, amount, source_op_id, over_limit, created_by_user_id)
      select id, ${ctx.shopId}, discount_id, ${ctx.order.id}, ${ctx.orderNumber}, code, ${phone}::text,
        ${ctx.client?.name ?? null}::text, amount, ${ctx.sourceOpId}::text, over_limit, ${ctx.userId}
      from use_judged where name is not null
    )`;
  const judged = sql`(select json_agg(json_build_object('discount_id', discount_id, 'code', code, 'name', name,
      'over_limit', over_limit) order by discount_id) from use_judged)`;
  return { ctes, judged };
}

/**
 * What the judged uses mean: a discount not the shop's is refused; in `enforce` mode a use past a
 * limit refuses the order (it has not happened yet: the agent is told); in `flag` mode (a till's
 * sale, made offline) the uses past a limit are answered, kept and flagged for a supervisor.
 */
export function judgeDiscountUses(
  rows: readonly JudgedUse[],
  mode: UsesContext['mode'],
): Array<{ discountId: string; limit: OverLimit }> {
  if (rows.some((r) => r.name === null))
    throw Errors.validation({ discounts: 'Cette réduction n’existe pas dans la boutique.' });
  const over = rows.filter((r) => r.over_limit !== null);
  if (over.length && mode === 'enforce')
    throw limitReached(over[0]!.name!, over[0]!.code, over[0]!.over_limit!);
  return over.map((r) => ({ discountId: r.discount_id, limit: r.over_limit! }));
}

/**
 * Counts the uses of an order's discounts, inside its transaction and in one round trip (see
 * discountUsesStatement). Returns the uses flagged past a limit (in `flag` mode; `enforce` refuses).
 */
export async function recordDiscountUses(
  tx: Executor,
  ctx: UsesContext,
  uses: readonly DiscountUseInput[],
): Promise<Array<{ discountId: string; limit: OverLimit }>> {
  const statement = discountUsesStatement({ ...ctx, orderNumber: sql`${ctx.order.number}::int` }, uses);
  if (!statement) return [];
  const [row] = await executePrepared<{ uses: JudgedUse[] | null }>(
    tx,
    sql`with ${statement.ctes} select ${statement.judged} as uses`,
  );
  return judgeDiscountUses(row?.uses ?? [], ctx.mode);
}

/**
 * Gives back the uses an order counted (its discounts are priced again when it is edited): the
 * rows go, the counters come down by what they added.
 */
export async function releaseDiscountUses(
  tx: Executor,
  shopId: string,
  order: { id: string; total: number },
): Promise<void> {
  const released = await tx
    .delete(discountUses)
    .where(and(eq(discountUses.shopId, shopId), eq(discountUses.orderId, order.id)))
    .returning({ discountId: discountUses.discountId, code: discountUses.code, amount: discountUses.amount });
  for (const use of released.sort((a, b) => (a.discountId < b.discountId ? -1 : 1))) {
    await tx
      .update(discounts)
      .set({
        usesCount: sql`greatest(${discounts.usesCount} - 1, 0)`,
        revenue: sql`greatest(${discounts.revenue} - ${order.total}, 0)`,
        discountedTotal: sql`greatest(${discounts.discountedTotal} - ${use.amount}, 0)`,
      })
      .where(eq(discounts.id, use.discountId));
    if (use.code)
      await tx
        .update(discountCodes)
        .set({ usesCount: sql`greatest(${discountCodes.usesCount} - 1, 0)` })
        .where(
          and(
            eq(discountCodes.shopId, shopId),
            eq(discountCodes.code, use.code),
            eq(discountCodes.generated, true),
          ),
        );
  }
}

/** The over-limit uses still to look at, or those already resolved, newest first. */
export async function overLimitUses(db: Executor, shopId: string, status: 'open' | 'resolved') {
  return db
    .select({ use: discountUses, discountName: discounts.name })
    .from(discountUses)
    .innerJoin(discounts, eq(discounts.id, discountUses.discountId))
    .where(
      and(
        eq(discountUses.shopId, shopId),
        isNotNull(discountUses.overLimit),
        status === 'open' ? sql`${discountUses.resolvedAt} is null` : isNotNull(discountUses.resolvedAt),
      ),
    )
    .orderBy(sql`${discountUses.createdAt} desc`)
    .limit(200);
}

export async function resolveOverLimitUse(
  db: Executor,
  shopId: string,
  useId: string,
  userId: string,
  resolution: string,
) {
  const [row] = await db
    .update(discountUses)
    .set({ resolvedAt: new Date(), resolvedByUserId: userId, resolution })
    .where(
      and(
        eq(discountUses.shopId, shopId),
        eq(discountUses.id, useId),
        isNotNull(discountUses.overLimit),
        sql`${discountUses.resolvedAt} is null`,
      ),
    )
    .returning();
  if (!row) throw Errors.notFound('Ce dépassement');
  return row;
}

/**
 * Two clients merged: the uses counted on the merged client's phone count from now on for the one
 * kept, so a « N per client » limit is not given again by the merge.
 */
export async function moveDiscountUsesToPhone(
  tx: Executor,
  shopId: string,
  fromPhone: string,
  toPhone: string,
): Promise<void> {
  if (fromPhone === toPhone) return;
  await tx
    .update(discountUses)
    .set({ clientPhone: toPhone })
    .where(and(eq(discountUses.shopId, shopId), eq(discountUses.clientPhone, fromPhone)));
}
