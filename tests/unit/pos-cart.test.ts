import { describe, expect, it } from 'vitest';
import { cartReducer, EMPTY_CART, type Cart } from '@/features/pos/client/cart/cart-state';
import { cartTotals } from '@/features/pos/client/cart/cart-math';
import {
  cartNeedsApproval,
  cashPayment,
  paymentState,
  quickTenders,
} from '@/features/pos/client/cart/checkout-math';
import { discountNeedsApproval, priceCut } from '@/features/pos/discount-rule';

const line = (variantId: string, unitPrice: number) => ({
  variantId,
  productId: `p-${variantId}`,
  productName: `Produit ${variantId}`,
  variantName: '',
  sku: null,
  imageUrl: null,
  unitPrice,
});

function cartOf(...actions: Parameters<typeof cartReducer>[1][]): Cart {
  return actions.reduce(cartReducer, EMPTY_CART);
}

describe('till cart', () => {
  it('adds to the same line when a variant is scanned again, newest line on top', () => {
    const cart = cartOf(
      { type: 'lineAdded', line: line('a', 1000) },
      { type: 'lineAdded', line: line('b', 500) },
      { type: 'lineAdded', line: line('a', 1000) },
    );
    expect(cart.lines.map((l) => [l.variantId, l.quantity])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
  });

  it('keeps a line discount within its line, also when the quantity drops', () => {
    let cart = cartOf(
      { type: 'lineAdded', line: line('a', 1000), quantity: 3 },
      { type: 'lineDiscountSet', variantId: 'a', amount: 5000 },
    );
    expect(cart.lines[0]!.lineDiscount).toBe(3000);
    cart = cartReducer(cart, { type: 'quantitySet', variantId: 'a', quantity: 2 });
    expect(cart.lines[0]!.lineDiscount).toBe(2000);
  });

  it('computes totals: line discounts first, then the cart discount, rounded as the server does', () => {
    const cart = cartOf(
      { type: 'lineAdded', line: line('a', 12_345) },
      { type: 'lineAdded', line: line('b', 1000), quantity: 2 },
      { type: 'lineDiscountSet', variantId: 'b', amount: 500 },
      { type: 'discountSet', discount: { kind: 'percent', value: 10 } },
    );
    const totals = cartTotals(cart);
    expect(totals).toMatchObject({
      gross: 14_345,
      lineDiscountTotal: 500,
      cartDiscount: 1385,
      total: 12_460,
      itemCount: 3,
    });
  });

  it('asks for a manager above 20 % of all discounts together, like the server', () => {
    const at = (percent: number) =>
      cartOf(
        { type: 'lineAdded', line: line('a', 10_000) },
        { type: 'discountSet', discount: { kind: 'percent', value: percent } },
      );
    expect(cartNeedsApproval(at(20))).toBe(false);
    expect(cartNeedsApproval(at(21))).toBe(true);
    const mixed = cartOf(
      { type: 'lineAdded', line: line('a', 10_000) },
      { type: 'lineDiscountSet', variantId: 'a', amount: 1500 },
      { type: 'discountSet', discount: { kind: 'amount', value: 600 } },
    );
    expect(cartNeedsApproval(mixed)).toBe(true);
  });

  it('counts a unit price below the catalogue price it was added at as a discount', () => {
    const cheap = (unitPrice: number) =>
      cartOf({ type: 'lineAdded', line: { ...line('a', unitPrice), catalogPrice: 5000 } });
    expect(cartNeedsApproval(cheap(1))).toBe(true);
    expect(cartNeedsApproval(cheap(4000))).toBe(false);
    expect(cartNeedsApproval(cheap(3999))).toBe(true);
    // A cart kept before lines knew their catalogue price: the unit price stands in.
    expect(cartNeedsApproval(cartOf({ type: 'lineAdded', line: line('a', 1) }))).toBe(false);
  });

  it('keeps the cursor of the oldest catalogue copy a line was priced from', () => {
    const add = (variantId: string, catalogueCursor?: string) =>
      ({ type: 'lineAdded', line: line(variantId, 1000), catalogueCursor }) as const;
    expect(cartOf(add('a', '2000~p2'), add('b', '1000~p1'), add('c', '3000~')).catalogueCursor).toBe(
      '1000~p1',
    );
    // A line priced from a copy of unknown age makes the cart's unknown: judged on current prices.
    expect(cartOf(add('a', '2000~p2'), add('b')).catalogueCursor).toBeUndefined();
    // An emptied cart starts again from the next line's.
    expect(
      cartOf(add('a', '1000~'), { type: 'lineRemoved', variantId: 'a' }, add('b', '5000~')).catalogueCursor,
    ).toBe('5000~');
  });

  it('splits payments and gives change on cash only', () => {
    const payments = [
      { method: 'orange_money' as const, amount: 5000, reference: 'OM1' },
      cashPayment(7500, 10_000),
    ];
    expect(payments[1]).toEqual({ method: 'cash', amount: 7500, tendered: 10_000 });
    expect(paymentState(12_500, payments)).toEqual({ paid: 12_500, remaining: 0, change: 2500 });
    expect(paymentState(12_500, [payments[0]!])).toEqual({ paid: 5000, remaining: 7500, change: 0 });
  });

  it('offers the notes a customer is likely to hand over', () => {
    expect(quickTenders(12_350)).toEqual([12_350, 12_500, 13_000, 14_000, 15_000]);
    expect(quickTenders(5000)).toEqual([5000, 6000, 10_000]);
  });
});

describe('the PIN rule, shared by the till and the server', () => {
  const sold = (unitPrice: number, referencePrice: number, quantity = 1, lineDiscount = 0) => ({
    unitPrice,
    referencePrice,
    quantity,
    lineDiscount,
  });

  it('measures everything given away against the cart at catalogue price', () => {
    expect(priceCut(sold(1, 5000, 2))).toBe(9998);
    expect(priceCut(sold(6000, 5000))).toBe(0);
    // 1 000 below a 5 000 price is 20 %: no PIN; one unit of currency more is.
    expect(discountNeedsApproval([sold(4000, 5000)], 0)).toBe(false);
    expect(discountNeedsApproval([sold(3999, 5000)], 0)).toBe(true);
    // A price cut and discounts add up: 500 + 300 + 300 of 5 000 is 22 %.
    expect(discountNeedsApproval([sold(4500, 5000, 1, 300)], 300)).toBe(true);
    // Sold above the reference (a till's older, higher price): the price sold is the measure.
    expect(discountNeedsApproval([sold(6000, 5000)], 1200)).toBe(false);
    expect(discountNeedsApproval([sold(6000, 5000)], 1201)).toBe(true);
    expect(discountNeedsApproval([], 0)).toBe(false);
  });
});
