import { useRouter } from 'next/router';
import { signIn } from 'next-auth/react';
import { useState, type FormEvent } from 'react';
import { isSignInWithEmailLink, linkWithPhoneNumber, signInWithPhoneNumber, type User } from 'firebase/auth';
import { Alert, Button, css } from '@/client/lean/ui';
import { COUNTRIES } from '@/shared/countries';
import type { FirebaseWebConfig } from '../../identity';
import { PHONE_NEEDED, SIGN_UP_NEEDED, signUpFieldErrors } from '../../sign-up-fields';
import { AuthLayout } from '../components/AuthLayout';
import { SignUpFieldset, type SignUpValues } from '../components/SignUpFieldset';
import { announceSignIn, leaveSignIn, useLeaveWhenSignedIn } from '../after-sign-in';
import { signInErrorMessage } from '../sign-in.client';
import { firebaseAuth } from '../firebase/firebase-client';
import { PhoneCodeForm } from '../firebase/PhoneCodeForm';
import { EmailPasswordForm } from '../firebase/EmailPasswordForm';
import { EmailLinkForm } from '../firebase/EmailLinkForm';
import { NewPasswordForm } from '../firebase/NewPasswordForm';

type Method = 'telephone' | 'email' | 'lien';
const METHODS: Array<{ id: Method; label: string }> = [
  { id: 'telephone', label: 'Téléphone' },
  { id: 'email', label: 'E-mail' },
  { id: 'lien', label: 'Lien par e-mail' },
];

/** After Firebase: the account still to give its phone, or its new user their shop. */
type Step = { kind: 'choose' } | { kind: 'link-phone'; user: User } | { kind: 'sign-up'; user: User };

const TITLES: Record<Step['kind'], { title: string; subtitle: string }> = {
  choose: {
    title: 'Connexion',
    subtitle: 'Connectez-vous par SMS, par e-mail et mot de passe, ou par un lien reçu par e-mail.',
  },
  'link-phone': {
    title: 'Confirmez votre numéro',
    subtitle:
      'Dans Comptoir, votre numéro de téléphone vous identifie auprès de votre équipe et à la caisse : confirmez-le une fois par SMS.',
  },
  'sign-up': {
    title: 'Créez votre boutique',
    subtitle: 'Ce compte n’a pas encore de boutique : dites-nous qui vous êtes.',
  },
};

/**
 * /login on a server set to IDENTITY_PROVIDER=firebase: Firebase Authentication proves who signs
 * in (SMS code, e-mail and password, e-mail link), then its ID token opens Comptoir's own session
 * through next-auth's `firebase` provider, which checks it on the server.
 */
export function FirebaseLoginScreen({ config }: { config: FirebaseWebConfig }) {
  const router = useRouter();
  const auth = firebaseAuth(config);
  const href = typeof window === 'undefined' ? '' : window.location.href;
  const emailLink = href && isSignInWithEmailLink(auth, href) ? href : null;
  const resetCode =
    router.query.mode === 'resetPassword' && typeof router.query.oobCode === 'string'
      ? router.query.oobCode
      : null;
  const [method, setMethod] = useState<Method>(() =>
    emailLink
      ? 'lien'
      : router.query.methode === 'email' || router.query.methode === 'lien'
        ? router.query.methode
        : 'telephone',
  );
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [formError, setFormError] = useState<string | null>(null);
  const [signUp, setSignUp] = useState<SignUpValues>(() => ({
    firstName: '',
    lastName: '',
    shopName: '',
    country: COUNTRIES[0]!.code,
    currency: COUNTRIES[0]!.currency,
  }));
  const [signUpErrors, setSignUpErrors] = useState<Partial<Record<keyof SignUpValues, string>>>({});
  const [isSigningUp, setIsSigningUp] = useState(false);
  const queryError = signInErrorMessage(typeof router.query.error === 'string' ? router.query.error : null);
  useLeaveWhenSignedIn(router);

  /** Hands Firebase's proof to Comptoir: signed in, or one more step (phone, shop) asked. */
  async function finish(user: User, fields?: SignUpValues): Promise<void> {
    setFormError(null);
    // Forced fresh: a phone just linked must be in the token the server reads.
    const idToken = await user.getIdToken(true);
    const result = await signIn('firebase', {
      redirect: false,
      idToken,
      ...(fields
        ? {
            firstName: fields.firstName,
            lastName: fields.lastName,
            shopName: fields.shopName,
            signupCountry: fields.country,
            currency: fields.currency,
          }
        : {}),
    });
    if (result?.ok && !result.error) {
      announceSignIn();
      await leaveSignIn(router);
      return;
    }
    if (result?.error === PHONE_NEEDED) return setStep({ kind: 'link-phone', user });
    if (result?.error === SIGN_UP_NEEDED) return setStep({ kind: 'sign-up', user });
    setFormError(signInErrorMessage(result?.error) ?? 'Connexion refusée. Réessayez.');
  }

  async function submitSignUp(event: FormEvent, user: User) {
    event.preventDefault();
    const errors = signUpFieldErrors(signUp);
    setSignUpErrors(errors);
    if (Object.values(errors).some(Boolean)) return;
    setIsSigningUp(true);
    await finish(user, signUp);
    setIsSigningUp(false);
  }

  const heading = resetCode ? { title: 'Nouveau mot de passe', subtitle: '' } : TITLES[step.kind];
  return (
    <AuthLayout title={heading.title} subtitle={heading.subtitle || undefined}>
      <div className={css.stack5}>
        {queryError && step.kind === 'choose' ? (
          <Alert status={router.query.error === 'SessionRequired' ? 'info' : 'error'}>{queryError}</Alert>
        ) : null}
        {formError ? <Alert status="error">{formError}</Alert> : null}
        {resetCode ? (
          <NewPasswordForm auth={auth} oobCode={resetCode} onSignedIn={(user) => finish(user)} />
        ) : step.kind === 'link-phone' ? (
          <PhoneCodeForm
            auth={auth}
            submitLabel="Confirmer mon numéro"
            send={(phone, verifier) => linkWithPhoneNumber(step.user, phone, verifier)}
            onConfirmed={(user) => finish(user)}
          />
        ) : step.kind === 'sign-up' ? (
          <form onSubmit={(event) => void submitSignUp(event, step.user)} noValidate className={css.stack5}>
            <SignUpFieldset
              values={signUp}
              errors={signUpErrors}
              onChange={(field, value, also = {}) =>
                setSignUp((current) => ({ ...current, ...also, [field]: value }))
              }
            />
            <Button type="submit" isLoading={isSigningUp} loadingText="Création…">
              Créer ma boutique
            </Button>
          </form>
        ) : (
          <>
            <div className={css.methods} role="group" aria-label="Se connecter avec">
              {METHODS.map((m) => (
                <button
                  key={m.id}
                  type="button"
                  className={css.method}
                  aria-pressed={method === m.id}
                  onClick={() => {
                    setMethod(m.id);
                    setFormError(null);
                  }}
                >
                  {m.label}
                </button>
              ))}
            </div>
            {method === 'telephone' ? (
              <PhoneCodeForm
                auth={auth}
                submitLabel="Se connecter"
                send={(phone, verifier) => signInWithPhoneNumber(auth, phone, verifier)}
                onConfirmed={(user) => finish(user)}
              />
            ) : method === 'email' ? (
              <EmailPasswordForm auth={auth} onSignedIn={(user) => finish(user)} />
            ) : (
              <EmailLinkForm auth={auth} link={emailLink} onSignedIn={(user) => finish(user)} />
            )}
          </>
        )}
      </div>
    </AuthLayout>
  );
}
