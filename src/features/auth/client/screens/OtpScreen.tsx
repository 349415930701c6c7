import {
  Alert,
  Button,
  Field,
  Grid,
  HStack,
  Input,
  NativeSelect,
  Separator,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useRouter } from 'next/router';
import { signIn } from 'next-auth/react';
import { useEffect, useState, type FormEvent } from 'react';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { ApiError } from '@/client/api/api-error';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { queryWithout, safeCallbackUrl } from '@/client/navigation';
import { COUNTRIES, CURRENCIES, CURRENCY_CODES, DEFAULT_COUNTRY, findCountry } from '@/shared/countries';
import { formatPhone } from '@/shared/phone';
import { issuesToDetails } from '@/shared/validation';
import { SIGN_UP_NEEDED, ZSignUpFields } from '@/features/auth/auth.schemas';
import { AuthLayout } from '../components/AuthLayout';
import { requestSignInCode, signInErrorMessage } from '../auth.client';

const RESEND_DELAY_SECONDS = 30;
type SignUpKey = 'firstName' | 'lastName' | 'shopName' | 'country' | 'currency';

export function OtpScreen() {
  const router = useRouter();
  const phone = typeof router.query.phone === 'string' ? router.query.phone : '';
  const phoneCountry = parsePhoneNumberFromString(phone)?.country ?? DEFAULT_COUNTRY.code;
  const defaultCountry = findCountry(phoneCountry) ?? DEFAULT_COUNTRY;

  const [code, setCode] = useState('');
  const [signUp, setSignUp] = useState<Record<SignUpKey, string>>({
    firstName: '',
    lastName: '',
    shopName: '',
    country: defaultCountry.code,
    currency: defaultCountry.currency,
  });
  const [errors, setErrors] = useState<Partial<Record<SignUpKey | 'code', string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [resendIn, setResendIn] = useState(RESEND_DELAY_SECONDS);
  // Learnt at the code step: the server says a right code belongs to a phone without an account.
  const [isNewUser, setIsNewUser] = useState(false);

  useEffect(() => {
    if (router.isReady && !phone)
      void router.replace({ pathname: '/login', query: queryWithout(router.query, 'phone', 'new') });
  }, [router, phone]);

  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = setTimeout(() => setResendIn((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [resendIn]);

  function setField(key: SignUpKey, value: string) {
    setSignUp((current) => {
      const next = { ...current, [key]: value };
      // Picking a country suggests its currency; the seller can still choose another.
      if (key === 'country') next.currency = findCountry(value)?.currency ?? current.currency;
      return next;
    });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    setNotice(null);
    const nextErrors: typeof errors = {};
    if (!/^\d{6}$/.test(code.trim())) nextErrors.code = 'Saisissez les 6 chiffres reçus par SMS.';
    if (isNewUser) {
      const parsed = ZSignUpFields.safeParse(signUp);
      if (!parsed.success) Object.assign(nextErrors, issuesToDetails(parsed.error));
    }
    setErrors(nextErrors);
    if (Object.keys(nextErrors).length > 0) return;

    setIsSubmitting(true);
    const result = await signIn('phone-otp', {
      redirect: false,
      phone,
      code: code.trim(),
      ...(isNewUser
        ? {
            firstName: signUp.firstName,
            lastName: signUp.lastName,
            shopName: signUp.shopName,
            signupCountry: signUp.country,
            currency: signUp.currency,
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
      setNotice('Ce numéro n’a pas encore de compte : créez votre boutique avec ce même code.');
      return;
    }
    const message = signInErrorMessage(result?.error) ?? 'Connexion refusée. Réessayez.';
    setFormError(message);
    // Sign-up field errors name their field first; any other refusal is about the code.
    if (!/^(Prénom|Nom|Pays|Devise)/.test(message))
      setErrors((e) => ({ ...e, code: 'Vérifiez le code, ou demandez-en un nouveau.' }));
  }

  async function resend() {
    setFormError(null);
    try {
      await requestSignInCode(phone, phoneCountry);
      setNotice('Un nouveau code vous a été envoyé.');
      setResendIn(RESEND_DELAY_SECONDS);
      setCode('');
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
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="5">
          <FormErrorAlert message={formError} />
          {notice ? (
            <Alert.Root status="success">
              <Alert.Indicator />
              <Alert.Title>{notice}</Alert.Title>
            </Alert.Root>
          ) : null}
          <Field.Root invalid={!!errors.code} required>
            <Field.Label>Code reçu par SMS</Field.Label>
            <Input
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="••••••"
              fontSize="2xl"
              letterSpacing="0.5em"
              textAlign="center"
              textIndent="0.5em"
              size="xl"
              value={code}
              onChange={(e) => {
                setCode(e.currentTarget.value.replace(/\D/g, '').slice(0, 6));
                setErrors(({ code: _code, ...rest }) => rest);
              }}
              autoFocus
            />
            {errors.code ? <Field.ErrorText>{errors.code}</Field.ErrorText> : null}
          </Field.Root>

          {isNewUser ? (
            <Stack gap="4">
              <Separator />
              <Text fontWeight="semibold">Vos informations</Text>
              <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
                <TextField
                  label="Prénom"
                  name="firstName"
                  value={signUp.firstName}
                  error={errors.firstName}
                  onChange={setField}
                  autoComplete="given-name"
                />
                <TextField
                  label="Nom"
                  name="lastName"
                  value={signUp.lastName}
                  error={errors.lastName}
                  onChange={setField}
                  autoComplete="family-name"
                />
              </Grid>
              <TextField
                label="Nom de la boutique"
                name="shopName"
                value={signUp.shopName}
                error={errors.shopName}
                onChange={setField}
              />
              <Grid templateColumns="1fr" gap="4">
                <Field.Root invalid={!!errors.country} required>
                  <Field.Label>Pays</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field
                      name="country"
                      value={signUp.country}
                      onChange={(e) => setField('country', e.currentTarget.value)}
                    >
                      {COUNTRIES.map((c) => (
                        <option key={c.code} value={c.code}>
                          {c.name}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  {errors.country ? <Field.ErrorText>{errors.country}</Field.ErrorText> : null}
                </Field.Root>
                <Field.Root invalid={!!errors.currency} required>
                  <Field.Label>Devise</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field
                      name="currency"
                      value={signUp.currency}
                      onChange={(e) => setField('currency', e.currentTarget.value)}
                    >
                      {CURRENCY_CODES.map((c) => (
                        <option key={c} value={c}>
                          {CURRENCIES[c].label} — {c}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  {errors.currency ? <Field.ErrorText>{errors.currency}</Field.ErrorText> : null}
                </Field.Root>
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

function TextField(props: {
  label: string;
  name: SignUpKey;
  value: string;
  error?: string;
  autoComplete?: string;
  onChange: (key: SignUpKey, value: string) => void;
}) {
  return (
    <Field.Root invalid={!!props.error} required>
      <Field.Label>{props.label}</Field.Label>
      <Input
        name={props.name}
        value={props.value}
        autoComplete={props.autoComplete}
        onChange={(e) => props.onChange(props.name, e.currentTarget.value)}
      />
      {props.error ? <Field.ErrorText>{props.error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
