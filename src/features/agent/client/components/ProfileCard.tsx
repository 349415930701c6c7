import { Avatar, Card, Grid, Stack, Text } from '@/client/ui';
import { useState, type FormEvent } from 'react';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { ImagePicker } from '@/client/components/ImagePicker';
import { SubmitButton, TextField, useServerErrors } from '@/client/components/form';
import { toaster } from '@/client/shell/toaster';
import { formatPhone } from '@/shared/phone-format';
import { ROLE_LABELS } from '@/shared/roles';
import {
  useUpdateMyProfileMutation,
  useUploadMyPhotoMutation,
  type Agent,
  type Shop,
} from '@/features/shop/client/shop.api';

type Fields = 'firstName' | 'lastName' | 'email';

/** « Mon profil »: the agent's own names, e-mail and photo in this shop. */
export function ProfileCard({ shop, agent }: { shop: Shop; agent: Agent }) {
  const [values, setValues] = useState({
    firstName: agent.firstName ?? '',
    lastName: agent.lastName ?? '',
    email: agent.email ?? '',
  });
  const { fieldErrors, setFieldErrors, formError, run } = useServerErrors<Fields>();
  const [save, { isLoading }] = useUpdateMyProfileMutation();
  const [uploadPhoto] = useUploadMyPhotoMutation();
  const name = [agent.firstName, agent.lastName].filter(Boolean).join(' ');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const missing: Partial<Record<Fields, string>> = {};
    if (!values.firstName.trim()) missing.firstName = 'Le prénom est obligatoire.';
    if (!values.lastName.trim()) missing.lastName = 'Le nom est obligatoire.';
    if (Object.keys(missing).length) return setFieldErrors(missing);
    const ok = await run(() => save({ shopId: shop._id, ...values }).unwrap());
    if (ok) toaster.create({ title: 'Profil enregistré', type: 'success', duration: 2500 });
  }

  const set = (key: Fields) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  return (
    <Card.Root id="profil">
      <Card.Header>
        <Card.Title as="h2">Mon profil</Card.Title>
        <Card.Description>
          {formatPhone(agent.phone)} · {ROLE_LABELS[agent.role].label} chez {shop.name}
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          <ImagePicker
            name="photo"
            buttonLabel="Changer la photo"
            onUpload={(file) => uploadPhoto({ shopId: shop._id, file }).unwrap()}
            preview={
              <Avatar.Root size="2xl" colorPalette="brand">
                {agent.profilePictureUrl ? (
                  <Avatar.Image src={agent.profilePictureUrl} alt="" />
                ) : (
                  <Avatar.Fallback name={name || agent.phone} />
                )}
              </Avatar.Root>
            }
          />
          <form onSubmit={onSubmit} noValidate aria-label="Mon profil">
            <Stack gap="4">
              <FormErrorAlert message={formError} />
              <Grid gridTemplateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
                <TextField
                  label="Prénom"
                  name="firstName"
                  required
                  autoComplete="given-name"
                  value={values.firstName}
                  onChange={set('firstName')}
                  error={fieldErrors.firstName}
                />
                <TextField
                  label="Nom"
                  name="lastName"
                  required
                  autoComplete="family-name"
                  value={values.lastName}
                  onChange={set('lastName')}
                  error={fieldErrors.lastName}
                />
              </Grid>
              <TextField
                label="E-mail (facultatif)"
                name="email"
                type="email"
                autoComplete="email"
                value={values.email}
                onChange={set('email')}
                error={fieldErrors.email}
              />
              <Text fontSize="sm" color="fg.muted">
                Votre numéro de téléphone sert à vous connecter ; il ne se change pas ici.
              </Text>
              <SubmitButton isLoading={isLoading} />
            </Stack>
          </form>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
