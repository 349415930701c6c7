import { lazy } from 'react';
import { FirstOpened } from '@/client/components/FirstOpened';
import type { TOrderFilters } from '../../order.schemas';

const SaveViewDialogView = lazy(() =>
  import('./save-view-dialog-view').then((m) => ({ default: m.SaveViewDialogInIsland })),
);

export interface SaveViewDialogProps {
  shopId: string;
  filters: TOrderFilters;
  isOpen: boolean;
  onClose: () => void;
  onSaved: (viewId: string, filters: TOrderFilters) => void;
}

/** « Enregistrer la vue » on Commandes: its dialog's code (Chakra's) loads when it first opens. */
export function SaveViewDialog(props: SaveViewDialogProps) {
  return (
    <FirstOpened isOpen={props.isOpen}>
      <SaveViewDialogView {...props} />
    </FirstOpened>
  );
}
