import { ark } from '@ark-ui/react/factory';
import type { ComponentProps, ReactNode } from 'react';
import { css, cx } from '../../../styled-system/css';
import { styled } from '../../../styled-system/jsx';
import { button } from '../../../styled-system/recipes';
import { Spinner } from './spinner';

const StyledButton = styled(ark.button, button);

const CENTERED = css({
  position: 'absolute',
  top: '50%',
  insetStart: '50%',
  transform: 'translate(-50%, -50%)',
  display: 'inline-flex',
});
const HIDDEN = css({ visibility: 'hidden', display: 'contents' });

export type ButtonProps = ComponentProps<typeof StyledButton> & {
  /** Busy: a spinner in its place (or before `loadingText`), and no press. */
  loading?: boolean;
  loadingText?: ReactNode;
};

/**
 * Chakra's Button: a `type="button"` unless told, `loading` and `loadingText` as Chakra draws them;
 * `asChild` draws the button's look on its child (a link).
 */
export function Button({ loading, loadingText, children, disabled, ...props }: ButtonProps) {
  const spinnerMark = <Spinner size="inherit" borderWidth="0.125em" color="inherit" />;
  return (
    <StyledButton
      type="button"
      {...props}
      data-loading={loading ? '' : undefined}
      disabled={loading || disabled}
    >
      {props.asChild || !loading ? (
        children
      ) : loadingText ? (
        <>
          {spinnerMark}
          {loadingText}
        </>
      ) : (
        <>
          <span className={CENTERED}>{spinnerMark}</span>
          <span className={HIDDEN}>{children}</span>
        </>
      )}
    </StyledButton>
  );
}

const ICON_ONLY = css({ px: '0', py: '0', _icon: { fontSize: '1.2em' } });

/** A button showing only its icon, square (the recipe's min width is its height); named by `aria-label`. */
export function IconButton({ className, ...props }: ButtonProps) {
  return <Button className={cx(ICON_ONLY, className)} {...props} />;
}
