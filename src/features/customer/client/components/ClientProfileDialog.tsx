import { Checkbox, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '@/client/components/FormDialog';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { FieldShell, TextField, useServerErrors } from '@/client/components/form';
import { toaster } from '@/client/shell/toaster';
import {
  formAlert,
  formFromClient,
  readClientForm,
  type ClientFormField,
  type ClientFormValues,
} from '../client-form';
import { useUpdateClientMutation, type ClientDetail } from '../customer.api';

/** « Modifier le profil »: only what was changed is sent; a refusal shows under its field. */
export function ClientProfileDialog(props: {
  shopId: string;
  currency: string;
  client: ClientDetail;
  onClose: () => void;
}) {
  const [initial] = useState(() => formFromClient(props.client, props.currency));
  const [values, setValues] = useState<ClientFormValues>(initial);
  const [update, { isLoading }] = useUpdateClientMutation();
  const { fieldErrors, setFieldErrors, formError, run } = useServerErrors<ClientFormField>();
  const set =
    <K extends ClientFormField>(key: K) =>
    (value: ClientFormValues[K]) =>
      setValues((v) => ({ ...v, [key]: value }));
  const text = (key: Exclude<ClientFormField, 'whatsapp'>, label: string, extra?: object) => (
    <TextField
      label={label}
      name={key}
      value={values[key]}
      onChange={set(key)}
      error={fieldErrors[key]}
      {...extra}
    />
  );

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const read = readClientForm(initial, values, props.currency);
    if (!read.ok) return setFieldErrors(read.errors);
    if (Object.keys(read.changes).length === 0) return props.onClose();
    const ok = await run(() =>
      update({ shopId: props.shopId, clientId: props.client.id, ...read.changes }).unwrap(),
    );
    if (!ok) return;
    toaster.create({ type: 'success', duration: 3000, title: 'Profil enregistré' });
    props.onClose();
  }

  return (
    <FormDialog
      isOpen
      onClose={props.onClose}
      onSubmit={(e) => void onSubmit(e)}
      title="Modifier le profil"
      formLabel="Profil du client"
      submitLabel="Enregistrer"
      loadingText="Enregistrement…"
      isLoading={isLoading}
      width="640px"
    >
      <Stack gap="4">
        <FormErrorAlert message={formAlert(formError, fieldErrors, Object.keys(initial))} />
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          {text('firstName', 'Prénom', { required: true, autoComplete: 'off' })}
          {text('lastName', 'Nom', { autoComplete: 'off' })}
          {text('phone', 'Téléphone', { inputMode: 'tel', type: 'tel', autoComplete: 'off' })}
          {text('phone2', 'Deuxième téléphone', { inputMode: 'tel', type: 'tel', autoComplete: 'off' })}
        </SimpleGrid>
        <Checkbox.Root checked={values.whatsapp} onCheckedChange={(e) => set('whatsapp')(!!e.checked)}>
          <Checkbox.HiddenInput name="whatsapp" />
          <Checkbox.Control />
          <Checkbox.Label>Joignable sur WhatsApp</Checkbox.Label>
        </Checkbox.Root>
        {text('email', 'E-mail', { inputMode: 'email', type: 'email', autoComplete: 'off' })}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          {text('commune', 'Commune')}
          {text('quartier', 'Quartier')}
        </SimpleGrid>
        {text('landmark', 'Point de repère', { placeholder: 'En face de la pharmacie' })}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          {text('birthday', 'Anniversaire', { placeholder: 'JJ-MM', helper: 'Jour et mois : 05-03.' })}
          {text('creditLimit', `Plafond de crédit (${props.currency === 'XOF' ? 'FCFA' : props.currency})`, {
            inputMode: 'numeric',
            helper: 'Vide : pas de plafond.',
          })}
        </SimpleGrid>
        {text('tags', 'Étiquettes', {
          placeholder: 'fidèle, grossiste',
          helper: 'Séparées par des virgules.',
        })}
        <FieldShell label="Notes" error={fieldErrors.notes}>
          <Textarea
            name="notes"
            rows={3}
            value={values.notes}
            onChange={(e) => set('notes')(e.currentTarget.value)}
          />
        </FieldShell>
      </Stack>
    </FormDialog>
  );
}
