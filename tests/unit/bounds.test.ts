import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AppError } from '@/server/http/errors';
import { MAX_AMOUNT, MAX_QUANTITY, MAX_STOCK, MAX_UNIT_PRICE, maxLineQuantity } from '@/shared/bounds';
import { MAX_VARIANTS } from '@/features/product/product.schemas';
import { ZOrderLineInput, ZCreateOrderBody } from '@/features/order/order.schemas';
import { ZSaleOp } from '@/features/pos/pos.schemas';
import { orderTotals, priceLines } from '@/features/order/server/order-lines';
import { cartFigures } from '@/features/pos/server/sale-op';
import type { SellableVariant } from '@/features/product/server/variants-for-sale';
import { cartReducer, EMPTY_CART, type CartAction } from '@/features/pos/client/cart/cart-state';
import { cartTotals } from '@/features/pos/client/cart/cart-math';
import { cartLimitError } from '@/features/pos/client/cart/checkout-math';

const INT4_MAX = 2 ** 31 - 1;
const MAX_LINES = 200;

describe('the bounds', () => {
  it('keep every per-order figure far below 2^53 and every stock within PostgreSQL’s integer', () => {
    // A line's price × quantity, computed before it is compared with MAX_AMOUNT.
    expect(MAX_UNIT_PRICE * MAX_QUANTITY).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER / 64);
    // An order's sums of lines each within MAX_AMOUNT, before the total is compared with it.
    expect(MAX_LINES * MAX_AMOUNT * 2).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER / 64);
    // A shop's sums stay exact for 900 000 orders at the bound.
    expect(900_000 * MAX_AMOUNT).toBeLessThan(Number.MAX_SAFE_INTEGER);
    // A product's total of its variants, and one move (a count from −MAX_STOCK to MAX_STOCK).
    expect(MAX_VARIANTS * MAX_STOCK).toBeLessThan(INT4_MAX);
    expect(2 * MAX_STOCK).toBeLessThan(INT4_MAX);
  });

  it('give a line at most the units that keep it within MAX_AMOUNT', () => {
    expect(maxLineQuantity(0)).toBe(MAX_QUANTITY);
    expect(maxLineQuantity(1000)).toBe(MAX_QUANTITY);
    expect(maxLineQuantity(MAX_UNIT_PRICE)).toBe(MAX_AMOUNT / MAX_UNIT_PRICE);
    expect(maxLineQuantity(MAX_AMOUNT * 10)).toBe(1);
  });
});

// Figures the way people type them: mostly ordinary, sometimes anywhere up to the bound, or at it.
const figure = (max: number) =>
  fc.oneof(
    { arbitrary: fc.integer({ min: 0, max: 50_000 }), weight: 8 },
    { arbitrary: fc.integer({ min: 0, max }), weight: 1 },
    { arbitrary: fc.constant(max), weight: 1 },
  );
/** Discounts: none, most of the time. */
const discount = (max: number) =>
  fc.oneof({ arbitrary: fc.constant(0), weight: 4 }, { arbitrary: figure(max), weight: 1 });
const quantity = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 20 }), weight: 8 },
  { arbitrary: fc.integer({ min: 1, max: MAX_QUANTITY }), weight: 1 },
  { arbitrary: fc.constant(MAX_QUANTITY), weight: 1 },
);

const expectSafe = (figures: Record<string, number>) => {
  for (const [name, value] of Object.entries(figures)) {
    expect(Number.isSafeInteger(value), `${name} = ${value}`).toBe(true);
    expect(value, name).toBeGreaterThanOrEqual(0);
    expect(value, name).toBeLessThanOrEqual(MAX_AMOUNT);
  }
};

const isRefusal = (error: unknown) => error instanceof AppError && error.status === 422;

describe('any order the schemas accept', () => {
  const variant = (i: number, price: number): SellableVariant => ({
    id: `v${i}`,
    productId: `p${i}`,
    productName: `Produit ${i}`,
    productStatus: 'active',
    categoryIds: [],
    trackStock: false,
    lowStockThreshold: 0,
    optionValues: [],
    sku: null,
    price,
    channelPrice: null,
    costPrice: null,
    stock: 0,
  });

  it('is priced in safe integers within the bound, or refused with a 422', () => {
    let accepted = 0;
    fc.assert(
      fc.property(
        fc.array(figure(MAX_UNIT_PRICE), { minLength: 1, maxLength: 5 }),
        fc.array(fc.record({ at: fc.nat(), quantity, lineDiscount: discount(MAX_AMOUNT) }), {
          minLength: 1,
          maxLength: MAX_LINES,
        }),
        discount(MAX_AMOUNT),
        figure(MAX_AMOUNT),
        (prices, wanted, orderDiscount, deliveryFee) => {
          const variants = new Map(prices.map((price, i) => [`v${i}`, variant(i, price)]));
          const lines = wanted.map((w) => ({
            variantId: `v${w.at % prices.length}`,
            quantity: w.quantity,
            lineDiscount: w.lineDiscount,
          }));
          // The inputs are ones the API lets through.
          const body = ZCreateOrderBody.safeParse({ shopId: 's', lines, orderDiscount, deliveryFee });
          expect(body.success, JSON.stringify(body.error?.issues[0])).toBe(true);
          for (const l of lines) expect(ZOrderLineInput.safeParse(l).success).toBe(true);
          try {
            const priced = priceLines(variants, lines, 'XOF');
            const totals = orderTotals(priced, { orderDiscount, deliveryFee }, 'XOF');
            expectSafe({ ...totals });
            for (const l of priced)
              expectSafe({ unitPrice: l.unitPrice, total: l.total, discount: l.lineDiscount });
            expect(totals.total).toBe(
              totals.subtotal - totals.lineDiscountTotal - totals.orderDiscount + totals.deliveryFee,
            );
            accepted++;
          } catch (error) {
            expect(isRefusal(error), String(error)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
    // Not only refusals: many of the generated orders go through.
    expect(accepted).toBeGreaterThan(30);
  });
});

describe('any till sale the schemas accept', () => {
  it('has safe figures within the bound, or is refused with a 422', () => {
    let accepted = 0;
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ unitPrice: figure(MAX_UNIT_PRICE), quantity, lineDiscount: discount(MAX_AMOUNT) }),
          {
            minLength: 1,
            maxLength: MAX_LINES,
          },
        ),
        fc.option(
          fc.oneof(
            fc.record({ kind: fc.constant('percent' as const), value: fc.integer({ min: 0, max: 100 }) }),
            fc.record({ kind: fc.constant('amount' as const), value: discount(MAX_AMOUNT) }),
          ),
          { nil: null },
        ),
        (lines, discount) => {
          const op = ZSaleOp.parse({
            id: 'op-00000001',
            at: '2026-11-21T09:00:00.000Z',
            type: 'sale',
            sessionId: 'session-0001',
            lines: lines.map((l, i) => ({ variantId: `v${i}`, ...l })),
            discount,
          });
          try {
            // Line discounts past their line are the pipeline's to refuse; the cart's sums are here.
            const figures = cartFigures(op, 'XOF');
            for (const [name, value] of Object.entries(figures))
              expect(Number.isSafeInteger(value), `${name} = ${value}`).toBe(true);
            expect(figures.subtotal).toBeLessThanOrEqual(MAX_AMOUNT);
            accepted++;
          } catch (error) {
            expect(isRefusal(error), String(error)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
    expect(accepted).toBeGreaterThan(30);
  });
});

describe('the till’s cart', () => {
  const line = (i: number, unitPrice: number) => ({
    variantId: `v${i}`,
    productId: `p${i}`,
    productName: `Produit ${i}`,
    variantName: '',
    sku: null,
    imageUrl: null,
    unitPrice,
  });

  it('never holds a line past the bound, whatever is scanned or typed', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc
              .record({
                i: fc.nat(9),
                price: figure(MAX_UNIT_PRICE),
                quantity: fc.integer({ min: 1, max: 10 ** 9 }),
              })
              .map(({ i, price, quantity }): CartAction => ({
                type: 'lineAdded',
                line: line(i, price),
                quantity,
              })),
            fc
              .record({ i: fc.nat(9), quantity: fc.integer({ min: -5, max: 10 ** 12 }) })
              .map(({ i, quantity }): CartAction => ({ type: 'quantitySet', variantId: `v${i}`, quantity })),
          ),
          { maxLength: 30 },
        ),
        (actions) => {
          const cart = actions.reduce(cartReducer, EMPTY_CART);
          for (const l of cart.lines) {
            expect(l.quantity).toBeLessThanOrEqual(MAX_QUANTITY);
            expect(l.unitPrice * l.quantity).toBeLessThanOrEqual(MAX_AMOUNT);
          }
          const totals = cartTotals(cart);
          // Ten lines at the bound at most: the sum is exact, and past the bound the till says so.
          expect(Number.isSafeInteger(totals.gross)).toBe(true);
          expect(cartLimitError(cart, 'XOF') === null).toBe(totals.gross <= MAX_AMOUNT);
        },
      ),
    );
  });

  it('says why, in French, when the cart passes the bound', () => {
    const actions: CartAction[] = [
      { type: 'lineAdded', line: line(1, MAX_UNIT_PRICE), quantity: 10 },
      { type: 'lineAdded', line: line(2, MAX_UNIT_PRICE), quantity: 1 },
    ];
    const cart = actions.reduce(cartReducer, EMPTY_CART);
    expect(cartLimitError(cart, 'XOF')?.replace(/[\u00a0\u202f]/g, ' ')).toBe(
      'Le total dépasse le montant maximal d’une vente (10 000 000 000 FCFA) : répartissez-la en plusieurs ventes.',
    );
    const old = cartReducer(EMPTY_CART, { type: 'lineAdded', line: line(3, MAX_UNIT_PRICE * 2) });
    expect(cartLimitError(old, 'XOF')).toBe(
      'Le prix de «\u00a0Produit 3\u00a0» dépasse le maximum autorisé\u00a0: corrigez-le dans le catalogue.',
    );
  });
});
