import { lazy, type ReactNode } from 'react';
import { FirstOpened } from './FirstOpened';

const ConfirmDialogView = lazy(() =>
  import('./confirm-dialog-view').then((m) => ({ default: m.ConfirmDialogView })),
);

export interface ConfirmDialogProps {
  isOpen: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  isLoading?: boolean;
  isDisabled?: boolean;
  loadingText?: string;
  colorPalette?: string;
}

/**
 * SPEC §2's reusable confirmation dialog: 'Fermer', 'Loading...' by default, 90 % wide on small
 * screens, 400 px otherwise. Nothing of it is in the page until it first opens: its dialog code
 * (zag's dialog, focus trap, dismissal) loads then (issue 20).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <FirstOpened isOpen={props.isOpen}>
      <ConfirmDialogView {...props} />
    </FirstOpened>
  );
}
