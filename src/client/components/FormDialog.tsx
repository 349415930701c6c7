import { lazy, type FormEvent, type ReactNode } from 'react';
import { FirstOpened } from './FirstOpened';

const FormDialogView = lazy(() => import('./form-dialog-view').then((m) => ({ default: m.FormDialogView })));

export interface FormDialogProps {
  isOpen: boolean;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  title: string;
  /** The form's accessible name. */
  formLabel: string;
  submitLabel: string;
  loadingText: string;
  isLoading: boolean;
  width?: string;
  children: ReactNode;
}

/**
 * A dialog holding one form: title, fields, 'Fermer' and the submit button (90 % wide on phones).
 * Nothing of it is in the page until it first opens: its dialog code, still drawn with Chakra, loads
 * then with Chakra's provider (issue 20); the fields given as its children are drawn inside it.
 */
export function FormDialog(props: FormDialogProps) {
  return (
    <FirstOpened isOpen={props.isOpen}>
      <FormDialogView {...props} />
    </FirstOpened>
  );
}
