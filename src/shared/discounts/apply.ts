import { basisPoints, percentFloor, scaleDown, spread } from './amounts';
import { normaliseCode, type CompiledDiscounts } from './compile';
import { orderAmount, type PricedCartLine } from './effects';
import { callClock, type CallContext } from './eligibility';
import { findCandidates, sortedLines } from './candidates';
import { REFUSALS, refusalText, whyText } from './messages';
import { combinesWith, selectDiscounts, type Candidate, type Selection } from './select';
import { refOf, whyOf } from './why';
import { ROUNDING_STEPS } from './rounding';
import type { Adjustment, PricedLine, PricingInput, PricingResult, RefusedCode } from './types';

interface GoodsContext {
  lines: readonly PricedCartLine[];
  currency: string;
  capBp: number;
  capLimit: number;
}

/**
 * The selection's discounts on the goods, within the shop cap: product discounts first (lowered
 * together when they alone pass the cap), then order discounts from what they leave, each spread
 * over the lines by what remains on them, so no line goes below zero.
 */
function goodsAdjustments(selection: Selection, { lines, currency, capBp, capLimit }: GoodsContext) {
  const priced: PricedLine[] = lines.map((l) => ({
    lineId: l.id,
    subtotal: l.total,
    discount: 0,
    total: l.total,
    adjustments: [],
  }));
  const applied = new Map<Candidate, number>();
  const cappedOut = new Set<Candidate>();
  const byCandidate = new Map<Candidate, Adjustment>();

  const asked = selection.lines.map((e) => e?.share.amount ?? 0);
  const productAmounts = scaleDown(asked, capLimit);
  selection.lines.forEach((entry, i) => {
    if (!entry) return;
    const { candidate, share } = entry;
    const amount = productAmounts[i]!;
    const shopCapped = amount < asked[i]!;
    if (amount <= 0) {
      cappedOut.add(candidate);
      return;
    }
    const why = whyOf({ candidate, shopCapped, units: share.units }, currency, capBp);
    priced[i]!.adjustments.push({ discount: refOf(candidate), type: 'product', amount, why });
    let adjustment = byCandidate.get(candidate);
    if (!adjustment) {
      adjustment = { type: 'product', discount: refOf(candidate), amount: 0, why: '', lines: [] };
      byCandidate.set(candidate, adjustment);
    }
    adjustment.amount += amount;
    adjustment.lines.push({ lineId: lines[i]!.id, amount });
    if (shopCapped) adjustment.why = whyOf({ candidate, shopCapped }, currency, capBp);
  });
  const adjustments = [...byCandidate]
    .sort(([a], [b]) => a.discount.rank - b.discount.rank)
    .map(([candidate, adjustment]) => {
      adjustment.why ||= whyOf({ candidate, shopCapped: false }, currency, capBp);
      applied.set(candidate, adjustment.amount);
      return adjustment;
    });

  const remaining = lines.map((l, i) => l.total - productAmounts[i]!);
  const productTotal = productAmounts.reduce((s, x) => s + x, 0);
  const base = remaining.reduce((s, x) => s + x, 0);
  const asks = selection.order.map((c) => orderAmount(c.discount, base));
  const room = Math.min(base, capLimit - productTotal);
  const orderAmounts = scaleDown(
    asks.map((a) => a.amount),
    room,
  );
  const capBinds = capLimit - productTotal < base;
  selection.order.forEach((candidate, k) => {
    const amount = orderAmounts[k]!;
    const shopCapped = capBinds && amount < asks[k]!.amount;
    if (amount <= 0) {
      if (shopCapped) cappedOut.add(candidate);
      return;
    }
    const why = whyOf({ candidate, shopCapped, capped: asks[k]!.capped }, currency, capBp);
    const spreadLines: Adjustment['lines'] = [];
    spread(amount, remaining).forEach((share, i) => {
      if (share <= 0) return;
      remaining[i]! -= share;
      priced[i]!.adjustments.push({ discount: refOf(candidate), type: 'order', amount: share, why });
      spreadLines.push({ lineId: lines[i]!.id, amount: share });
    });
    applied.set(candidate, amount);
    adjustments.push({ type: 'order', discount: refOf(candidate), amount, why, lines: spreadLines });
  });

  for (const line of priced) {
    line.discount = line.adjustments.reduce((s, a) => s + a.amount, 0);
    line.total = line.subtotal - line.discount;
  }
  return { priced, adjustments, applied, cappedOut, productTotal };
}

/** Why a valid typed code was left out: what it does not stack with, the cap, or a better offer. */
function leftOutReason(
  candidate: Candidate,
  applied: ReadonlyMap<Candidate, number>,
  cappedOut: ReadonlySet<Candidate>,
) {
  const blocker = [...applied.keys()]
    .filter((other) => !combinesWith(candidate.discount, other.discount))
    .sort((a, b) => a.discount.rank - b.discount.rank)[0];
  if (blocker) return refusalText.notCombinable(blocker.discount.name);
  return cappedOut.has(candidate) ? REFUSALS.cap : REFUSALS.better;
}

/**
 * Prices a cart: the discounts that apply (automatic ones and typed codes), what each takes off
 * which line, why, the codes refused and why, and the totals. Pure: same input, same result,
 * whatever the order of the lines, codes and discounts.
 */
export function applyDiscounts(compiled: CompiledDiscounts, input: PricingInput): PricingResult {
  const lines = sortedLines(input);
  const { currency } = input;
  const subtotal = lines.reduce((s, l) => s + l.total, 0);
  const deliveryFee = Math.max(0, input.deliveryFee ?? 0);
  const at = typeof input.at === 'number' ? input.at : new Date(input.at).getTime();
  const ctx: CallContext = {
    at,
    timeZone: input.timeZone,
    channel: input.channel,
    client: input.client ?? null,
    subtotal,
    quantity: lines.reduce((s, l) => s + l.quantity, 0),
    currency,
    usage: input.usage ?? {},
    clock: callClock(at, input.timeZone),
  };
  const { candidates, typed, refused } = findCandidates(compiled, lines, input.codes ?? [], ctx, deliveryFee);

  const capBp = basisPoints(input.stackCapPercent ?? 100);
  const capLimit = percentFloor(subtotal, capBp);
  const selection = selectDiscounts(candidates, lines.length, subtotal, capLimit);
  const goods = goodsAdjustments(selection, { lines, currency, capBp, capLimit });
  const { priced, adjustments, applied } = goods;
  const discount = priced.reduce((s, l) => s + l.discount, 0);

  // Free delivery is bounded by the fee, not by the cap: « livraison offerte » stays free.
  const deliveryDiscount = selection.delivery ? deliveryFee : 0;
  if (selection.delivery && deliveryDiscount > 0) {
    const candidate = selection.delivery;
    applied.set(candidate, deliveryDiscount);
    const why = whyOf({ candidate, shopCapped: false }, currency, capBp);
    adjustments.push({
      type: 'delivery',
      discount: refOf(candidate),
      amount: deliveryDiscount,
      why,
      lines: [],
    });
  }
  const due = subtotal - discount + deliveryFee - deliveryDiscount;
  const step = ROUNDING_STEPS[currency] ?? 1;
  const rounding = due % step;
  if (rounding > 0) {
    const why = whyText.rounding(step, currency);
    adjustments.push({ type: 'rounding', discount: null, amount: rounding, why, lines: [] });
  }

  const leftOut: RefusedCode[] = typed
    .filter((c) => !applied.has(c))
    .map((c) => ({ code: c.code!, reason: leftOutReason(c, applied, goods.cappedOut) }));
  return {
    lines: priced,
    adjustments,
    appliedCodes: typed
      .filter((c) => applied.has(c))
      .map((c) => c.code!)
      .sort(),
    refusedCodes: [...refused, ...leftOut].sort((a, b) =>
      normaliseCode(a.code) < normaliseCode(b.code) ? -1 : 1,
    ),
    totals: {
      subtotal,
      productDiscount: goods.productTotal,
      orderDiscount: discount - goods.productTotal,
      discount,
      delivery: deliveryFee,
      deliveryDiscount,
      rounding,
      total: due - rounding,
    },
  };
}
