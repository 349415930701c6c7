import type { TDiscount } from '../discount.schemas';
import { stateOf, type DiscountRow } from './discounts';

export function toDiscountDto(
  row: DiscountRow,
  codes: { code: string | null; generated: number } | undefined,
  at = new Date(),
): TDiscount {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    type: row.type,
    code: codes?.code ?? null,
    generatedCodes: codes?.generated ?? 0,
    value: row.value,
    conditions: row.conditions,
    limits: row.limits,
    combinesWith: row.combinesWith,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    state: stateOf(row, at),
    archived: row.archivedAt !== null,
    usage: { orders: row.usesCount, revenue: row.revenue, discounted: row.discountedTotal },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
