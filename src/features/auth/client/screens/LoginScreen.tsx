import { Alert, Button, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useRouter } from 'next/router';
import { useEffect, useState, type FormEvent } from 'react';
import { useSession } from 'next-auth/react';
import { ApiError } from '@/client/api/api-error';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { queryWithout, safeCallbackUrl } from '@/client/navigation';
import { COUNTRIES, DEFAULT_COUNTRY } from '@/shared/countries';
import { AuthLayout } from '../components/AuthLayout';
import { requestSignInCode, signInErrorMessage } from '../auth.client';

export function LoginScreen() {
  const router = useRouter();
  const [country, setCountry] = useState<string>(DEFAULT_COUNTRY.code);
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const queryError = signInErrorMessage(typeof router.query.error === 'string' ? router.query.error : null);
  const { status } = useSession();

  // Already signed in (e.g. sent here by a 401 on a stale token): go back where the user was.
  useEffect(() => {
    if (status !== 'authenticated' || !router.isReady) return;
    const callback = safeCallbackUrl(router.query.callbackUrl, '');
    void router.replace(
      callback || { pathname: '/', query: queryWithout(router.query, 'error', 'callbackUrl') },
    );
  }, [status, router]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    if (!phone.trim()) return setPhoneError('Saisissez votre numéro de téléphone.');
    // Too short or too long to be a phone: said at once. The rest of the number's form is checked
    // by the server (same words, under the field), so libphonenumber's metadata stays off the
    // sign-in page's first load.
    const digits = phone.replace(/\D/g, '').length;
    if (digits < 6 || digits > 15) return setPhoneError('Ce numéro de téléphone n’est pas valide.');
    setPhoneError(null);
    setIsSending(true);
    try {
      const result = await requestSignInCode(phone, country);
      await router.push({
        pathname: '/otp',
        query: {
          ...queryWithout(router.query, 'error', 'phone', 'new'),
          phone: result.phone,
        },
      });
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError?.details.phone) setPhoneError(apiError.details.phone);
      else setFormError(apiError?.message ?? 'Une erreur est survenue. Réessayez.');
      setIsSending(false);
    }
  }

  return (
    <AuthLayout
      title="Connexion"
      subtitle="Recevez un code par SMS pour vous connecter, ou pour créer votre boutique si vous êtes nouveau."
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="5">
          {queryError ? (
            <Alert.Root status={router.query.error === 'SessionRequired' ? 'info' : 'error'}>
              <Alert.Indicator />
              <Alert.Title>{queryError}</Alert.Title>
            </Alert.Root>
          ) : null}
          <FormErrorAlert message={formError} />
          <HStack w="full" gap="3" align="flex-start">
            <Field.Root width="42%" minW="36">
              <Field.Label>Pays</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  name="country"
                  value={country}
                  onChange={(e) => setCountry(e.currentTarget.value)}
                >
                  {COUNTRIES.map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.name} (+{c.callingCode})
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root invalid={!!phoneError} required flex="1">
              <Field.Label>Numéro de téléphone</Field.Label>
              <Input
                name="phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="77 000 00 01"
                value={phone}
                onChange={(e) => setPhone(e.currentTarget.value)}
                autoFocus
              />
              {phoneError ? <Field.ErrorText>{phoneError}</Field.ErrorText> : null}
            </Field.Root>
          </HStack>
          <Button
            type="submit"
            colorPalette="brand"
            size="lg"
            loading={isSending}
            loadingText="Envoi du code…"
          >
            Recevoir le code
          </Button>
          <Text fontSize="sm" color="fg.muted">
            Nous n’utilisons votre numéro que pour vous connecter. Un SMS peut vous être facturé par votre
            opérateur.
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
