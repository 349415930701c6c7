/*
 * The products contract's plain values: statuses, stock reasons, their labels, the options' limit.
 * Apart from product.schemas.ts, which builds zod schemas as it loads, so that the products' pages
 * do not load zod; product.schemas.ts re-exports them.
 */

export const PRODUCT_STATUSES = ['active', 'draft', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = {
  active: 'Actif',
  draft: 'Brouillon',
  archived: 'Archivé',
};

export const STOCK_REASONS = ['reception', 'inventaire', 'casse', 'retour', 'vente', 'correction'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];
export const STOCK_REASON_LABELS: Record<StockReason, string> = {
  reception: 'Réception',
  inventaire: 'Inventaire',
  casse: 'Casse',
  retour: 'Retour',
  vente: 'Vente',
  correction: 'Correction',
};

export const MAX_OPTIONS = 3;

/**
 * The channels a product can be withheld from or priced apart on (Canaux de vente). Orders of the
 * channels « facebook » and « instagram » come through Meta's catalogue, hence one « meta » here.
 */
export const LISTING_CHANNELS = ['pos', 'site', 'whatsapp', 'meta', 'google'] as const;
export type ListingChannel = (typeof LISTING_CHANNELS)[number];
export const LISTING_CHANNEL_LABELS: Record<ListingChannel, string> = {
  pos: 'Point de vente',
  site: 'Boutique en ligne',
  whatsapp: 'WhatsApp',
  meta: 'Meta',
  google: 'Google',
};
/** A till sells at the price it shows, offline too: its own price would need its engine to know it. */
export const PRICED_LISTING_CHANNELS = ['site', 'whatsapp', 'meta', 'google'] as const;

/** The channel whose own prices and offer an order of this channel takes, if any. */
export function listingChannelOfOrder(channel: string): ListingChannel | null {
  if (channel === 'facebook' || channel === 'instagram') return 'meta';
  return channel === 'site' || channel === 'whatsapp' || channel === 'pos' ? channel : null;
}
