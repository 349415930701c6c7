import { css } from '../../../../../styled-system/css';

/**
 * Every control of the till is at least 44 × 44 px (WCAG 2.5.5, Apple's and Google's guidance for
 * fingers): buttons and links drawn as buttons, fields, selects, segmented choices and checkboxes.
 * Given once to the till's root and to its dialogs (which render in a portal), so that a control
 * added later cannot come in smaller. Only sizes change; what each control does stays the same.
 */
/** For the dialogs still drawn with Chakra (its `css` prop). Panda reads this object as written: literals only. */
export const touchTargetCss = {
  // A link inside a sentence stays inline, where a minimum size does not apply.
  '& button, & a[href]': { minHeight: '44px', minWidth: '44px' },
  '& input:not([type=checkbox]):not([type=radio]):not([type=hidden]), & select, & textarea': {
    minHeight: '44px',
  },
  '& [data-scope=segment-group][data-part=item], & [data-scope=radio-group][data-part=item], & [data-scope=checkbox][data-part=root], & [data-scope=switch][data-part=root]':
    { minHeight: '44px' },
} as const;

/** The same, as a class for the till's screens drawn with `@/client/ui` (written by Panda at build time). */
export const touchTargetClass = css(touchTargetCss);
