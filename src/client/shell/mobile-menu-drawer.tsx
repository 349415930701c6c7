import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { SidebarMenu, type SidebarProps } from './Sidebar';
import type { MobileMenuProps } from './MobileMenu';
import { inChakraIsland } from './chakra-island';

/** The phone's menu drawer itself, loaded when it first opens (see MobileMenu). */
function MobileMenuDrawerView({ isOpen, onClose, title, menu }: MobileMenuProps) {
  const props: SidebarProps = { ...menu, variant: 'drawer' };
  return (
    <Drawer.Root
      lazyMount
      open={isOpen}
      onOpenChange={(e) => !e.open && onClose()}
      placement="start"
      size="xs"
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>{title}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body px="0">
              <SidebarMenu {...props} />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Fermer le menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

export const MobileMenuDrawer = inChakraIsland(MobileMenuDrawerView);
