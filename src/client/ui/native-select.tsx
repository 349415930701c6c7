import { FieldSelect } from '@ark-ui/react/field';
import type { ComponentProps } from 'react';
import { createStyleContext } from '../../../styled-system/jsx';
import { nativeSelect } from '../../../styled-system/recipes';

const { withProvider, withContext } = createStyleContext(nativeSelect);

const StyledIndicator = withContext('div', 'indicator');

/** Chakra's chevron. */
function NativeSelectIndicator(props: ComponentProps<typeof StyledIndicator>) {
  return (
    <StyledIndicator {...props}>
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden
      >
        <path d="m6 9 6 6 6-6" />
      </svg>
    </StyledIndicator>
  );
}

/** Chakra's NativeSelect: `NativeSelect.Root` (its `size`), the `<select>` (Field) and its chevron. */
export const NativeSelect = {
  Root: withProvider('div', 'root'),
  // Ark's select: named by the Field around it, when there is one.
  Field: withContext(FieldSelect, 'field'),
  Indicator: NativeSelectIndicator,
};
