import { Button, Menu, Portal } from '@chakra-ui/react';
import { LuChevronDown, LuDownload } from 'react-icons/lu';

/** « Exporter »: the current filter as CSV, with « ; » for Excel in French or « , » for the rest. */
export function CsvExportMenu({ onExport }: { onExport: (separator: 'semicolon' | 'comma') => void }) {
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline">
          <LuDownload /> Exporter <LuChevronDown />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="semicolon" onSelect={() => onExport('semicolon')}>
              CSV pour Excel (séparateur « ; »)
            </Menu.Item>
            <Menu.Item value="comma" onSelect={() => onExport('comma')}>
              CSV standard (séparateur « , »)
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
