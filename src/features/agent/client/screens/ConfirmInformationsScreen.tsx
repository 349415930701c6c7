import { Alert, Button, Card, Field, Grid, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useRouter } from 'next/router';
import { useState, type FormEvent } from 'react';
import { AppShell } from '@/client/shell/AppShell';
import { ApiError } from '@/client/api/api-error';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { withShopId } from '@/shared/navigation';
import { useUpdateMyProfileMutation, type Agent, type Shop } from '@/features/shop/client/shop.api';

type Fields = { firstName: string; lastName: string; email: string };

function ConfirmInformationsForm({ shop, agent }: { shop: Shop; agent: Agent | null }) {
  const router = useRouter();
  const [values, setValues] = useState<Fields>({
    firstName: agent?.firstName ?? '',
    lastName: agent?.lastName ?? '',
    email: agent?.email ?? '',
  });
  const [errors, setErrors] = useState<Partial<Fields>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [save, { isLoading }] = useUpdateMyProfileMutation();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const local: Partial<Fields> = {};
    if (!values.firstName.trim()) local.firstName = 'Ce champ est obligatoire.';
    if (!values.lastName.trim()) local.lastName = 'Ce champ est obligatoire.';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    try {
      await save({ shopId: shop._id, ...values }).unwrap();
      await router.replace(withShopId('/', shop._id));
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      setErrors((apiError?.details ?? {}) as Partial<Fields>);
      setFormError(apiError?.message ?? 'Une erreur est survenue. Réessayez.');
    }
  }

  const field = (
    key: keyof Fields,
    label: string,
    props: { required?: boolean; type?: string; autoComplete?: string },
  ) => (
    <Field.Root invalid={!!errors[key]} required={props.required}>
      <Field.Label>
        {label}
        {props.required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Input
        name={key}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        value={values[key]}
        onChange={(e) => setValues((v) => ({ ...v, [key]: e.currentTarget.value }))}
      />
      {errors[key] ? <Field.ErrorText>{errors[key]}</Field.ErrorText> : null}
    </Field.Root>
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
            <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
              {field('firstName', 'Prénom', { required: true, autoComplete: 'given-name' })}
              {field('lastName', 'Nom', { required: true, autoComplete: 'family-name' })}
            </Grid>
            {field('email', 'E-mail (facultatif)', { type: 'email', autoComplete: 'email' })}
            <Button
              type="submit"
              colorPalette="brand"
              alignSelf="flex-start"
              loading={isLoading}
              loadingText="Enregistrement…"
            >
              Enregistrer
            </Button>
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
