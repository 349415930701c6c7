// The parts by name: Ark's `Field` namespace object would bring its textarea's autosize and all.
import {
  FieldErrorText,
  FieldHelperText,
  FieldInput,
  FieldLabel,
  FieldRequiredIndicator,
  FieldRoot,
  FieldTextarea as ArkFieldTextarea,
} from '@ark-ui/react/field';
import { createStyleContext, styled } from '../../../styled-system/jsx';
import { field, input, textarea } from '../../../styled-system/recipes';

const { withProvider, withContext } = createStyleContext(field);

/**
 * Chakra's Field on Ark's: `Field.Root` (its `invalid`, `required`) ties its label, help and error
 * to the control inside (Ark's ids), as Chakra's does.
 */
export const Field = {
  Root: withProvider(FieldRoot, 'root'),
  Label: withContext(FieldLabel, 'label'),
  /** The « * » of a required field, drawn only when the root says `required`. */
  RequiredIndicator: withContext(FieldRequiredIndicator, 'requiredIndicator'),
  HelperText: withContext(FieldHelperText, 'helperText'),
  ErrorText: withContext(FieldErrorText, 'errorText'),
};

/**
 * Chakra's Input inside a Field: Ark's, so the label points at it and the error describes it
 * (`id`, `aria-describedby`, `aria-invalid`, `required` from the root), as Chakra's Input does.
 */
export const FieldTextInput = styled(FieldInput, input);

/** Chakra's Textarea inside a Field: tied to its label and error as `FieldTextInput` is. */
export const FieldTextarea = styled(ArkFieldTextarea, textarea);
