import { toaster } from '@/client/shell/toaster';
import type { Notification } from './notification.api';

/** SPEC §9: 3.5 s plus the count — one more second per order counted, at most 10 s in all. */
export function newOrderToastDuration(count: number): number {
  return Math.min(3500 + count * 1000, 10_000);
}

const NEW_ORDERS_TOAST = 'new-orders';
let newOrderCount = 0;

/**
 * SPEC §8: « Vous avez N nouvelle commande ! », N counting the orders since the toast last
 * closed (the reset); low stock: « Le stock du produit X est faible », X being the notification's title.
 */
export function toastForNotification(notification: Notification): void {
  if (notification.type === 'order') {
    newOrderCount += 1;
    const options = {
      title: `Vous avez ${newOrderCount} nouvelle commande !`,
      type: 'info' as const,
      duration: newOrderToastDuration(newOrderCount),
      onStatusChange: (details: { status: string }) => {
        if (details.status === 'unmounted') newOrderCount = 0;
      },
    };
    toaster.upsert(NEW_ORDERS_TOAST, options);
  } else if (notification.type === 'delivery') {
    toaster.create({
      title: notification.title,
      description: notification.description,
      type: 'warning',
      duration: 5000,
    });
  } else if (notification.type === 'low_stock') {
    toaster.create({
      title: `Le stock du produit ${notification.title} est faible`,
      type: 'warning',
      duration: 3500,
    });
  }
}
