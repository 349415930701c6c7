import { Badge, Button, CloseButton, Drawer, Portal, Stack } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { LuSlidersHorizontal } from 'react-icons/lu';

/**
 * A phone's list filters: a « Filtres » button counting the active ones, opening a sheet from the
 * bottom with the filters (applied as they change, as on a larger screen).
 */
export function FilterSheet(props: {
  activeCount: number;
  children: ReactNode;
  /** Clears every filter (shown when one is active). */
  onClear?: () => void;
  /** Below the filters: another action on the list (« Enregistrer la vue »). */
  footer?: (close: () => void) => ReactNode;
}) {
  const [isOpen, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Drawer.Root lazyMount open={isOpen} onOpenChange={(e) => setOpen(e.open)} placement="bottom">
      <Drawer.Trigger asChild>
        <Button
          size="md"
          variant="outline"
          flexShrink={0}
          aria-label={
            props.activeCount
              ? `Filtres (${props.activeCount} actif${props.activeCount > 1 ? 's' : ''})`
              : 'Filtres'
          }
          data-testid="filters-button"
        >
          <LuSlidersHorizontal /> Filtres
          {props.activeCount ? (
            <Badge colorPalette="brand" variant="solid" rounded="full" data-testid="filters-count">
              {props.activeCount}
            </Badge>
          ) : null}
        </Button>
      </Drawer.Trigger>
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
                {props.footer?.(close)}
              </Stack>
            </Drawer.Body>
            <Drawer.Footer gap="2">
              {props.onClear && props.activeCount ? (
                <Button variant="ghost" onClick={props.onClear}>
                  Effacer les filtres
                </Button>
              ) : null}
              <Button colorPalette="brand" onClick={close}>
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
