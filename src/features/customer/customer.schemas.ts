import { formatPosition, parsePosition } from '@/shared/geo';
import { ZId, z } from '@/shared/validation';
import { ZAmount, ZPositiveAmount } from '@/shared/bounded-schemas';
import { BALANCE_PAYMENT_METHODS, CLIENT_SORTS, CONSENT_SOURCES } from './customer.constants';

export * from './customer.constants';

export const ZAddress = z.object({
  quartier: z.string().trim().max(120).default(''),
  commune: z.string().trim().max(120).default(''),
  ville: z.string().trim().max(120).default(''),
  indications: z.string().trim().max(500).default(''),
  /** A GPS pin, typed or from a maps link, kept as « lat,lng »: the rider's map, the distance fee. */
  position: z
    .string()
    .trim()
    .max(300)
    .refine((text) => !text || parsePosition(text) !== null, {
      error: 'Collez une position GPS (« 14.7456, -17.5123 ») ou un lien Google Maps qui en contient une.',
    })
    .transform((text) => {
      const position = text ? parsePosition(text) : null;
      return position ? formatPosition(position) : undefined;
    })
    .optional(),
});
export type TAddress = z.infer<typeof ZAddress>;

export const ZCustomerInput = z.object({
  name: z.string().trim().min(1).max(120),
  /** Any local or international form; stored E.164 in the shop's country. */
  phone: z.string().trim().max(30).optional(),
  email: z.email().max(200).optional().or(z.literal('')),
  addresses: z.array(ZAddress).max(10).default([]),
});
export type TCustomerInput = z.infer<typeof ZCustomerInput>;

export const ZSearchCustomersQuery = z.object({
  shopId: ZId,
  search: z.string().trim().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const ZCreateCustomerBody = ZCustomerInput.extend({ shopId: ZId });

export const ZCustomer = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  addresses: z.array(
    z.object({
      quartier: z.string(),
      commune: z.string(),
      ville: z.string(),
      indications: z.string(),
      position: z.string().optional(),
    }),
  ),
  createdAt: z.string(),
});
export type TCustomer = z.infer<typeof ZCustomer>;

// ---------- /mes-clients: the list, a client's page (issue Clients) ----------

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Date attendue au format AAAA-MM-JJ.' });
const ZFlag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** GET /api/client/list and /api/client/count (and the CSV export): one filter for all three. */
export const ZClientListQuery = z.object({
  shopId: ZId,
  /** Name, e-mail, or a phone in any form (« 77 123 45 67 », « +221771234567 »). */
  search: z.string().trim().max(100).default(''),
  tag: z.string().trim().max(40).optional(),
  commune: z.string().trim().max(120).optional(),
  /** An order channel (`site`, `pos`, `whatsapp`…): the channel of the client's first order. */
  firstChannel: z.string().trim().max(20).optional(),
  /** Owes something (« ardoise »). */
  hasBalance: ZFlag.optional(),
  lastOrderFrom: ZDay.optional(),
  lastOrderTo: ZDay.optional(),
  spentMin: z.coerce.number().int().min(0).optional(),
  spentMax: z.coerce.number().int().min(0).optional(),
  /** Gave marketing consent on this channel. */
  consent: z.enum(['sms', 'whatsapp']).optional(),
  sort: z.enum(CLIENT_SORTS).default('lastOrder'),
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type TClientListQuery = z.infer<typeof ZClientListQuery>;

export const ZConsent = z.object({ at: z.string(), source: z.enum(CONSENT_SOURCES) }).nullable();

/** What the list shows of a client. */
export const ZClientSummary = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  commune: z.string(),
  tags: z.array(z.string()),
  ordersCount: z.number(),
  totalSpent: z.number(),
  lastOrderAt: z.string().nullable(),
  /** Owed by the client (« ardoise »): unpaid parts of their orders. */
  balance: z.number(),
  storeCredit: z.number(),
});
export type TClientSummary = z.infer<typeof ZClientSummary>;

export const ZClientsPage = z.object({ items: z.array(ZClientSummary), nextCursor: z.string().nullable() });

/** A client's page: profile, consents, figures (kept up to date with every order). */
export const ZClientDetail = ZClientSummary.extend({
  firstName: z.string(),
  lastName: z.string(),
  phone2: z.string().nullable(),
  whatsapp: z.boolean(),
  quartier: z.string(),
  landmark: z.string(),
  gps: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  /** « JJ-MM », or null. */
  birthday: z.string().nullable(),
  notes: z.string(),
  consentSms: ZConsent,
  consentWhatsapp: ZConsent,
  creditLimit: z.number().nullable(),
  figures: z.object({
    ordersCount: z.number(),
    totalSpent: z.number(),
    averageBasket: z.number(),
    firstOrderAt: z.string().nullable(),
    lastOrderAt: z.string().nullable(),
    refundsTotal: z.number(),
    /** Orders sent back (« retournée »): cash-on-delivery parcels refused or not collected. */
    returnedCount: z.number(),
    firstChannel: z.string().nullable(),
  }),
  createdAt: z.string(),
});
export type TClientDetail = z.infer<typeof ZClientDetail>;

const ZBirthday = z
  .string()
  .trim()
  .regex(/^\d{2}-\d{2}$/, { error: 'Anniversaire attendu au format JJ-MM.' })
  .refine(
    (v) => {
      const [day, month] = v.split('-').map(Number) as [number, number];
      // 29-02 is a birthday; 31-04 and 31-02 are not.
      return (
        month >= 1 &&
        month <= 12 &&
        day >= 1 &&
        day <= [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!
      );
    },
    { error: 'Cette date d’anniversaire n’existe pas.' },
  );

/** POST /api/client/update: every field optional, only those sent change. */
export const ZUpdateClientBody = z.object({
  shopId: ZId,
  clientId: ZId,
  firstName: z.string().trim().min(1).max(60).optional(),
  lastName: z.string().trim().max(60).optional(),
  phone: z.string().trim().max(30).optional(),
  phone2: z.string().trim().max(30).nullable().optional(),
  whatsapp: z.boolean().optional(),
  email: z.email().max(200).nullable().optional().or(z.literal('')),
  commune: z.string().trim().max(120).optional(),
  quartier: z.string().trim().max(120).optional(),
  landmark: z.string().trim().max(500).optional(),
  gps: z
    .object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) })
    .nullable()
    .optional(),
  birthday: ZBirthday.nullable().optional(),
  notes: z.string().max(5000).optional(),
  tags: z.array(z.string().trim().min(1).max(40)).max(30).optional(),
  /** Given (true) or withdrawn (false): the date is now, the source `agent`. */
  consentSms: z.boolean().optional(),
  consentWhatsapp: z.boolean().optional(),
  /** Null: no limit. */
  creditLimit: ZAmount.nullable().optional(),
});
export type TUpdateClientBody = z.infer<typeof ZUpdateClientBody>;

/** POST /api/client/bulkTags: adds or removes tags on the clients chosen. */
export const ZBulkTagsBody = z.object({
  shopId: ZId,
  clientIds: z.array(ZId).min(1).max(500),
  add: z.array(z.string().trim().min(1).max(40)).max(10).default([]),
  remove: z.array(z.string().trim().min(1).max(40)).max(10).default([]),
});

/** GET /api/client/timeline: a client's history, newest first, by cursor. */
export const ZClientTimelineQuery = z.object({
  shopId: ZId,
  clientId: ZId,
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const CLIENT_EVENT_TYPES = ['order', 'payment', 'refund', 'note', 'merge', 'message'] as const;
export const ZClientEvent = z.object({
  id: z.string(),
  type: z.enum(CLIENT_EVENT_TYPES),
  at: z.string(),
  /** The order it is about; null for a note, a merge or an SMS sent. */
  orderId: z.string().nullable(),
  orderNumber: z.number().nullable(),
  amount: z.number(),
  /** Channel for an order, payment method for a payment or refund, the text of a note, merge or SMS. */
  detail: z.string().nullable(),
});
export type TClientEvent = z.infer<typeof ZClientEvent>;
export const ZClientTimeline = z.object({ items: z.array(ZClientEvent), nextCursor: z.string().nullable() });

/**
 * POST /api/order/payClientBalance: a payment against the client's « ardoise », allocated to their
 * unpaid orders oldest first (partial allowed); never more than the balance.
 */
export const ZPayClientBalanceBody = z.object({
  shopId: ZId,
  clientId: ZId,
  method: z.enum(BALANCE_PAYMENT_METHODS),
  amount: ZPositiveAmount,
  reference: z.string().trim().max(100).optional(),
});
export const ZPayClientBalanceAnswer = z.object({
  /** The orders paid, oldest first, with what each received. */
  allocations: z.array(z.object({ orderId: z.string(), orderNumber: z.number(), amount: z.number() })),
  balance: z.number(),
});

/** GET /api/client/statement: the « relevé » of a client's ardoise over a period (days in the shop's zone). */
export const ZClientStatementQuery = z.object({
  shopId: ZId,
  clientId: ZId,
  from: ZDay,
  to: ZDay,
});
export const ZClientStatement = z.object({
  client: z.object({
    name: z.string(),
    phone: z.string().nullable(),
    commune: z.string(),
    quartier: z.string(),
  }),
  from: z.string(),
  to: z.string(),
  /** Owed at the start of `from`. */
  openingBalance: z.number(),
  lines: z.array(
    z.object({
      at: z.string(),
      type: z.enum(['order', 'payment']),
      orderNumber: z.number(),
      /** The payment's method (a code of PAYMENT_METHODS); null for an order. */
      method: z.string().nullable(),
      /** An order adds to what is owed, a payment takes off. */
      debit: z.number(),
      credit: z.number(),
      balance: z.number(),
    }),
  ),
  /** Owed at the end of `to`: the client's balance when `to` is today. */
  closingBalance: z.number(),
});
export type TClientStatement = z.infer<typeof ZClientStatement>;
