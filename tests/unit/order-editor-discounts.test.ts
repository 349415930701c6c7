import { describe, expect, it } from 'vitest';
import * as engine from '@/shared/discounts';
import type { Discount } from '@/shared/discounts';
import {
  cartLinesOf,
  priceDraft,
  pricingChannel,
  type DraftInput,
  type DraftLine,
  type DraftPricingSource,
} from '@/features/order/client/draft-pricing';
import { addDiscountCode, codeStates, refusalMessage } from '@/features/order/client/discount-codes';
import { manualPartsOf, orderDiscountRows } from '@/features/order/client/order-discounts';
import {
  MANUAL_LINE_WHY,
  MANUAL_ORDER_WHY,
  hasReductions,
  whyFromDraft,
  whyFromOrder,
} from '@/features/order/client/why-price';
import type { Order } from '@/features/order/client/order.api';

/* The order editor's discounts: its lines as the engine's cart, its live totals, « Codes promo » and « Pourquoi ce prix ? ». */

const threeForTwo: Discount = {
  id: 'd-bxgy',
  name: '3 pour 2',
  kind: 'automatic',
  state: 'active',
  value: {
    target: 'buy-x-get-y',
    buy: { quantity: 2, products: { productIds: ['p-savon'] } },
    get: { quantity: 1, products: { productIds: ['p-savon'] }, percentage: 100 },
    repeats: true,
  },
  combinesWith: { order: true },
};
const welcome: Discount = {
  id: 'd-welcome',
  name: 'Bienvenue',
  kind: 'code',
  codes: ['BIENVENUE10'],
  state: 'active',
  value: { target: 'order', reduction: { type: 'percentage', percentage: 10 } },
  combinesWith: { product: true },
};
const freeDelivery: Discount = {
  id: 'd-livraison',
  name: 'Livraison offerte',
  kind: 'code',
  codes: ['LIVRAISON'],
  state: 'active',
  value: { target: 'delivery' },
  combinesWith: { product: true, order: true },
};
const bySize: Discount = {
  id: 'd-cat',
  name: 'Hygiène −20 %',
  kind: 'automatic',
  state: 'active',
  value: {
    target: 'products',
    products: { categoryIds: ['hygiene'] },
    reduction: { type: 'percentage', percentage: 20 },
  },
};

function source(discounts: Discount[]): DraftPricingSource {
  return {
    engine,
    compiled: engine.compileDiscounts(discounts),
    data: {
      timeZone: 'Africa/Dakar',
      stackCapPercent: 100,
      usage: {},
      categoryAncestors: { savons: ['savons', 'hygiene'] },
    },
  };
}

const savon: DraftLine = {
  variantId: 'v-savon',
  productId: 'p-savon',
  categoryId: 'savons',
  price: 1333,
  quantity: 3,
  lineDiscount: 0,
};
const the: DraftLine = {
  variantId: 'v-the',
  productId: 'p-the',
  categoryId: null,
  price: 2000,
  quantity: 1,
  lineDiscount: 0,
};

function draft(input: Partial<DraftInput>): DraftInput {
  return {
    channel: 'manual',
    lines: [savon],
    orderDiscount: 0,
    deliveryFee: 0,
    codes: [],
    client: null,
    at: new Date('2026-11-24T12:00:00Z'),
    ...input,
  };
}

describe('the editor’s lines as the engine’s cart', () => {
  it('names each line by its index as the server does, with its category and ancestors', () => {
    const cart = cartLinesOf([savon, the, { ...the, variantId: 'v-x', quantity: 0 }], {
      savons: ['savons', 'hygiene'],
    });
    expect(cart).toEqual([
      {
        id: '0',
        variantId: 'v-savon',
        productId: 'p-savon',
        categoryIds: ['savons', 'hygiene'],
        quantity: 3,
        unitPrice: 1333,
      },
      { id: '1', variantId: 'v-the', productId: 'p-the', categoryIds: [], quantity: 1, unitPrice: 2000 },
    ]);
  });

  it('leaves the categories out when the shop has no discount on categories, or the line’s is unknown', () => {
    expect(cartLinesOf([savon], {})[0]!.categoryIds).toEqual([]);
    expect(
      cartLinesOf([{ ...savon, categoryId: undefined }], { savons: ['savons'] })[0]!.categoryIds,
    ).toEqual([]);
  });

  it('prices an order taken on WhatsApp for WhatsApp, every other as « manuelle »', () => {
    expect(pricingChannel('whatsapp')).toBe('whatsapp');
    expect(pricingChannel('phone')).toBe('manual');
  });
});

describe('live totals', () => {
  it('takes the free unit and the code off, then rounds the amount due down to 5 FCFA', () => {
    const priced = priceDraft(draft({ codes: ['bienvenue10'] }), 'XOF', source([threeForTwo, welcome]));
    // 3 × 1 333 = 3 999; one given: 2 666; −10 %: 266,6 → 267; 2 399 → 2 395.
    expect(priced.subtotal).toBe(3999);
    expect(priced.lines[0]).toMatchObject({
      subtotal: 3999,
      promotion: 1333,
      manualDiscount: 0,
      total: 2666,
    });
    expect(priced.lines[0]!.promotions[0]!.why).toMatch(/^3 pour 2\s:\s1 article offert$/);
    expect(priced.promotions.map((a) => [a.discount?.name, a.amount])).toEqual([
      ['3 pour 2', 1333],
      ['Bienvenue', 267],
    ]);
    expect(priced.rounding).toEqual({ amount: 4, why: expect.stringMatching(/^Arrondi au multiple de 5/) });
    expect(priced.total).toBe(2395);
    expect(priced.appliedCodes).toEqual(['BIENVENUE10']);
    expect(priced.isPriced).toBe(true);
  });

  it('applies the agent’s own discounts on what the shop’s leave, then the fee', () => {
    const priced = priceDraft(
      draft({ lines: [{ ...savon, lineDiscount: 100 }, the], orderDiscount: 500, deliveryFee: 1000 }),
      'XOF',
      source([threeForTwo]),
    );
    expect(priced.lines[0]).toMatchObject({ promotion: 1333, manualDiscount: 100, total: 2566 });
    expect(priced.manualDiscount).toBe(600);
    // 3 999 + 2 000 − 1 333 − 600 + 1 000 = 5 066 → 5 065.
    expect(priced.rounding?.amount).toBe(1);
    expect(priced.total).toBe(5065);
  });

  it('never lets the agent’s discounts take a line or the order below zero', () => {
    const priced = priceDraft(
      draft({ lines: [{ ...the, lineDiscount: 5000 }], orderDiscount: 9000 }),
      'XOF',
      source([]),
    );
    expect(priced.lines[0]!.manualDiscount).toBe(2000);
    expect(priced.manualOrderDiscount).toBe(0);
    expect(priced.total).toBe(0);
  });

  it('takes the agent’s remise on a line first and the shop’s discount on what it leaves, as the server', () => {
    const priced = priceDraft(
      draft({ lines: [{ ...savon, lineDiscount: 3000 }] }),
      'XOF',
      source([threeForTwo]),
    );
    expect(priced.lines[0]).toMatchObject({ subtotal: 3999, manualDiscount: 3000, promotion: 999, total: 0 });
    expect(priced.total).toBe(0);
  });

  it('waives the fee for a free-delivery code (« Livraison offerte »)', () => {
    const priced = priceDraft(
      draft({ lines: [the], deliveryFee: 1500, codes: ['LIVRAISON'] }),
      'XOF',
      source([freeDelivery]),
    );
    expect(priced.freeDelivery?.amount).toBe(1500);
    expect(priced.deliveryFee).toBe(1500);
    expect(priced.total).toBe(2000);
  });

  it('reads the line’s categories for a discount on a parent category', () => {
    const priced = priceDraft(draft({ lines: [{ ...savon, quantity: 1 }] }), 'XOF', source([bySize]));
    expect(priced.lines[0]!.promotion).toBe(267);
  });

  it('does not round a total nothing was taken off', () => {
    const priced = priceDraft(draft({ lines: [{ ...the, price: 1333 }] }), 'XOF', source([welcome]));
    expect(priced.rounding).toBeNull();
    expect(priced.total).toBe(1333);
  });

  it('counts the agent’s own discounts only while the shop’s are not in yet', () => {
    const priced = priceDraft(
      draft({ lines: [{ ...savon, lineDiscount: 99 }], codes: ['BIENVENUE10'] }),
      'XOF',
      null,
    );
    expect(priced.isPriced).toBe(false);
    expect(priced.promotions).toEqual([]);
    expect(priced.rounding).toBeNull();
    expect(priced.total).toBe(3900);
  });
});

describe('« Codes promo »', () => {
  it('adds a code trimmed and in upper case, once, five at most, 40 characters at most', () => {
    expect(addDiscountCode([], '  bienvenue10 ')).toEqual({ codes: ['BIENVENUE10'] });
    expect(addDiscountCode(['BIENVENUE10'], 'Bienvenue10')).toEqual({ error: 'Ce code est déjà saisi.' });
    expect(addDiscountCode([], '   ')).toEqual({ error: 'Saisissez un code promo.' });
    expect(addDiscountCode([], 'X'.repeat(41))).toEqual({
      error: 'Un code promo compte au plus 40 caractères.',
    });
    expect(addDiscountCode(['A1', 'A2', 'A3', 'A4', 'A5'], 'A6')).toEqual({
      error: 'Cinq codes au plus par commande.',
    });
  });

  it('says of each code whether it applies, or why not in the engine’s words', () => {
    const priced = priceDraft(
      draft({ codes: ['BIENVENUE10', 'FAUX'] }),
      'XOF',
      source([threeForTwo, welcome]),
    );
    const states = codeStates(['BIENVENUE10', 'FAUX'], priced);
    expect(states).toEqual([
      { code: 'BIENVENUE10', state: 'applied' },
      { code: 'FAUX', state: 'refused', reason: 'Code inconnu' },
    ]);
    expect(refusalMessage(states)).toBe('FAUX\u00a0: Code inconnu');
    expect(codeStates(['FAUX'], priceDraft(draft({ codes: ['FAUX'] }), 'XOF', null))).toEqual([
      { code: 'FAUX', state: 'pending' },
    ]);
    expect(refusalMessage([{ code: 'FAUX', state: 'pending' }])).toBeNull();
  });
});

/** An order as the server answers it after the draft above was saved (contract §2). */
function savedOrder(): Order {
  return {
    id: 'o1',
    number: 1001,
    subtotal: 5999,
    lineDiscountTotal: 1433,
    orderDiscount: 771,
    ownOrderDiscount: 500,
    deliveryFee: 0,
    total: 3795,
    lines: [
      {
        id: 'l-savon',
        productName: 'Savon',
        variantName: '',
        quantity: 3,
        unitPrice: 1333,
        lineDiscount: 1433,
        ownDiscount: 100,
        total: 2566,
      },
      {
        id: 'l-the',
        productName: 'Thé',
        variantName: 'Menthe',
        quantity: 1,
        unitPrice: 2000,
        lineDiscount: 0,
        ownDiscount: 0,
        total: 2000,
      },
    ],
    adjustments: [
      {
        id: 'a1',
        discountId: 'd-bxgy',
        name: '3 pour 2',
        code: null,
        type: 'product',
        amount: 1333,
        why: '3 pour 2\u00a0: 2 achetés, 1 offert',
        lines: [{ lineId: 'l-savon', amount: 1333 }],
      },
      {
        id: 'a2',
        discountId: 'd-welcome',
        name: 'Bienvenue',
        code: 'BIENVENUE10',
        type: 'order',
        amount: 267,
        why: 'Bienvenue (code BIENVENUE10)\u00a0: −10\u202f% sur la commande',
        lines: [
          { lineId: 'l-savon', amount: 123 },
          { lineId: 'l-the', amount: 144 },
        ],
      },
      {
        id: 'a3',
        discountId: 'd-livraison',
        name: 'Livraison offerte',
        code: 'LIVRAISON',
        type: 'delivery',
        amount: 1000,
        why: 'Livraison offerte (code LIVRAISON)\u00a0: livraison offerte',
        lines: [],
      },
      {
        id: 'a4',
        discountId: null,
        name: 'Arrondi',
        code: null,
        type: 'rounding',
        amount: 4,
        why: 'Arrondi au multiple de 5\u202fFCFA inférieur, en faveur du client',
        lines: [],
      },
    ],
    discountCodes: ['BIENVENUE10', 'LIVRAISON'],
  } as unknown as Order;
}

describe('an order’s discounts, read from its snapshot', () => {
  it('gives the editor the agent’s own discounts and the fee before it was waived', () => {
    expect(manualPartsOf(savedOrder())).toEqual({
      lineDiscounts: [100, 0],
      orderDiscount: 500,
      deliveryFee: 1000,
    });
  });

  it('names each discount in the totals, the agent’s apart, then free delivery and the rounding', () => {
    expect(orderDiscountRows(savedOrder())).toEqual({
      promotions: [
        { key: 'a1', label: '3 pour 2', amount: 1333 },
        { key: 'a2', label: 'Bienvenue (BIENVENUE10)', amount: 267 },
      ],
      manualDiscount: 600,
      deliveryFee: 1000,
      freeDelivery: { label: 'Livraison offerte (LIVRAISON)', amount: 1000 },
      rounding: 4,
    });
  });
});

describe('« Pourquoi ce prix ? »', () => {
  it('groups the order page’s snapshot by line, then the order, the delivery and the rounding', () => {
    const view = whyFromOrder(savedOrder());
    expect(view.lines).toEqual([
      {
        key: 'l-savon',
        label: 'Savon',
        quantity: 3,
        subtotal: 3999,
        items: [
          { key: 'a1', why: '3 pour 2\u00a0: 2 achetés, 1 offert', amount: 1333 },
          { key: 'manual', why: MANUAL_LINE_WHY, amount: 100 },
        ],
        total: 2566,
      },
      { key: 'l-the', label: 'Thé (Menthe)', quantity: 1, subtotal: 2000, items: [], total: 2000 },
    ]);
    expect(view.order.map((i) => [i.why, i.amount])).toEqual([
      ['Bienvenue (code BIENVENUE10)\u00a0: −10\u202f% sur la commande', 267],
      [MANUAL_ORDER_WHY, 500],
    ]);
    expect(view.delivery).toEqual({ fee: 1000, waived: expect.objectContaining({ amount: 1000 }) });
    expect(view.rounding).toMatchObject({ amount: 4 });
    expect(view.total).toBe(3795);
    expect(hasReductions(view)).toBe(true);
  });

  it('shows the editor’s live answer the same way, per line with the engine’s own « why »', () => {
    const priced = priceDraft(
      draft({ lines: [savon, the], codes: ['BIENVENUE10'], orderDiscount: 500 }),
      'XOF',
      source([threeForTwo, welcome]),
    );
    const view = whyFromDraft(priced, [
      { label: 'Savon', quantity: 3 },
      { label: 'Thé (Menthe)', quantity: 1 },
    ]);
    expect(view.lines[0]!.items.map((i) => i.why)).toEqual([
      expect.stringMatching(/^3 pour 2\s:\s1 article offert$/),
    ]);
    expect(view.lines[1]!.items).toEqual([]);
    expect(view.order.map((i) => i.why)).toEqual([
      expect.stringMatching(/^Bienvenue \(code BIENVENUE10\)\s:\s−10\s%/),
      MANUAL_ORDER_WHY,
    ]);
    expect(view.delivery).toBeNull();
    expect(view.total).toBe(priced.total);
  });

  it('has nothing to explain for an order at catalogue prices', () => {
    const priced = priceDraft(draft({ lines: [the] }), 'XOF', source([welcome]));
    expect(hasReductions(whyFromDraft(priced, [{ label: 'Thé', quantity: 1 }]))).toBe(false);
  });
});
