import { describe, expect, it } from 'vitest';
import { cartReducer, EMPTY_CART, type Cart } from '@/features/pos/client/cart/cart-state';
import { cartTotals } from '@/features/pos/client/cart/cart-math';
import { cartNeedsApproval } from '@/features/pos/client/cart/checkout-math';
import { priceTillCart, promotionsOf, type TillPricingEnv } from '@/features/pos/client/cart/cart-pricing';
import { salePromotions } from '@/features/pos/client/offline/sale-ops';
import type { TillPricingData } from '@/features/pos/client/offline/pricing';
import type { Discount } from '@/shared/discounts/types';

/* The till's cart priced with the shop's discounts: promotions, then the cashier's, then « Arrondi ». */

const KARITE = { productId: 'p-karite', variantId: 'v-karite', price: 3500, category: 'c-beaute' };
const CAFE = { productId: 'p-cafe', variantId: 'v-cafe', price: 2500, category: 'c-epicerie' };

const threeForTwo: Discount = {
  id: 'd1',
  name: '3 pour 2',
  kind: 'automatic',
  state: 'active',
  value: {
    target: 'buy-x-get-y',
    buy: { quantity: 2, products: { productIds: [KARITE.productId] } },
    get: { quantity: 1, products: { productIds: [KARITE.productId] }, percentage: 100 },
    repeats: true,
  },
  combinesWith: { order: true },
};
const welcome: Discount = {
  id: 'd2',
  name: 'Bienvenue',
  kind: 'code',
  codes: ['BIENVENUE10'],
  state: 'active',
  value: { target: 'order', reduction: { type: 'percentage', percentage: 10 } },
  limits: { totalUses: 1 },
  combinesWith: { product: true },
};

function data(discounts: Discount[], usage: TillPricingData['usage'] = {}): TillPricingData {
  return {
    revision: 1,
    at: '2026-11-24T12:00:00.000Z',
    timeZone: 'Africa/Dakar',
    currency: 'XOF',
    stackCapPercent: 100,
    discounts,
    usage,
    categoryAncestors: { 'c-beaute': ['c-beaute'], 'c-epicerie': ['c-epicerie'] },
    client: null,
  };
}

const categories: Record<string, string> = {
  [KARITE.productId]: KARITE.category,
  [CAFE.productId]: CAFE.category,
};
const env = (d: TillPricingData | null): TillPricingEnv => ({
  data: d,
  currency: 'XOF',
  timeZone: 'Africa/Dakar',
  categoryOf: (id) => categories[id],
});
const at = new Date('2026-11-24T12:00:00.000Z');

function add(product: typeof KARITE, quantity: number, price = product.price) {
  return {
    type: 'lineAdded' as const,
    quantity,
    line: {
      variantId: product.variantId,
      productId: product.productId,
      productName: product.productId,
      variantName: '',
      sku: null,
      imageUrl: null,
      unitPrice: price,
      catalogPrice: price,
    },
  };
}

function cartOf(...actions: Parameters<typeof cartReducer>[1][]): Cart {
  return actions.reduce(cartReducer, EMPTY_CART);
}

describe('till cart with the shop’s discounts', () => {
  it('applies « 3 pour 2 » by itself and BIENVENUE10 on what it leaves, by name, with the op’s figures', () => {
    const cart = cartOf(add(KARITE, 3), { type: 'codeAdded', code: ' bienvenue10 ' });
    expect(cart.codes).toEqual(['BIENVENUE10']);
    const priced = priceTillCart(cart, env(data([threeForTwo, welcome])), at);
    expect(priced.promotions!.adjustments.map((a) => [a.name, a.code, a.type, a.amount])).toEqual([
      ['3 pour 2', null, 'product', 3500],
      ['Bienvenue', 'BIENVENUE10', 'order', 700],
    ]);
    expect(priced.promotions!.appliedCodes).toEqual(['BIENVENUE10']);
    expect(priced.totals).toMatchObject({
      gross: 10_500,
      promotionTotal: 4200,
      lineDiscountTotal: 0,
      cartDiscount: 0,
      rounding: 0,
      total: 6300,
    });
    expect(priced.totals.lines).toEqual([{ gross: 10_500, promotion: 4200, lineDiscount: 0, total: 6300 }]);
    expect(priced.promotions!.adjustments[0]!.why).toMatch(/offert/);
  });

  it('sends each adjustment with the op’s line indexes and the rounding, adding up to what the till showed', () => {
    // 1 233 + 7 000 left by « 3 pour 2 », − 823 (10 %), − 100 on the café, − 366 (5 %): 6 944 → 6 940.
    const cart = cartOf(
      add(CAFE, 1, 1233),
      add(KARITE, 3),
      { type: 'codeAdded', code: 'BIENVENUE10' },
      { type: 'lineDiscountSet', variantId: CAFE.variantId, amount: 100 },
      { type: 'discountSet', discount: { kind: 'percent', value: 5 } },
    );
    const priced = priceTillCart(cart, env(data([threeForTwo, welcome])), at);
    const { totals } = priced;
    const promotions = salePromotions(priced)!;
    expect(promotions.codes).toEqual(['BIENVENUE10']);
    // The cart's lines: karité (index 0, newest on top), café (index 1).
    expect(promotions.adjustments[0]).toMatchObject({ type: 'product', lines: [{ index: 0, amount: 3500 }] });
    expect(promotions.adjustments[1]!.lines.map((l) => l.index).sort()).toEqual([0, 1]);
    const rounding = promotions.adjustments.at(-1)!;
    expect(rounding).toMatchObject({ type: 'rounding', discountId: null, code: null, lines: [] });
    expect(rounding.amount).toBe(4);
    expect(totals).toMatchObject({ cartDiscount: 366, rounding: 4, total: 6940 });
    expect(totals.total % 5).toBe(0);
    // items = Σ unitPrice × qty − promotions − line discounts − cart discount − rounding.
    const promoSum = promotions.adjustments
      .filter((a) => a.type !== 'rounding')
      .reduce((s, a) => s + a.amount, 0);
    expect(totals.gross - promoSum - totals.lineDiscountTotal - totals.cartDiscount - totals.rounding).toBe(
      totals.total,
    );
    // Each adjustment's lines add up to it.
    for (const a of promotions.adjustments.filter((x) => x.type !== 'rounding'))
      expect(a.lines.reduce((s, l) => s + l.amount, 0)).toBe(a.amount);
  });

  it('applies the cashier’s line and cart discounts after the promotions, never past what they leave', () => {
    const cart = cartOf(add(KARITE, 3), {
      type: 'lineDiscountSet',
      variantId: KARITE.variantId,
      amount: 9000,
    });
    const { totals } = priceTillCart(cart, env(data([threeForTwo])), at);
    // 10 500 − 3 500 offered leaves 7 000: the line discount of 9 000 counts as 7 000.
    expect(totals.lines[0]).toEqual({ gross: 10_500, promotion: 3500, lineDiscount: 7000, total: 0 });
    expect(totals.total).toBe(0);

    const percent = cartOf(add(KARITE, 3), { type: 'discountSet', discount: { kind: 'percent', value: 10 } });
    expect(priceTillCart(percent, env(data([threeForTwo])), at).totals).toMatchObject({
      promotionTotal: 3500,
      cartDiscount: 700,
      total: 6300,
    });
  });

  it('rounds a discounted total down to a multiple of 5 FCFA as « Arrondi », never an undiscounted one', () => {
    const plain = cartOf(add(CAFE, 1, 1234));
    expect(priceTillCart(plain, env(data([])), at).totals).toMatchObject({ rounding: 0, total: 1234 });
    const coded = cartReducer(plain, { type: 'codeAdded', code: 'BIENVENUE10' });
    const { totals } = priceTillCart(coded, env(data([welcome])), at);
    // 1 234 − 123 (10 %, half-up) = 1 111 → 1 110.
    expect(totals).toMatchObject({ promotionTotal: 123, rounding: 1, total: 1110 });
    expect(totals.roundingWhy).toMatch(/multiple de 5/);
    // A manual discount alone is rounded too.
    const manual = cartReducer(plain, { type: 'discountSet', discount: { kind: 'amount', value: 100 } });
    expect(priceTillCart(manual, env(null), at).totals).toMatchObject({
      cartDiscount: 100,
      rounding: 4,
      total: 1130,
    });
  });

  it('says why a code is refused, in French, and keeps it in the cart', () => {
    const cart = cartOf(add(KARITE, 1), { type: 'codeAdded', code: 'NIMPORTE' });
    const promotions = promotionsOf(cart, env(data([threeForTwo, welcome])), at)!;
    expect(promotions.refusedCodes).toEqual([{ code: 'NIMPORTE', reason: 'Code inconnu' }]);
    expect(cart.codes).toEqual(['NIMPORTE']);
    // A limit the till knows is reached (usage synced with the discounts) refuses the code.
    const used = cartReducer(cart, { type: 'codeAdded', code: 'BIENVENUE10' });
    const refused = promotionsOf(used, env(data([welcome], { d2: { total: 1 } })), at)!.refusedCodes;
    expect(refused.find((r) => r.code === 'BIENVENUE10')?.reason).toMatch(/limite/);
  });

  it('keeps at most five distinct codes, and forgets one removed', () => {
    let cart = cartOf(add(KARITE, 1));
    for (const code of ['AAA', 'aaa', 'BBB', 'CCC', 'DDD', 'EEE', 'FFF'])
      cart = cartReducer(cart, { type: 'codeAdded', code });
    expect(cart.codes).toEqual(['AAA', 'BBB', 'CCC', 'DDD', 'EEE']);
    cart = cartReducer(cart, { type: 'codeRemoved', code: 'ccc' });
    expect(cart.codes).toEqual(['AAA', 'BBB', 'DDD', 'EEE']);
  });

  it('never counts promotions toward the PIN: the cashier’s discounts are measured on what they leave', () => {
    const withPercent = (value: number) =>
      cartOf(add(KARITE, 3), { type: 'discountSet', discount: { kind: 'percent', value } });
    const pricing = env(data([threeForTwo]));
    // A third offered, then 20 % of the 7 000 left: no PIN; 21 %: the PIN.
    const twenty = withPercent(20);
    expect(cartNeedsApproval(twenty, priceTillCart(twenty, pricing, at).totals)).toBe(false);
    const more = withPercent(21);
    expect(cartNeedsApproval(more, priceTillCart(more, pricing, at).totals)).toBe(true);
    // Without promotions, the rule is the one it always was.
    expect(cartNeedsApproval(twenty)).toBe(false);
    expect(cartNeedsApproval(more)).toBe(true);
  });

  it('prices without the engine (before it loads) at the lines’ prices and the cashier’s discounts', () => {
    const cart = cartOf(add(KARITE, 3), { type: 'discountSet', discount: { kind: 'amount', value: 500 } });
    expect(cartTotals(cart)).toMatchObject({
      gross: 10_500,
      promotionTotal: 0,
      cartDiscount: 500,
      total: 10_000,
    });
    expect(promotionsOf(cart, env(null), at)).toBeNull();
  });
});
