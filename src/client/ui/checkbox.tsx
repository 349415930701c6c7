// The parts by name: Ark's `Checkbox` namespace object would bring its group and all.
import {
  CheckboxControl as ArkCheckboxControl,
  CheckboxHiddenInput,
  CheckboxLabel,
  CheckboxRoot,
  useCheckboxContext,
} from '@ark-ui/react/checkbox';
import type { ComponentProps } from 'react';
import { createStyleContext } from '../../../styled-system/jsx';
import { checkbox } from '../../../styled-system/recipes';

const { withProvider, withContext } = createStyleContext(checkbox);

const StyledControl = withContext(ArkCheckboxControl, 'control');

/** The tick (or the dash, indeterminate) in the box, as Chakra draws it (sized by the box's `_icon`). */
function CheckboxIndicator() {
  const { checked, indeterminate, disabled } = useCheckboxContext();
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="3px"
      strokeLinecap="round"
      strokeLinejoin="round"
      data-state={indeterminate ? 'indeterminate' : checked ? 'checked' : 'unchecked'}
      data-disabled={disabled ? '' : undefined}
    >
      {indeterminate ? <path d="M5 12h14" /> : checked ? <polyline points="20 6 9 17 4 12" /> : null}
    </svg>
  );
}

function CheckboxControl({ children, ...props }: ComponentProps<typeof StyledControl>) {
  return <StyledControl {...props}>{children ?? <CheckboxIndicator />}</StyledControl>;
}

/** Chakra's Checkbox on Ark's: `Checkbox.Root` (checked, onCheckedChange), its hidden input, box, label. */
export const Checkbox = {
  Root: withProvider(CheckboxRoot, 'root'),
  HiddenInput: CheckboxHiddenInput,
  Control: CheckboxControl,
  Label: withContext(CheckboxLabel, 'label'),
};
