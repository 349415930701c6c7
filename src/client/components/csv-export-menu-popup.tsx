import { Menu, Portal } from '@chakra-ui/react';
import { Fragment } from 'react';
import { inChakraIsland } from '@/client/shell/chakra-island';
import type { DeferredPopupProps } from './DeferredPopup';
import type { CsvSeparatorChoice } from './CsvExportMenu';

/** CsvExportMenu's menu, loaded on first use (see DeferredPopup). */
function CsvExportMenuPopupView({
  open,
  onOpenChange,
  ids,
  onExport,
  kinds,
}: DeferredPopupProps & {
  onExport: (separator: CsvSeparatorChoice, kind: string | undefined) => void;
  kinds?: ReadonlyArray<{ value: string; label: string }>;
}) {
  const items = (kind: string | undefined) => (
    <>
      <Menu.Item value={`${kind ?? 'csv'}-semicolon`} onSelect={() => onExport('semicolon', kind)}>
        CSV pour Excel (séparateur « ; »)
      </Menu.Item>
      <Menu.Item value={`${kind ?? 'csv'}-comma`} onSelect={() => onExport('comma', kind)}>
        CSV standard (séparateur « , »)
      </Menu.Item>
    </>
  );
  return (
    <Menu.Root lazyMount ids={ids} open={open} onOpenChange={(e) => onOpenChange(e.open)}>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {kinds
              ? kinds.map((kind, index) => (
                  <Fragment key={kind.value}>
                    {index > 0 ? <Menu.Separator /> : null}
                    <Menu.ItemGroup aria-label={kind.label}>
                      <Menu.ItemGroupLabel>{kind.label}</Menu.ItemGroupLabel>
                      {items(kind.value)}
                    </Menu.ItemGroup>
                  </Fragment>
                ))
              : items(undefined)}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

export const CsvExportMenuPopup = inChakraIsland(CsvExportMenuPopupView);
