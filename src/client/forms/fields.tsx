import { FieldTextInput, NativeSelect } from '@/client/ui';
import {
  useController,
  type Control,
  type FieldPathByValue,
  type FieldValues,
  type Path,
  type UseFormSetError,
} from 'react-hook-form';
import { ApiError } from '@/client/api/api-error';
import { FieldShell, type FieldShellProps } from '@/client/components/form';

/**
 * The message of an error, or of the first one below it: a field sent as a list (« Étiquettes » split
 * on commas) is refused item by item, and the person only has the one field to fix.
 */
export function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [key, value] of Object.entries(error)) {
    if (key === 'ref') continue;
    const nested = messageOf(value);
    if (nested) return nested;
  }
  return undefined;
}

/**
 * A refusal from the API shown as every form shows it: each detail under its field (details are keyed
 * by the body's paths; `renamed` names the form's field where it differs) and the French sentence
 * above the form, read from `errors.root.server`. The next submit clears them all.
 */
export function showServerError<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  renamed: Record<string, Path<T>> = {},
): void {
  const apiError = error instanceof ApiError ? error : null;
  for (const [path, message] of Object.entries(apiError?.details ?? {}))
    setError(renamed[path] ?? (path as Path<T>), { type: 'server', message });
  setError('root.server', {
    type: 'server',
    message: apiError?.message ?? 'Une erreur est survenue. Réessayez.',
  });
}

type FieldProps<T extends FieldValues, TOut> = Omit<FieldShellProps, 'children' | 'error'> & {
  control: Control<T, unknown, TOut>;
  name: FieldPathByValue<T, string | undefined>;
};

export function FormTextField<T extends FieldValues, TOut>(
  props: FieldProps<T, TOut> & {
    type?: string;
    autoComplete?: string;
    inputMode?: 'tel' | 'email' | 'text' | 'numeric';
    placeholder?: string;
  },
) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  return (
    <FieldShell {...props} error={messageOf(fieldState.error)}>
      <FieldTextInput
        {...field}
        value={field.value ?? ''}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        placeholder={props.placeholder}
      />
    </FieldShell>
  );
}

export function FormSelectField<T extends FieldValues, TOut>(
  props: FieldProps<T, TOut> & {
    options: Array<{ value: string; label: string }>;
    /** After the form took the new value: for a choice that fills another field. */
    onPicked?: (value: string) => void;
  },
) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  return (
    <FieldShell {...props} error={messageOf(fieldState.error)}>
      <NativeSelect.Root>
        <NativeSelect.Field
          {...field}
          value={field.value ?? ''}
          onChange={(e) => {
            field.onChange(e);
            props.onPicked?.(e.currentTarget.value);
          }}
        >
          {props.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FieldShell>
  );
}
