import { ZId, z } from '@/shared/validation';
import { ZPositiveAmount, ZQuantity } from '@/shared/bounded-schemas';
import type { Discount, DiscountClient, DiscountUsage } from '@/shared/discounts/types';
import { DISCOUNT_STATES, DISCOUNT_TYPES, stackCapPercentError } from './discount.constants';

export * from './discount.constants';

/* What the Réductions forms send and the API checks: the engine's Discount (src/shared/discounts). */

/** Letters A–Z, digits and « - » or « _ », 3 to 32 of them; stored in upper case. */
export const ZDiscountCode = z
  .string()
  .trim()
  .transform((code) => code.toUpperCase())
  .pipe(
    z
      .string()
      .min(3, { error: 'Le code doit compter au moins 3 caractères.' })
      .max(32, { error: 'Le code doit compter au plus 32 caractères.' })
      .regex(/^[A-Z0-9_-]+$/, {
        error: 'Le code ne peut contenir que des lettres sans accents, des chiffres, « - » et « _ ».',
      }),
  );

const ZPercentage = z
  .number({ error: 'Indiquez un pourcentage.' })
  .min(0.01, { error: 'Le pourcentage doit être compris entre 0 et 100.' })
  .max(100, { error: 'Le pourcentage doit être compris entre 0 et 100.' })
  .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, {
    message: 'Deux décimales au plus.',
  });

const ZReduction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('percentage'), percentage: ZPercentage }),
  z.object({ type: z.literal('amount'), amount: ZPositiveAmount }),
]);

const ZIds = z.array(ZId).max(500).optional();
const ZSelection = z.object({
  all: z.boolean().optional(),
  productIds: ZIds,
  variantIds: ZIds,
  categoryIds: ZIds,
});
const isEmpty = (s: z.infer<typeof ZSelection>) =>
  !s.all && !s.productIds?.length && !s.variantIds?.length && !s.categoryIds?.length;
const EMPTY_SET = 'Choisissez au moins un produit, une variante ou une catégorie.';

export const ZDiscountValue = z.discriminatedUnion('target', [
  z.object({ target: z.literal('order'), reduction: ZReduction }),
  z.object({
    target: z.literal('products'),
    products: ZSelection.refine((s) => !isEmpty(s), { message: EMPTY_SET }),
    reduction: ZReduction,
    amountPer: z.enum(['unit', 'order']).optional(),
  }),
  z.object({ target: z.literal('delivery') }),
  z.object({
    target: z.literal('buy-x-get-y'),
    buy: z.object({
      quantity: ZQuantity,
      products: ZSelection.refine((s) => !isEmpty(s), { message: EMPTY_SET }),
    }),
    get: z.object({
      quantity: ZQuantity,
      products: ZSelection.refine((s) => !isEmpty(s), { message: EMPTY_SET }),
      percentage: ZPercentage,
    }),
    repeats: z.boolean(),
  }),
]);

const ZHour = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Heure invalide (HH:mm).' });

export const ZDiscountConditions = z.object({
  minSubtotal: ZPositiveAmount.nullish(),
  minQuantity: ZQuantity.nullish(),
  customers: z
    .discriminatedUnion('type', [
      z.object({ type: z.literal('all') }),
      z.object({ type: z.literal('ids'), ids: z.array(ZId).min(1).max(500) }),
      z.object({ type: z.literal('tags'), tags: z.array(z.string().trim().min(1).max(60)).min(1).max(50) }),
      z.object({ type: z.literal('first-order') }),
    ])
    .nullish(),
  channels: z
    .array(z.enum(['pos', 'manual', 'storefront', 'whatsapp']))
    .max(4)
    .nullish(),
  weekdays: z.array(z.number().int().min(1).max(7)).max(7).nullish(),
  hours: z.object({ from: ZHour, to: ZHour }).nullish(),
});

const ZUses = z.number().int().min(1, { error: 'La limite doit être au moins 1.' }).max(1_000_000_000);
export const ZDiscountLimits = z.object({
  totalUses: ZUses.nullish(),
  usesPerClient: ZUses.nullish(),
  usesPerCode: ZUses.nullish(),
  maxAmountPerOrder: ZPositiveAmount.nullish(),
});

export const ZDiscountInput = z
  .object({
    name: z.string().trim().min(1).max(120),
    kind: z.enum(['code', 'automatic']),
    /** The code everyone types; required for a code discount (generated codes come later). */
    code: ZDiscountCode.optional(),
    value: ZDiscountValue,
    conditions: ZDiscountConditions.nullish(),
    limits: ZDiscountLimits.nullish(),
    combinesWith: z
      .object({
        order: z.boolean().optional(),
        product: z.boolean().optional(),
        delivery: z.boolean().optional(),
      })
      .nullish(),
    startsAt: z.iso.datetime({ offset: true, error: 'Date invalide.' }).nullish(),
    endsAt: z.iso.datetime({ offset: true, error: 'Date invalide.' }).nullish(),
    draft: z.boolean().default(false),
  })
  .superRefine((input, ctx) => {
    if (input.startsAt && input.endsAt && Date.parse(input.endsAt) <= Date.parse(input.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'La fin doit venir après le début.' });
    if (input.kind === 'code' && !input.code)
      ctx.addIssue({ code: 'custom', path: ['code'], message: 'Indiquez le code que les clients taperont.' });
    if (input.kind === 'automatic' && input.code)
      ctx.addIssue({ code: 'custom', path: ['code'], message: 'Une réduction automatique n’a pas de code.' });
  });
export type TDiscountInput = z.infer<typeof ZDiscountInput>;

export const ZCreateDiscountBody = ZDiscountInput.and(z.object({ shopId: ZId }));
export const ZUpdateDiscountBody = ZDiscountInput.and(z.object({ shopId: ZId, id: ZId }));
export const ZDiscountRefBody = z.object({ shopId: ZId, id: ZId });
export const ZSetDiscountEnabledBody = z.object({ shopId: ZId, id: ZId, enabled: z.boolean() });
export const ZGenerateCodesBody = z.object({
  shopId: ZId,
  id: ZId,
  count: z
    .number()
    .int()
    .min(1, { error: 'Au moins 1 code.' })
    .max(10_000, { error: 'Au plus 10 000 codes à la fois.' }),
  prefix: z
    .string()
    .trim()
    .max(10)
    .regex(/^[A-Za-z0-9]*$/, {
      error: 'Le préfixe ne peut contenir que des lettres sans accents et des chiffres.',
    })
    .transform((p) => p.toUpperCase())
    .default(''),
});
export const ZGetDiscountQuery = z.object({ shopId: ZId, id: ZId });
export const ZExportCodesQuery = z.object({
  shopId: ZId,
  id: ZId,
  separator: z.enum(['semicolon', 'comma']).default('semicolon'),
});
export const ZListDiscountsQuery = z.object({
  shopId: ZId,
  state: z.enum(DISCOUNT_STATES).optional(),
  type: z.enum(DISCOUNT_TYPES).optional(),
  archived: z.enum(['true', 'false']).default('false'),
  after: ZId.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const ZDiscountUsageFigures = z.object({
  /** Orders that used it. */
  orders: z.number().int(),
  /** Their totals. */
  revenue: z.number().int(),
  /** What it took off them. */
  discounted: z.number().int(),
});

export const ZDiscount = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['code', 'automatic']),
  type: z.enum(DISCOUNT_TYPES),
  code: z.string().nullable(),
  generatedCodes: z.number().int(),
  value: z.unknown(),
  conditions: z.unknown(),
  limits: z.unknown(),
  combinesWith: z.unknown(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  state: z.enum(DISCOUNT_STATES),
  archived: z.boolean(),
  usage: ZDiscountUsageFigures,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TDiscount = z.infer<typeof ZDiscount>;

export const ZDiscountsPage = z.object({
  items: z.array(ZDiscount),
  nextAfter: z.string().nullable(),
  /** The shop cap on stacked discounts, % of the goods (Règles de cumul). */
  stackCapPercent: z.number(),
});

/** Cap in % with two decimals at most, above 0 and up to 100 (see stackCapPercentError). */
export const ZDiscountSettingsBody = z.object({
  shopId: ZId,
  stackCapPercent: z.number({ error: 'Indiquez un pourcentage.' }).check((ctx) => {
    const message = stackCapPercentError(ctx.value);
    if (message) ctx.issues.push({ code: 'custom', message, input: ctx.value });
  }),
});

export const ZDiscountCodesQuery = z.object({ shopId: ZId, id: ZId, after: z.string().max(60).optional() });
export const ZDiscountCodesPage = z.object({
  items: z.array(z.object({ code: z.string(), uses: z.number().int() })),
  nextAfter: z.string().nullable(),
});

export const PRICING_CHANNELS = ['manual', 'whatsapp', 'pos'] as const;
export const ZDiscountPricingQuery = z.object({
  shopId: ZId,
  channel: z.enum(PRICING_CHANNELS),
  clientId: ZId.optional(),
});
/**
 * What the order editor and the till price with (src/shared/discounts): the engine's discounts,
 * the limits' counts, the shop cap, the categories' ancestors, the client. Refetched when
 * `revision` moves.
 */
export const ZDiscountPricing = z.object({
  revision: z.number().int(),
  at: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  stackCapPercent: z.number(),
  discounts: z.array(z.custom<Discount>()),
  usage: z.record(z.string(), z.custom<DiscountUsage>()),
  categoryAncestors: z.record(z.string(), z.array(z.string())),
  client: z.custom<DiscountClient>().nullable(),
});
export type TDiscountPricing = z.infer<typeof ZDiscountPricing>;

export const ZDiscountConflictsQuery = z.object({
  shopId: ZId,
  status: z.enum(['open', 'resolved']).default('open'),
});
const ZConflictPerson = z.object({ id: z.string(), name: z.string() }).nullable();
export const ZDiscountConflict = z.object({
  id: z.string(),
  discountId: z.string(),
  discountName: z.string(),
  code: z.string().nullable(),
  orderId: z.string(),
  orderNumber: z.number().int(),
  /** Which limit the use went past: total, per client, per code. */
  limit: z.enum(['total', 'client', 'code']),
  clientName: z.string().nullable(),
  clientPhone: z.string().nullable(),
  amount: z.number().int(),
  createdAt: z.string(),
  soldBy: ZConflictPerson,
  resolvedAt: z.string().nullable(),
  resolvedBy: ZConflictPerson,
  resolution: z.string(),
});
export type TDiscountConflict = z.infer<typeof ZDiscountConflict>;
export const ZResolveDiscountConflictBody = z.object({
  shopId: ZId,
  conflictId: ZId,
  resolution: z.string().trim().min(1, { error: 'Dites ce qui a été fait.' }).max(300),
});
