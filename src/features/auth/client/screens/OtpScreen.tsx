import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Field, Grid, HStack, Input, Separator, Stack, Text } from '@chakra-ui/react';
import { useRouter } from 'next/router';
import { signIn } from 'next-auth/react';
import { useEffect, useMemo, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { ApiError } from '@/client/api/api-error';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { FormSelectField, FormTextField } from '@/client/forms/fields';
import { queryWithout, safeCallbackUrl } from '@/client/navigation';
import { COUNTRIES, CURRENCIES, CURRENCY_CODES, DEFAULT_COUNTRY, findCountry } from '@/shared/countries';
import { formatPhone } from '@/shared/phone';
import { z } from '@/shared/validation';
import { SIGN_UP_NEEDED, ZSignUpFields } from '@/features/auth/auth.schemas';
import { AuthLayout } from '../components/AuthLayout';
import { requestSignInCode, signInErrorMessage } from '../auth.client';

const RESEND_DELAY_SECONDS = 30;

/** The code, and for a phone without an account the sign-up fields the server checks too. */
const ZSignUpStep = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Saisissez les 6 chiffres reçus par SMS.'),
  })
  .extend(ZSignUpFields.shape);
/** Before the server says the phone is new: the code alone is checked (the other fields are hidden). */
const ZCodeStep = ZSignUpStep.extend({ firstName: z.string(), lastName: z.string(), shopName: z.string() });
type OtpFormValues = z.input<typeof ZSignUpStep>;

const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: c.name }));
const CURRENCY_OPTIONS = CURRENCY_CODES.map((c) => ({ value: c, label: `${CURRENCIES[c].label} — ${c}` }));

export function OtpScreen() {
  const router = useRouter();
  const phone = typeof router.query.phone === 'string' ? router.query.phone : '';
  const phoneCountry = parsePhoneNumberFromString(phone)?.country ?? DEFAULT_COUNTRY.code;
  const defaultCountry = findCountry(phoneCountry) ?? DEFAULT_COUNTRY;

  // Learnt at the code step: the server says a right code belongs to a phone without an account.
  const [isNewUser, setIsNewUser] = useState(false);
  const resolver = useMemo(() => zodResolver(isNewUser ? ZSignUpStep : ZCodeStep), [isNewUser]);
  // Checked at submit, then again at each change (reValidateMode): an error goes as soon as the
  // field is put right, « Ce champ est obligatoire. » included.
  const form = useForm({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      code: '',
      firstName: '',
      lastName: '',
      shopName: '',
      country: defaultCountry.code,
      currency: defaultCountry.currency,
    },
  });
  const { errors } = form.formState;
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [resendIn, setResendIn] = useState(RESEND_DELAY_SECONDS);

  useEffect(() => {
    if (router.isReady && !phone)
      void router.replace({ pathname: '/login', query: queryWithout(router.query, 'phone', 'new') });
  }, [router, phone]);

  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = setTimeout(() => setResendIn((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [resendIn]);

  async function submit(values: OtpFormValues) {
    setFormError(null);
    setNotice(null);
    setIsSubmitting(true);
    const result = await signIn('phone-otp', {
      redirect: false,
      phone,
      code: values.code,
      ...(isNewUser
        ? {
            firstName: values.firstName,
            lastName: values.lastName,
            shopName: values.shopName,
            signupCountry: values.country,
            currency: values.currency,
          }
        : {}),
    });
    if (result?.ok && !result.error) {
      const callback = safeCallbackUrl(router.query.callbackUrl, '');
      if (callback) await router.replace(callback);
      else
        await router.replace({
          pathname: '/',
          query: queryWithout(router.query, 'phone', 'new', 'callbackUrl', 'error'),
        });
      return;
    }
    setIsSubmitting(false);
    if (result?.error === SIGN_UP_NEEDED) {
      setIsNewUser(true);
      // The sign-up fields are new: checked at the next submit, not while the first letters are typed.
      form.reset(form.getValues());
      setNotice('Ce numéro n’a pas encore de compte : créez votre boutique avec ce même code.');
      return;
    }
    const message = signInErrorMessage(result?.error) ?? 'Connexion refusée. Réessayez.';
    setFormError(message);
    // Sign-up field errors name their field first; any other refusal is about the code.
    if (!/^(Prénom|Nom|Pays|Devise)/.test(message))
      form.setError('code', { type: 'server', message: 'Vérifiez le code, ou demandez-en un nouveau.' });
  }

  async function resend() {
    setFormError(null);
    try {
      await requestSignInCode(phone, phoneCountry);
      setNotice('Un nouveau code vous a été envoyé.');
      setResendIn(RESEND_DELAY_SECONDS);
      form.setValue('code', '');
      form.clearErrors('code');
    } catch (error) {
      setFormError(error instanceof ApiError ? error.message : 'Une erreur est survenue. Réessayez.');
    }
  }

  return (
    <AuthLayout
      title={isNewUser ? 'Créez votre boutique' : 'Code de connexion'}
      subtitle={
        <>
          Saisissez le code à 6 chiffres envoyé par SMS au <b>{phone ? formatPhone(phone) : '…'}</b>.
        </>
      }
    >
      <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate>
        <Stack gap="5">
          <FormErrorAlert message={formError} />
          {notice ? (
            <Alert.Root status="success">
              <Alert.Indicator />
              <Alert.Title>{notice}</Alert.Title>
            </Alert.Root>
          ) : null}
          <CodeField control={form.control} error={errors.code?.message} />

          {isNewUser ? (
            <Stack gap="4">
              <Separator />
              <Text fontWeight="semibold">Vos informations</Text>
              <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
                <FormTextField
                  control={form.control}
                  name="firstName"
                  label="Prénom"
                  autoComplete="given-name"
                />
                <FormTextField
                  control={form.control}
                  name="lastName"
                  label="Nom"
                  autoComplete="family-name"
                />
              </Grid>
              <FormTextField control={form.control} name="shopName" label="Nom de la boutique" />
              <Grid templateColumns="1fr" gap="4">
                <FormSelectField
                  control={form.control}
                  name="country"
                  label="Pays"
                  options={COUNTRY_OPTIONS}
                  // Picking a country suggests its currency; the seller can still choose another.
                  onPicked={(code) => {
                    const currency = findCountry(code)?.currency;
                    if (currency) form.setValue('currency', currency);
                  }}
                />
                <FormSelectField
                  control={form.control}
                  name="currency"
                  label="Devise"
                  options={CURRENCY_OPTIONS}
                />
              </Grid>
              <Text fontSize="sm" color="fg.muted">
                Votre boutique démarre avec 14 jours d’essai gratuit de l’offre Pro.
              </Text>
            </Stack>
          ) : null}

          <Button
            type="submit"
            colorPalette="brand"
            size="lg"
            loading={isSubmitting}
            loadingText="Vérification…"
          >
            {isNewUser ? 'Créer ma boutique' : 'Se connecter'}
          </Button>
          <HStack justify="space-between" flexWrap="wrap" gap="2">
            <Button
              variant="plain"
              size="sm"
              px="0"
              onClick={() =>
                void router.push({ pathname: '/login', query: queryWithout(router.query, 'phone', 'new') })
              }
            >
              Changer de numéro
            </Button>
            <Button
              variant="plain"
              size="sm"
              px="0"
              colorPalette={resendIn > 0 ? 'gray' : 'brand'}
              disabled={resendIn > 0}
              onClick={() => void resend()}
            >
              {resendIn > 0 ? `Renvoyer le code (${resendIn} s)` : 'Renvoyer le code'}
            </Button>
          </HStack>
        </Stack>
      </form>
    </AuthLayout>
  );
}

/** The 6 digits, anything else typed or pasted dropped. */
function CodeField({
  control,
  error,
}: {
  control: ReturnType<typeof useForm<OtpFormValues>>['control'];
  error?: string;
}) {
  const { field } = useController({ control, name: 'code' });
  return (
    <Field.Root invalid={!!error} required>
      <Field.Label>Code reçu par SMS</Field.Label>
      <Input
        name={field.name}
        ref={field.ref}
        onBlur={field.onBlur}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder="••••••"
        fontSize="2xl"
        letterSpacing="0.5em"
        textAlign="center"
        textIndent="0.5em"
        size="xl"
        value={field.value}
        onChange={(e) => field.onChange(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
        autoFocus
      />
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
