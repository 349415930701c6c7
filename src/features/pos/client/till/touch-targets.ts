/**
 * Every control of the till is at least 44 × 44 px (WCAG 2.5.5, Apple's and Google's guidance for
 * fingers): buttons and links drawn as buttons, fields, selects, segmented choices and checkboxes.
 * Given once to the till's root and to its dialogs (which render in a portal), so that a control
 * added later cannot come in smaller. Only sizes change; what each control does stays the same.
 */
export const TOUCH_TARGET_PX = 44;

const min = `${TOUCH_TARGET_PX}px`;

export const touchTargetCss = {
  // A link inside a sentence stays inline, where a minimum size does not apply.
  '& button, & a[href]': { minHeight: min, minWidth: min },
  '& input:not([type=checkbox]):not([type=radio]):not([type=hidden]), & select, & textarea': {
    minHeight: min,
  },
  '& [data-scope=segment-group][data-part=item], & [data-scope=radio-group][data-part=item], & [data-scope=checkbox][data-part=root], & [data-scope=switch][data-part=root]':
    { minHeight: min },
} as const;
