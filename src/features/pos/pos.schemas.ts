import { ZId, z } from '@/shared/validation';
import { ZAmount, ZPositiveAmount, ZPrice, ZQuantity, ZStoredAmount } from '@/shared/bounded-schemas';
import { MAX_QUANTITY } from '@/shared/bounds';
import { LOCAL_REFERENCE_PATTERN } from '@/shared/local-reference';
import { ZCustomerInput } from '@/features/customer/customer.schemas';
import { ZLoyaltyRules } from '@/features/loyalty/loyalty.schemas';
import { POS_PAYMENT_METHODS } from './pos.constants';

export * from './pos.constants';

/**
 * The till's contract with the server. Every change the till makes — a sale, a refund, a new
 * client, a cash movement, opening or closing a session — is an « op »: written to the tablet's
 * IndexedDB first with an id made on the tablet, then sent to POST /api/pos/sync, which applies
 * each op exactly once, in the order given, and answers what it made (the order number…).
 */

/** Ids made on the tablet (crypto.randomUUID()). */
export const ZOpId = z.string().trim().min(8).max(64);

/** A manager's PIN typed at the till for an act the cashier may not do alone. */
export const ZApproval = z.object({
  pin: z.string().regex(/^\d{4,6}$/, { error: 'Le code PIN a 4 à 6 chiffres.' }),
});

export const ZPosPayment = z.object({
  method: z.enum(POS_PAYMENT_METHODS),
  /** What this method pays of the sale (for cash: the price part, change excluded). */
  amount: ZPositiveAmount,
  reference: z.string().trim().max(100).optional(),
  /** Cash handed over; the change is tendered − amount. */
  tendered: ZAmount.optional(),
});

export const ZPosSaleLine = z.object({
  variantId: ZId,
  quantity: ZQuantity,
  /** The price the till showed (its catalogue may be older than the server's): it is the price sold. */
  unitPrice: ZPrice,
  lineDiscount: ZAmount.default(0),
});

const opBase = {
  id: ZOpId,
  /** When it happened on the tablet (ISO): offline ops reach the server later. */
  at: z.iso.datetime({ offset: true }),
};

export const ZOpenSessionOp = z.object({
  ...opBase,
  type: z.literal('open_session'),
  sessionId: ZOpId,
  tillId: ZId,
  openingFloat: ZAmount,
});

export const ZCashMovementOp = z.object({
  ...opBase,
  type: z.literal('cash_movement'),
  sessionId: ZOpId,
  kind: z.enum(['in', 'out']),
  amount: ZPositiveAmount,
  reason: z.string().trim().min(1, { error: 'Indiquez le motif.' }).max(200),
});

export const ZClientOp = z.object({ ...opBase, type: z.literal('client'), client: ZCustomerInput });

export const ZSaleOp = z.object({
  ...opBase,
  type: z.literal('sale'),
  sessionId: ZOpId,
  lines: z.array(ZPosSaleLine).min(1).max(200),
  /** On the whole cart, after line discounts. */
  discount: z
    .object({ kind: z.enum(['percent', 'amount']), value: ZAmount })
    .nullable()
    .default(null),
  note: z.string().trim().max(500).default(''),
  /** A client known to the server, or one created by an earlier `client` op (its op id). */
  clientId: ZId.optional(),
  clientOpId: ZOpId.optional(),
  payments: z.array(ZPosPayment).max(10).default([]),
  /** « Paiement à crédit »: what the payments leave unpaid stays due on the order (client required). */
  isCredit: z.boolean().default(false),
  approval: ZApproval.optional(),
  /**
   * What the till's discount engine gave offline (src/shared/discounts, fed by GET
   * /api/discount/pricing): the codes typed, and per discount what it took off which lines, then the
   * rounding of the discounted total. Kept as the till showed it (the sale happened); uses past a
   * limit are flagged, not refused.
   */
  promotions: z
    .object({
      codes: z.array(z.string().trim().min(1).max(40)).max(5).default([]),
      adjustments: z
        .array(
          z.object({
            discountId: ZId.nullable(),
            code: z.string().trim().min(1).max(40).nullable().default(null),
            type: z.enum(['product', 'order', 'rounding']),
            amount: ZPositiveAmount,
            lines: z
              .array(z.object({ index: z.number().int().min(0).max(199), amount: ZAmount }))
              .max(200)
              .default([]),
            why: z.string().trim().max(300).optional(),
          }),
        )
        .max(30)
        .default([]),
    })
    .optional(),
  /**
   * The cursor of the till's copy of the catalogue (GET /api/pos/catalogue) its prices were taken
   * from: a unit price below the lowest the variant had since counts as a discount. Absent (ops
   * queued before it existed), the current price is the reference.
   */
  catalogueCursor: z
    .string()
    .regex(/^\d{1,20}~[^~\s]{0,60}$/, { error: 'Curseur du catalogue invalide.' })
    .optional(),
  /**
   * « KQFT-2 »: what the receipt printed as « Ticket local n° … » (the tablet's series and its
   * ticket number), kept on the order so the paper finds it. Absent from ops queued before it.
   */
  localReference: z
    .string()
    .regex(LOCAL_REFERENCE_PATTERN, { error: 'Référence de ticket local invalide.' })
    .optional(),
});

export const ZRefundOp = z.object({
  ...opBase,
  type: z.literal('refund'),
  sessionId: ZOpId,
  /** The sale: an order id, or the op id of a sale made on this till (possibly not synced yet). */
  orderId: ZId.optional(),
  saleOpId: ZOpId.optional(),
  lines: z
    .array(z.object({ lineId: ZId.optional(), variantId: ZId, quantity: ZQuantity }))
    .min(1)
    .max(200),
  method: z.enum(POS_PAYMENT_METHODS),
  amount: ZAmount.optional(),
  restock: z.boolean().default(true),
  reason: z.string().trim().max(300).default(''),
  approval: ZApproval.optional(),
});

export const ZCloseSessionOp = z.object({
  ...opBase,
  type: z.literal('close_session'),
  sessionId: ZOpId,
  /** Count per note or coin value (FCFA), or the counted total for other currencies. */
  denominations: z.record(z.string().regex(/^\d+$/), z.number().int().min(0).max(MAX_QUANTITY)).default({}),
  countedCash: ZAmount.optional(),
  note: z.string().trim().max(500).default(''),
});

export const ZPosOp = z.discriminatedUnion('type', [
  ZOpenSessionOp,
  ZCashMovementOp,
  ZClientOp,
  ZSaleOp,
  ZRefundOp,
  ZCloseSessionOp,
]);
export type PosOp = z.infer<typeof ZPosOp>;
export type PosOpType = PosOp['type'];

export const ZSyncBody = z.object({
  shopId: ZId,
  tillId: ZId,
  ops: z.array(ZPosOp).min(1).max(100),
});

export const ZOpResult = z.object({
  id: z.string(),
  /** `duplicate`: applied before (this answer is the first one's); `rejected`: never will be. */
  status: z.enum(['applied', 'duplicate', 'rejected']),
  orderId: z.string().optional(),
  orderNumber: z.number().int().optional(),
  clientId: z.string().optional(),
  hasStockConflict: z.boolean().optional(),
  error: z.object({ message: z.string(), details: z.record(z.string(), z.string()).optional() }).optional(),
});
export type OpResult = z.infer<typeof ZOpResult>;
export const ZSyncResult = z.object({ results: z.array(ZOpResult) });

/** The till's copy of the catalogue: active products with their variants, by changes since a cursor. */
export const ZPosCatalogueQuery = z.object({
  shopId: ZId,
  /** The `cursor` of the previous answer; absent for the first load. */
  since: z.string().max(80).optional(),
  limit: z.coerce.number().int().min(1).max(2000).default(1000),
});
export const ZPosVariant = z.object({
  id: z.string(),
  optionValues: z.array(z.string()),
  price: ZStoredAmount,
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  stock: z.number().int(),
  imageUrl: z.string().nullable(),
});
export const ZPosProduct = z.object({
  id: z.string(),
  name: z.string(),
  categoryId: z.string().nullable(),
  imageUrl: z.string().nullable(),
  trackStock: z.boolean(),
  /** Archived or deleted products come back with `isRemoved`, so the till drops them. */
  isRemoved: z.boolean(),
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  variants: z.array(ZPosVariant),
});
export type PosProduct = z.infer<typeof ZPosProduct>;
export const ZPosCatalogue = z.object({
  items: z.array(ZPosProduct),
  categories: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Pass it back as `since`; `hasMore` says to ask again at once. */
  cursor: z.string(),
  hasMore: z.boolean(),
});

/** The till's copy of the clients (search by phone offline), by changes since a cursor. */
export const ZPosClientsQuery = ZPosCatalogueQuery;
export const ZPosClients = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      phone: z.string().nullable(),
      // The client's account, for the till to judge a sale on credit or paid by « avoir » offline;
      // left out when nothing (most clients), to keep the till's first load small.
      balance: z.number().optional(),
      creditLimit: z.number().optional(),
      storeCredit: z.number().optional(),
      /** Loyalty points held, for the till to let them pay offline. */
      loyaltyPoints: z.number().optional(),
    }),
  ),
  cursor: z.string(),
  hasMore: z.boolean(),
});

const ZPerson = z.object({ id: z.string(), name: z.string() }).nullable();

export const ZCashSession = z.object({
  id: z.string(),
  tillId: z.string(),
  tillName: z.string(),
  status: z.enum(['open', 'closed']),
  openedAt: z.string(),
  openedBy: ZPerson,
  openingFloat: ZStoredAmount,
  closedAt: z.string().nullable(),
  closedBy: ZPerson,
  /**
   * The session's expected cash, from every tablet's ops the server has: as computed at closing,
   * or the running figure of an open session. Each tablet only knows what it recorded itself.
   */
  expectedCash: ZStoredAmount.nullable(),
  countedCash: ZStoredAmount.nullable(),
  variance: ZStoredAmount.nullable(),
});
export type CashSession = z.infer<typeof ZCashSession>;

export const ZTill = z.object({
  id: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  openSession: ZCashSession.nullable(),
});
export type Till = z.infer<typeof ZTill>;

/**
 * What a till starts with, in one answer (GET /api/pos/boot), in the shape the till keeps it: who
 * is selling, for which shop, the loyalty rules it prices points with, and the shop's tills. A
 * tablet opened for the first time shows its first screen after this one request instead of four
 * in a row (issue 20).
 */
export const ZTillBoot = z.object({
  user: z.object({
    id: z.string(),
    phone: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
  }),
  /** Null: the caller has no shop. */
  shop: z
    .object({
      id: z.string(),
      name: z.string(),
      logoUrl: z.string().nullable(),
      currency: z.string(),
      timeZone: z.string(),
      country: z.string(),
      address: z.string(),
      phone: z.string().nullable(),
      receiptFooter: z.string(),
      taxId: z.string(),
      tradeRegister: z.string(),
      isBlocked: z.boolean(),
    })
    .nullable(),
  agent: z
    .object({
      id: z.string(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      role: z.string(),
    })
    .nullable(),
  /** The loyalty programme's rules; null while it is switched off. */
  loyalty: ZLoyaltyRules.nullable(),
  /** Null when the caller may not sell there (their role, a blocked shop): the till says why. */
  tills: z.array(ZTill).nullable(),
});
export type TillBootAnswer = z.infer<typeof ZTillBoot>;

/** The boot answer as /point-de-vente brings it in its page (server/till-page.ts). */
export interface EmbeddedTillBoot {
  /** The shop the URL asked for; null: none, the answer is then the caller's first shop. */
  shopId: string | null;
  /** next-auth's session answer: who is signed in, with the API token. */
  session: {
    user?: { id: string; phone: string; name: string | null };
    accessToken?: string;
    accessTokenExpiresAt?: number;
  };
  answer: TillBootAnswer;
  /** This tablet sells at a till of that shop already (till-device.ts): it opens on its own. */
  hasChosenTill: boolean;
  /** When the server drew the page (ms since 1970, the server's clock). */
  servedAt: number;
}
export const ZTillName = z.string().trim().min(1, { error: 'Donnez un nom à la caisse.' }).max(60);
export const ZCreateTillBody = z.object({ shopId: ZId, name: ZTillName });
export const ZUpdateTillBody = z.object({ shopId: ZId, tillId: ZId, name: ZTillName, isActive: z.boolean() });

/** The Z report of a closed session (an X report while it is open): what the drawer should hold and why. */
export const ZZReport = z.object({
  session: ZCashSession,
  currency: z.string(),
  salesCount: z.number().int(),
  /** Before any discount. */
  grossSales: ZStoredAmount,
  discounts: ZStoredAmount,
  netSales: ZStoredAmount,
  /** Left unpaid on « paiement à crédit » sales. */
  creditSales: ZStoredAmount,
  refundsCount: z.number().int(),
  refundsTotal: ZStoredAmount,
  byMethod: z.array(
    z.object({ method: z.enum(POS_PAYMENT_METHODS), received: ZStoredAmount, refunded: ZStoredAmount }),
  ),
  cashMovements: z.array(
    z.object({
      kind: z.enum(['in', 'out']),
      amount: ZStoredAmount,
      reason: z.string(),
      at: z.string(),
      by: ZPerson,
    }),
  ),
  cashIn: ZStoredAmount,
  cashOut: ZStoredAmount,
  expectedCash: ZStoredAmount,
  countedCash: ZStoredAmount.nullable(),
  variance: ZStoredAmount.nullable(),
  denominations: z.record(z.string(), z.number().int()),
  stockConflicts: z.number().int(),
});
export type ZReport = z.infer<typeof ZZReport>;

export const ZSessionsQuery = z.object({
  shopId: ZId,
  tillId: ZId.optional(),
  after: z.string().max(80).optional(),
});
export const ZSessionQuery = z.object({ shopId: ZId, sessionId: ZOpId });

/** A manager's own PIN (admins and supervisors), asked at the till for refunds and big discounts. */
export const ZSetPinBody = z.object({
  shopId: ZId,
  pin: z.string().regex(/^\d{4,6}$/, { error: 'Le code PIN a 4 à 6 chiffres.' }),
});
/**
 * What lets a till check a PIN without network: salted PBKDF2-SHA256 hashes (the server checks the
 * PIN again when the op arrives).
 */
export const ZApprovers = z.object({
  items: z.array(
    z.object({
      agentId: z.string(),
      name: z.string(),
      salt: z.string(),
      hash: z.string(),
      iterations: z.number(),
    }),
  ),
});

export const ZStockConflict = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.number().int(),
  variantId: z.string(),
  productName: z.string(),
  variantName: z.string(),
  /** Units sold that the stock did not have. */
  missing: z.number().int(),
  stockAfter: z.number().int(),
  createdAt: z.string(),
  soldBy: ZPerson,
  resolvedAt: z.string().nullable(),
  resolvedBy: ZPerson,
  resolution: z.string(),
});
export type StockConflict = z.infer<typeof ZStockConflict>;
export const ZConflictsQuery = z.object({
  shopId: ZId,
  status: z.enum(['open', 'resolved']).default('open'),
});
export const ZResolveConflictBody = z.object({
  shopId: ZId,
  conflictId: ZId,
  resolution: z.string().trim().min(1, { error: 'Dites ce qui a été fait.' }).max(300),
});

export const ZSendReceiptBody = z.object({
  shopId: ZId,
  orderId: ZId,
  phone: z.string().trim().max(30).optional(),
});
