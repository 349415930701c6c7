import { percentOf, scaleDown, spread } from './amounts';
import { selects, type CompiledDiscount } from './compile';
import type { CartLine } from './types';

/*
 * What one discount takes off on its own, before it meets the others: product-class discounts per
 * line (at catalogue prices, so the result does not depend on what else applies), order-class ones
 * from the base they are given.
 */

export interface PricedCartLine extends CartLine {
  total: number;
}

export interface LineShare {
  line: number;
  amount: number;
  /** Units given by a buy X get Y on that line. */
  units: number;
}

/** Its limit per order spread back over its lines; `capped` says the limit bit. */
function limited(discount: CompiledDiscount, shares: LineShare[]): { shares: LineShare[]; capped: boolean } {
  const max = discount.source.limits?.maxAmountPerOrder;
  const kept = shares.filter((s) => s.amount > 0);
  if (max == null || kept.reduce((s, x) => s + x.amount, 0) <= max) return { shares: kept, capped: false };
  const amounts = scaleDown(
    kept.map((s) => s.amount),
    max,
  );
  return {
    shares: kept.map((s, i) => ({ ...s, amount: amounts[i]! })).filter((s) => s.amount > 0),
    capped: true,
  };
}

/** A products or buy X get Y discount on the lines (index order = line id order). */
export function productShares(
  discount: CompiledDiscount,
  lines: readonly PricedCartLine[],
  matched: readonly number[] | null,
): { shares: LineShare[]; capped: boolean } {
  const value = discount.source.value;
  if (value.target === 'buy-x-get-y') return limited(discount, buyGetShares(discount, lines));
  if (value.target !== 'products' || !discount.target) return { shares: [], capped: false };
  const target = discount.target;
  const indexes = matched ?? lines.flatMap((line, i) => (selects(target, line) ? [i] : []));
  let shares: LineShare[];
  if (discount.bp > 0)
    shares = indexes.map((i) => ({ line: i, amount: percentOf(lines[i]!.total, discount.bp), units: 0 }));
  else if (value.amountPer === 'order') {
    const totals = indexes.map((i) => lines[i]!.total);
    const amounts = spread(
      Math.min(
        discount.amount,
        totals.reduce((s, t) => s + t, 0),
      ),
      totals,
    );
    shares = indexes.map((i, k) => ({ line: i, amount: amounts[k]!, units: 0 }));
  } else
    shares = indexes.map((i) => ({
      line: i,
      amount: Math.min(lines[i]!.total, discount.amount * lines[i]!.quantity),
      units: 0,
    }));
  return limited(discount, shares);
}

/**
 * Buy X get Y: as many groups as the cart holds (one unless it repeats), each X units bought from
 * the buy set and Y units given from the get set, all distinct; the units given are the cheapest
 * of the get set. A unit in both sets may serve either way: the given ones come from the get-only
 * lines and the cheapest shared ones, as far as the groups' buys still find units.
 */
function buyGetShares(discount: CompiledDiscount, lines: readonly PricedCartLine[]): LineShare[] {
  const value = discount.source.value;
  if (value.target !== 'buy-x-get-y' || !discount.buy || !discount.get) return [];
  const x = Math.max(1, Math.floor(value.buy.quantity));
  const y = Math.max(1, Math.floor(value.get.quantity));
  const bp = Math.min(10_000, Math.max(0, Math.round(value.get.percentage * 100)));
  let buyOnly = 0;
  let getOnly = 0;
  let both = 0;
  const getLines: Array<{ line: number; shared: boolean }> = [];
  lines.forEach((line, i) => {
    const inBuy = selects(discount.buy!, line);
    const inGet = selects(discount.get!, line);
    if (inGet) getLines.push({ line: i, shared: inBuy });
    if (inBuy && inGet) both += line.quantity;
    else if (inBuy) buyOnly += line.quantity;
    else if (inGet) getOnly += line.quantity;
  });
  const fits = (g: number) => Math.max(0, g * x - buyOnly) + Math.max(0, g * y - getOnly) <= both;
  let low = 0;
  let high = value.repeats ? Math.floor((buyOnly + getOnly + both) / (x + y)) : 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(mid)) low = mid;
    else high = mid - 1;
  }
  const groups = low;
  if (!groups || !bp) return [];
  let toGive = groups * y;
  let sharedLeft = both - Math.max(0, groups * x - buyOnly);
  // Cheapest first; equal prices by line id (the lines' order), so the result is the same for any cart order.
  getLines.sort((a, b) => lines[a.line]!.unitPrice - lines[b.line]!.unitPrice || a.line - b.line);
  const shares: LineShare[] = [];
  for (const { line, shared } of getLines) {
    if (toGive <= 0) break;
    const units = Math.min(toGive, lines[line]!.quantity, shared ? sharedLeft : Infinity);
    if (units <= 0) continue;
    toGive -= units;
    if (shared) sharedLeft -= units;
    shares.push({ line, amount: percentOf(lines[line]!.unitPrice * units, bp), units });
  }
  return shares.sort((a, b) => a.line - b.line);
}

/** An order-class discount on the goods left once product discounts are taken (`base`). */
export function orderAmount(discount: CompiledDiscount, base: number): { amount: number; capped: boolean } {
  const raw = Math.min(base, discount.bp > 0 ? percentOf(base, discount.bp) : discount.amount);
  const max = discount.source.limits?.maxAmountPerOrder;
  return max != null && raw > max ? { amount: max, capped: true } : { amount: raw, capped: false };
}
