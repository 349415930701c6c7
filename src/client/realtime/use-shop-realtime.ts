import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import { readAccessToken } from '../api/http';
import { useAppDispatch } from '../store';
import { notificationApi, type Notification } from '@/features/notification/client/notification.api';
import { toastForNotification } from '@/features/notification/client/notification-toasts';
import { api } from '../api/api';

/**
 * Joins the shop's room on the app's socket and turns each `newNotification` into a bell item
 * (prepended), a red dot (an unread item) and, for orders and low stock, a toast; orders and
 * payments refetch what shows them; `shopUpdated` refetches the shop. The server sends each
 * notification only to the roles that may see it, never to whoever caused it (no toast of one's own
 * order).
 *
 * socket.io's client (a tenth of the shell's script) is fetched once the page is drawn: nothing on
 * the first paint waits for the live connection.
 */
export function useShopRealtime(shopId: string | undefined, isReady: boolean): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!shopId || !isReady) return;
    let socket: Socket | null = null;
    let closed = false;
    void import('socket.io-client').then(({ io }) => {
      if (closed) return;
      // auth as a function: every (re)connection sends the freshest token.
      socket = io({
        auth: (cb) => cb({ token: readAccessToken() }),
        transports: ['websocket', 'polling'],
      });
      listen(socket, shopId);
    });
    return () => {
      closed = true;
      socket?.close();
    };
  }, [shopId, isReady, dispatch]);

  function listen(socket: Socket, shopId: string) {
    const join = () => socket.emit('joinShop', { shopId }, () => {});
    socket.on('connect', join);
    // The agent's role changed (or their access ended): the server took this socket out of the
    // shop's rooms; joining again is checked afresh, and what the role sees is read again.
    socket.on('membershipChanged', (payload: { shopId?: string }) => {
      if (payload?.shopId !== shopId) return;
      join();
      dispatch(api.util.invalidateTags(['Agent', 'Notification', 'HomeSummary', 'HomeChecklist']));
    });
    socket.on('newNotification', (notification: Notification) => {
      if (notification.shopId !== shopId) return;
      dispatch(
        notificationApi.util.updateQueryData('getNotificationsByShop', { shopId }, (draft) => {
          if (!draft.some((n) => n._id === notification._id)) draft.unshift(notification);
        }),
      );
      toastForNotification(notification);
      // A new order, or a customer's online payment: lists, totals and the balance are stale.
      if (notification.type === 'order' || notification.type === 'shop')
        dispatch(api.util.invalidateTags(['Order', 'HomeSummary', 'Balance', 'Stats']));
    });
    // Settings saved by a colleague, a plan paid, or the shop blocked/unblocked by the platform:
    // the shop is refetched, so a block shows the blocked screen at once.
    socket.on('shopUpdated', (payload: { shopId?: string }) => {
      if (payload?.shopId === shopId) dispatch(api.util.invalidateTags(['Shop', 'User', 'Agent']));
    });
  }
}
