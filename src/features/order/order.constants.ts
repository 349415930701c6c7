import type { TOrderFilters } from './order.schemas';

/*
 * The order contract's plain values: channels, statuses, payment methods, their labels and colours.
 * Apart from order.schemas.ts, which builds zod schemas as it loads, so that a page that only shows
 * orders does not load zod; order.schemas.ts re-exports them.
 */

export const ORDER_CHANNELS = [
  'site',
  'pos',
  'whatsapp',
  'facebook',
  'instagram',
  'phone',
  'manual',
] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];
export const CHANNEL_LABELS: Record<OrderChannel, string> = {
  site: 'Site web',
  pos: 'Point de vente',
  whatsapp: 'WhatsApp',
  facebook: 'Facebook',
  instagram: 'Instagram',
  phone: 'Téléphone',
  manual: 'Manuel',
};
/** Channels an agent may pick when entering an order by hand (the site and the till make their own). */
export const MANUAL_CHANNELS = ['whatsapp', 'phone', 'facebook', 'instagram', 'manual'] as const;

/** The fulfilment path, in order; `cancelled` and `returned` leave it. */
export const FULFILMENT_FLOW = ['new', 'confirmed', 'preparing', 'ready', 'shipping', 'delivered'] as const;
export const FULFILMENT_STATUSES = [...FULFILMENT_FLOW, 'cancelled', 'returned'] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];
export const FULFILMENT_LABELS: Record<FulfilmentStatus, string> = {
  new: 'Nouvelle',
  confirmed: 'Confirmée',
  preparing: 'En préparation',
  ready: 'Prête',
  shipping: 'En livraison',
  delivered: 'Livrée',
  cancelled: 'Annulée',
  returned: 'Retournée',
};
export const FULFILMENT_COLORS: Record<FulfilmentStatus, string> = {
  new: 'blue',
  confirmed: 'cyan',
  preparing: 'purple',
  ready: 'teal',
  shipping: 'orange',
  delivered: 'green',
  cancelled: 'gray',
  returned: 'red',
};

export const PAYMENT_STATUSES = [
  'pending',
  'partially_paid',
  'paid',
  'partially_refunded',
  'refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'En attente',
  partially_paid: 'Partiellement payée',
  paid: 'Payée',
  partially_refunded: 'Partiellement remboursée',
  refunded: 'Remboursée',
};
export const PAYMENT_STATUS_COLORS: Record<PaymentStatus, string> = {
  pending: 'yellow',
  partially_paid: 'orange',
  paid: 'green',
  partially_refunded: 'purple',
  refunded: 'gray',
};

export const PAYMENT_METHODS = [
  'cash',
  'orange_money',
  'wave',
  'mtn_momo',
  'moov_money',
  'card',
  'cod',
  'store_credit',
  'loyalty',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Espèces',
  orange_money: 'Orange Money',
  wave: 'Wave',
  mtn_momo: 'MTN MoMo',
  moov_money: 'Moov Money',
  card: 'Carte',
  cod: 'Paiement à la livraison',
  store_credit: 'Avoir',
  loyalty: 'Points fidélité',
};

/**
 * Money can go back in cash, by mobile money or to a card, or stay with the shop as the client's
 * store credit (« Avoir », to pay a later order); what loyalty points paid can go back as points;
 * « Paiement à la livraison » only comes in.
 */
export const REFUND_METHODS = [
  'cash',
  'orange_money',
  'wave',
  'mtn_momo',
  'moov_money',
  'card',
  'store_credit',
  'loyalty',
] as const satisfies readonly PaymentMethod[];
export type RefundMethod = (typeof REFUND_METHODS)[number];

/** The built-in tabs of the list (PRODUCT.md); users add their own views beside them. */
export const BUILT_IN_VIEWS: { id: string; name: string; filters: TOrderFilters }[] = [
  { id: 'all', name: 'Toutes', filters: {} },
  { id: 'to-confirm', name: 'À confirmer', filters: { fulfilment: ['new'] } },
  { id: 'to-prepare', name: 'À préparer', filters: { fulfilment: ['confirmed', 'preparing'] } },
  { id: 'shipping', name: 'En livraison', filters: { fulfilment: ['shipping'] } },
  {
    id: 'unpaid',
    name: 'Non payées',
    filters: { payment: ['pending', 'partially_paid'], fulfilment: [...FULFILMENT_FLOW] },
  },
];
