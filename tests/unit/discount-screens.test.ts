import { describe, expect, it } from 'vitest';
import {
  periodText,
  suggestCode,
  summaryText,
  usageText,
  valueText,
} from '@/features/discount/client/discount-text';
import { discountFormSchema, discountSummary } from '@/features/discount/client/discount-form-schema';
import {
  emptyDiscountForm,
  formFromDiscount,
  instantOf,
  readDiscountForm,
  type DiscountFormValues,
} from '@/features/discount/client/discount-form';
import { readCapPercent } from '@/features/discount/client/components/StackingRulesCard';
import { ZDiscountInput, type TDiscount } from '@/features/discount/discount.schemas';

const TZ = 'Africa/Dakar';
const NOW = new Date('2026-11-24T12:00:00Z');
const drinks = { categoryIds: ['cat-boissons'] };

describe('valueText: what a discount takes off, as the list says it', () => {
  it('says order, product and delivery values in French', () => {
    expect(valueText({ target: 'order', reduction: { type: 'percentage', percentage: 10 } }, 'XOF')).toBe(
      '−10\u202f% sur la commande',
    );
    expect(valueText({ target: 'order', reduction: { type: 'amount', amount: 2000 } }, 'XOF')).toBe(
      '−2\u202f000\u202fFCFA sur la commande',
    );
    expect(
      valueText(
        { target: 'products', products: drinks, reduction: { type: 'percentage', percentage: 12.5 } },
        'XOF',
      ),
    ).toBe('−12,5\u202f% sur les produits choisis');
    expect(
      valueText({ target: 'products', products: drinks, reduction: { type: 'amount', amount: 500 } }, 'XOF'),
    ).toBe('−500\u202fFCFA par article choisi');
    expect(valueText({ target: 'delivery' }, 'XOF')).toBe('Livraison offerte');
  });

  it('says « 3 pour le prix de 2 » when the same set is bought and given free', () => {
    const bxgy = {
      target: 'buy-x-get-y' as const,
      buy: { quantity: 2, products: drinks },
      get: { quantity: 1, products: drinks, percentage: 100 },
      repeats: true,
    };
    expect(valueText(bxgy, 'XOF')).toBe('3 pour le prix de 2');
    expect(valueText({ ...bxgy, repeats: false }, 'XOF')).toBe('3 pour le prix de 2, une fois par commande');
    expect(valueText({ ...bxgy, get: { ...bxgy.get, percentage: 50 } }, 'XOF')).toBe(
      '2 achetés, 1 à −50\u202f%',
    );
    expect(
      valueText({ ...bxgy, get: { quantity: 2, products: { productIds: ['p'] }, percentage: 100 } }, 'XOF'),
    ).toBe('2 achetés, 2 offerts');
  });
});

describe('summaryText and periodText: the editor’s one line', () => {
  it('reads « −10 % sur la commande dès 10 000 FCFA, du 1er au 31 décembre »', () => {
    expect(
      summaryText(
        {
          value: { target: 'order', reduction: { type: 'percentage', percentage: 10 } },
          conditions: { minSubtotal: 10_000 },
          startsAt: '2026-12-01T00:00:00Z',
          endsAt: '2027-01-01T00:00:00Z',
        },
        'XOF',
        TZ,
        NOW,
      ),
    ).toBe('−10\u202f% sur la commande dès 10\u202f000\u202fFCFA, du 1er au 31 décembre');
  });

  it('names clients, channels, days, hours and the cap per order', () => {
    expect(
      summaryText(
        {
          value: { target: 'delivery' },
          conditions: {
            customers: { type: 'tags', tags: ['VIP'] },
            channels: ['pos', 'whatsapp'],
            weekdays: [6, 7],
            hours: { from: '17:00', to: '19:00' },
          },
          limits: { maxAmountPerOrder: 3000 },
        },
        'XOF',
        TZ,
        NOW,
      ),
    ).toBe(
      'Livraison offerte (au plus 3\u202f000\u202fFCFA par commande), pour les clients «\u00a0VIP\u00a0», au point de vente et sur WhatsApp, le samedi et le dimanche, de 17:00 à 19:00',
    );
  });

  it('writes periods with years and times only when they tell something', () => {
    expect(periodText('2026-12-05T00:00:00Z', null, TZ, NOW)).toBe('à partir du 5 décembre');
    expect(periodText(null, '2027-01-10T18:00:00Z', TZ, NOW)).toBe('jusqu’au 10 janvier 2027 à 18:00');
    expect(periodText('2026-12-20T00:00:00Z', '2027-01-05T23:59:00Z', TZ, NOW)).toBe(
      'du 20 décembre au 5 janvier 2027',
    );
    expect(periodText('2026-12-24T00:00:00Z', '2026-12-25T00:00:00Z', TZ, NOW)).toBe('le 24 décembre');
    expect(periodText(null, null, TZ, NOW)).toBeNull();
  });

  it('counts usage', () => {
    expect(usageText({ orders: 0, revenue: 0, discounted: 0 }, 'XOF')).toBe('Aucune commande');
    expect(usageText({ orders: 3, revenue: 45_000, discounted: 4_500 }, 'XOF')).toBe(
      '3 commandes · 45\u202f000\u202fFCFA de ventes · −4\u202f500\u202fFCFA remisés',
    );
  });

  it('suggests codes the module’s rule takes, without look-alike characters', () => {
    const code = suggestCode();
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(
      ZDiscountInput.safeParse({ name: 'x', kind: 'code', code, value: { target: 'delivery' } }).success,
    ).toBe(true);
  });
});

function form(patch: (f: DiscountFormValues) => void): DiscountFormValues {
  const f = emptyDiscountForm();
  f.name = 'Bienvenue';
  f.code = 'bienvenue10';
  f.value.reduction.percentage = '10';
  patch(f);
  return f;
}

const schema = discountFormSchema('XOF', TZ);
function errorsOf(values: DiscountFormValues): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the editor’s form: the text typed, then the module’s own rule', () => {
  it('reads a code discount into the body the API takes', () => {
    const result = schema.safeParse(
      form((f) => {
        f.conditions.minSubtotal = '10 000';
        f.conditions.channels = ['pos', 'manual'];
        f.startsAt = '2026-12-01T00:00';
        f.endsAt = '2026-12-31T23:59';
      }),
    );
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      kind: 'code',
      code: 'BIENVENUE10',
      value: { target: 'order', reduction: { type: 'percentage', percentage: 10 } },
      conditions: { minSubtotal: 10_000, channels: ['pos', 'manual'], customers: null, weekdays: null },
      startsAt: '2026-12-01T00:00:00.000Z',
      endsAt: '2026-12-31T23:59:00.000Z',
    });
  });

  it('sums up what is typed once its value can be read, by the same rules', () => {
    const typed = form((f) => (f.conditions.minSubtotal = '10 000'));
    expect(discountSummary(typed, 'XOF', TZ)).toMatch(
      /^−10\u202f% sur la commande dès 10\u202f000\u202fFCFA/,
    );
    expect(
      discountSummary(
        form((f) => (f.value.reduction.percentage = '')),
        'XOF',
        TZ,
      ),
    ).toBeNull();
    expect(
      discountSummary(
        form((f) => (f.value.reduction.percentage = '120')),
        'XOF',
        TZ,
      ),
    ).toBeNull();
  });

  it('refuses a percentage of 120 under its field', () => {
    expect(errorsOf(form((f) => (f.value.reduction.percentage = '120')))).toEqual({
      'value.reduction.percentage': 'Le pourcentage doit être compris entre 0 et 100.',
    });
  });

  it('refuses an end before the start under « Fin »', () => {
    expect(
      errorsOf(
        form((f) => {
          f.startsAt = '2026-12-31T00:00';
          f.endsAt = '2026-12-01T00:00';
        }),
      ),
    ).toEqual({ endsAt: 'La fin doit venir après le début.' });
  });

  it('refuses unreadable text, empty sets and no channel, each under its field', () => {
    expect(errorsOf(form((f) => (f.conditions.minSubtotal = 'dix mille')))).toEqual({
      'conditions.minSubtotal': 'Montant invalide.',
    });
    expect(errorsOf(form((f) => (f.conditions.channels = [])))).toEqual({
      'conditions.channels': 'Choisissez au moins un canal de vente.',
    });
    expect(
      errorsOf(
        form((f) => {
          f.kind = 'automatic';
          f.value.target = 'buy-x-get-y';
        }),
      ),
    ).toEqual({
      'value.buy.products': 'Choisissez au moins un produit, une variante ou une catégorie.',
      'value.get.products': 'Choisissez au moins un produit, une variante ou une catégorie.',
    });
  });

  it('reads a « 3 pour 2 » and gives it back from the saved discount', () => {
    const values = form((f) => {
      f.kind = 'automatic';
      f.name = '3 pour 2';
      f.value.target = 'buy-x-get-y';
      const drinksSet = {
        all: false,
        items: [{ type: 'category' as const, id: 'cat-b', label: 'Boissons' }],
      };
      f.value.buy.products = drinksSet;
      f.value.get.products = drinksSet;
      f.conditions.weekdays = [7, 6];
      f.conditions.hours = { from: '17:00', to: '19:00' };
      f.limits.maxAmountPerOrder = '5000';
      f.combinesWith.order = true;
    });
    const result = schema.safeParse(values);
    expect(result.success).toBe(true);
    const body = result.data!;
    expect(body.code).toBeUndefined();
    expect(body.value).toEqual({
      target: 'buy-x-get-y',
      buy: { quantity: 2, products: { productIds: [], variantIds: [], categoryIds: ['cat-b'] } },
      get: {
        quantity: 1,
        products: { productIds: [], variantIds: [], categoryIds: ['cat-b'] },
        percentage: 100,
      },
      repeats: true,
    });
    const saved: TDiscount = {
      id: 'd1',
      name: body.name,
      kind: body.kind,
      type: 'buy-x-get-y',
      code: null,
      generatedCodes: 0,
      value: body.value,
      conditions: body.conditions,
      limits: body.limits,
      combinesWith: body.combinesWith,
      startsAt: null,
      endsAt: null,
      state: 'active',
      archived: false,
      usage: { orders: 0, revenue: 0, discounted: 0 },
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    };
    const back = formFromDiscount(saved, 'XOF', TZ, new Map([['cat-b', 'Boissons']]));
    expect(back.value.buy.products).toEqual(values.value.buy.products);
    expect(back.conditions.weekdays).toEqual([6, 7]);
    expect(back.limits.maxAmountPerOrder).toBe('5000');
    expect(back.conditions.channels).toEqual(['pos', 'manual', 'storefront', 'whatsapp']);
    expect(readDiscountForm(back, 'XOF', TZ).issues).toEqual([]);
  });

  it('reads shop-zone date-times and the cap', () => {
    expect(instantOf('', TZ)).toBeNull();
    expect(instantOf('2026-12-01T08:00', 'Africa/Douala')).toBe('2026-12-01T07:00:00.000Z');
    expect(instantOf('demain', TZ)).toBeUndefined();
    expect(readCapPercent('12,5 %')).toBe(12.5);
    expect(readCapPercent('12,555')).toBe(12.555);
    expect(readCapPercent('douze')).toBeNull();
  });
});
