import { useEffect, useRef, useState, type FormEvent } from 'react';
import { sendSignInLinkToEmail, signInWithEmailLink, type Auth, type User } from 'firebase/auth';
import { Alert, Button, css } from '@/client/lean/ui';
import { EmailField, emailError as addressError } from '../components/AuthFields';
import { firebaseErrorText } from './firebase-errors';
import { EMAIL_FOR_LINK_KEY } from './firebase-client';

function readStoredEmail(): string {
  try {
    return localStorage.getItem(EMAIL_FOR_LINK_KEY) ?? '';
  } catch {
    return '';
  }
}

/**
 * Sign-in by a link sent by e-mail, no password. Sent from here; opened, it comes back to /login
 * with its code (`link`), and the address it was sent to — remembered in this browser, or asked
 * again when the link is opened elsewhere — finishes the sign-in.
 */
export function EmailLinkForm({
  auth,
  link: openedLink,
  onSignedIn,
}: {
  auth: Auth;
  /** The page's URL when it is a sign-in link coming back; null otherwise. */
  link: string | null;
  onSignedIn: (user: User) => Promise<void>;
}) {
  // The link being finished; dropped when it fails (spent, expired), so the form sends a new one.
  const [link, setLink] = useState(openedLink);
  const [email, setEmail] = useState(() => (openedLink ? readStoredEmail() : ''));
  const [emailError, setEmailError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const triedStored = useRef(false);

  async function run(event?: FormEvent) {
    event?.preventDefault();
    setFormError(null);
    setNotice(null);
    const address = email.trim();
    const wrong = addressError(address);
    setEmailError(wrong);
    if (wrong) return;
    setIsBusy(true);
    try {
      if (link) {
        const credential = await signInWithEmailLink(auth, address, link);
        localStorage.removeItem(EMAIL_FOR_LINK_KEY);
        await onSignedIn(credential.user);
      } else {
        await sendSignInLinkToEmail(auth, address, {
          url: `${window.location.origin}/login?methode=lien`,
          handleCodeInApp: true,
        });
        localStorage.setItem(EMAIL_FOR_LINK_KEY, address);
        setNotice(
          `Un lien de connexion a été envoyé à ${address}. Ouvrez-le sur cet appareil pour vous connecter.`,
        );
      }
    } catch (error) {
      const text = firebaseErrorText(error);
      if (text.field === 'email') setEmailError(text.message);
      else setFormError(text.message);
      if (link && text.field !== 'email') setLink(null);
    } finally {
      setIsBusy(false);
    }
  }

  // Back from the link in this browser: the address is known, the sign-in finishes by itself.
  useEffect(() => {
    if (!openedLink || triedStored.current || !readStoredEmail()) return;
    triedStored.current = true;
    void run();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the page opens on the link
  }, [openedLink]);

  return (
    <form onSubmit={(event) => void run(event)} noValidate className={css.stack5}>
      {formError ? <Alert status="error">{formError}</Alert> : null}
      {notice ? <Alert status="success">{notice}</Alert> : null}
      <p className={css.muted}>
        {link
          ? 'Confirmez l’adresse e-mail à laquelle le lien a été envoyé.'
          : 'Recevez par e-mail un lien qui vous connecte, sans mot de passe.'}
      </p>
      <EmailField value={email} error={emailError} onChange={setEmail} />
      <Button type="submit" isLoading={isBusy} loadingText={link ? 'Connexion…' : 'Envoi du lien…'}>
        {link ? 'Me connecter' : 'Recevoir le lien'}
      </Button>
    </form>
  );
}
