import { useRef, useState, type FormEvent } from 'react';
import type { Auth, ConfirmationResult, RecaptchaVerifier, User } from 'firebase/auth';
import { Alert, Button, css } from '@/client/lean/ui';
import { DEFAULT_COUNTRY } from '@/shared/countries';
import { formatPhone } from '@/shared/phone-format';
import { toE164 } from '@/shared/phone';
import type { CountryCode } from 'libphonenumber-js';
import { codeError } from '../../sign-up-fields';
import { firebaseErrorText } from './firebase-errors';
import { newRecaptcha } from './firebase-client';
import { CodeField, PhoneFields } from '../components/AuthFields';

type Errors = { phone?: string; code?: string };

/**
 * A phone proved by an SMS code that Firebase sends: to sign in with it, or to link it to an
 * e-mail account. `send` asks Firebase for the code; the confirmed Firebase user goes to `onConfirmed`.
 */
export function PhoneCodeForm({
  auth,
  submitLabel,
  send,
  onConfirmed,
}: {
  auth: Auth;
  submitLabel: string;
  send: (phone: string, verifier: RecaptchaVerifier) => Promise<ConfirmationResult>;
  onConfirmed: (user: User) => Promise<void>;
}) {
  const [country, setCountry] = useState<string>(DEFAULT_COUNTRY.code);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [sent, setSent] = useState<{ phone: string; confirmation: ConfirmationResult } | null>(null);
  const recaptchaBox = useRef<HTMLDivElement>(null);
  const verifier = useRef<RecaptchaVerifier | null>(null);

  function showError(error: unknown) {
    const text = firebaseErrorText(error);
    if (text.field === 'phone' || text.field === 'code') setErrors({ [text.field]: text.message });
    else setFormError(text.message);
  }

  async function requestCode(event?: FormEvent) {
    event?.preventDefault();
    setFormError(null);
    if (!phone.trim()) return setErrors({ phone: 'Saisissez votre numéro de téléphone.' });
    const e164 = toE164(phone, country as CountryCode);
    if (!e164) return setErrors({ phone: 'Ce numéro de téléphone n’est pas valide.' });
    setErrors({});
    setIsBusy(true);
    try {
      verifier.current?.clear();
      verifier.current = newRecaptcha(auth, recaptchaBox.current!);
      const confirmation = await send(e164, verifier.current);
      setSent({ phone: e164, confirmation });
      setCode('');
    } catch (error) {
      showError(error);
    } finally {
      setIsBusy(false);
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const wrong = codeError(code);
    if (wrong) return setErrors({ code: wrong });
    setErrors({});
    setIsBusy(true);
    try {
      const credential = await sent!.confirmation.confirm(code.trim());
      await onConfirmed(credential.user);
    } catch (error) {
      showError(error);
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <>
      {sent ? (
        <form onSubmit={(event) => void confirm(event)} noValidate className={css.stack5}>
          {formError ? <Alert status="error">{formError}</Alert> : null}
          <p className={css.muted}>
            Saisissez le code à 6 chiffres envoyé par SMS au <b>{formatPhone(sent.phone)}</b>.
          </p>
          <CodeField value={code} error={errors.code} onChange={setCode} />
          <Button type="submit" isLoading={isBusy} loadingText="Vérification…">
            {submitLabel}
          </Button>
          <div className={css.spread}>
            <button type="button" className={css.plainButton} onClick={() => setSent(null)}>
              Changer de numéro
            </button>
            <button
              type="button"
              className={`${css.plainButton} ${css.plainBrand}`}
              disabled={isBusy}
              onClick={() => void requestCode()}
            >
              Renvoyer le code
            </button>
          </div>
        </form>
      ) : (
        <form onSubmit={(event) => void requestCode(event)} noValidate className={css.stack5}>
          {formError ? <Alert status="error">{formError}</Alert> : null}
          <PhoneFields
            country={country}
            phone={phone}
            error={errors.phone}
            onCountry={setCountry}
            onPhone={setPhone}
            autoFocus
          />
          <Button type="submit" isLoading={isBusy} loadingText="Envoi du code…">
            Recevoir le code
          </Button>
        </form>
      )}
      {/* reCAPTCHA's invisible check (Firebase's guard against SMS abuse) is drawn here. */}
      <div ref={recaptchaBox} />
    </>
  );
}
