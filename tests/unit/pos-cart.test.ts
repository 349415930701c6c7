import { describe, expect, it } from 'vitest';
import { cartReducer, EMPTY_CART, type Cart } from '@/features/pos/client/cart/cart-state';
import {
  cartTotals,
  cashPayment,
  discountNeedsApproval,
  paymentState,
  quickTenders,
} from '@/features/pos/client/cart/cart-math';

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
    expect(totals).toEqual({
      gross: 14_345,
      lineDiscountTotal: 500,
      cartDiscount: 1385,
      total: 12_460,
      itemCount: 3,
    });
  });

  it('asks for a manager above 20 % of all discounts together, like the server', () => {
    const at = (percent: number) =>
      cartTotals(
        cartOf(
          { type: 'lineAdded', line: line('a', 10_000) },
          { type: 'discountSet', discount: { kind: 'percent', value: percent } },
        ),
      );
    expect(discountNeedsApproval(at(20))).toBe(false);
    expect(discountNeedsApproval(at(21))).toBe(true);
    const mixed = cartTotals(
      cartOf(
        { type: 'lineAdded', line: line('a', 10_000) },
        { type: 'lineDiscountSet', variantId: 'a', amount: 1500 },
        { type: 'discountSet', discount: { kind: 'amount', value: 600 } },
      ),
    );
    expect(discountNeedsApproval(mixed)).toBe(true);
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
