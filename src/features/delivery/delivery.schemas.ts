import { ZId, z } from '@/shared/validation';
import { formatPosition, parsePosition } from '@/shared/geo';
import { MAX_AMOUNT } from '@/shared/bounds';
import { STARTER_CITIES } from './starter-zones';
import { CARRIERS, RIDER_KINDS, RIDER_VEHICLES } from './riders';
import { COLLECT_METHODS, DELIVERY_OUTCOMES, DELIVERY_STATUSES } from './outcomes';
import { FIGURE_PERIODS } from './delivery.constants';

export * from './delivery.constants';

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
  /** A GPS pin (« lat,lng » or a maps link): priced by distance when no zone holds the address. */
  position: z.string().trim().max(300).default(''),
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
  /** The rider has a working link to their page. */
  hasLink: z.boolean(),
});
export type TRider = z.infer<typeof ZRider>;
export const ZRiders = z.object({ items: z.array(ZRider) });

export const ZAssignBody = z.object({ shopId: ZId, orderId: ZId, riderId: ZId });
export const ZOrderDeliveryQuery = z.object({ shopId: ZId, orderId: ZId });
export const ZOrderDelivery = z.object({
  id: z.string(),
  orderId: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  /** What the rider is to collect (cash on delivery). */
  amountDue: z.number(),
  /** The code the customer gives the rider; null when the shop asks none. */
  proofCode: z.string().nullable(),
  assignedAt: z.string(),
  collectedAmount: z.number().nullable(),
  collectedMethod: z.enum(COLLECT_METHODS).nullable(),
  reason: z.string(),
  closedAt: z.string().nullable(),
  rider: z.object({ id: z.string(), name: z.string(), phone: z.string() }),
});
export type TOrderDelivery = z.infer<typeof ZOrderDelivery>;

/** What became of the tracking SMS sent when an order first leaves with a rider. */
export const TRACKING_SMS_RESULTS = ['sent', 'no_phone', 'quota', 'failed', 'not_sent'] as const;
export const ZAssignResult = ZOrderDelivery.extend({
  trackingSms: z.enum(TRACKING_SMS_RESULTS),
  trackingUrl: z.string(),
});

/** A tier of the distance fee: addresses up to this many km from the shop pay this fee. */
export const ZDistanceTier = z.object({
  upToKm: z
    .number({ error: 'Indiquez une distance en kilomètres.' })
    .positive({ error: 'La distance doit être supérieure à 0.' })
    .max(500, { error: 'Au plus 500 km.' }),
  fee: ZFee,
});
export const ZDeliverySettings = z.object({
  isProofCodeRequired: z.boolean({ error: 'Indiquez si le code de livraison est demandé.' }),
  /** Where riders leave from, « lat,lng », or '' (no distance fee). */
  originPosition: z
    .string()
    .trim()
    .max(300)
    .refine((text) => !text || parsePosition(text) !== null, {
      error: 'Collez la position GPS de la boutique (« 14.7456, -17.5123 ») ou un lien Google Maps.',
    })
    .transform((text) => {
      const position = text ? parsePosition(text) : null;
      return position ? formatPosition(position) : '';
    }),
  distanceTiers: z
    .array(ZDistanceTier)
    .max(8, { error: 'Au plus 8 paliers.' })
    .refine((tiers) => tiers.every((t, i) => i === 0 || t.upToKm > tiers[i - 1]!.upToKm), {
      error: 'Classez les paliers par distance croissante, sans doublon.',
    }),
});
export type TDeliverySettings = z.infer<typeof ZDeliverySettings>;
/** Only the settings sent change. */
export const ZUpdateSettingsBody = ZDeliverySettings.partial().extend({ shopId: ZId });

/** An amount of money given at a door or a counter: whole, 0 or more. */
const ZCollected = z
  .number({ error: 'Indiquez le montant, en chiffres.' })
  .int({ error: 'Indiquez un montant sans décimales.' })
  .min(0, { error: 'Le montant ne peut pas être négatif.' })
  .max(MAX_AMOUNT, { error: amountError });

/** What a rider reports of a delivery (from their page, or the shop for them). */
export const ZDeliveryReport = z.object({
  outcome: z.enum(DELIVERY_OUTCOMES, { error: 'Choisissez Livrée, Refusée, Absent ou Reportée.' }),
  /** The customer's code, when the shop asks it. */
  code: z.string().trim().max(10).default(''),
  /** Absent: what was due. */
  amount: ZCollected.optional(),
  method: z.enum(COLLECT_METHODS, { error: 'Choisissez comment le client a payé.' }).default('cash'),
  reason: z.string().trim().max(300, { error: 'Au plus 300 caractères.' }).default(''),
});
export type TDeliveryReport = z.infer<typeof ZDeliveryReport>;
export const ZReportBody = ZDeliveryReport.extend({ shopId: ZId, deliveryId: ZId });

export const ZRiderRefBody = z.object({ shopId: ZId, riderId: ZId });
export const ZRiderRefQuery = ZRiderRefBody;
export const ZRiderLink = z.object({ url: z.string().nullable(), createdAt: z.string().nullable() });

export const ZRemittanceBody = z.object({
  shopId: ZId,
  riderId: ZId,
  amount: ZCollected.min(1, { error: 'Indiquez le montant remis.' }),
  /** The code the rider's page shows; empty: recorded unconfirmed. */
  code: z.string().trim().max(10).default(''),
  note: z.string().trim().max(300, { error: 'Au plus 300 caractères.' }).default(''),
});
export const ZCloseDayBody = z.object({ shopId: ZId, riderId: ZId });

/** A rider's day: cash and mobile money taken, cash handed over, deliveries and failures. */
const ZRiderDay = z.object({
  day: z.string(),
  cashCollected: z.number(),
  mobileCollected: z.number(),
  remitted: z.number(),
  delivered: z.number(),
  failed: z.number(),
  /** What the rider owed when the shop closed their day; null: not closed. */
  closedOutstanding: z.number().nullable(),
});

/** A rider's cash: what they owe now, and what today brought. */
export const ZRiderCash = z.object({
  rider: z.object({ id: z.string(), name: z.string(), phone: z.string(), isActive: z.boolean() }),
  /** Cash taken at doors less cash handed over, all days. */
  owed: z.number(),
  openDeliveries: z.number(),
  today: ZRiderDay,
});
export type TRiderCash = z.infer<typeof ZRiderCash>;
export const ZCashSummary = z.object({ items: z.array(ZRiderCash) });

export const ZLedgerDay = ZRiderDay.extend({
  /** What the rider owed at the end of the day (all days until it). */
  owedAtEnd: z.number(),
});
export type TLedgerDay = z.infer<typeof ZLedgerDay>;
export const ZRiderLedger = z.object({ owed: z.number(), days: z.array(ZLedgerDay) });

export const ZRemittance = z.object({
  id: z.string(),
  amount: z.number(),
  isConfirmed: z.boolean(),
  /** What the rider still owes after it. */
  owed: z.number(),
});
export const ZDayClose = z.object({
  riderId: z.string(),
  day: z.string(),
  cashCollected: z.number(),
  mobileCollected: z.number(),
  remitted: z.number(),
  outstanding: z.number(),
});

export const BOARD_STAGES = ['to_send', 'out', 'to_replan'] as const;
export type BoardStage = (typeof BOARD_STAGES)[number];
export const ZBoardQuery = z.object({
  shopId: ZId,
  stage: z
    .enum(BOARD_STAGES, { error: 'Choisissez à envoyer, en livraison ou à replanifier.' })
    .default('to_send'),
});

/** An order on the « À livrer » board. */
export const ZBoardOrder = z.object({
  id: z.string(),
  number: z.number(),
  clientName: z.string().nullable(),
  clientPhone: z.string().nullable(),
  place: z.string(),
  landmark: z.string(),
  /** What is left to collect. */
  due: z.number(),
  status: z.string(),
  /** Waiting to go out, out with a rider, or back from a failed attempt. */
  stage: z.enum(BOARD_STAGES),
  rider: z.object({ id: z.string(), name: z.string() }).nullable(),
  failure: z.object({ status: z.enum(['refused', 'absent', 'postponed']), reason: z.string() }).nullable(),
  createdAt: z.string(),
});
export type TBoardOrder = z.infer<typeof ZBoardOrder>;
export const ZBoard = z.object({
  stage: z.enum(BOARD_STAGES),
  /** How many orders each stage has, whatever the board shows. */
  counts: z.object({ to_send: z.number(), out: z.number(), to_replan: z.number() }),
  /** The riders out now, with how many deliveries each (their run sheets). */
  riders: z.array(z.object({ id: z.string(), name: z.string(), out: z.number() })),
  groups: z.array(
    z.object({
      zone: z.object({ id: z.string(), name: z.string() }).nullable(),
      orders: z.array(ZBoardOrder),
    }),
  ),
  /** More orders wait than the board shows. */
  isTruncated: z.boolean(),
});
export type TBoard = z.infer<typeof ZBoard>;
export const ZAssignManyBody = z.object({
  shopId: ZId,
  riderId: ZId,
  orderIds: z
    .array(ZId)
    .min(1, { error: 'Choisissez au moins une commande.' })
    .max(200, { error: 'Au plus 200 commandes à la fois.' }),
});
export const ZAssignManyResult = z.object({
  results: z.array(
    z.object({
      orderId: z.string(),
      number: z.number().nullable(),
      isDone: z.boolean(),
      error: z.string().nullable(),
    }),
  ),
});

/** A rider's run sheet (« feuille de route »): their deliveries in progress. */
export const ZRunSheet = z.object({
  rider: z.object({ id: z.string(), name: z.string(), phone: z.string() }),
  items: z.array(
    z.object({
      deliveryId: z.string(),
      orderId: z.string(),
      number: z.number(),
      clientName: z.string().nullable(),
      clientPhone: z.string().nullable(),
      place: z.string(),
      landmark: z.string(),
      amountDue: z.number(),
      zone: z.string().nullable(),
      assignedAt: z.string(),
    }),
  ),
});
export type TRunSheet = z.infer<typeof ZRunSheet>;

export const ZFiguresQuery = z.object({
  shopId: ZId,
  days: z.coerce
    .number()
    .refine((d) => (FIGURE_PERIODS as readonly number[]).includes(d), {
      error: 'Choisissez 7, 30 ou 90 jours.',
    })
    .default(30),
});
export const ZFigureRow = z.object({
  key: z.string(),
  label: z.string(),
  /** Attempts closed in the period, and how they ended. */
  attempts: z.number(),
  delivered: z.number(),
  refused: z.number(),
  absent: z.number(),
  postponed: z.number(),
  /** Delivered out of attempts; null without an attempt. */
  successRate: z.number().nullable(),
  /** Collected at doors (cash and mobile money). */
  collected: z.number(),
  /** Riders: the cash they hold now; zones: null. */
  owed: z.number().nullable(),
});
export type TFigureRow = z.infer<typeof ZFigureRow>;
export const ZDeliveryFigures = z.object({
  days: z.number(),
  riders: z.array(ZFigureRow),
  zones: z.array(ZFigureRow),
});
export type TDeliveryFigures = z.infer<typeof ZDeliveryFigures>;
