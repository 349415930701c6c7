import { formatMoney } from '@/shared/money';
import { CHANNEL_LABELS } from '@/features/order/order.constants';
import type { SegmentField, TSegmentRule } from '../crm.schemas';

/** The rules a seller may add, in the order the « Ajouter une règle » menu lists them. */
export const FIELD_LABELS: Record<SegmentField, string> = {
  totalSpent: 'Total dépensé',
  ordersCount: 'Nombre de commandes',
  lastOrder: 'Dernière commande',
  firstOrder: 'Première commande',
  firstChannel: 'Canal de la première commande',
  commune: 'Commune',
  tags: 'Étiquettes',
  balance: 'Ardoise',
  birthdayThisMonth: 'Anniversaire ce mois-ci',
  consent: 'Accord marketing',
  refusedCod: 'Colis refusés à la livraison',
};

/** A rule as the editor keeps it: numbers may be left empty while typed (the server says so). */
export type DraftRule = TSegmentRule;

/** A new rule of `field`, with the values a seller most often wants. */
export function newRule(field: SegmentField): DraftRule {
  switch (field) {
    case 'totalSpent':
      return { field, op: 'gte', value: 50_000 };
    case 'ordersCount':
      return { field, op: 'gte', value: 2 };
    case 'lastOrder':
      return { field, op: 'before', days: 60 };
    case 'firstOrder':
      return { field, days: 30 };
    case 'firstChannel':
      return { field, channels: ['whatsapp'] };
    case 'commune':
      return { field, communes: [] };
    case 'tags':
      return { field, op: 'any', tags: [] };
    case 'balance':
      return { field, has: true };
    case 'birthdayThisMonth':
      return { field };
    case 'consent':
      return { field, channel: 'sms', given: true };
    case 'refusedCod':
      return { field, op: 'gte', value: 1 };
  }
}

const list = (words: string[]) => words.join(', ');
const orders = (n: number) => `${n} commande${n > 1 ? 's' : ''}`;

/** A rule in one French sentence (the saved segments' summary). */
export function describeRule(rule: TSegmentRule, currency: string): string {
  const atLeast = (op: 'gte' | 'lte') => (op === 'gte' ? 'au moins' : 'au plus');
  switch (rule.field) {
    case 'totalSpent':
      return `A dépensé ${atLeast(rule.op)} ${formatMoney(rule.value, currency)}`;
    case 'ordersCount':
      return `${atLeast(rule.op)[0]!.toUpperCase()}${atLeast(rule.op).slice(1)} ${orders(rule.value)}`;
    case 'refusedCod':
      return `${atLeast(rule.op)[0]!.toUpperCase()}${atLeast(rule.op).slice(1)} ${rule.value} colis refusé${rule.value > 1 ? 's' : ''}`;
    case 'lastOrder':
      if (rule.op === 'never') return 'N’a jamais commandé';
      return rule.op === 'within'
        ? `A commandé dans les ${rule.days} derniers jours`
        : `Pas de commande depuis ${rule.days} jours`;
    case 'firstOrder':
      return `Première commande dans les ${rule.days} derniers jours`;
    case 'firstChannel':
      return `Première commande par ${list(rule.channels.map((c) => CHANNEL_LABELS[c]))}`;
    case 'commune':
      return `Habite ${list(rule.communes)}`;
    case 'tags':
      return rule.op === 'none'
        ? `Sans l’étiquette ${list(rule.tags)}`
        : `${rule.op === 'all' ? 'Toutes les étiquettes' : 'Une étiquette parmi'} ${list(rule.tags)}`;
    case 'balance':
      return rule.has ? 'Doit quelque chose (ardoise)' : 'Ne doit rien';
    case 'birthdayThisMonth':
      return 'Anniversaire ce mois-ci';
    case 'consent':
      return `${rule.given ? 'A donné' : 'N’a pas donné'} son accord ${rule.channel === 'sms' ? 'SMS' : 'WhatsApp'}`;
  }
}
