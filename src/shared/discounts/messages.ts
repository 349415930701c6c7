import { formatMoney } from '../money';
import type { SalesChannel } from './types';
import { formatCount } from '../numbers';

/*
 * Every French text the engine writes: the refusals of a code and the « Pourquoi ce prix ? » lines.
 * Written with their no-break spaces (\u00a0 before « : » and inside guillemets, \u202f before « % »).
 */

const DAYS = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'];
const CHANNEL_PLACES: Record<SalesChannel, string> = {
  pos: 'au point de vente',
  manual: 'pour les commandes manuelles',
  storefront: 'sur le site web',
  whatsapp: 'sur WhatsApp',
};

/** 1 250 basis points → « 12,5 % ». */
export function percentText(bp: number): string {
  return `${String(bp / 100).replace('.', ',')}\u202f%`;
}

function listText(items: string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} et ${items.at(-1)}`;
}

function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count > 1 ? many : one}`;
}

export const REFUSALS = {
  unknown: 'Code inconnu',
  expired: 'Code expiré',
  disabled: 'Ce code est désactivé',
  client: 'Ce code n’est pas valable pour ce client',
  firstOrder: 'Ce code est réservé à la première commande',
  clientRequired: 'Ce code demande un client identifié',
  limit: 'Ce code a atteint sa limite d’utilisations',
  clientLimit: 'Ce code a déjà été utilisé par ce client',
  codeUsed: 'Ce code a déjà été utilisé',
  sameDiscount: 'Cette réduction est déjà appliquée par un autre code',
  noItem: 'Ce code ne s’applique à aucun article du panier',
  noDelivery: 'Cette commande n’a pas de frais de livraison',
  nothingToTake: 'Ce code ne s’applique pas à cette commande',
  better: 'Une réduction plus avantageuse s’applique déjà',
  cap: 'Le plafond des réductions de la boutique est atteint',
} as const;

export const refusalText = {
  notYet: (when: string) => `Ce code sera valable à partir du ${when}`,
  channel: (channel: SalesChannel) => `Ce code n’est pas valable ${CHANNEL_PLACES[channel]}`,
  weekdays: (days: readonly number[]) =>
    `Ce code n’est valable que ${listText([...days].sort().map((d) => `le ${DAYS[d - 1] ?? ''}`))}`,
  hours: (from: string, to: string) => `Ce code n’est valable que de ${from} à ${to}`,
  minSubtotal: (amount: number, currency: string) =>
    `Montant minimum\u00a0: ${formatMoney(amount, currency)}`,
  minQuantity: (quantity: number) => `Quantité minimum\u00a0: ${plural(quantity, 'article', 'articles')}`,
  notCombinable: (name: string) => `Ce code ne se cumule pas avec «\u00a0${name}\u00a0»`,
};

export const whyText = {
  label: (name: string, code: string | null) =>
    code && code.toUpperCase() !== name.toUpperCase() ? `${name} (code ${code})` : name,
  orderPercentage: (bp: number) => `−${percentText(bp)} sur la commande`,
  orderAmount: (amount: number, currency: string) => `−${formatMoney(amount, currency)} sur la commande`,
  productPercentage: (bp: number) => `−${percentText(bp)}`,
  productAmountPerUnit: (amount: number, currency: string) => `−${formatMoney(amount, currency)} par article`,
  productAmountShared: (amount: number, currency: string) =>
    `−${formatMoney(amount, currency)} sur les articles concernés`,
  buyGetRule: (buy: number, get: number, bp: number) =>
    `${plural(buy, 'acheté', 'achetés')}, ${formatCount(get)} ${bp >= 10_000 ? (get > 1 ? 'offerts' : 'offert') : `à −${percentText(bp)}`}`,
  buyGetOnLine: (units: number, bp: number) =>
    bp >= 10_000
      ? plural(units, 'article offert', 'articles offerts')
      : `${plural(units, 'article', 'articles')} à −${percentText(bp)}`,
  freeDelivery: 'livraison offerte',
  maxAmount: (amount: number, currency: string) => ` (plafonnée à ${formatMoney(amount, currency)})`,
  shopCap: (bp: number) => ` (plafond de la boutique\u00a0: ${percentText(bp)} de la commande)`,
  rounding: (step: number, currency: string) =>
    `Arrondi au multiple de ${formatMoney(step, currency)} inférieur, en faveur du client`,
  line: (label: string, effect: string) => `${label}\u00a0: ${effect}`,
};
