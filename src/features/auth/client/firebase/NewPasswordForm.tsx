import { useEffect, useState, type FormEvent } from 'react';
import {
  confirmPasswordReset,
  signInWithEmailAndPassword,
  verifyPasswordResetCode,
  type Auth,
  type User,
} from 'firebase/auth';
import { Alert, Button, css } from '@/client/lean/ui';
import { PasswordField } from '../components/AuthFields';
import { firebaseErrorText } from './firebase-errors';

/**
 * The password-reset e-mail's link, opened on /login (the project's action URL points here): a new
 * password is chosen, then the user is signed in with it.
 */
export function NewPasswordForm({
  auth,
  oobCode,
  onSignedIn,
}: {
  auth: Auth;
  oobCode: string;
  onSignedIn: (user: User) => Promise<void>;
}) {
  const [email, setEmail] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => {
    verifyPasswordResetCode(auth, oobCode).then(setEmail, (error: unknown) =>
      setFormError(firebaseErrorText(error).message),
    );
  }, [auth, oobCode]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    if (!password) return setPasswordError('Saisissez votre nouveau mot de passe.');
    setPasswordError(null);
    setIsBusy(true);
    try {
      await confirmPasswordReset(auth, oobCode, password);
      const credential = await signInWithEmailAndPassword(auth, email!, password);
      await onSignedIn(credential.user);
    } catch (error) {
      const text = firebaseErrorText(error);
      if (text.field === 'password') setPasswordError(text.message);
      else setFormError(text.message);
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className={css.stack5}>
      {formError ? <Alert status="error">{formError}</Alert> : null}
      {email ? (
        <p className={css.muted}>
          Choisissez le nouveau mot de passe de <b>{email}</b>.
        </p>
      ) : null}
      <PasswordField
        label="Nouveau mot de passe"
        value={password}
        error={passwordError}
        isNew
        onChange={setPassword}
      />
      <p className={css.mutedSmall}>6 caractères au moins.</p>
      <Button type="submit" isLoading={isBusy} loadingText="Enregistrement…" disabled={!email}>
        Enregistrer et me connecter
      </Button>
    </form>
  );
}
