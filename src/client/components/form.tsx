import { Button, Field, FieldTextInput, NativeSelect } from '@/client/ui';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../api/api-error';

/**
 * A form's server refusal: the French sentence for the whole form and the per-field details,
 * cleared at each new try.
 */
export function useServerErrors<F extends string>() {
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<F, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  async function run(action: () => Promise<unknown>): Promise<boolean> {
    setFormError(null);
    setFieldErrors({});
    try {
      await action();
      return true;
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      setFieldErrors((apiError?.details ?? {}) as Partial<Record<F, string>>);
      setFormError(apiError?.message ?? 'Une erreur est survenue. Réessayez.');
      return false;
    }
  }
  return { fieldErrors, setFieldErrors, formError, run };
}

export interface FieldShellProps {
  label: string;
  error?: string;
  required?: boolean;
  helper?: string;
  children: ReactNode;
}

/** Shared with the react-hook-form fields (`@/client/forms/fields`), so both kinds look alike. */
export function FieldShell({ label, error, required, helper, children }: FieldShellProps) {
  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {children}
      {helper && !error ? <Field.HelperText>{helper}</Field.HelperText> : null}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

export function TextField(
  props: Omit<FieldShellProps, 'children'> & {
    name: string;
    value: string;
    onChange: (value: string) => void;
    type?: string;
    autoComplete?: string;
    inputMode?: 'tel' | 'email' | 'text' | 'numeric' | 'decimal';
    placeholder?: string;
  },
) {
  return (
    <FieldShell {...props}>
      <FieldTextInput
        name={props.name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        placeholder={props.placeholder}
        value={props.value}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      />
    </FieldShell>
  );
}

export function SelectField(
  props: Omit<FieldShellProps, 'children'> & {
    name: string;
    value: string;
    onChange: (value: string) => void;
    /** Options with a `group` are shown under that heading, groups in their first appearance's order. */
    options: Array<{ value: string; label: string; group?: string }>;
  },
) {
  const renderOption = (o: { value: string; label: string }) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  );
  const groups = [...new Set(props.options.map((o) => o.group))];
  return (
    <FieldShell {...props}>
      <NativeSelect.Root>
        <NativeSelect.Field
          name={props.name}
          value={props.value}
          onChange={(e) => props.onChange(e.currentTarget.value)}
        >
          {groups.map((group) =>
            group === undefined ? (
              props.options.filter((o) => o.group === undefined).map(renderOption)
            ) : (
              <optgroup key={group} label={group}>
                {props.options.filter((o) => o.group === group).map(renderOption)}
              </optgroup>
            ),
          )}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FieldShell>
  );
}

/** The form's main button, left-aligned under the fields, with its busy state. */
export function SubmitButton({
  isLoading,
  children = 'Enregistrer',
}: {
  isLoading: boolean;
  children?: ReactNode;
}) {
  return (
    <Button
      type="submit"
      colorPalette="brand"
      alignSelf="flex-start"
      loading={isLoading}
      loadingText="Enregistrement…"
    >
      {children}
    </Button>
  );
}
