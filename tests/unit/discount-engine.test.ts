import { describe, expect, it } from 'vitest';
import {
  applyDiscounts,
  compileDiscounts,
  discountStateAt,
  type CartLine,
  type Discount,
  type PricingInput,
} from '@/shared/discounts';

// 2025-06-02 is a Monday; Dakar is on UTC all year, Douala one hour ahead.
const MONDAY_NOON = '2025-06-02T12:00:00Z';
const NBSP = '\u00a0';
const NNBSP = '\u202f';

function line(
  id: string,
  unitPrice: number,
  quantity = 1,
  categoryIds: string[] = [],
  productId = `p-${id}`,
): CartLine {
  return { id, productId, variantId: `v-${id}`, categoryIds, quantity, unitPrice };
}

function discount(over: Partial<Discount> & Pick<Discount, 'id' | 'value'>): Discount {
  return { name: over.id, kind: 'automatic', state: 'active', combinesWith: {}, ...over };
}

function code(id: string, codeText: string, over: Partial<Discount> & Pick<Discount, 'value'>): Discount {
  return discount({ id, name: id, kind: 'code', codes: [codeText], ...over });
}

const tenPercentOff = { target: 'order', reduction: { type: 'percentage', percentage: 10 } } as const;

function price(discounts: Discount[], input: Partial<PricingInput>) {
  return applyDiscounts(compileDiscounts(discounts), {
    lines: [],
    channel: 'manual',
    at: MONDAY_NOON,
    timeZone: 'Africa/Dakar',
    currency: 'XOF',
    ...input,
  });
}

const reasonOf = (result: ReturnType<typeof price>, codeText: string) =>
  result.refusedCodes.find((r) => r.code.toUpperCase() === codeText.toUpperCase())?.reason;

describe('discount engine: values', () => {
  it('takes a percentage off the order and spreads it over the lines by their weight', () => {
    const result = price([discount({ id: 'd', value: tenPercentOff })], {
      lines: [line('a', 3000), line('b', 7000)],
    });
    expect(result.totals).toMatchObject({
      subtotal: 10_000,
      discount: 1000,
      orderDiscount: 1000,
      total: 9000,
    });
    expect(result.lines.map((l) => l.discount)).toEqual([300, 700]);
    expect(result.adjustments[0]).toMatchObject({
      type: 'order',
      amount: 1000,
      why: `d${NBSP}: −10${NNBSP}% sur la commande`,
    });
  });

  it('spreads a fixed order amount by largest remainder, ties to the first line id', () => {
    const result = price(
      [discount({ id: 'd', value: { target: 'order', reduction: { type: 'amount', amount: 100 } } })],
      {
        lines: [line('c', 1000), line('a', 1000), line('b', 1000)],
      },
    );
    expect(result.lines.map((l) => [l.lineId, l.discount])).toEqual([
      ['a', 34],
      ['b', 33],
      ['c', 33],
    ]);
    expect(result.adjustments[0]!.lines).toEqual([
      { lineId: 'a', amount: 34 },
      { lineId: 'b', amount: 33 },
      { lineId: 'c', amount: 33 },
    ]);
  });

  it('takes a percentage off chosen products, variants or categories only', () => {
    const lines = [
      line('a', 1000, 2, ['robes']),
      line('b', 2000),
      { ...line('c', 500), variantId: 'v-rouge' },
    ];
    const off = (products: object) =>
      price(
        [
          discount({
            id: 'd',
            value: { target: 'products', products, reduction: { type: 'percentage', percentage: 20 } },
          }),
        ],
        {
          lines,
        },
      ).lines.map((l) => l.discount);
    expect(off({ categoryIds: ['robes'] })).toEqual([400, 0, 0]);
    expect(off({ productIds: ['p-b'] })).toEqual([0, 400, 0]);
    expect(off({ variantIds: ['v-rouge'] })).toEqual([0, 0, 100]);
    expect(off({ all: true })).toEqual([400, 400, 100]);
  });

  it('takes an amount off every unit, never more than the line, or once shared by the lines', () => {
    const lines = [line('a', 1000, 3), line('b', 300, 2)];
    const perUnit = price(
      [
        discount({
          id: 'd',
          value: { target: 'products', products: { all: true }, reduction: { type: 'amount', amount: 500 } },
        }),
      ],
      { lines },
    );
    expect(perUnit.lines.map((l) => l.discount)).toEqual([1500, 600]);
    expect(perUnit.lines[0]!.adjustments[0]!.why).toBe(`d${NBSP}: −500${NNBSP}FCFA par article`);
    const shared = price(
      [
        discount({
          id: 'd',
          value: {
            target: 'products',
            products: { all: true },
            reduction: { type: 'amount', amount: 720 },
            amountPer: 'order',
          },
        }),
      ],
      { lines },
    );
    expect(shared.lines.map((l) => l.discount)).toEqual([600, 120]);
  });

  it('offers the delivery', () => {
    const freeDelivery = code('d', 'LIVRAISON', { value: { target: 'delivery' } });
    const result = price([freeDelivery], {
      lines: [line('a', 5000)],
      deliveryFee: 1500,
      codes: ['livraison'],
    });
    expect(result.totals).toMatchObject({ delivery: 1500, deliveryDiscount: 1500, total: 5000 });
    expect(result.adjustments).toEqual([
      {
        type: 'delivery',
        discount: { id: 'd', name: 'd', code: 'LIVRAISON' },
        amount: 1500,
        why: `d (code LIVRAISON)${NBSP}: livraison offerte`,
        lines: [],
      },
    ]);
    const noFee = price([freeDelivery], { lines: [line('a', 5000)], codes: ['LIVRAISON'] });
    expect(reasonOf(noFee, 'LIVRAISON')).toBe('Cette commande n’a pas de frais de livraison');
  });
});

describe('discount engine: buy X get Y', () => {
  const threeForTwo = (repeats: boolean, percentage = 100) =>
    discount({
      id: 'trois-pour-deux',
      name: '3 pour 2',
      value: {
        target: 'buy-x-get-y',
        buy: { quantity: 2, products: { categoryIds: ['t'] } },
        get: { quantity: 1, products: { categoryIds: ['t'] }, percentage },
        repeats,
      },
    });
  const tShirts = [
    line('a', 5000, 3, ['t']),
    line('b', 2000, 2, ['t']),
    line('c', 3000, 2, ['t']),
    line('x', 1000),
  ];

  it('repeats, the cheapest units given first', () => {
    // 7 t-shirts: two groups of three, the two cheapest (2 000 each) given.
    const result = price([threeForTwo(true)], { lines: tShirts });
    expect(result.lines.map((l) => l.discount)).toEqual([0, 4000, 0, 0]);
    expect(result.lines[1]!.adjustments[0]!.why).toBe(`3 pour 2${NBSP}: 2 articles offerts`);
    expect(result.adjustments[0]!.why).toBe(`3 pour 2${NBSP}: 2 achetés, 1 offert`);
  });

  it('applies once, or at a percentage off', () => {
    expect(price([threeForTwo(false)], { lines: tShirts }).totals.discount).toBe(2000);
    expect(price([threeForTwo(true, 50)], { lines: tShirts }).totals.discount).toBe(2000);
  });

  it('needs the whole group: two units give nothing', () => {
    expect(price([threeForTwo(true)], { lines: [line('a', 5000, 2, ['t'])] }).totals.discount).toBe(0);
  });

  it('buys from one set and gives from another, units in both serving where they help', () => {
    const bxgy = discount({
      id: 'd',
      value: {
        target: 'buy-x-get-y',
        buy: { quantity: 2, products: { categoryIds: ['chemises'] } },
        get: { quantity: 1, products: { categoryIds: ['chemises', 'cravates'] }, percentage: 100 },
        repeats: true,
      },
    });
    // 3 shirts (one cheap) and one tie: 1 group only (3 shirts + 1 tie = 4 units, groups of 3);
    // the tie is given (cheaper than any shirt that is not needed as a buy).
    const result = price([bxgy], {
      lines: [
        line('s1', 8000, 2, ['chemises']),
        line('s2', 4000, 1, ['chemises']),
        line('tie', 2500, 1, ['cravates']),
      ],
    });
    expect(result.lines.map((l) => [l.lineId, l.discount])).toEqual([
      ['s1', 0],
      ['s2', 0],
      ['tie', 2500],
    ]);
    // Without the tie, the cheapest shirt is given.
    const shirts = price([bxgy], {
      lines: [line('s1', 8000, 2, ['chemises']), line('s2', 4000, 1, ['chemises'])],
    });
    expect(shirts.lines.map((l) => l.discount)).toEqual([0, 4000]);
  });
});

describe('discount engine: conditions and refusals', () => {
  const cart = { lines: [line('a', 6000), line('b', 2000)] };
  const priceCode = (over: Partial<Discount>, input: Partial<PricingInput> = {}) =>
    price([code('d', 'BIENVENUE10', { value: tenPercentOff, ...over })], {
      ...cart,
      codes: ['bienvenue10'],
      ...input,
    });

  it('applies a code typed in any case, and says why an unknown one is refused', () => {
    const result = priceCode({}, { codes: [' Bienvenue10 ', 'NOPE'] });
    expect(result.appliedCodes).toEqual(['BIENVENUE10']);
    expect(result.totals.discount).toBe(800);
    expect(result.refusedCodes).toEqual([{ code: 'NOPE', reason: 'Code inconnu' }]);
  });

  it('refuses a draft, disabled, expired or not yet valid code', () => {
    expect(reasonOf(priceCode({ state: 'draft' }), 'BIENVENUE10')).toBe('Code inconnu');
    expect(reasonOf(priceCode({ state: 'disabled' }), 'BIENVENUE10')).toBe('Ce code est désactivé');
    expect(reasonOf(priceCode({ state: 'expired' }), 'BIENVENUE10')).toBe('Code expiré');
    expect(reasonOf(priceCode({ endsAt: '2025-06-02T12:00:00Z' }), 'BIENVENUE10')).toBe('Code expiré');
    expect(
      reasonOf(
        priceCode({ state: 'scheduled', startsAt: '2025-06-03T07:30:00Z' }, { timeZone: 'Africa/Douala' }),
        'BIENVENUE10',
      ),
    ).toBe('Ce code sera valable à partir du 03-06-2025, 08:30');
    expect(priceCode({ state: 'scheduled', startsAt: '2025-06-02T11:59:00Z' }).appliedCodes).toEqual([
      'BIENVENUE10',
    ]);
  });

  it('checks the minimum amount and quantity', () => {
    expect(reasonOf(priceCode({ conditions: { minSubtotal: 10_000 } }), 'BIENVENUE10')).toBe(
      `Montant minimum${NBSP}: 10${NNBSP}000${NNBSP}FCFA`,
    );
    expect(priceCode({ conditions: { minSubtotal: 8000 } }).appliedCodes).toEqual(['BIENVENUE10']);
    expect(reasonOf(priceCode({ conditions: { minQuantity: 3 } }), 'BIENVENUE10')).toBe(
      `Quantité minimum${NBSP}: 3 articles`,
    );
  });

  it('checks the client: ids, tags, first order, none', () => {
    const awa = { id: 'awa', phone: '+221770000001', tags: ['vip'], isFirstOrder: false };
    expect(
      priceCode({ conditions: { customers: { type: 'ids', ids: ['awa'] } } }, { client: awa }).appliedCodes,
    ).toHaveLength(1);
    expect(
      reasonOf(
        priceCode({ conditions: { customers: { type: 'ids', ids: ['moussa'] } } }, { client: awa }),
        'BIENVENUE10',
      ),
    ).toBe('Ce code n’est pas valable pour ce client');
    expect(
      priceCode({ conditions: { customers: { type: 'tags', tags: ['vip'] } } }, { client: awa }).appliedCodes,
    ).toHaveLength(1);
    expect(
      reasonOf(
        priceCode({ conditions: { customers: { type: 'tags', tags: ['pro'] } } }, { client: awa }),
        'BIENVENUE10',
      ),
    ).toBe('Ce code n’est pas valable pour ce client');
    expect(
      reasonOf(
        priceCode({ conditions: { customers: { type: 'first-order' } } }, { client: awa }),
        'BIENVENUE10',
      ),
    ).toBe('Ce code est réservé à la première commande');
    expect(
      priceCode(
        { conditions: { customers: { type: 'first-order' } } },
        { client: { ...awa, isFirstOrder: true } },
      ).appliedCodes,
    ).toHaveLength(1);
    expect(
      reasonOf(priceCode({ conditions: { customers: { type: 'tags', tags: ['vip'] } } }), 'BIENVENUE10'),
    ).toBe('Ce code demande un client identifié');
  });

  it('checks the channel, the days and the hours in the shop’s time zone', () => {
    expect(
      reasonOf(priceCode({ conditions: { channels: ['storefront'] } }, { channel: 'pos' }), 'BIENVENUE10'),
    ).toBe('Ce code n’est pas valable au point de vente');
    expect(priceCode({ conditions: { channels: ['pos'] } }, { channel: 'pos' }).appliedCodes).toHaveLength(1);
    expect(reasonOf(priceCode({ conditions: { weekdays: [7, 6] } }), 'BIENVENUE10')).toBe(
      'Ce code n’est valable que le samedi et le dimanche',
    );
    expect(priceCode({ conditions: { weekdays: [1] } }).appliedCodes).toHaveLength(1);
    // Noon UTC is 13:00 in Douala: inside 13:00–14:00 there, outside it in Dakar.
    const happyHour = { conditions: { hours: { from: '13:00', to: '14:00' } } };
    expect(priceCode(happyHour, { timeZone: 'Africa/Douala' }).appliedCodes).toHaveLength(1);
    expect(reasonOf(priceCode(happyHour), 'BIENVENUE10')).toBe('Ce code n’est valable que de 13:00 à 14:00');
    const overMidnight = { conditions: { hours: { from: '22:00', to: '02:00' } } };
    expect(priceCode(overMidnight, { at: '2025-06-02T01:00:00Z' }).appliedCodes).toHaveLength(1);
    expect(priceCode(overMidnight).appliedCodes).toHaveLength(0);
  });

  it('counts uses: in all, per client phone, per generated code', () => {
    const client = { id: 'awa', phone: '+221770000001' };
    const limited = { limits: { totalUses: 100 } };
    expect(reasonOf(priceCode(limited, { usage: { d: { total: 100 } } }), 'BIENVENUE10')).toBe(
      'Ce code a atteint sa limite d’utilisations',
    );
    expect(priceCode(limited, { usage: { d: { total: 99 } } }).appliedCodes).toHaveLength(1);
    const once = { limits: { usesPerClient: 1 } };
    expect(
      reasonOf(
        priceCode(once, { client, usage: { d: { total: 5, byPhone: { '+221770000001': 1 } } } }),
        'BIENVENUE10',
      ),
    ).toBe('Ce code a déjà été utilisé par ce client');
    expect(
      reasonOf(priceCode(once, { client: { ...client, usesByDiscount: { d: 1 } } }), 'BIENVENUE10'),
    ).toBe('Ce code a déjà été utilisé par ce client');
    expect(reasonOf(priceCode(once), 'BIENVENUE10')).toBe('Ce code demande un client identifié');
    const bulk = code('d', 'A1', { codes: ['A1', 'B2'], value: tenPercentOff, limits: { usesPerCode: 1 } });
    const used = { d: { total: 1, byCode: { A1: 1 } } };
    expect(reasonOf(price([bulk], { ...cart, codes: ['a1'], usage: used }), 'A1')).toBe(
      'Ce code a déjà été utilisé',
    );
    expect(price([bulk], { ...cart, codes: ['b2'], usage: used }).appliedCodes).toEqual(['B2']);
    expect(reasonOf(price([bulk], { ...cart, codes: ['a1', 'b2'] }), 'B2')).toBe(
      'Cette réduction est déjà appliquée par un autre code',
    );
  });

  it('keeps a discount within its maximum per order, and says so', () => {
    const result = priceCode({
      value: { target: 'order', reduction: { type: 'percentage', percentage: 50 } },
      limits: { maxAmountPerOrder: 1500 },
    });
    expect(result.totals.discount).toBe(1500);
    expect(result.adjustments[0]!.why).toBe(
      `d (code BIENVENUE10)${NBSP}: −50${NNBSP}% sur la commande (plafonnée à 1${NNBSP}500${NNBSP}FCFA)`,
    );
  });

  it('refuses a products code matching no line', () => {
    const result = price(
      [
        code('d', 'ROBES', {
          value: {
            target: 'products',
            products: { categoryIds: ['robes'] },
            reduction: { type: 'percentage', percentage: 10 },
          },
        }),
      ],
      { ...cart, codes: ['ROBES'] },
    );
    expect(reasonOf(result, 'ROBES')).toBe('Ce code ne s’applique à aucun article du panier');
  });

  it('skips an automatic discount whose conditions fail, silently', () => {
    const result = price(
      [discount({ id: 'd', value: tenPercentOff, conditions: { minSubtotal: 50_000 } })],
      cart,
    );
    expect(result.totals.discount).toBe(0);
    expect(result.refusedCodes).toEqual([]);
  });
});

describe('discount engine: combinations', () => {
  const robes = (percentage: number, combinesWith: Discount['combinesWith'], id = 'soldes') =>
    discount({
      id,
      name: 'Soldes d’été',
      value: {
        target: 'products',
        products: { categoryIds: ['robes'] },
        reduction: { type: 'percentage', percentage },
      },
      combinesWith,
    });
  const bienvenue = (combinesWith: Discount['combinesWith']) =>
    code('bienvenue', 'BIENVENUE10', { name: 'Bienvenue', value: tenPercentOff, combinesWith });
  const cart = { lines: [line('a', 10_000, 1, ['robes']), line('b', 5000)], codes: ['BIENVENUE10'] };

  it('stacks a product and an order discount when both allow it, the order one on what is left', () => {
    const result = price([robes(20, { order: true }), bienvenue({ product: true })], cart);
    // 20 % of 10 000, then 10 % of (8 000 + 5 000).
    expect(result.totals).toMatchObject({ productDiscount: 2000, orderDiscount: 1300, discount: 3300 });
    expect(result.appliedCodes).toEqual(['BIENVENUE10']);
    expect(result.lines[0]!.adjustments.map((a) => a.type)).toEqual(['product', 'order']);
  });

  it('keeps the best for the customer when one side refuses, and names the discount the code does not stack with', () => {
    const result = price([robes(20, { order: true }), bienvenue({})], cart);
    expect(result.totals.discount).toBe(2000);
    expect(result.refusedCodes).toEqual([
      { code: 'BIENVENUE10', reason: `Ce code ne se cumule pas avec «${NBSP}Soldes d’été${NBSP}»` },
    ]);
    const better = price([robes(5, {}), bienvenue({})], cart);
    expect(better.totals.discount).toBe(1500);
    expect(better.appliedCodes).toEqual(['BIENVENUE10']);
  });

  it('says when a typed code is left for a better offer or by the shop cap', () => {
    const five = code('cinq', 'CINQ', {
      value: { target: 'order', reduction: { type: 'percentage', percentage: 5 } },
    });
    const result = price([bienvenue({}), five], { ...cart, codes: ['CINQ', 'BIENVENUE10'] });
    expect(result.appliedCodes).toEqual(['BIENVENUE10']);
    expect(reasonOf(result, 'CINQ')).toBe(`Ce code ne se cumule pas avec «${NBSP}Bienvenue${NBSP}»`);
    // Combinable, but the line keeps its best product discount.
    const tenOnRobes = code('dix', 'DIX', {
      value: {
        target: 'products',
        products: { categoryIds: ['robes'] },
        reduction: { type: 'percentage', percentage: 10 },
      },
      combinesWith: { product: true },
    });
    const lost = price([robes(20, { product: true }), tenOnRobes], { ...cart, codes: ['DIX'] });
    expect(reasonOf(lost, 'DIX')).toBe('Une réduction plus avantageuse s’applique déjà');
    const capped = price([bienvenue({})], { ...cart, stackCapPercent: 0 });
    expect(reasonOf(capped, 'BIENVENUE10')).toBe('Le plafond des réductions de la boutique est atteint');
  });

  it('gives a line only its best product discount, other lines keeping theirs', () => {
    const lines = [line('a', 10_000, 1, ['robes']), line('b', 10_000, 1, ['robes'], 'p-star')];
    const star = discount({
      id: 'star',
      value: {
        target: 'products',
        products: { productIds: ['p-star'] },
        reduction: { type: 'percentage', percentage: 30 },
      },
      combinesWith: { product: true },
    });
    const result = price([robes(20, { product: true }), star], { lines });
    expect(result.lines.map((l) => l.discount)).toEqual([2000, 3000]);
    // Not combinable: the set worth the most wins (20 % on both beats 30 % on one).
    expect(price([robes(20, {}), { ...star, combinesWith: {} }], { lines }).totals.discount).toBe(4000);
  });

  it('stacks order discounts that all allow it, each on the same base', () => {
    const a = discount({ id: 'a', value: tenPercentOff, combinesWith: { order: true } });
    const b = discount({
      id: 'b',
      value: { target: 'order', reduction: { type: 'amount', amount: 500 } },
      combinesWith: { order: true },
    });
    expect(price([a, b], { lines: [line('x', 10_000)] }).totals.discount).toBe(1500);
    expect(price([a, { ...b, combinesWith: {} }], { lines: [line('x', 10_000)] }).totals.discount).toBe(1000);
  });

  it('breaks ties the same way whatever the order of the discounts', () => {
    const a = discount({ id: 'a', value: tenPercentOff });
    const b = discount({ id: 'b', value: tenPercentOff });
    const one = price([a, b], { lines: [line('x', 10_000)] });
    const other = price([b, a], { lines: [line('x', 10_000)] });
    expect(one).toEqual(other);
    expect(one.adjustments.map((x) => x.discount?.id)).toEqual(['a']);
  });
});

describe('discount engine: cap and rounding', () => {
  it('never lets stacked discounts pass the shop cap, and says so', () => {
    const a = discount({
      id: 'a',
      value: {
        target: 'products',
        products: { all: true },
        reduction: { type: 'percentage', percentage: 40 },
      },
      combinesWith: { order: true },
    });
    const b = discount({
      id: 'b',
      value: { target: 'order', reduction: { type: 'percentage', percentage: 50 } },
      combinesWith: { product: true },
    });
    const result = price([a, b], { lines: [line('x', 10_000)], stackCapPercent: 50 });
    expect(result.totals).toMatchObject({
      productDiscount: 4000,
      orderDiscount: 1000,
      discount: 5000,
      total: 5000,
    });
    expect(result.adjustments[1]!.why).toBe(
      `b${NBSP}: −50${NNBSP}% sur la commande (plafond de la boutique${NBSP}: 50${NNBSP}% de la commande)`,
    );
    expect(price([a, b], { lines: [line('x', 10_000)], stackCapPercent: 30 }).totals).toMatchObject({
      productDiscount: 3000,
      orderDiscount: 0,
    });
  });

  it('never makes the order negative', () => {
    const big = discount({
      id: 'big',
      value: { target: 'order', reduction: { type: 'amount', amount: 50_000 } },
    });
    expect(price([big], { lines: [line('x', 10_000)] }).totals).toMatchObject({ discount: 10_000, total: 0 });
  });

  it('rounds what XOF and XAF customers pay down to 5, as its own line; not in euros', () => {
    const result = price(
      [discount({ id: 'd', value: { target: 'order', reduction: { type: 'percentage', percentage: 3 } } })],
      {
        lines: [line('x', 10_333)],
      },
    );
    // 10 333 − 310 = 10 023 → 10 020.
    expect(result.totals).toMatchObject({ discount: 310, rounding: 3, total: 10_020 });
    expect(result.adjustments.at(-1)).toEqual({
      type: 'rounding',
      discount: null,
      amount: 3,
      why: `Arrondi au multiple de 5${NNBSP}FCFA inférieur, en faveur du client`,
      lines: [],
    });
    expect(price([], { lines: [line('x', 999)], currency: 'XAF' }).totals.total).toBe(995);
    expect(price([], { lines: [line('x', 999)], currency: 'EUR' }).totals).toMatchObject({
      rounding: 0,
      total: 999,
    });
  });
});

describe('discount engine: determinism and state', () => {
  it('gives the same result whatever the order of lines and codes', () => {
    const discounts = [
      discount({ id: 'a', value: { target: 'order', reduction: { type: 'amount', amount: 1001 } } }),
      code('b', 'B', {
        value: {
          target: 'products',
          products: { all: true },
          reduction: { type: 'percentage', percentage: 7 },
        },
        combinesWith: { order: true },
      }),
    ];
    const lines = [line('a', 1234, 3), line('b', 999, 2), line('c', 5555)];
    const one = price(discounts, { lines, codes: ['B', 'X'] });
    const other = price(discounts, { lines: [...lines].reverse(), codes: ['x', 'b'] });
    expect(other).toEqual(one);
  });

  it('refuses two lines with one id', () => {
    expect(() => price([], { lines: [line('a', 1), line('a', 2)] })).toThrow();
  });

  it('tells the state at an instant', () => {
    const base = { startsAt: '2025-06-01T00:00:00Z', endsAt: '2025-07-01T00:00:00Z' };
    expect(discountStateAt({ ...base, state: 'scheduled' }, MONDAY_NOON)).toBe('active');
    expect(discountStateAt({ ...base, state: 'active' }, '2025-05-01T00:00:00Z')).toBe('scheduled');
    expect(discountStateAt({ ...base, state: 'active' }, '2025-07-01T00:00:00Z')).toBe('expired');
    expect(discountStateAt({ ...base, state: 'disabled' }, MONDAY_NOON)).toBe('disabled');
  });
});
