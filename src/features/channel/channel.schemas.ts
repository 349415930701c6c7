import { ZId, z } from '@/shared/validation';
import { MAX_UNIT_PRICE } from '@/shared/bounds';
import { LISTING_CHANNELS, PRICED_LISTING_CHANNELS } from '@/features/product/product.constants';
import {
  MAX_PASTE_LENGTH,
  MAX_TEMPLATE_LENGTH,
  MESSAGE_TEMPLATES,
  SALES_CHANNELS,
  TEMPLATE_FIELDS,
} from './channel.constants';
import { formatCount } from '@/shared/numbers';

export * from './channel.constants';

/* What the Canaux de vente screens send and the API checks; amounts in the currency's minor unit. */

export const ZShopQuery = z.object({ shopId: ZId });

const ZTemplate = z
  .string()
  .trim()
  .min(1, { error: 'Écrivez le message, ou remettez le nôtre.' })
  .max(MAX_TEMPLATE_LENGTH, { error: `${MAX_TEMPLATE_LENGTH} caractères au plus.` })
  .refine(
    (text) =>
      [...text.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)].every((m) =>
        (TEMPLATE_FIELDS as readonly string[]).includes(m[1]!),
      ),
    {
      error: `Champ inconnu : seuls ${TEMPLATE_FIELDS.map((f) => `{{${f}}}`).join(', ')} sont remplis.`,
    },
  );

export const ZChannelSettingsBody = z.object({
  shopId: ZId,
  /** Typed as the seller knows it (« 77 123 45 67 »), kept in E.164; '' removes it. */
  whatsappPhone: z.string().trim().max(30).optional(),
  templates: z.partialRecord(z.enum(MESSAGE_TEMPLATES), ZTemplate).optional(),
  feedBrand: z.string().trim().max(70, { error: '70 caractères au plus.' }).optional(),
});
export type TChannelSettingsBody = z.infer<typeof ZChannelSettingsBody>;

export const ZChannelSettings = z.object({
  whatsappPhone: z.string().nullable(),
  templates: z.record(z.enum(MESSAGE_TEMPLATES), z.string()),
  /** The shop's own wording, by template (the others are ours). */
  customTemplates: z.array(z.enum(MESSAGE_TEMPLATES)),
  feedBrand: z.string(),
  feeds: z.object({ meta: z.string(), google: z.string() }),
});
export type TChannelSettings = z.infer<typeof ZChannelSettings>;

export const ZChannelCard = z.object({
  key: z.enum(SALES_CHANNELS),
  label: z.string(),
  isActive: z.boolean(),
  /** What the card says of its state (« 12 produits exclus », « Numéro à renseigner »…). */
  detail: z.string(),
  orders: z.number().nullable(),
  net: z.number().nullable(),
  nextStep: z.object({ label: z.string(), href: z.string() }).nullable(),
});
export const ZChannelsOverview = z.object({
  month: z.string(),
  currency: z.string(),
  items: z.array(ZChannelCard),
});
export type TChannelsOverview = z.infer<typeof ZChannelsOverview>;

export const ZListingsQuery = z.object({
  shopId: ZId,
  search: z.string().trim().max(100).optional(),
  afterName: z.string().max(300).optional(),
  afterId: ZId.optional(),
});

const ZListingChannel = z.enum(LISTING_CHANNELS);
export const ZListing = z.object({
  productId: z.string(),
  name: z.string(),
  status: z.string(),
  coverUrl: z.string().nullable(),
  variants: z.array(z.object({ id: z.string(), label: z.string(), price: z.number() })),
  hiddenOn: z.array(ZListingChannel),
  prices: z.array(z.object({ variantId: z.string(), channel: ZListingChannel, price: z.number() })),
});
export type TListing = z.infer<typeof ZListing>;
export const ZListings = z.object({ items: z.array(ZListing), hasMore: z.boolean() });

export const ZSaveListingBody = z.object({
  shopId: ZId,
  productId: ZId,
  hiddenOn: z.array(ZListingChannel).max(LISTING_CHANNELS.length),
  prices: z
    .array(
      z.object({
        variantId: ZId,
        channel: z.enum(PRICED_LISTING_CHANNELS),
        price: z
          .number({ error: 'Indiquez un prix, en chiffres.' })
          .int({ error: 'Indiquez un prix sans décimales.' })
          .min(0, { error: 'Un prix ne peut pas être négatif.' })
          .max(MAX_UNIT_PRICE, { error: 'Ce prix dépasse le maximum autorisé.' }),
      }),
    )
    .max(400),
});
export type TSaveListingBody = z.infer<typeof ZSaveListingBody>;

export const ZPasteBody = z.object({
  shopId: ZId,
  text: z
    .string()
    .trim()
    .min(1, { error: 'Collez le message du client.' })
    .max(MAX_PASTE_LENGTH, { error: `${formatCount(MAX_PASTE_LENGTH)} caractères au plus.` }),
});

const ZMatch = z.object({
  variantId: z.string(),
  productId: z.string(),
  label: z.string(),
  price: z.number(),
  stock: z.number().nullable(),
  score: z.number(),
});
export const ZPasteDraft = z.object({
  lines: z.array(
    z.object({
      raw: z.string(),
      phrase: z.string(),
      quantity: z.number(),
      best: ZMatch.nullable(),
      alternatives: z.array(ZMatch),
    }),
  ),
  /** Items nothing in the catalogue resembles: kept in the note. */
  unmatched: z.array(z.string()),
  phone: z.string().nullable(),
  name: z.string().nullable(),
  client: z.object({ id: z.string(), name: z.string(), phone: z.string().nullable() }).nullable(),
  place: z.object({ text: z.string(), commune: z.string(), quartier: z.string() }).nullable(),
  zone: z.object({ name: z.string(), fee: z.number() }).nullable(),
  note: z.string(),
  /** How long the matching took on the server, in milliseconds (shown to nobody; the bench reads it). */
  tookMs: z.number(),
});
export type TPasteDraft = z.infer<typeof ZPasteDraft>;

export const ZShareLinks = z.object({
  shop: z.object({ url: z.string(), text: z.string(), waUrl: z.string() }),
});

export const ZFeedProblems = z.object({
  checkedProducts: z.number(),
  /** All of them; `problems` lists the first few hundred, errors first. */
  totalProblems: z.number(),
  problems: z.array(
    z.object({
      productId: z.string(),
      productName: z.string(),
      platforms: z.array(z.enum(['meta', 'google'])),
      message: z.string(),
      field: z.string(),
      severity: z.enum(['error', 'warning']),
    }),
  ),
  /** Problems of the shop's own settings (no brand…), said once. */
  shopProblems: z.array(z.string()),
});
export type TFeedProblems = z.infer<typeof ZFeedProblems>;
