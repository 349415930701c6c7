import { useRouter } from 'next/router';
import { signIn } from 'next-auth/react';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '@/client/api/api-error';
import { Alert, Button, css } from '@/client/lean/ui';
import { queryWithout } from '@/client/navigation';
import { COUNTRIES, findCountry } from '@/shared/countries';
import { codeError, SIGN_UP_NEEDED, signUpFieldErrors, type SignUpTextField } from '../../sign-up-fields';
import { AuthLayout } from '../components/AuthLayout';
import { CodeField } from '../components/AuthFields';
import { SignUpFieldset } from '../components/SignUpFieldset';
import { announceSignIn, leaveSignIn, useLeaveWhenSignedIn } from '../after-sign-in';
import { requestSignInCode, signInErrorMessage } from '../sign-in.client';

const RESEND_DELAY_SECONDS = 30;

/** What the server tells the page of the phone in the URL (see src/pages/otp.tsx). */
export interface OtpPageProps {
  phone: string;
  /** « +221 77 000 00 01 » */
  phoneDisplay: string;
  /** The phone's country: suggested for the shop, with its currency. */
  phoneCountry: string;
}

type Values = Record<'code' | SignUpTextField | 'country' | 'currency', string>;
type Errors = Partial<Record<keyof Values, string>>;

/** Every error of the form as it stands: the code's, and the sign-up fields' once they are asked. */
function validate(values: Values, isNewUser: boolean): Errors {
  const errors: Errors = isNewUser ? signUpFieldErrors(values) : {};
  const code = codeError(values.code);
  if (code) errors.code = code;
  return errors;
}

export function OtpScreen({ phone, phoneDisplay, phoneCountry }: OtpPageProps) {
  const router = useRouter();
  const defaultCountry = findCountry(phoneCountry) ?? COUNTRIES[0]!;
  // Learnt at the code step: the server says a right code belongs to a phone without an account.
  const [isNewUser, setIsNewUser] = useState(false);
  const [values, setValues] = useState<Values>({
    code: '',
    firstName: '',
    lastName: '',
    shopName: '',
    country: defaultCountry.code,
    currency: defaultCountry.currency,
  });
  const [errors, setErrors] = useState<Errors>({});
  // Checked at submit, then again at each change: an error goes as soon as the field is put right.
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [resendIn, setResendIn] = useState(RESEND_DELAY_SECONDS);
  useLeaveWhenSignedIn(router);

  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = setTimeout(() => setResendIn((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [resendIn]);

  function change(field: keyof Values, value: string, also: Partial<Values> = {}) {
    const next = { ...values, ...also, [field]: value };
    setValues(next);
    if (wasSubmitted) {
      const fieldError = validate(next, isNewUser)[field];
      setErrors((current) => ({ ...current, [field]: fieldError }));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setWasSubmitted(true);
    const found = validate(values, isNewUser);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setFormError(null);
    setNotice(null);
    setIsSubmitting(true);
    const result = await signIn('phone-otp', {
      redirect: false,
      phone,
      code: values.code.trim(),
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
      announceSignIn();
      await leaveSignIn(router);
      return;
    }
    setIsSubmitting(false);
    if (result?.error === SIGN_UP_NEEDED) {
      setIsNewUser(true);
      // The sign-up fields are new: checked at the next submit, not while the first letters are typed.
      setWasSubmitted(false);
      setErrors({});
      setNotice('Ce numéro n’a pas encore de compte : créez votre boutique avec ce même code.');
      return;
    }
    const message = signInErrorMessage(result?.error) ?? 'Connexion refusée. Réessayez.';
    setFormError(message);
    // Sign-up field errors name their field first; any other refusal is about the code.
    if (!/^(Prénom|Nom|Pays|Devise)/.test(message))
      setErrors((current) => ({ ...current, code: 'Vérifiez le code, ou demandez-en un nouveau.' }));
  }

  async function resend() {
    setFormError(null);
    try {
      await requestSignInCode(phone, phoneCountry);
      setNotice('Un nouveau code vous a été envoyé.');
      setResendIn(RESEND_DELAY_SECONDS);
      setValues((current) => ({ ...current, code: '' }));
      setErrors((current) => ({ ...current, code: undefined }));
    } catch (error) {
      setFormError(error instanceof ApiError ? error.message : 'Une erreur est survenue. Réessayez.');
    }
  }

  return (
    <AuthLayout
      title={isNewUser ? 'Créez votre boutique' : 'Code de connexion'}
      subtitle={
        <>
          Saisissez le code à 6 chiffres envoyé par SMS au <b>{phoneDisplay}</b>.
        </>
      }
    >
      <form onSubmit={(event) => void submit(event)} noValidate className={css.stack5}>
        {formError ? <Alert status="error">{formError}</Alert> : null}
        {notice ? <Alert status="success">{notice}</Alert> : null}
        <CodeField value={values.code} error={errors.code} onChange={(code) => change('code', code)} />

        {isNewUser ? <SignUpFieldset values={values} errors={errors} onChange={change} /> : null}

        <Button type="submit" isLoading={isSubmitting} loadingText="Vérification…">
          {isNewUser ? 'Créer ma boutique' : 'Se connecter'}
        </Button>
        <div className={css.spread}>
          <button
            type="button"
            className={css.plainButton}
            onClick={() =>
              void router.push({ pathname: '/login', query: queryWithout(router.query, 'phone', 'new') })
            }
          >
            Changer de numéro
          </button>
          <button
            type="button"
            className={resendIn > 0 ? css.plainButton : `${css.plainButton} ${css.plainBrand}`}
            disabled={resendIn > 0}
            onClick={() => void resend()}
          >
            {resendIn > 0 ? `Renvoyer le code (${resendIn} s)` : 'Renvoyer le code'}
          </button>
        </div>
      </form>
    </AuthLayout>
  );
}
