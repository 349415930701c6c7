import { Box, Flex, Icon, IconButton, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import NextLink from 'next/link';
import { useState } from 'react';
import { LuBell, LuBike, LuPackage, LuShoppingCart, LuStore, LuTriangleAlert } from 'react-icons/lu';
import type { IconType } from 'react-icons';
import { formatDateTime } from '@/shared/dates';
import { withShopId } from '@/shared/navigation';
import {
  useGetNotificationsByShopQuery,
  useMarkNotificationsReadMutation,
  type Notification,
} from './notification.api';

const TYPE_ICONS: Record<Notification['type'], { icon: IconType; color: string }> = {
  order: { icon: LuShoppingCart, color: 'green.600' },
  shop: { icon: LuStore, color: 'blue.600' },
  product: { icon: LuPackage, color: 'purple.600' },
  low_stock: { icon: LuTriangleAlert, color: 'orange.600' },
  delivery: { icon: LuBike, color: 'red.600' },
};

function ItemContent({ notification: n, timeZone }: { notification: Notification; timeZone: string }) {
  return (
    <>
      <Icon
        as={TYPE_ICONS[n.type].icon}
        color={TYPE_ICONS[n.type].color}
        boxSize="5"
        mt="0.5"
        flexShrink={0}
        aria-hidden
      />
      <Stack gap="0.5" minW="0">
        <Text fontSize="sm" fontWeight="semibold">
          {n.title}
        </Text>
        {n.description ? (
          <Text fontSize="sm" color="fg.muted">
            {n.description}
          </Text>
        ) : null}
        <Text fontSize="xs" color="fg.muted">
          {formatDateTime(n.createdAt, timeZone)}
        </Text>
      </Stack>
    </>
  );
}

/**
 * SPEC §2/§4: the bell, its popover, marking the shop's unread notifications read on open and on
 * close. The server lists only what the caller's role may open; an item with a page opens it.
 */
export function NotificationBell({ shopId, timeZone }: { shopId: string; timeZone: string }) {
  const { data, isLoading } = useGetNotificationsByShopQuery({ shopId });
  const [markRead] = useMarkNotificationsReadMutation();
  const [isOpen, setOpen] = useState(false);
  const notifications = data ?? [];
  const unread = notifications.filter((n) => !n.isRead);

  function markAllRead() {
    if (unread.length > 0) void markRead({ shopId, notificationsArray: unread.map((n) => n._id) });
  }

  return (
    <Popover.Root
      positioning={{ placement: 'bottom-end' }}
      open={isOpen}
      onOpenChange={(e) => {
        setOpen(e.open);
        markAllRead();
      }}
      lazyMount
    >
      <Popover.Trigger asChild>
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
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width={{ base: 'calc(100vw - 24px)', sm: '360px' }}>
            <Popover.Arrow />
            <Popover.Header>
              <Popover.Title fontWeight="semibold">Notifications</Popover.Title>
            </Popover.Header>
            <Popover.Body px="0" pt="0">
              {isLoading ? (
                <Text px="4" py="3" color="fg.muted">
                  Chargement en cours...
                </Text>
              ) : notifications.length === 0 ? (
                <Text px="4" py="3" color="fg.muted">
                  Aucune notification
                </Text>
              ) : (
                <Stack as="ul" gap="0" maxH="200px" overflowY="auto" data-testid="notification-list">
                  {notifications.map((n) => {
                    const item = {
                      gap: '3',
                      px: '4',
                      py: '2.5',
                      bg: n.isRead ? 'transparent' : 'brand.subtle',
                    };
                    return (
                      <Box as="li" key={n._id} borderTopWidth="1px" listStyleType="none">
                        {n.link ? (
                          <Flex {...item} asChild _hover={{ bg: 'bg.muted' }}>
                            <NextLink
                              href={withShopId(n.link, shopId)}
                              onClick={() => {
                                // Closing by navigation is a close too (SPEC §4: marked read again).
                                setOpen(false);
                                markAllRead();
                              }}
                            >
                              <ItemContent notification={n} timeZone={timeZone} />
                            </NextLink>
                          </Flex>
                        ) : (
                          <Flex {...item}>
                            <ItemContent notification={n} timeZone={timeZone} />
                          </Flex>
                        )}
                      </Box>
                    );
                  })}
                </Stack>
              )}
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
