import { useState, type FormEvent } from 'react';
import { Stack } from '@chakra-ui/react';
import { FormDialog } from '@/client/components/FormDialog';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { TextField, useServerErrors } from '@/client/components/form';
import { inChakraIsland } from '@/client/shell/chakra-island';
import { useSaveOrderViewMutation } from '../order.api';
import type { SaveViewDialogProps } from './SaveViewDialog';

/** « Enregistrer la vue »: the current filters become a tab of the user's own. */
function SaveViewDialogView(props: SaveViewDialogProps) {
  const [name, setName] = useState('');
  const [save, { isLoading }] = useSaveOrderViewMutation();
  const { fieldErrors, setFieldErrors, formError, run } = useServerErrors<'name'>();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setFieldErrors({ name: 'Ce champ est obligatoire.' });
    let savedId = '';
    const ok = await run(async () => {
      savedId = (await save({ shopId: props.shopId, name: name.trim(), filters: props.filters }).unwrap()).id;
    });
    if (!ok) return;
    props.onSaved(savedId, props.filters);
    setName('');
    props.onClose();
  }

  return (
    <FormDialog
      isOpen={props.isOpen}
      onClose={props.onClose}
      onSubmit={onSubmit}
      title="Enregistrer la vue"
      formLabel="Enregistrer la vue"
      submitLabel="Enregistrer"
      loadingText="Enregistrement…"
      isLoading={isLoading}
    >
      <Stack gap="3">
        <FormErrorAlert message={formError} />
        <TextField
          label="Nom de la vue"
          name="name"
          required
          value={name}
          onChange={setName}
          error={fieldErrors.name}
        />
      </Stack>
    </FormDialog>
  );
}

export const SaveViewDialogInIsland = inChakraIsland(SaveViewDialogView);
