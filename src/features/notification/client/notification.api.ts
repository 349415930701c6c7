import { api } from '@/client/api/api';

export interface Notification {
  _id: string;
  shopId: string;
  type: 'order' | 'shop' | 'product' | 'low_stock' | 'delivery';
  title: string;
  description: string;
  isRead: boolean;
  createdAt: string;
  /** The app page it is about (without the shop), opened from the bell; null: nothing to open. */
  link: string | null;
}

export const notificationApi = api.injectEndpoints({
  endpoints: (build) => ({
    // SPEC §4: loaded once per shop and not refetched while present; live ones are prepended.
    getNotificationsByShop: build.query<Notification[], { shopId: string }>({
      query: ({ shopId }) => ({ url: `/api/notification/getByShop/${encodeURIComponent(shopId)}` }),
      keepUnusedDataFor: 24 * 3600,
      // Refetched only when the caller's role changed: what they may see changed with it.
      providesTags: ['Notification'],
    }),
    markNotificationsRead: build.mutation<
      { success: true; modifiedCount: number },
      { shopId: string; notificationsArray: string[] }
    >({
      query: (body) => ({ url: '/api/notification/markAsRead', method: 'POST', data: body }),
      async onQueryStarted({ shopId, notificationsArray }, { dispatch, queryFulfilled }) {
        const ids = new Set(notificationsArray);
        const patch = dispatch(
          notificationApi.util.updateQueryData('getNotificationsByShop', { shopId }, (draft) => {
            for (const n of draft) if (ids.has(n._id)) n.isRead = true;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const { useGetNotificationsByShopQuery, useMarkNotificationsReadMutation } = notificationApi;
