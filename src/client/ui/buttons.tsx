import { ark } from '@ark-ui/react/factory';
import type { ComponentProps } from 'react';
import { css, cx } from '../../../styled-system/css';
import { styled } from '../../../styled-system/jsx';
import { button } from '../../../styled-system/recipes';

/** `asChild` draws the button's look on its child (a link). */
export const Button = styled(ark.button, button);

const ICON_ONLY = css({ px: '0', py: '0', _icon: { fontSize: '1.2em' } });

/** A button showing only its icon, square (the recipe's min width is its height); named by `aria-label`. */
export function IconButton({ className, ...props }: ComponentProps<typeof Button>) {
  return <Button className={cx(ICON_ONLY, className)} {...props} />;
}
