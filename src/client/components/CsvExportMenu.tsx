import { Button } from '@/client/ui';
import { LuChevronDown, LuDownload } from 'react-icons/lu';
import { DeferredMenu, type MenuChoice } from './DeferredMenu';

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
  const choices = (kind: K | undefined): MenuChoice[] => [
    {
      value: `${kind ?? 'csv'}-semicolon`,
      label: 'CSV pour Excel (séparateur « ; »)',
      onSelect: () => onExport('semicolon', kind),
    },
    {
      value: `${kind ?? 'csv'}-comma`,
      label: 'CSV standard (séparateur « , »)',
      onSelect: () => onExport('comma', kind),
    },
  ];
  return (
    <DeferredMenu
      trigger={
        <Button size="sm" variant="outline">
          <LuDownload /> Exporter <LuChevronDown />
        </Button>
      }
      groups={
        kinds
          ? kinds.map((kind) => ({ label: kind.label, choices: choices(kind.value) }))
          : [{ choices: choices(undefined) }]
      }
    />
  );
}
