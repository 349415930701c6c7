import { dayjs } from '@/shared/dayjs';
import {
  CHANNEL_LABELS,
  PAYMENT_METHOD_LABELS,
  type OrderChannel,
  type PaymentMethod,
} from '@/features/order/order.constants';
import type { TClientEvent } from '../customer.schemas';

/** « 24-11-2026 »: a day in the shop's time zone (SPEC §9's order, without the hour). */
export function formatDay(value: string, timeZone: string): string {
  return dayjs(value).tz(timeZone).format('DD-MM-YYYY');
}

/** « Commande #12 · WhatsApp », « Paiement · Wave » (the detail is a channel or a method code). */
export function eventTitle(event: TClientEvent): string {
  if (event.type === 'note') return 'Note';
  if (event.type === 'message') return 'SMS envoyé';
  if (event.type === 'merge') return event.detail ?? 'Fusion';
  if (event.type === 'order') {
    const channel = event.detail ? (CHANNEL_LABELS[event.detail as OrderChannel] ?? event.detail) : null;
    return [`Commande #${event.orderNumber}`, channel].filter(Boolean).join(' · ');
  }
  const method = event.detail ? (PAYMENT_METHOD_LABELS[event.detail as PaymentMethod] ?? event.detail) : null;
  return [event.type === 'payment' ? 'Paiement' : 'Remboursement', method].filter(Boolean).join(' · ');
}
