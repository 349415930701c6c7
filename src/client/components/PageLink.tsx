// eslint-disable-next-line no-restricted-syntax -- the one place Next's link is wrapped.
import NextLink from 'next/link';
import { forwardRef, type ComponentProps } from 'react';

/**
 * Next's link without its prefetch of every link in view (issue 20). On the pages router, a link
 * seen on screen downloads its page's code and then runs it in the browser's idle time: the side
 * menu, a list's rows and the home page's cards ran a dozen pages' code on a phone in its first
 * seconds (long tasks, mobile data spent on pages never opened). The page still loads when the
 * pointer comes over the link or a finger touches it, before the click.
 */
export const PageLink = forwardRef<HTMLAnchorElement, ComponentProps<typeof NextLink>>(
  function PageLink(props, ref) {
    return <NextLink prefetch={false} {...props} ref={ref} />;
  },
);
