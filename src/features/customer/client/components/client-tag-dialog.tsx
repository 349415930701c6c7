import { Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '@/client/components/FormDialog';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { TextField, useServerErrors } from '@/client/components/form';
import { toaster } from '@/client/shell/toaster';
import { formAlert, readTags } from '../client-form';
import { useBulkTagClientsMutation } from '../customer.api';

export type TagMode = 'add' | 'remove';

/** « Ajouter une étiquette » / « Retirer une étiquette » on the chosen clients. */
export function TagDialog(props: {
  shopId: string;
  clientIds: string[];
  mode: TagMode;
  onClose: () => void;
  onDone: () => void;
}) {
  const [text, setText] = useState('');
  const [apply, { isLoading }] = useBulkTagClientsMutation();
  const { fieldErrors, setFieldErrors, formError, run } = useServerErrors<'add' | 'remove' | 'tag'>();
  const isAdding = props.mode === 'add';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const tags = readTags(text);
    if (!tags.length) return setFieldErrors({ tag: 'Indiquez une étiquette.' });
    let updated = 0;
    const ok = await run(async () => {
      ({ updated } = await apply({
        shopId: props.shopId,
        clientIds: props.clientIds,
        ...(isAdding ? { add: tags } : { remove: tags }),
      }).unwrap());
    });
    if (!ok) return;
    toaster.create({
      type: 'success',
      duration: 4000,
      title: `${updated} client${updated > 1 ? 's' : ''} modifié${updated > 1 ? 's' : ''}`,
      description: `${isAdding ? 'Étiquette ajoutée' : 'Étiquette retirée'} : ${tags.join(', ')}`,
    });
    props.onDone();
  }

  return (
    <FormDialog
      isOpen
      onClose={props.onClose}
      onSubmit={(e) => void onSubmit(e)}
      title={isAdding ? 'Ajouter une étiquette' : 'Retirer une étiquette'}
      formLabel={isAdding ? 'Ajouter une étiquette' : 'Retirer une étiquette'}
      submitLabel={isAdding ? 'Ajouter' : 'Retirer'}
      loadingText="Enregistrement…"
      isLoading={isLoading}
    >
      <Stack gap="4">
        <FormErrorAlert message={formAlert(formError, fieldErrors, ['tag', props.mode])} />
        <Text fontSize="sm" color="fg.muted">
          {props.clientIds.length} client{props.clientIds.length > 1 ? 's' : ''} sélectionné
          {props.clientIds.length > 1 ? 's' : ''}.
        </Text>
        <TextField
          label="Étiquette"
          name="tag"
          required
          placeholder="fidèle, grossiste"
          helper="Plusieurs étiquettes : séparez-les par des virgules."
          value={text}
          onChange={setText}
          error={fieldErrors.tag ?? fieldErrors[props.mode]}
        />
      </Stack>
    </FormDialog>
  );
}
