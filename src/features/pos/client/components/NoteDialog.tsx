import { Button, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { TillDialog } from './TillDialog';

export function NoteDialog(props: {
  isOpen: boolean;
  note: string;
  onClose: () => void;
  onSave: (note: string) => void;
}) {
  const [note, setNote] = useState(props.note);
  return (
    <TillDialog
      isOpen={props.isOpen}
      onClose={props.onClose}
      title="Note de la vente"
      size="sm"
      footer={
        <Button colorPalette="brand" onClick={() => props.onSave(note.trim())}>
          Enregistrer la note
        </Button>
      }
    >
      <Textarea
        aria-label="Note de la vente"
        value={note}
        maxLength={500}
        rows={4}
        onChange={(e) => setNote(e.currentTarget.value)}
        autoFocus
      />
    </TillDialog>
  );
}
