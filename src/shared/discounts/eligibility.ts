import { wallClock, type WallClock } from './clock';
import type { CompiledDiscount } from './compile';
import { REFUSALS, refusalText } from './messages';
import type { DiscountClient, DiscountUsage, SalesChannel } from './types';

/** What every discount of one call is checked against, the shop's wall clock read only if needed. */
export interface CallContext {
  at: number;
  timeZone: string;
  channel: SalesChannel;
  client: DiscountClient | null;
  subtotal: number;
  quantity: number;
  currency: string;
  usage: Readonly<Record<string, DiscountUsage>>;
  clock: () => WallClock;
}

export function callClock(at: number, timeZone: string): () => WallClock {
  let clock: WallClock | null = null;
  return () => (clock ??= wallClock(at, timeZone));
}

/**
 * Why a discount does not apply to this call, in French, or null when its conditions hold. The
 * order of the checks is the order a customer would fix things in: the code itself, then who and
 * where, then its limits, then when, then the cart. `code` is the code typed, for per-code limits.
 */
export function refusalOf(discount: CompiledDiscount, ctx: CallContext, code: string | null): string | null {
  const { source } = discount;
  if (source.state === 'draft') return REFUSALS.unknown;
  if (source.state === 'disabled') return REFUSALS.disabled;
  if (source.state === 'expired' || ctx.at >= discount.endsAt) return REFUSALS.expired;
  if (ctx.at < discount.startsAt) return refusalText.notYet(wallClock(discount.startsAt, ctx.timeZone).text);
  if (discount.channels && !discount.channels.has(ctx.channel)) return refusalText.channel(ctx.channel);
  const customerRefusal = refusalOfClient(discount, ctx.client);
  if (customerRefusal) return customerRefusal;
  const limitRefusal = refusalOfLimits(discount, ctx, code);
  if (limitRefusal) return limitRefusal;
  if (discount.weekdays && !discount.weekdays.has(ctx.clock().weekday))
    return refusalText.weekdays([...discount.weekdays]);
  if (discount.hours) {
    const { from, to } = discount.hours;
    const now = ctx.clock().minutes;
    const inside = from < to ? now >= from && now < to : now >= from || now < to;
    if (!inside) return refusalText.hours(discount.hours.fromText, discount.hours.toText);
  }
  const conditions = source.conditions;
  if (conditions?.minSubtotal && ctx.subtotal < conditions.minSubtotal)
    return refusalText.minSubtotal(conditions.minSubtotal, ctx.currency);
  if (conditions?.minQuantity && ctx.quantity < conditions.minQuantity)
    return refusalText.minQuantity(conditions.minQuantity);
  return null;
}

function refusalOfClient(discount: CompiledDiscount, client: DiscountClient | null): string | null {
  const customers = discount.customers;
  if (!customers || customers.type === 'all') return null;
  if (!client) return REFUSALS.clientRequired;
  if (customers.type === 'first-order') return client.isFirstOrder ? null : REFUSALS.firstOrder;
  if (discount.clientIds) return client.id && discount.clientIds.has(client.id) ? null : REFUSALS.client;
  const tags = discount.clientTags;
  return tags && (client.tags ?? []).some((t) => tags.has(t)) ? null : REFUSALS.client;
}

function refusalOfLimits(discount: CompiledDiscount, ctx: CallContext, code: string | null): string | null {
  const limits = discount.source.limits;
  if (!limits) return null;
  const usage = ctx.usage[discount.id];
  if (limits.totalUses != null && (usage?.total ?? 0) >= limits.totalUses) return REFUSALS.limit;
  if (code && limits.usesPerCode != null && (usage?.byCode?.[code] ?? 0) >= limits.usesPerCode)
    return REFUSALS.codeUsed;
  if (limits.usesPerClient != null) {
    const phone = ctx.client?.phone;
    if (!phone) return REFUSALS.clientRequired;
    // Two sources of one count (the discount's usage, the client's history): the larger is the safer.
    const uses = Math.max(usage?.byPhone?.[phone] ?? 0, ctx.client?.usesByDiscount?.[discount.id] ?? 0);
    if (uses >= limits.usesPerClient) return REFUSALS.clientLimit;
  }
  return null;
}
