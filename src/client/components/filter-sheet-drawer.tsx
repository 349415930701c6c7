import { Button, CloseButton, Drawer, Portal, Stack } from '@chakra-ui/react';
import { inChakraIsland } from '@/client/shell/chakra-island';
import type { FilterSheetProps } from './FilterSheet';

/** FilterSheet's sheet itself, loaded when it first opens. */
function FilterSheetDrawerView(props: FilterSheetProps & { isOpen: boolean; onClose: () => void }) {
  return (
    <Drawer.Root
      lazyMount
      open={props.isOpen}
      onOpenChange={(e) => !e.open && props.onClose()}
      placement="bottom"
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content roundedTop="l3" maxH="85dvh" data-testid="filters-sheet">
            <Drawer.Header>
              <Drawer.Title>Filtres</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="3">
                {props.children}
                {props.footer?.(props.onClose)}
              </Stack>
            </Drawer.Body>
            <Drawer.Footer gap="2">
              {props.onClear && props.activeCount ? (
                <Button variant="ghost" onClick={props.onClear}>
                  Effacer les filtres
                </Button>
              ) : null}
              <Button colorPalette="brand" onClick={props.onClose}>
                Voir les résultats
              </Button>
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Fermer les filtres" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

export const FilterSheetDrawer = inChakraIsland(FilterSheetDrawerView);
