import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import { useState, type FormEvent } from 'react';
import { ApiError } from '@/client/api/api-error';
import { Alert, Button, css } from '@/client/lean/ui';
import { queryWithout } from '@/client/navigation';
import { DEFAULT_COUNTRY } from '@/shared/countries';
import { AuthLayout } from '../components/AuthLayout';
import { PhoneFields } from '../components/AuthFields';
import type { LoginPageProps } from '../../identity';
import { requestSignInCode, signInErrorMessage } from '../sign-in.client';
import { useLeaveWhenSignedIn } from '../after-sign-in';

/** Firebase's SDK and its forms: a chunk of their own, loaded only where Firebase is the provider. */
const FirebaseLoginScreen = dynamic(
  () => import('./FirebaseLoginScreen').then((m) => m.FirebaseLoginScreen),
  {
    ssr: false,
    loading: () => <AuthLayout title="Connexion">{null}</AuthLayout>,
  },
);

/** /login: the provider the server names (LoginPageProps); by default, our own SMS code. */
export function LoginScreen({ firebase }: LoginPageProps) {
  if (firebase) return <FirebaseLoginScreen config={firebase} />;
  return <CodeLoginScreen />;
}

function CodeLoginScreen() {
  const router = useRouter();
  const [country, setCountry] = useState<string>(DEFAULT_COUNTRY.code);
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const queryError = signInErrorMessage(typeof router.query.error === 'string' ? router.query.error : null);

  useLeaveWhenSignedIn(router);

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
      <form onSubmit={onSubmit} noValidate className={css.stack5}>
        {queryError ? (
          <Alert status={router.query.error === 'SessionRequired' ? 'info' : 'error'}>{queryError}</Alert>
        ) : null}
        {formError ? <Alert status="error">{formError}</Alert> : null}
        <PhoneFields
          country={country}
          phone={phone}
          error={phoneError}
          onCountry={setCountry}
          onPhone={setPhone}
          autoFocus
        />
        <Button type="submit" isLoading={isSending} loadingText="Envoi du code…">
          Recevoir le code
        </Button>
        <p className={css.mutedSmall}>
          Nous n’utilisons votre numéro que pour vous connecter. Un SMS peut vous être facturé par votre
          opérateur.
        </p>
      </form>
    </AuthLayout>
  );
}
