import { Button } from '@/client/ui';
import { lazy } from 'react';
import { LuChevronDown, LuDownload } from 'react-icons/lu';
import { DeferredPopup } from './DeferredPopup';

const CsvExportMenuPopup = lazy(() =>
  import('./csv-export-menu-popup').then((m) => ({ default: m.CsvExportMenuPopup })),
);

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
  return (
    <DeferredPopup
      trigger={
        <Button size="sm" variant="outline">
          <LuDownload /> Exporter <LuChevronDown />
        </Button>
      }
      popup={(props) => (
        <CsvExportMenuPopup
          {...props}
          // The menu hands back one of `kinds`' own values.
          onExport={(separator, kind) => onExport(separator, kind as K | undefined)}
          kinds={kinds}
        />
      )}
    />
  );
}
