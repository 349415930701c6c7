import type { ComponentProps } from 'react';
import { createStyleContext } from '../../../styled-system/jsx';
import { avatar } from '../../../styled-system/recipes';

const { withProvider, withContext } = createStyleContext(avatar);

const StyledFallback = withContext('span', 'fallback');

/** Chakra's initials: the first name's and the last name's first letters. */
function initialsOf(name: string): string {
  const names = name.trim().split(' ');
  const first = names[0] ?? '';
  const last = names.length > 1 ? (names[names.length - 1] ?? '') : '';
  return first && last ? `${first.charAt(0)}${last.charAt(0)}` : first.charAt(0);
}

/** What stands for the photo: its children, or the initials of `name`, as Chakra's. */
function AvatarFallback({
  name,
  children,
  ...props
}: ComponentProps<typeof StyledFallback> & { name?: string }) {
  return <StyledFallback {...props}>{children ?? (name ? initialsOf(name) : null)}</StyledFallback>;
}

/**
 * Chakra's Avatar without its image-loading machine: the caller draws the photo when there is one,
 * the initials otherwise.
 */
export const Avatar = {
  Root: withProvider('span', 'root'),
  Image: withContext('img', 'image'),
  Fallback: AvatarFallback,
};
