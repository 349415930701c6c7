/*
 * The clients contract's plain values: consent sources, sorts and their labels. Apart from
 * customer.schemas.ts, which builds zod schemas as it loads, so that the clients' pages do not load
 * zod; customer.schemas.ts re-exports them.
 */

export const CONSENT_SOURCES = ['till', 'site', 'import', 'agent'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];
export const CONSENT_SOURCE_LABELS: Record<ConsentSource, string> = {
  till: 'Caisse',
  site: 'Site web',
  import: 'Import',
  agent: 'Saisi par l’équipe',
};

export const CLIENT_SORTS = ['lastOrder', 'totalSpent', 'ordersCount', 'name'] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];
export const CLIENT_SORT_LABELS: Record<ClientSort, string> = {
  lastOrder: 'Dernière commande',
  totalSpent: 'Total dépensé',
  ordersCount: 'Nombre de commandes',
  name: 'Nom',
};

/** What a payment on a client's « ardoise » can be made with: neither « Avoir » nor « Paiement à la livraison ». */
export const BALANCE_PAYMENT_METHODS = [
  'cash',
  'orange_money',
  'wave',
  'mtn_momo',
  'moov_money',
  'card',
] as const;
