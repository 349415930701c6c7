// The parts by name: Ark's `Field` namespace object would bring its textarea's autosize and all.
import { FieldErrorText, FieldHelperText, FieldLabel, FieldRoot } from '@ark-ui/react/field';
import { createStyleContext } from '../../../styled-system/jsx';
import { field } from '../../../styled-system/recipes';

const { withProvider, withContext } = createStyleContext(field);

/**
 * Chakra's Field on Ark's: `Field.Root` (its `invalid`, `required`) ties its label, help and error
 * to the control inside (Ark's ids), as Chakra's does.
 */
export const Field = {
  Root: withProvider(FieldRoot, 'root'),
  Label: withContext(FieldLabel, 'label'),
  HelperText: withContext(FieldHelperText, 'helperText'),
  ErrorText: withContext(FieldErrorText, 'errorText'),
};
