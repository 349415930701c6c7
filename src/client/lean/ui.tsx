// The few controls the light pages draw (sign-in now, the public shop next), as plain elements
// styled by lean.module.css: what Chakra's Field, Button and Alert give the back office (label tied
// to its control, error read out with it, busy state), without a styling runtime.
import { useId, type ButtonHTMLAttributes, type ReactElement, type ReactNode } from 'react';
import css from './lean.module.css';

export { css };

/** What a field hands its control: ids and states that tie label, control and error together. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  required: boolean | undefined;
}

export function Field({
  label,
  error,
  isRequired,
  className,
  children,
}: {
  label: string;
  error?: string | null;
  isRequired?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactElement;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className ? `${css.field} ${className}` : css.field}>
      <label htmlFor={id} className={css.label}>
        {label}
        {isRequired ? (
          <span aria-hidden="true" className={css.requiredMark}>
            *
          </span>
        ) : null}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
        required: isRequired,
      })}
      {error ? (
        <p id={errorId} className={css.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The brand's solid button; while `isLoading`, a spinner and `loadingText`, and no second click. */
export function Button({
  isLoading,
  loadingText,
  children,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { isLoading?: boolean; loadingText?: string }) {
  return (
    <button {...rest} className={css.button} disabled={rest.disabled || isLoading} aria-busy={isLoading}>
      {isLoading ? <span className={css.spinner} aria-hidden="true" /> : null}
      {isLoading && loadingText ? loadingText : children}
    </button>
  );
}

type AlertStatus = 'error' | 'info' | 'success';

const ICONS: Record<AlertStatus, ReactNode> = {
  error: <path d="M12 8v5m0 3.5h.01M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z" />,
  info: <path d="M12 16v-5m0-3.5h.01M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z" />,
  success: <path d="m8 12.5 2.5 2.5 5.5-6M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z" />,
};

/** A sentence with its status; errors are announced as soon as they appear. */
export function Alert({ status, children }: { status: AlertStatus; children: ReactNode }) {
  return (
    <div role={status === 'error' ? 'alert' : 'status'} className={`${css.alert} ${css[`${status}_alert`]}`}>
      <svg
        className={css.alertIcon}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        {ICONS[status]}
      </svg>
      <span>{children}</span>
    </div>
  );
}
