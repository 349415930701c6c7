import { Button, Menu, Portal } from '@chakra-ui/react';
import { Fragment } from 'react';
import { LuChevronDown, LuDownload } from 'react-icons/lu';

export type CsvSeparatorChoice = 'semicolon' | 'comma';

/**
 * « Exporter »: the current filter as CSV, with « ; » for Excel in French or « , » for the rest.
 * With `kinds`, one group per kind of file (one row per order, one row per line…), each offering
 * both separators.
 */
export function CsvExportMenu<K extends string = string>({
  onExport,
  kinds,
}: {
  onExport: (separator: CsvSeparatorChoice, kind: K | undefined) => void;
  kinds?: ReadonlyArray<{ value: K; label: string }>;
}) {
  const items = (kind: K | undefined) => (
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
    <Menu.Root lazyMount>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline">
          <LuDownload /> Exporter <LuChevronDown />
        </Button>
      </Menu.Trigger>
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
