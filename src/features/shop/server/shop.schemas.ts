import { ZId, z } from '@/shared/validation';
import { CURRENCY_CODES } from '@/shared/countries';
import { ZStoredAmount } from '@/shared/bounded-schemas';
import { LEGAL_ID_MAX_LENGTH, LEGAL_ID_PATTERN } from '@/shared/legal-ids';

const ZLimit = z.union([z.number().int(), z.literal('infinity')]);

export const ZPlanQuotas = z.object({
  maxSmsQuota: ZLimit,
  currentSmsQuota: z.number().int(),
  maxNumberOfAuthorizedAgents: ZLimit,
  currentNumberOfAuthorizedAgents: z.number().int(),
  maxNumberOfAuthorizedProducts: ZLimit,
  currentNumberOfAuthorizedProducts: z.number().int(),
  maxNumberOfOrders: ZLimit,
  currentNumberOfOrders: z.number().int(),
});

export const ZShop = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  sellerId: z.object({ _id: z.string() }),
  isBlocked: z.boolean(),
  subscriptionPlan: z.string(),
  shopExpiresAt: z.string().nullable(),
  freeTrialExpiresAt: z.string().nullable(),
  planQuotas: ZPlanQuotas,
  currency: z.string(),
  timeZone: z.string(),
  country: z.string(),
  logoUrl: z.string().nullable(),
  address: z.string(),
  phone: z.string().nullable(),
  receiptFooter: z.string(),
  /** The tax number (NINEA, NCC, NIU… by country) and trade register (RCCM…); '' when not given. */
  taxId: z.string(),
  tradeRegister: z.string(),
  createdAt: z.string(),
});
export type TShop = z.infer<typeof ZShop>;

export const ZShopIdQuery = z.object({ shopId: ZId.optional() });
export const ZShopIdRequiredQuery = z.object({ shopId: ZId });
export const ZShopIdBody = z.object({ shopId: ZId });
export const ZIdParams = z.object({ id: ZId });
export const ZSellerIdParams = z.object({ sellerId: ZId });
/** The balance sums every online payment the shop ever received: a sum, shown as stored. */
export const ZBalance = z.object({ shopId: z.string(), balance: ZStoredAmount, currency: z.string() });
export const ZSetFcmIdBody = z.object({ fmcId: z.string().trim().min(1).max(4096) });
export const ZOk = z.object({ success: z.literal(true) });

/** A legal identifier: optional ('' clears it), bounded, as registers write them. */
const ZLegalId = z
  .string()
  .trim()
  .transform((value) => value.replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .max(LEGAL_ID_MAX_LENGTH, { error: `${LEGAL_ID_MAX_LENGTH} caractères au plus.` })
      .refine((value) => value === '' || LEGAL_ID_PATTERN.test(value), {
        error: 'Lettres, chiffres, espaces, points, tirets et barres obliques seulement.',
      }),
  );

export const ZUpdateShopBody = z.object({
  shopId: ZId,
  name: z.string().trim().min(2).max(80),
  currency: z.enum(CURRENCY_CODES),
  timeZone: z.string().trim().min(1).max(64),
  country: z.string().trim().length(2),
  /** Street, district and town as it should appear on invoices. */
  address: z.string().trim().max(300).default(''),
  phone: z.string().trim().max(30).default(''),
  /** The thank-you line of till receipts; left as it is when not sent. */
  receiptFooter: z.string().trim().max(120).optional(),
  /** Printed on invoices and receipts when given; left as they are when not sent. */
  taxId: ZLegalId.optional(),
  tradeRegister: ZLegalId.optional(),
});
