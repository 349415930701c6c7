import { Grid, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { FormDialog } from '@/client/components/FormDialog';
import { SelectField, TextField, useServerErrors } from '@/client/components/form';
import { toaster } from '@/client/shell/toaster';
import { AGENT_ROLES, ROLE_LABELS, type AgentRole } from '@/shared/roles';
import { useInviteAgentMutation } from '../team.api';

type Fields = 'phone' | 'role' | 'firstName' | 'lastName';
const EMPTY = { phone: '', role: 'seller' as AgentRole, firstName: '', lastName: '' };

/** Adds a team member by phone: they sign in with that number and land in this shop. */
export function InviteAgentDialog({
  shopId,
  isOpen,
  onClose,
}: {
  shopId: string;
  isOpen: boolean;
  onClose: () => void;
}) {
  const [values, setValues] = useState(EMPTY);
  const { fieldErrors, setFieldErrors, formError, run } = useServerErrors<Fields>();
  const [invite, { isLoading }] = useInviteAgentMutation();

  function close() {
    setValues(EMPTY);
    setFieldErrors({});
    onClose();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!values.phone.trim()) return setFieldErrors({ phone: 'Le numéro de téléphone est obligatoire.' });
    const ok = await run(() => invite({ shopId, ...values }).unwrap());
    if (ok) {
      toaster.create({
        title: 'Agent ajouté',
        description: 'Il peut se connecter avec son numéro ; un SMS l’en informe.',
        type: 'success',
        duration: 3500,
      });
      close();
    }
  }

  const set = (key: Fields) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  return (
    <FormDialog
      isOpen={isOpen}
      onClose={close}
      onSubmit={onSubmit}
      title="Inviter un agent"
      formLabel="Inviter un agent"
      submitLabel="Ajouter à l’équipe"
      loadingText="Envoi…"
      isLoading={isLoading}
      width="480px"
    >
      <Stack gap="4">
        <FormErrorAlert message={formError} />
        <TextField
          label="Téléphone"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="77 123 45 67"
          required
          value={values.phone}
          onChange={set('phone')}
          error={fieldErrors.phone}
        />
        <SelectField
          label="Rôle"
          name="role"
          value={values.role}
          onChange={set('role')}
          error={fieldErrors.role}
          options={AGENT_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r].label }))}
        />
        <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
          <TextField
            label="Prénom (facultatif)"
            name="firstName"
            value={values.firstName}
            onChange={set('firstName')}
            error={fieldErrors.firstName}
          />
          <TextField
            label="Nom (facultatif)"
            name="lastName"
            value={values.lastName}
            onChange={set('lastName')}
            error={fieldErrors.lastName}
          />
        </Grid>
      </Stack>
    </FormDialog>
  );
}
