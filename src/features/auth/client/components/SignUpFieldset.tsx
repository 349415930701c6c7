import { css, Field } from '@/client/lean/ui';
import { COUNTRIES, CURRENCIES, CURRENCY_CODES, findCountry } from '@/shared/countries';
import type { SignUpTextField } from '../../sign-up-fields';

export type SignUpValues = Record<SignUpTextField | 'country' | 'currency', string>;
type SignUpField = keyof SignUpValues;

/** A new user's names, first shop and its country and currency: asked by both sign-in ways. */
export function SignUpFieldset({
  values,
  errors,
  onChange,
}: {
  values: SignUpValues;
  errors: Partial<Record<SignUpField, string>>;
  onChange: (field: SignUpField, value: string, also?: Partial<SignUpValues>) => void;
}) {
  const textField = (field: SignUpTextField, label: string, autoComplete?: string) => (
    <Field label={label} error={errors[field]}>
      {(control) => (
        <input
          {...control}
          name={field}
          className={css.input}
          autoComplete={autoComplete}
          value={values[field]}
          onChange={(e) => onChange(field, e.currentTarget.value)}
        />
      )}
    </Field>
  );

  return (
    <div className={css.stack4}>
      <hr className={css.separator} />
      <p className={css.strong}>Vos informations</p>
      <div className={css.pair}>
        {textField('firstName', 'Prénom', 'given-name')}
        {textField('lastName', 'Nom', 'family-name')}
      </div>
      {textField('shopName', 'Nom de la boutique')}
      <Field label="Pays">
        {(control) => (
          <select
            {...control}
            name="country"
            className={css.select}
            value={values.country}
            // Picking a country suggests its currency; the seller can still choose another.
            onChange={(e) => {
              const code = e.currentTarget.value;
              const currency = findCountry(code)?.currency;
              onChange('country', code, currency ? { currency } : {});
            }}
          >
            {COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Devise">
        {(control) => (
          <select
            {...control}
            name="currency"
            className={css.select}
            value={values.currency}
            onChange={(e) => onChange('currency', e.currentTarget.value)}
          >
            {CURRENCY_CODES.map((c) => (
              <option key={c} value={c}>
                {CURRENCIES[c].label} — {c}
              </option>
            ))}
          </select>
        )}
      </Field>
      <p className={css.mutedSmall}>Votre boutique démarre avec 14 jours d’essai gratuit de l’offre Pro.</p>
    </div>
  );
}
