/*
 * The clients import's plain values. Apart from client-import.schemas.ts, which builds zod schemas
 * as it loads, so that the import page does not load zod; client-import.schemas.ts re-exports them.
 */

/** The files the clients import reads, recognised by their header line. */
export const CLIENT_IMPORT_LAYOUTS = ['comptoir', 'shopify', 'loyverse'] as const;
export type ClientImportLayout = (typeof CLIENT_IMPORT_LAYOUTS)[number];
export const CLIENT_IMPORT_LAYOUT_LABELS: Record<ClientImportLayout, string> = {
  comptoir: 'Export Comptoir',
  shopify: 'Export clients Shopify',
  loyverse: 'Export clients Loyverse',
};

export const CLIENT_IMPORT_STATUSES = ['create', 'update', 'error'] as const;
export type ClientImportStatus = (typeof CLIENT_IMPORT_STATUSES)[number];
