import { lazy } from 'react';
import { FirstOpened } from '@/client/components/FirstOpened';

const ImportDialogView = lazy(() =>
  import('./import-dialog-view').then((m) => ({ default: m.ImportDialogInIsland })),
);

export interface ImportDialogProps {
  shopId: string;
  isOpen: boolean;
  onClose: () => void;
}

/** « Importer » on Mes produits: the CSV import's dialog, whose code loads when it first opens. */
export function ImportDialog(props: ImportDialogProps) {
  return (
    <FirstOpened isOpen={props.isOpen}>
      <ImportDialogView {...props} />
    </FirstOpened>
  );
}
