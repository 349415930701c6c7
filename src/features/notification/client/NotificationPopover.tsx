import { Box, Flex, Icon, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { PageLink } from '@/client/components/PageLink';
import { LuBike, LuPackage, LuShoppingCart, LuStore, LuTriangleAlert } from 'react-icons/lu';
import type { IconType } from 'react-icons';
import { formatDateTime } from '@/shared/dates';
import { withShopId } from '@/shared/navigation';
import type { DeferredPopupProps } from '@/client/components/DeferredPopup';
import type { Notification } from './notification.api';
import { inChakraIsland } from '@/client/shell/chakra-island';

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

/** The bell's popover, loaded on first use (see DeferredPopup); NotificationBell reads its list. */
function NotificationPopoverView({
  open,
  onOpenChange,
  ids,
  shopId,
  timeZone,
  notifications,
  isLoading,
}: DeferredPopupProps & {
  shopId: string;
  timeZone: string;
  notifications: Notification[];
  isLoading: boolean;
}) {
  return (
    <Popover.Root
      positioning={{ placement: 'bottom-end' }}
      ids={ids}
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      lazyMount
    >
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
                            <PageLink
                              href={withShopId(n.link, shopId)}
                              onClick={() => {
                                // Closing by navigation is a close too (SPEC §4: marked read again).
                                onOpenChange(false);
                              }}
                            >
                              <ItemContent notification={n} timeZone={timeZone} />
                            </PageLink>
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

export const NotificationPopover = inChakraIsland(NotificationPopoverView);
