import { Box, IconButton } from '@/client/ui';
import { lazy } from 'react';
import { LuBell } from 'react-icons/lu';
import { DeferredPopup } from '@/client/components/DeferredPopup';
import { useGetNotificationsByShopQuery, useMarkNotificationsReadMutation } from './notification.api';

const NotificationPopover = lazy(() =>
  import('./NotificationPopover').then((m) => ({ default: m.NotificationPopover })),
);

/**
 * SPEC §2/§4: the bell, its popover, marking the shop's unread notifications read on open and on
 * close. The server lists only what the caller's role may open; an item with a page opens it. The
 * bell and its dot come with the page; the popover's code when it is first wanted.
 */
export function NotificationBell({ shopId, timeZone }: { shopId: string; timeZone: string }) {
  const { data, isLoading } = useGetNotificationsByShopQuery({ shopId });
  const [markRead] = useMarkNotificationsReadMutation();
  const notifications = data ?? [];
  const unread = notifications.filter((n) => !n.isRead);

  function markAllRead() {
    if (unread.length > 0) void markRead({ shopId, notificationsArray: unread.map((n) => n._id) });
  }

  return (
    <DeferredPopup
      hasPopup="dialog"
      onOpenChange={markAllRead}
      trigger={
        <IconButton
          variant="ghost"
          colorPalette="gray"
          aria-label={unread.length > 0 ? `Notifications (${unread.length} non lues)` : 'Notifications'}
          position="relative"
        >
          <LuBell />
          {unread.length > 0 ? (
            <Box
              position="absolute"
              top="2"
              right="2"
              boxSize="2.5"
              borderRadius="full"
              bg="red.500"
              borderWidth="2px"
              borderColor="bg"
              data-testid="notification-dot"
            />
          ) : null}
        </IconButton>
      }
      popup={(props) => (
        <NotificationPopover
          {...props}
          shopId={shopId}
          timeZone={timeZone}
          notifications={notifications}
          isLoading={isLoading}
        />
      )}
    />
  );
}
