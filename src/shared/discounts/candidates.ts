import { normaliseCode, type CompiledDiscount, type CompiledDiscounts } from './compile';
import { orderAmount, productShares, type PricedCartLine } from './effects';
import { refusalOf, type CallContext } from './eligibility';
import { REFUSALS } from './messages';
import type { Candidate } from './select';
import type { PricingInput, RefusedCode } from './types';

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The lines by id, with their totals: every later tie is broken in this order. */
export function sortedLines(input: PricingInput): PricedCartLine[] {
  const lines = input.lines.map((l) => ({ ...l, total: l.unitPrice * l.quantity })).sort(byId);
  for (let i = 1; i < lines.length; i++)
    if (lines[i]!.id === lines[i - 1]!.id)
      throw new Error(`Deux lignes du panier portent l’identifiant ${lines[i]!.id}.`);
  return lines;
}

/** The automatic discounts this cart's lines reach, with the lines each products discount selects. */
function reachedDiscounts(compiled: CompiledDiscounts, lines: readonly PricedCartLine[]) {
  const reached = new Map<CompiledDiscount, number[] | null>();
  const hit = (list: readonly CompiledDiscount[] | undefined, i: number) => {
    for (const discount of list ?? []) {
      const matched = reached.get(discount);
      if (!matched) reached.set(discount, [i]);
      else if (matched.at(-1) !== i) matched.push(i);
    }
  };
  lines.forEach((line, i) => {
    hit(compiled.byProduct.get(line.productId), i);
    hit(compiled.byVariant.get(line.variantId), i);
    for (const category of line.categoryIds ?? []) hit(compiled.byCategory.get(category), i);
  });
  for (const discount of compiled.everyLine) reached.set(discount, null);
  for (const discount of compiled.cartWide) reached.set(discount, null);
  return [...reached].sort(([a], [b]) => a.rank - b.rank);
}

function candidateOf(
  discount: CompiledDiscount,
  code: string | null,
  lines: readonly PricedCartLine[],
  matched: readonly number[] | null,
  ctx: CallContext,
  deliveryFee: number,
): Candidate {
  if (discount.cls === 'product') {
    // Only a products discount's index hits are its lines; a buy X get Y reads both of its sets.
    const { shares, capped } = productShares(discount, lines, matched);
    return { discount, code, shares, capped, value: shares.reduce((s, x) => s + x.amount, 0) };
  }
  const value = discount.cls === 'order' ? orderAmount(discount, ctx.subtotal).amount : deliveryFee;
  return { discount, code, shares: [], capped: false, value };
}

const TAKES_NOTHING = {
  product: REFUSALS.noItem,
  delivery: REFUSALS.noDelivery,
  order: REFUSALS.nothingToTake,
};

/**
 * The discounts that could apply: automatic ones whose conditions hold (the others are skipped
 * silently) and typed codes, each valid one a candidate, each other refused with its reason.
 */
export function findCandidates(
  compiled: CompiledDiscounts,
  lines: readonly PricedCartLine[],
  codes: readonly string[],
  ctx: CallContext,
  deliveryFee: number,
) {
  const candidates: Candidate[] = [];
  for (const [discount, matched] of reachedDiscounts(compiled, lines)) {
    if (refusalOf(discount, ctx, null)) continue;
    const candidate = candidateOf(discount, null, lines, matched, ctx, deliveryFee);
    if (candidate.value > 0) candidates.push(candidate);
  }
  const typed: Candidate[] = [];
  const refused: RefusedCode[] = [];
  for (const key of [...new Set(codes.map(normaliseCode).filter(Boolean))].sort()) {
    const entry = compiled.byCode.get(key);
    if (!entry) {
      refused.push({ code: key, reason: REFUSALS.unknown });
      continue;
    }
    const { discount, code } = entry;
    const reason = typed.some((c) => c.discount === discount)
      ? REFUSALS.sameDiscount
      : refusalOf(discount, ctx, code);
    const candidate = reason ? null : candidateOf(discount, code, lines, null, ctx, deliveryFee);
    if (candidate && candidate.value > 0) typed.push(candidate);
    else refused.push({ code, reason: reason ?? TAKES_NOTHING[discount.cls] });
  }
  return { candidates: [...candidates, ...typed], typed, refused };
}
