// The parts by name: Ark's `RadioGroup` namespace object would bring every part.
import {
  RadioGroupItem,
  RadioGroupItemContext,
  RadioGroupItemControl,
  RadioGroupItemHiddenInput,
  RadioGroupItemText,
  RadioGroupLabel,
  RadioGroupRoot,
} from '@ark-ui/react/radio-group';
import type { ComponentProps } from 'react';
import { createStyleContext } from '../../../styled-system/jsx';
import { radioGroup } from '../../../styled-system/recipes';

const { withProvider, withContext } = createStyleContext(radioGroup);

const StyledMark = withContext('span', 'itemControl');

/** The round mark, its dot when chosen, as Chakra draws it (its Radiomark, styled as the item's control). */
function RadioGroupItemIndicator(props: ComponentProps<typeof StyledMark>) {
  return (
    <RadioGroupItemContext>
      {(item) => (
        <RadioGroupItemControl asChild>
          <StyledMark
            {...props}
            data-checked={item.checked ? '' : undefined}
            data-disabled={item.disabled ? '' : undefined}
          >
            {item.checked ? <span className="dot" /> : null}
          </StyledMark>
        </RadioGroupItemControl>
      )}
    </RadioGroupItemContext>
  );
}

/** Chakra's RadioGroup on Ark's: `RadioGroup.Root` (value, onValueChange, its `size`, `variant`), its items. */
export const RadioGroup = {
  Root: withProvider(RadioGroupRoot, 'root'),
  Label: withContext(RadioGroupLabel, 'label'),
  Item: withContext(RadioGroupItem, 'item'),
  ItemText: withContext(RadioGroupItemText, 'itemText'),
  ItemHiddenInput: RadioGroupItemHiddenInput,
  ItemIndicator: RadioGroupItemIndicator,
};
