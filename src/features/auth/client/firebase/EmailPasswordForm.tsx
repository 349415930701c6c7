import { useState, type FormEvent } from 'react';
import {
  createUserWithEmailAndPassword,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  type Auth,
  type User,
} from 'firebase/auth';
import { Alert, Button, css } from '@/client/lean/ui';
import { EmailField, emailError, PasswordField } from '../components/AuthFields';
import { firebaseErrorText } from './firebase-errors';

type Mode = 'sign-in' | 'sign-up' | 'reset';
type Errors = { email?: string; password?: string };

const SUBMIT: Record<Mode, { label: string; busy: string }> = {
  'sign-in': { label: 'Se connecter', busy: 'Connexion…' },
  'sign-up': { label: 'Créer mon compte', busy: 'Création du compte…' },
  reset: { label: 'Recevoir le lien', busy: 'Envoi…' },
};

/** The checks made before anything is sent; Firebase's own refusals come back in the same words. */
function check(mode: Mode, email: string, password: string): Errors {
  const errors: Errors = {};
  const wrongEmail = emailError(email);
  if (wrongEmail) errors.email = wrongEmail;
  if (mode !== 'reset' && !password) errors.password = 'Saisissez votre mot de passe.';
  return errors;
}

/** E-mail and password: sign in, create an account, or get a link to choose a new password. */
export function EmailPasswordForm({
  auth,
  onSignedIn,
}: {
  auth: Auth;
  onSignedIn: (user: User) => Promise<void>;
}) {
  const [mode, setMode] = useState<Mode>('sign-in');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  function switchTo(next: Mode) {
    setMode(next);
    setErrors({});
    setFormError(null);
    setNotice(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    setNotice(null);
    const found = check(mode, email, password);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setIsBusy(true);
    try {
      if (mode === 'reset') {
        await sendPasswordResetEmail(auth, email.trim(), {
          url: `${window.location.origin}/login?methode=email`,
        });
        setNotice(
          `Si un compte utilise ${email.trim()}, un lien pour choisir un nouveau mot de passe vient d’y être envoyé.`,
        );
        return;
      }
      const credential =
        mode === 'sign-up'
          ? await createUserWithEmailAndPassword(auth, email.trim(), password)
          : await signInWithEmailAndPassword(auth, email.trim(), password);
      await onSignedIn(credential.user);
    } catch (error) {
      const text = firebaseErrorText(error);
      if (text.field === 'email' || text.field === 'password') setErrors({ [text.field]: text.message });
      else setFormError(text.message);
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className={css.stack5}>
      {formError ? <Alert status="error">{formError}</Alert> : null}
      {notice ? <Alert status="success">{notice}</Alert> : null}
      {mode === 'reset' ? (
        <p className={css.muted}>
          Saisissez l’adresse de votre compte : nous vous envoyons un lien pour choisir un nouveau mot de
          passe.
        </p>
      ) : null}
      <EmailField value={email} error={errors.email} onChange={setEmail} />
      {mode !== 'reset' ? (
        <PasswordField
          label="Mot de passe"
          value={password}
          error={errors.password}
          isNew={mode === 'sign-up'}
          onChange={setPassword}
        />
      ) : null}
      {mode === 'sign-up' ? <p className={css.mutedSmall}>6 caractères au moins.</p> : null}
      <Button type="submit" isLoading={isBusy} loadingText={SUBMIT[mode].busy}>
        {SUBMIT[mode].label}
      </Button>
      <div className={css.spread}>
        {mode === 'sign-in' ? (
          <>
            <button type="button" className={css.plainButton} onClick={() => switchTo('reset')}>
              Mot de passe oublié
            </button>
            <button
              type="button"
              className={`${css.plainButton} ${css.plainBrand}`}
              onClick={() => switchTo('sign-up')}
            >
              Créer un compte
            </button>
          </>
        ) : (
          <button type="button" className={css.plainButton} onClick={() => switchTo('sign-in')}>
            J’ai déjà un compte : me connecter
          </button>
        )}
      </div>
    </form>
  );
}
