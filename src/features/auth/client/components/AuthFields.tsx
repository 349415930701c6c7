// The sign-in pages' fields, drawn once for both providers: the phone with its country, the SMS
// code, the e-mail address and a password.
import { css, Field } from '@/client/lean/ui';
import { COUNTRIES } from '@/shared/countries';

/** Country (with its calling code) and the phone number, side by side. */
export function PhoneFields(props: {
  country: string;
  phone: string;
  error?: string | null;
  onCountry: (country: string) => void;
  onPhone: (phone: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <div className={css.row}>
      <Field label="Pays" className={css.countryField}>
        {(control) => (
          <select
            {...control}
            name="country"
            className={css.select}
            value={props.country}
            onChange={(e) => props.onCountry(e.currentTarget.value)}
          >
            {COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name} (+{c.callingCode})
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Numéro de téléphone" error={props.error} isRequired className={css.grow}>
        {(control) => (
          <input
            {...control}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="77 000 00 01"
            className={css.input}
            value={props.phone}
            onChange={(e) => props.onPhone(e.currentTarget.value)}
            autoFocus={props.autoFocus}
          />
        )}
      </Field>
    </div>
  );
}

/** The 6 digits received by SMS: digits only, offered by the phone's keyboard from the SMS. */
export function CodeField(props: { value: string; error?: string | null; onChange: (code: string) => void }) {
  return (
    <Field label="Code reçu par SMS" error={props.error} isRequired>
      {(control) => (
        <input
          {...control}
          name="code"
          className={`${css.input} ${css.codeInput}`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="••••••"
          value={props.value}
          onChange={(e) => props.onChange(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
          autoFocus
        />
      )}
    </Field>
  );
}

/** The address's error said before anything is sent, if any. */
export function emailError(value: string): string | null {
  if (!value.trim()) return 'Saisissez votre adresse e-mail.';
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? null : 'Cette adresse e-mail n’est pas valide.';
}

export function EmailField(props: {
  value: string;
  error?: string | null;
  onChange: (email: string) => void;
}) {
  return (
    <Field label="Adresse e-mail" error={props.error} isRequired>
      {(control) => (
        <input
          {...control}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          className={css.input}
          value={props.value}
          onChange={(e) => props.onChange(e.currentTarget.value)}
        />
      )}
    </Field>
  );
}

export function PasswordField(props: {
  label: string;
  value: string;
  error?: string | null;
  isNew: boolean;
  onChange: (password: string) => void;
}) {
  return (
    <Field label={props.label} error={props.error} isRequired>
      {(control) => (
        <input
          {...control}
          name="password"
          type="password"
          autoComplete={props.isNew ? 'new-password' : 'current-password'}
          className={css.input}
          value={props.value}
          onChange={(e) => props.onChange(e.currentTarget.value)}
        />
      )}
    </Field>
  );
}
