import { ZId, z } from '@/shared/validation';
import { MAX_AMOUNT } from '@/shared/bounds';
import { STARTER_CITIES } from './starter-zones';
import { CARRIERS, RIDER_KINDS, RIDER_VEHICLES } from './riders';

/* What the Livraison screens send and the API checks. Amounts are in the currency's minor unit. */

const amountError = 'Ce montant dépasse le maximum autorisé.';

/** A fee: 0 (free) or more, never negative. */
const ZFee = z
  .number({ error: 'Indiquez les frais, en chiffres.' })
  .int({ error: 'Indiquez un montant sans décimales.' })
  .min(0, { error: 'Les frais ne peuvent pas être négatifs.' })
  .max(MAX_AMOUNT, { error: amountError });

/** An optional threshold (free delivery from, minimum order): null for none. */
const ZThreshold = z
  .number({ error: 'Indiquez un montant, en chiffres.' })
  .int({ error: 'Indiquez un montant sans décimales.' })
  .min(1, { error: 'Le montant doit être supérieur à 0 (laissez vide pour aucun).' })
  .max(MAX_AMOUNT, { error: amountError })
  .nullable()
  .default(null);

const ZPlaceName = z.string().trim().max(80, { error: 'Au plus 80 caractères.' });

/** A name that must be given, saying what it names when it is not. */
const ZName = (missing: string) =>
  z.string().trim().min(1, { error: missing }).max(80, { error: 'Au plus 80 caractères.' });

export const ZZoneArea = z.object({
  commune: ZPlaceName.min(1, { error: 'Indiquez la commune.' }),
  /** Empty: the whole commune. */
  quartier: ZPlaceName.default(''),
});
export type TZoneArea = z.infer<typeof ZZoneArea>;

export const ZZoneInput = z.object({
  name: ZName('Donnez un nom à la zone.'),
  fee: ZFee,
  freeFrom: ZThreshold,
  minOrder: ZThreshold,
  delay: z.string().trim().max(60, { error: 'Au plus 60 caractères.' }).default(''),
  isActive: z.boolean().default(true),
  areas: z
    .array(ZZoneArea)
    .min(1, { error: 'Ajoutez au moins une commune.' })
    .max(300, { error: 'Au plus 300 communes et quartiers par zone.' }),
});
export type TZoneInput = z.infer<typeof ZZoneInput>;

export const ZShopQuery = z.object({ shopId: ZId });
export const ZCreateZoneBody = ZZoneInput.extend({ shopId: ZId });
export const ZUpdateZoneBody = ZZoneInput.extend({ shopId: ZId, id: ZId });
export const ZRefBody = z.object({ shopId: ZId, id: ZId });
export const ZStarterZonesBody = z.object({ shopId: ZId, city: z.enum(STARTER_CITIES) });

export const ZZone = z.object({
  id: z.string(),
  name: z.string(),
  fee: z.number(),
  freeFrom: z.number().nullable(),
  minOrder: z.number().nullable(),
  delay: z.string(),
  isActive: z.boolean(),
  position: z.number(),
  areas: z.array(z.object({ commune: z.string(), quartier: z.string() })),
});
export type TZone = z.infer<typeof ZZone>;
export const ZZones = z.object({ items: z.array(ZZone) });

export const ZQuoteQuery = z.object({
  shopId: ZId,
  commune: ZPlaceName.default(''),
  quartier: ZPlaceName.default(''),
  /** What the order's articles come to, for the free-delivery threshold and the minimum. */
  goods: z.coerce
    .number({ error: 'Indiquez un montant, en chiffres.' })
    .int()
    .min(0)
    .max(MAX_AMOUNT, { error: amountError })
    .default(0),
});

/** The fee of an address: its zone's, free past the threshold; no zone, no fee known. */
export const ZQuote = z.object({
  zone: z
    .object({
      id: z.string(),
      name: z.string(),
      fee: z.number(),
      freeFrom: z.number().nullable(),
      minOrder: z.number().nullable(),
      delay: z.string(),
    })
    .nullable(),
  /** What the order should charge; null when no zone covers the address. */
  fee: z.number().nullable(),
  isFree: z.boolean(),
  /** The order's articles are under the zone's minimum. */
  isBelowMinimum: z.boolean(),
});
export type TQuote = z.infer<typeof ZQuote>;

export const ZPickupPointInput = z.object({
  name: ZName('Donnez un nom au point de retrait.'),
  address: z.string().trim().max(300, { error: 'Au plus 300 caractères.' }).default(''),
  hours: z.string().trim().max(200, { error: 'Au plus 200 caractères.' }).default(''),
  isActive: z.boolean().default(true),
});
export type TPickupPointInput = z.infer<typeof ZPickupPointInput>;
export const ZCreatePickupPointBody = ZPickupPointInput.extend({ shopId: ZId });
export const ZUpdatePickupPointBody = ZPickupPointInput.extend({ shopId: ZId, id: ZId });
export const ZPickupPoint = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  hours: z.string(),
  isActive: z.boolean(),
});
export type TPickupPoint = z.infer<typeof ZPickupPoint>;
export const ZPickupPoints = z.object({ items: z.array(ZPickupPoint) });

export const ZRiderInput = z.object({
  name: ZName('Donnez le nom du livreur.'),
  /** Any local or international form; stored E.164 in the shop's country. */
  phone: z.string().trim().min(1, { error: 'Indiquez le téléphone du livreur.' }).max(30),
  vehicle: z.enum(RIDER_VEHICLES, { error: 'Choisissez un moyen de transport de la liste.' }),
  kind: z.enum(RIDER_KINDS, { error: 'Choisissez « Livreur de la boutique » ou « Indépendant ».' }),
  carrier: z.enum(CARRIERS).default('manual'),
  notes: z.string().trim().max(500, { error: 'Au plus 500 caractères.' }).default(''),
  isActive: z.boolean().default(true),
});
export type TRiderInput = z.infer<typeof ZRiderInput>;
export const ZCreateRiderBody = ZRiderInput.extend({ shopId: ZId });
export const ZUpdateRiderBody = ZRiderInput.extend({ shopId: ZId, id: ZId });
export const ZRider = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  vehicle: z.enum(RIDER_VEHICLES),
  kind: z.enum(RIDER_KINDS),
  carrier: z.enum(CARRIERS),
  notes: z.string(),
  isActive: z.boolean(),
});
export type TRider = z.infer<typeof ZRider>;
export const ZRiders = z.object({ items: z.array(ZRider) });

export const ZAssignBody = z.object({ shopId: ZId, orderId: ZId, riderId: ZId });
export const ZOrderDeliveryQuery = z.object({ shopId: ZId, orderId: ZId });
export const ZOrderDelivery = z.object({
  id: z.string(),
  orderId: z.string(),
  status: z.enum(['assigned', 'delivered', 'failed']),
  /** What the rider is to collect (cash on delivery). */
  amountDue: z.number(),
  assignedAt: z.string(),
  rider: z.object({ id: z.string(), name: z.string(), phone: z.string() }),
});
export type TOrderDelivery = z.infer<typeof ZOrderDelivery>;
