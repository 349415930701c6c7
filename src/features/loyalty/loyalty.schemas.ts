import { ZId, z } from '@/shared/validation';
import { LOYALTY_BOUNDS, LOYALTY_ENTRY_KINDS } from './loyalty.constants';
import { formatCount } from '@/shared/numbers';

export * from './loyalty.constants';

export const ZShopQuery = z.object({ shopId: ZId });

function wholeNumber(label: string, bounds: { min: number; max: number }) {
  const range = `entre ${formatCount(bounds.min)} et ${formatCount(bounds.max)}`;
  return z
    .number({ error: `Indiquez ${label} en chiffres.` })
    .int(`Indiquez ${label} en nombre entier.`)
    .min(bounds.min, `Indiquez ${label} ${range}.`)
    .max(bounds.max, `Indiquez ${label} ${range}.`);
}

export const ZLoyaltyRules = z.object({
  pointsPerThousand: wholeNumber('les points gagnés pour 1\u202f000 FCFA', LOYALTY_BOUNDS.pointsPerThousand),
  pointValue: wholeNumber('la valeur d’un point', LOYALTY_BOUNDS.pointValue),
  minRedeem: wholeNumber('le minimum de points à utiliser', LOYALTY_BOUNDS.minRedeem),
  expiryMonths: wholeNumber('la durée de validité en mois', LOYALTY_BOUNDS.expiryMonths).nullable(),
});

export const ZLoyaltyProgram = ZLoyaltyRules.extend({
  isEnabled: z.boolean(),
  /** Orders placed from then earn points; null while the programme was never switched on. */
  earnsSince: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type TLoyaltyProgram = z.infer<typeof ZLoyaltyProgram>;

export const ZSaveLoyaltyProgramBody = ZLoyaltyRules.extend({ shopId: ZId, isEnabled: z.boolean() });

/** The programme's figures for the CRM page. */
export const ZLoyaltySummary = z.object({
  members: z.number().int(),
  outstandingPoints: z.number().int(),
  /** What the points held are worth: what the shop owes its clients in kind. */
  outstandingValue: z.number(),
  earned30d: z.number().int(),
  redeemed30d: z.number().int(),
  expired30d: z.number().int(),
  openConflicts: z.number().int(),
});

export const ZLoyaltyEntry = z.object({
  id: z.string(),
  kind: z.enum(LOYALTY_ENTRY_KINDS),
  points: z.number().int(),
  orderId: z.string().nullable(),
  orderNumber: z.number().int().nullable(),
  amount: z.number().nullable(),
  missing: z.number().int(),
  note: z.string().nullable(),
  createdAt: z.string(),
  by: z.string().nullable(),
});
export type TLoyaltyEntry = z.infer<typeof ZLoyaltyEntry>;

export const ZClientLoyaltyQuery = z.object({ shopId: ZId, clientId: ZId });
export const ZClientLoyalty = z.object({
  points: z.number().int(),
  value: z.number(),
  /** Null: the shop has no programme switched on (the balance still shows what is held). */
  program: ZLoyaltyRules.nullable(),
  /** The latest 50 entries, newest first. */
  entries: z.array(ZLoyaltyEntry),
});

export const ZAdjustPointsBody = z.object({
  shopId: ZId,
  clientId: ZId,
  points: z
    .number({ error: 'Indiquez les points en chiffres.' })
    .int('Indiquez un nombre entier de points.')
    .min(-1_000_000, 'Indiquez au plus 1 000 000 de points.')
    .max(1_000_000, 'Indiquez au plus 1 000 000 de points.')
    .refine((n) => n !== 0, 'Indiquez un nombre de points différent de 0.'),
  note: z
    .string({ error: 'Dites pourquoi vous corrigez les points.' })
    .trim()
    .min(1, 'Dites pourquoi vous corrigez les points.')
    .max(300, 'La raison fait au plus 300 caractères.'),
});

export const ZLoyaltyConflictsQuery = z.object({
  shopId: ZId,
  status: z.enum(['open', 'resolved']).default('open'),
});
export const ZLoyaltyConflict = z.object({
  id: z.string(),
  orderId: z.string().nullable(),
  orderNumber: z.number().int().nullable(),
  clientId: z.string(),
  clientName: z.string(),
  clientPhone: z.string().nullable(),
  points: z.number().int(),
  missing: z.number().int(),
  amount: z.number(),
  createdAt: z.string(),
  soldBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  resolution: z.string().nullable(),
});
export type TLoyaltyConflict = z.infer<typeof ZLoyaltyConflict>;

export const ZResolveLoyaltyConflictBody = z.object({
  shopId: ZId,
  conflictId: ZId,
  resolution: z
    .string({ error: 'Dites ce qui a été fait.' })
    .trim()
    .min(1, 'Dites ce qui a été fait.')
    .max(300, 'Le texte fait au plus 300 caractères.'),
});
