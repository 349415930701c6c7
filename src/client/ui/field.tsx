import { Field as ArkField } from '@ark-ui/react/field';
import { createStyleContext } from '../../../styled-system/jsx';
import { field } from '../../../styled-system/recipes';

const { withProvider, withContext } = createStyleContext(field);

/**
 * Chakra's Field on Ark's: `Field.Root` (its `invalid`, `required`) ties its label, help and error
 * to the control inside (Ark's ids), as Chakra's does.
 */
export const Field = {
  Root: withProvider(ArkField.Root, 'root'),
  Label: withContext(ArkField.Label, 'label'),
  HelperText: withContext(ArkField.HelperText, 'helperText'),
  ErrorText: withContext(ArkField.ErrorText, 'errorText'),
};
