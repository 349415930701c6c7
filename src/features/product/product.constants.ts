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
