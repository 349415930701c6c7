import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyDiscounts,
  compileDiscounts,
  type CartLine,
  type Discount,
  type PricingInput,
} from '@/shared/discounts';

/*
 * For random carts and discount sets (small id pools, so discounts do meet the lines and each
 * other): the invariants the order pipeline, the till and refunds rely on.
 */

const PRODUCTS = ['p0', 'p1', 'p2', 'p3'];
const CATEGORIES = ['c0', 'c1', 'c2'];
// Each discount's codes are its own (the admin screen refuses a code used twice in a shop).
const CODES = ['K0', 'K1', 'K2', 'K3', 'K4', 'K5', 'L1', 'L2'];

const selection = fc.oneof(
  fc.constant({ all: true }),
  fc.record({ productIds: fc.subarray(PRODUCTS, { minLength: 1 }) }),
  fc.record({ categoryIds: fc.subarray(CATEGORIES, { minLength: 1 }) }),
  fc.record({ variantIds: fc.subarray(['p0-v0', 'p1-v1', 'p2-v0'], { minLength: 1 }) }),
);
const reduction = fc.oneof(
  fc.record({
    type: fc.constant('percentage' as const),
    percentage: fc.integer({ min: 1, max: 10_000 }).map((n) => n / 100),
  }),
  fc.record({ type: fc.constant('amount' as const), amount: fc.integer({ min: 1, max: 30_000 }) }),
);
const value: fc.Arbitrary<Discount['value']> = fc.oneof(
  fc.record({ target: fc.constant('order' as const), reduction }),
  fc.record({
    target: fc.constant('products' as const),
    products: selection,
    reduction,
    amountPer: fc.constantFrom('unit' as const, 'order' as const),
  }),
  fc.constant({ target: 'delivery' as const }),
  fc.record({
    target: fc.constant('buy-x-get-y' as const),
    buy: fc.record({ quantity: fc.integer({ min: 1, max: 4 }), products: selection }),
    get: fc.record({
      quantity: fc.integer({ min: 1, max: 3 }),
      products: selection,
      percentage: fc.constantFrom(100, 50, 12.5),
    }),
    repeats: fc.boolean(),
  }),
);

const discountAt = (i: number): fc.Arbitrary<Discount> =>
  fc.record({
    id: fc.constant(`d${i}`),
    name: fc.constant(`Réduction ${i}`),
    kind: fc.constantFrom('code' as const, 'automatic' as const),
    codes: fc.constantFrom([`K${i}`], [`K${i}`, `L${i}`]),
    state: fc.constantFrom('active' as const, 'active' as const, 'scheduled' as const, 'disabled' as const),
    value,
    conditions: fc.record(
      {
        minSubtotal: fc.integer({ min: 0, max: 50_000 }),
        minQuantity: fc.integer({ min: 0, max: 5 }),
        channels: fc.subarray(['pos', 'manual', 'storefront', 'whatsapp'] as const, { minLength: 1 }),
        weekdays: fc.subarray([1, 2, 3, 4, 5, 6, 7], { minLength: 1 }),
      },
      { requiredKeys: [] },
    ),
    limits: fc.record({ maxAmountPerOrder: fc.integer({ min: 1, max: 20_000 }) }, { requiredKeys: [] }),
    combinesWith: fc.record({ order: fc.boolean(), product: fc.boolean(), delivery: fc.boolean() }),
  });

const discounts = fc
  .integer({ min: 0, max: 8 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => discountAt(i))))
  .map((list) => list as Discount[]);

const lines = fc
  .array(
    fc.record({
      product: fc.integer({ min: 0, max: PRODUCTS.length - 1 }),
      variant: fc.integer({ min: 0, max: 1 }),
      categoryIds: fc.subarray(CATEGORIES),
      quantity: fc.integer({ min: 0, max: 12 }),
      unitPrice: fc.integer({ min: 0, max: 60_000 }),
    }),
    { maxLength: 10 },
  )
  .map((raw) =>
    raw.map((l, i): CartLine => ({
      id: `l${i}`,
      productId: PRODUCTS[l.product]!,
      variantId: `${PRODUCTS[l.product]}-v${l.variant}`,
      categoryIds: l.categoryIds,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
    })),
  );

const scenario = fc.record({
  discounts,
  input: fc.record({
    lines,
    channel: fc.constantFrom('pos' as const, 'manual' as const, 'storefront' as const, 'whatsapp' as const),
    at: fc.integer({ min: Date.parse('2025-01-01T00:00:00Z'), max: Date.parse('2025-12-31T00:00:00Z') }),
    timeZone: fc.constantFrom('Africa/Dakar', 'Africa/Douala', 'Europe/Paris'),
    codes: fc.subarray([...CODES, 'k1', 'INCONNU']),
    deliveryFee: fc.integer({ min: 0, max: 3000 }),
    currency: fc.constantFrom('XOF', 'XAF', 'EUR'),
    stackCapPercent: fc.integer({ min: 0, max: 100 }),
  }),
  order: fc.array(fc.integer(), { minLength: 20, maxLength: 20 }),
});

const price = (discounts: Discount[], input: PricingInput) =>
  applyDiscounts(compileDiscounts(discounts), input);
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

describe('discount engine properties', () => {
  it('never negative, never past the cap, sums that agree, payable rounding', () => {
    fc.assert(
      fc.property(scenario, ({ discounts, input }) => {
        const result = price(discounts, input);
        const { totals } = result;
        expect(totals.subtotal).toBe(sum(input.lines.map((l) => l.unitPrice * l.quantity)));
        for (const line of result.lines) {
          expect(line.total).toBeGreaterThanOrEqual(0);
          expect(line.discount).toBe(sum(line.adjustments.map((a) => a.amount)));
          expect(line.total).toBe(line.subtotal - line.discount);
        }
        for (const adjustment of result.adjustments) {
          expect(adjustment.amount).toBeGreaterThan(0);
          if (adjustment.type === 'product' || adjustment.type === 'order')
            expect(sum(adjustment.lines.map((l) => l.amount))).toBe(adjustment.amount);
        }
        const goods = result.adjustments.filter((a) => a.type === 'product' || a.type === 'order');
        expect(sum(result.lines.map((l) => l.discount))).toBe(totals.discount);
        expect(sum(goods.map((a) => a.amount))).toBe(totals.discount);
        expect(totals.productDiscount + totals.orderDiscount).toBe(totals.discount);
        // The shop cap: the goods' discounts never pass it (percentages are whole here).
        expect(totals.discount).toBeLessThanOrEqual(
          Math.floor((totals.subtotal * (input.stackCapPercent ?? 100)) / 100),
        );
        expect(totals.deliveryDiscount).toBeLessThanOrEqual(totals.delivery);
        const due = totals.subtotal - totals.discount + totals.delivery - totals.deliveryDiscount;
        expect(totals.total).toBe(due - totals.rounding);
        expect(totals.total).toBeGreaterThanOrEqual(0);
        expect(totals.rounding).toBeGreaterThanOrEqual(0);
        if (input.currency === 'EUR') expect(totals.rounding).toBe(0);
        else {
          expect(totals.total % 5).toBe(0);
          expect(totals.rounding).toBeLessThan(5);
        }
        expect(sum(result.adjustments.filter((a) => a.type === 'rounding').map((a) => a.amount))).toBe(
          totals.rounding,
        );
        // Each code typed is either applied or refused with a reason.
        const typed = new Set(input.codes!.map((c) => c.toUpperCase()));
        const answered = [...result.appliedCodes, ...result.refusedCodes.map((r) => r.code)].map((c) =>
          c.toUpperCase(),
        );
        expect(new Set(answered)).toEqual(typed);
        for (const refusal of result.refusedCodes) expect(refusal.reason).not.toBe('');
      }),
      { numRuns: 400 },
    );
  });

  it('is deterministic and independent of the order of lines, codes and discounts', () => {
    fc.assert(
      fc.property(scenario, ({ discounts, input, order }) => {
        const shuffle = <T>(items: readonly T[]) =>
          items
            .map((item, i) => ({ item, key: order[i % order.length]! + i * 1e-6 }))
            .sort((a, b) => a.key - b.key)
            .map((x) => x.item);
        const first = price(discounts, input);
        expect(price(discounts, input)).toEqual(first);
        const shuffled = price(shuffle(discounts), {
          ...input,
          lines: shuffle(input.lines),
          codes: shuffle(input.codes!),
        });
        expect(shuffled).toEqual(first);
      }),
      { numRuns: 300 },
    );
  });

  it('takes off at least what the best discount alone would (the best combination is kept)', () => {
    fc.assert(
      fc.property(scenario, ({ discounts, input }) => {
        const off = (t: { discount: number; deliveryDiscount: number }) => t.discount + t.deliveryDiscount;
        const all = off(price(discounts, input).totals);
        for (const discount of discounts)
          expect(all).toBeGreaterThanOrEqual(off(price([discount], input).totals));
      }),
      { numRuns: 300 },
    );
  });

  it('gives at least as much as no discount and never more than the subtotal plus delivery', () => {
    fc.assert(
      fc.property(scenario, ({ discounts, input }) => {
        const withDiscounts = price(discounts, input).totals;
        const without = price([], input).totals;
        expect(withDiscounts.total).toBeLessThanOrEqual(without.total);
        expect(withDiscounts.discount + withDiscounts.deliveryDiscount).toBeLessThanOrEqual(
          withDiscounts.subtotal + withDiscounts.delivery,
        );
      }),
      { numRuns: 200 },
    );
  });
});
