import type { CompiledDiscount } from './compile';
import { orderAmount, type LineShare } from './effects';
import type { DiscountClass } from './types';

/*
 * Which of the applicable discounts apply together. Whether two discounts combine depends only on
 * their classes and `combinesWith` flags, so discounts sharing both form a group: a group stacking
 * with its own class applies whole, any other group gives its best member only. The engine tries
 * every maximal set of groups that combine pairwise (at most 24 groups exist, so this stays small
 * whatever the number of discounts) and keeps the one that takes the most off the goods and the
 * delivery, the shop cap included. Equal offers: the one honouring more typed codes, then the one
 * whose group keys sort first. On a line, only the best product discount applies (as Shopify
 * does); order discounts are taken from what the product discounts leave.
 */

export interface Candidate {
  discount: CompiledDiscount;
  /** The code typed for it, as the discount spells it; null for an automatic discount. */
  code: string | null;
  /** Product class: per line; empty otherwise. */
  shares: LineShare[];
  /** Its maximum per order lowered it. */
  capped: boolean;
  /** What it takes off on its own (at the subtotal for order discounts, the fee for delivery). */
  value: number;
  /** Scratch for counting the typed codes a set honours once each. */
  mark?: number;
}

interface Group {
  key: string;
  cls: DiscountClass;
  combines: Readonly<Record<DiscountClass, boolean>>;
  stacks: boolean;
  members: Candidate[];
  /** Product class: the best member and its share on each line. */
  best: Array<{ candidate: Candidate; share: LineShare } | null>;
}

export interface Selection {
  /** Per line (id order), the product discount that applies there. */
  lines: Array<{ candidate: Candidate; share: LineShare } | null>;
  /** Order discounts, by discount id. */
  order: Candidate[];
  delivery: Candidate | null;
}

/** a before b: more off, then a typed code, then the smaller id. */
function beats(a: Candidate, amountA: number, b: Candidate, amountB: number): boolean {
  if (amountA !== amountB) return amountA > amountB;
  if (!a.code !== !b.code) return !!a.code;
  return a.discount.rank < b.discount.rank;
}

function buildGroups(candidates: readonly Candidate[], lineCount: number): Group[] {
  const groups = new Map<string, Group>();
  for (const candidate of candidates) {
    const { discount } = candidate;
    let group = groups.get(discount.groupKey);
    if (!group) {
      group = {
        key: discount.groupKey,
        cls: discount.cls,
        combines: discount.combines,
        stacks: discount.stacksWithOwnClass,
        members: [],
        best: [],
      };
      groups.set(discount.groupKey, group);
    }
    group.members.push(candidate);
  }
  const list = [...groups.values()].sort((a, b) => (a.key < b.key ? -1 : 1));
  for (const group of list) {
    if (!group.stacks) {
      let best = group.members[0]!;
      for (const m of group.members) if (beats(m, m.value, best, best.value)) best = m;
      // An order discount's worth depends on what product discounts leave: all compete in context.
      if (group.cls !== 'order') group.members = [best];
    }
    if (group.cls !== 'product') continue;
    group.best = new Array(lineCount).fill(null);
    for (const candidate of group.members)
      for (const share of candidate.shares) {
        const current = group.best[share.line];
        if (!current || beats(candidate, share.amount, current.candidate, current.share.amount))
          group.best[share.line] = { candidate, share };
      }
  }
  return list;
}

function combine(a: Group, b: Group): boolean {
  if (a.cls === b.cls) return a.stacks && b.stacks;
  return a.combines[b.cls] && b.combines[a.cls];
}

/** Bron–Kerbosch with pivot on bit masks: the maximal sets of pairwise combinable groups. */
function maximalCliques(adjacency: readonly number[]): number[] {
  const found: number[] = [];
  const visit = (chosen: number, open: number, closed: number) => {
    if (!open && !closed) {
      found.push(chosen);
      return;
    }
    const pivot = 31 - Math.clz32(open | closed);
    let next = open & ~adjacency[pivot]!;
    while (next) {
      const v = 31 - Math.clz32(next);
      const bit = 1 << v;
      visit(chosen | bit, open & adjacency[v]!, closed & adjacency[v]!);
      open &= ~bit;
      closed |= bit;
      next &= ~bit;
    }
  };
  if (adjacency.length) visit(0, (1 << adjacency.length) - 1, 0);
  return found;
}

/** The lines' product discounts, the order and delivery discounts a set of groups gives. */
function selectionOf(groups: readonly Group[], lineCount: number, subtotal: number): Selection {
  const lines: Selection['lines'] = new Array(lineCount).fill(null);
  for (const group of groups) {
    if (group.cls !== 'product') continue;
    for (let i = 0; i < lineCount; i++) {
      const entry = group.best[i];
      const current = lines[i];
      if (
        entry &&
        (!current || beats(entry.candidate, entry.share.amount, current.candidate, current.share.amount))
      )
        lines[i] = entry;
    }
  }
  let base = subtotal;
  for (const entry of lines) base -= entry?.share.amount ?? 0;
  const order: Candidate[] = [];
  for (const group of groups) {
    if (group.cls !== 'order') continue;
    if (group.stacks) {
      order.push(...group.members);
      continue;
    }
    let best = group.members[0]!;
    let bestAmount = orderAmount(best.discount, base).amount;
    for (const m of group.members) {
      const amount = orderAmount(m.discount, base).amount;
      if (beats(m, amount, best, bestAmount)) [best, bestAmount] = [m, amount];
    }
    order.push(best);
  }
  order.sort((a, b) => a.discount.rank - b.discount.rank);
  const delivery = groups.find((g) => g.cls === 'delivery')?.members[0] ?? null;
  return { lines, order, delivery };
}

/** What a selection takes off (goods within the cap, and delivery), and how many typed codes it honours. */
function worthOf(selection: Selection, subtotal: number, capLimit: number, mark: number) {
  let productTotal = 0;
  let codes = 0;
  const honour = (c: Candidate) => {
    if (c.code && c.mark !== mark) codes++;
    c.mark = mark;
  };
  for (const entry of selection.lines)
    if (entry) {
      productTotal += entry.share.amount;
      honour(entry.candidate);
    }
  const base = subtotal - productTotal;
  let orderTotal = 0;
  for (const c of selection.order) {
    orderTotal += orderAmount(c.discount, base).amount;
    honour(c);
  }
  if (selection.delivery) honour(selection.delivery);
  const goods = Math.min(productTotal + Math.min(orderTotal, base), capLimit);
  return { worth: goods + (selection.delivery?.value ?? 0), codes };
}

export function selectDiscounts(
  candidates: readonly Candidate[],
  lineCount: number,
  subtotal: number,
  capLimit: number,
): Selection {
  const groups = buildGroups(candidates, lineCount);
  const adjacency = groups.map((a, i) =>
    groups.reduce((mask, b, j) => (i !== j && combine(a, b) ? mask | (1 << j) : mask), 0),
  );
  let best: Selection = { lines: new Array(lineCount).fill(null), order: [], delivery: null };
  let bestWorth = 0;
  let bestCodes = 0;
  let bestMask = 0;
  maximalCliques(adjacency).forEach((mask, k) => {
    const selection = selectionOf(
      groups.filter((_, i) => mask & (1 << i)),
      lineCount,
      subtotal,
    );
    const { worth, codes } = worthOf(selection, subtotal, capLimit, k + 1);
    // Equal offers: more typed codes honoured, then the set of groups coming first in key order.
    const better =
      worth !== bestWorth
        ? worth > bestWorth
        : codes !== bestCodes
          ? codes > bestCodes
          : bestMask === 0 || firstInKeyOrder(mask, bestMask);
    if (better) [best, bestWorth, bestCodes, bestMask] = [selection, worth, codes, mask];
  });
  return best;
}

/** The set holding the lowest group (groups are sorted by key) where the two sets differ. */
function firstInKeyOrder(a: number, b: number): boolean {
  const differ = a ^ b;
  return (a & (differ & -differ)) !== 0;
}

/** Whether two discounts may apply together: for the reason a typed code was left out. */
export function combinesWith(a: CompiledDiscount, b: CompiledDiscount): boolean {
  if (a.cls === b.cls) return a.stacksWithOwnClass && b.stacksWithOwnClass;
  return a.combines[b.cls] && b.combines[a.cls];
}
