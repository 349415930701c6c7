import { Alert, Card, Grid, Heading, Stack, Text } from '@/client/ui';
import { useRouter } from 'next/router';
import { useState, type FormEvent } from 'react';
import { AppShell } from '@/client/shell/AppShell';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { SubmitButton, TextField, useServerErrors } from '@/client/components/form';
import { withShopId } from '@/shared/navigation';
import { useUpdateMyProfileMutation, type Agent, type Shop } from '@/features/shop/client/shop.api';

type Fields = 'firstName' | 'lastName' | 'email';

function ConfirmInformationsForm({ shop, agent }: { shop: Shop; agent: Agent | null }) {
  const router = useRouter();
  const [values, setValues] = useState<Record<Fields, string>>({
    firstName: agent?.firstName ?? '',
    lastName: agent?.lastName ?? '',
    email: agent?.email ?? '',
  });
  const { fieldErrors, setFieldErrors, formError, run } = useServerErrors<Fields>();
  const [save, { isLoading }] = useUpdateMyProfileMutation();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const missing: Partial<Record<Fields, string>> = {};
    if (!values.firstName.trim()) missing.firstName = 'Ce champ est obligatoire.';
    if (!values.lastName.trim()) missing.lastName = 'Ce champ est obligatoire.';
    if (Object.keys(missing).length > 0) return setFieldErrors(missing);
    if (await run(() => save({ shopId: shop._id, ...values }).unwrap()))
      await router.replace(withShopId('/', shop._id));
  }

  const field = (
    key: Fields,
    label: string,
    props: { required?: boolean; type?: string; autoComplete?: string },
  ) => (
    <TextField
      label={label}
      name={key}
      {...props}
      value={values[key]}
      onChange={(value) => setValues((v) => ({ ...v, [key]: value }))}
      error={fieldErrors[key]}
    />
  );

  return (
    <Card.Root maxW="xl">
      <Card.Body>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="5">
            <Stack gap="1">
              <Heading as="h1" size="xl">
                Confirmez vos informations
              </Heading>
              <Text color="fg.muted">
                Votre équipe et vos clients vous reconnaîtront à ce nom. Complétez-le pour accéder à votre
                espace.
              </Text>
            </Stack>
            {router.query.message === 'missing_agent_name' ? (
              <Alert.Root status="warning">
                <Alert.Indicator />
                <Alert.Title>Votre prénom et votre nom sont nécessaires avant de continuer.</Alert.Title>
              </Alert.Root>
            ) : null}
            <FormErrorAlert message={formError} />
            <Grid gridTemplateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
              {field('firstName', 'Prénom', { required: true, autoComplete: 'given-name' })}
              {field('lastName', 'Nom', { required: true, autoComplete: 'family-name' })}
            </Grid>
            {field('email', 'E-mail (facultatif)', { type: 'email', autoComplete: 'email' })}
            <SubmitButton isLoading={isLoading} />
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

export function ConfirmInformationsScreen() {
  return (
    <AppShell capability="home:view">
      {({ shop, agent }) =>
        shop ? <ConfirmInformationsForm key={agent?._id ?? 'none'} shop={shop} agent={agent} /> : null
      }
    </AppShell>
  );
}
