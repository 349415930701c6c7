import { basisPoints, percentFloor, scaleDown, spread } from './amounts';
import { normaliseCode, type CompiledDiscount, type CompiledDiscounts } from './compile';
import { orderAmount, productShares, type PricedCartLine } from './effects';
import { callClock, refusalOf, type CallContext } from './eligibility';
import { REFUSALS, refusalText, whyText } from './messages';
import { combinesWith, selectDiscounts, type Candidate } from './select';
import type { Adjustment, DiscountRef, PricedLine, PricingInput, PricingResult, RefusedCode } from './types';

/** What the amount due must be a multiple of, so mobile money takes it (CinetPay: 5 FCFA). */
const ROUNDING_STEPS: Readonly<Record<string, number>> = { XOF: 5, XAF: 5 };

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function sortedLines(input: PricingInput): PricedCartLine[] {
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

function effectText(candidate: Candidate, currency: string, units = 0): string {
  const { discount } = candidate;
  const value = discount.source.value;
  if (value.target === 'order')
    return discount.bp
      ? whyText.orderPercentage(discount.bp)
      : whyText.orderAmount(discount.amount, currency);
  if (value.target === 'delivery') return whyText.freeDelivery;
  if (value.target === 'buy-x-get-y') {
    const bp = basisPoints(value.get.percentage);
    return units
      ? whyText.buyGetOnLine(units, bp)
      : whyText.buyGetRule(value.buy.quantity, value.get.quantity, bp);
  }
  if (discount.bp) return whyText.productPercentage(discount.bp);
  return value.amountPer === 'order'
    ? whyText.productAmountShared(discount.amount, currency)
    : whyText.productAmountPerUnit(discount.amount, currency);
}

interface Why {
  candidate: Candidate;
  shopCapped: boolean;
  /** Its own maximum per order lowered it (for an order discount, known only from its base). */
  capped?: boolean;
  units?: number;
}

function whyOf({ candidate, shopCapped, capped, units }: Why, currency: string, capBp: number): string {
  const label = whyText.label(candidate.discount.name, candidate.code);
  const max = candidate.discount.source.limits?.maxAmountPerOrder;
  let text = whyText.line(label, effectText(candidate, currency, units));
  if ((capped ?? candidate.capped) && max != null) text += whyText.maxAmount(max, currency);
  if (shopCapped) text += whyText.shopCap(capBp);
  return text;
}

const refOf = (c: Candidate): DiscountRef => ({ id: c.discount.id, name: c.discount.name, code: c.code });

/**
 * Prices a cart: the discounts that apply (automatic ones and typed codes), what each takes off
 * which line, why, the codes refused and why, and the totals. Pure: same input, same result,
 * whatever the order of the lines and codes.
 */
export function applyDiscounts(compiled: CompiledDiscounts, input: PricingInput): PricingResult {
  const lines = sortedLines(input);
  const currency = input.currency;
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

  const candidates: Candidate[] = [];
  for (const [discount, matched] of reachedDiscounts(compiled, lines)) {
    if (refusalOf(discount, ctx, null)) continue;
    const candidate = candidateOf(discount, null, lines, matched, ctx, deliveryFee);
    if (candidate.value > 0) candidates.push(candidate);
  }
  const refused: RefusedCode[] = [];
  const typed: Candidate[] = [];
  const typedKeys = [...new Set((input.codes ?? []).map(normaliseCode).filter(Boolean))].sort();
  for (const key of typedKeys) {
    const entry = compiled.byCode.get(key);
    if (!entry) {
      refused.push({ code: key, reason: REFUSALS.unknown });
      continue;
    }
    const { discount, code } = entry;
    const reason = typed.some((c) => c.discount === discount)
      ? REFUSALS.sameDiscount
      : refusalOf(discount, ctx, code);
    if (reason) {
      refused.push({ code, reason });
      continue;
    }
    const candidate = candidateOf(discount, code, lines, null, ctx, deliveryFee);
    if (candidate.value > 0) typed.push(candidate);
    else {
      const none = { product: REFUSALS.noItem, delivery: REFUSALS.noDelivery, order: REFUSALS.nothingToTake };
      refused.push({ code, reason: none[discount.cls] });
    }
  }
  candidates.push(...typed);

  const capBp = basisPoints(input.stackCapPercent ?? 100);
  const capLimit = percentFloor(subtotal, capBp);
  const selection = selectDiscounts(candidates, lines.length, subtotal, capLimit);

  // Product discounts, lowered together when they alone pass the cap.
  const asked = selection.lines.map((e) => e?.share.amount ?? 0);
  const productAmounts = scaleDown(asked, capLimit);
  const remaining = lines.map((l, i) => l.total - productAmounts[i]!);
  const productTotal = productAmounts.reduce((s, x) => s + x, 0);
  // Order discounts, from what is left, within what the cap leaves.
  const base = remaining.reduce((s, x) => s + x, 0);
  const orderAsks = selection.order.map((c) => orderAmount(c.discount, base));
  const orderAsked = orderAsks.map((a) => a.amount);
  const orderRoom = Math.min(base, capLimit - productTotal);
  const orderAmounts = scaleDown(orderAsked, orderRoom);
  const orderCapped = capLimit - productTotal < base && orderAsked.reduce((s, x) => s + x, 0) > orderRoom;

  const priced: PricedLine[] = lines.map((l) => ({
    lineId: l.id,
    subtotal: l.total,
    discount: 0,
    total: l.total,
    adjustments: [],
  }));
  const adjustments: Adjustment[] = [];
  const appliedAmounts = new Map<Candidate, number>();
  const productAdjustments = new Map<Candidate, Adjustment>();
  selection.lines.forEach((entry, i) => {
    const amount = productAmounts[i]!;
    if (!entry || amount <= 0) return;
    const { candidate, share } = entry;
    const shopCapped = amount < asked[i]!;
    const why = whyOf({ candidate, shopCapped, units: share.units }, currency, capBp);
    priced[i]!.adjustments.push({ discount: refOf(candidate), type: 'product', amount, why });
    let adjustment = productAdjustments.get(candidate);
    if (!adjustment) {
      adjustment = { type: 'product', discount: refOf(candidate), amount: 0, why: '', lines: [] };
      productAdjustments.set(candidate, adjustment);
    }
    adjustment.amount += amount;
    adjustment.lines.push({ lineId: lines[i]!.id, amount });
    if (shopCapped) adjustment.why = whyOf({ candidate, shopCapped }, currency, capBp);
  });
  for (const [candidate, adjustment] of [...productAdjustments].sort(
    ([a], [b]) => a.discount.rank - b.discount.rank,
  )) {
    adjustment.why ||= whyOf({ candidate, shopCapped: false }, currency, capBp);
    appliedAmounts.set(candidate, adjustment.amount);
    adjustments.push(adjustment);
  }
  selection.order.forEach((candidate, k) => {
    const amount = orderAmounts[k]!;
    if (amount <= 0) return;
    const shopCapped = orderCapped && amount < orderAsked[k]!;
    const why = whyOf({ candidate, shopCapped, capped: orderAsks[k]!.capped }, currency, capBp);
    const shares = spread(amount, remaining);
    const spreadLines: Adjustment['lines'] = [];
    shares.forEach((share, i) => {
      if (share <= 0) return;
      remaining[i]! -= share;
      priced[i]!.adjustments.push({ discount: refOf(candidate), type: 'order', amount: share, why });
      spreadLines.push({ lineId: lines[i]!.id, amount: share });
    });
    appliedAmounts.set(candidate, amount);
    adjustments.push({ type: 'order', discount: refOf(candidate), amount, why, lines: spreadLines });
  });
  for (const line of priced) {
    line.discount = line.adjustments.reduce((s, a) => s + a.amount, 0);
    line.total = line.subtotal - line.discount;
  }
  const discount = priced.reduce((s, l) => s + l.discount, 0);

  const deliveryDiscount = selection.delivery && deliveryFee > 0 ? deliveryFee : 0;
  if (selection.delivery && deliveryDiscount) {
    const candidate = selection.delivery;
    appliedAmounts.set(candidate, deliveryDiscount);
    adjustments.push({
      type: 'delivery',
      discount: refOf(candidate),
      amount: deliveryDiscount,
      why: whyOf({ candidate, shopCapped: false }, currency, capBp),
      lines: [],
    });
  }
  const due = subtotal - discount + deliveryFee - deliveryDiscount;
  const step = ROUNDING_STEPS[currency] ?? 1;
  const rounding = due % step;
  if (rounding > 0)
    adjustments.push({
      type: 'rounding',
      discount: null,
      amount: rounding,
      why: whyText.rounding(step, currency),
      lines: [],
    });

  for (const candidate of typed) {
    if (appliedAmounts.has(candidate)) continue;
    const blocker = [...appliedAmounts.keys()]
      .filter((other) => !combinesWith(candidate.discount, other.discount))
      .sort((a, b) => a.discount.rank - b.discount.rank)[0];
    const wasChosen =
      selection.order.includes(candidate) || selection.lines.some((e) => e?.candidate === candidate);
    refused.push({
      code: candidate.code!,
      reason: blocker
        ? refusalText.notCombinable(blocker.discount.name)
        : wasChosen
          ? REFUSALS.cap
          : REFUSALS.better,
    });
  }
  refused.sort((a, b) => (normaliseCode(a.code) < normaliseCode(b.code) ? -1 : 1));

  return {
    lines: priced,
    adjustments,
    appliedCodes: typed
      .filter((c) => appliedAmounts.has(c))
      .map((c) => c.code!)
      .sort(),
    refusedCodes: refused,
    totals: {
      subtotal,
      productDiscount: productTotal,
      orderDiscount: discount - productTotal,
      discount,
      delivery: deliveryFee,
      deliveryDiscount,
      rounding,
      total: due - rounding,
    },
  };
}
