// The parts by name, as the other kit files take Ark's.
import {
  Toaster as ArkToaster,
  ToastCloseTrigger as ArkToastCloseTrigger,
  ToastDescription,
  ToastRoot,
  ToastTitle,
  useToastContext,
} from '@ark-ui/react/toast';
import type { ComponentProps } from 'react';
import { RiCheckboxCircleLine, RiErrorWarningLine } from 'react-icons/ri';
import { createStyleContext, styled } from '../../../styled-system/jsx';
import { toast } from '../../../styled-system/recipes';
import { CloseIcon } from './close-icon';

const { withProvider, withContext } = createStyleContext(toast);

// Chakra's own icons for these types (the same Remix Icon glyphs); the others show none.
const ICONS = { warning: RiErrorWarningLine, error: RiErrorWarningLine, success: RiCheckboxCircleLine };

const StyledIndicator = withContext('span', 'indicator');
const StyledCloseTrigger = withContext(ArkToastCloseTrigger, 'closeTrigger');

function ToastIndicator(props: ComponentProps<typeof StyledIndicator>) {
  const type = useToastContext().type as keyof typeof ICONS | undefined;
  const Icon = type ? ICONS[type] : undefined;
  return Icon ? <StyledIndicator as={Icon} {...props} /> : null;
}

function ToastCloseTrigger({ children, ...props }: ComponentProps<typeof StyledCloseTrigger>) {
  return <StyledCloseTrigger {...props}>{children ?? <CloseIcon />}</StyledCloseTrigger>;
}

/** Chakra's toasts on Ark's machine: `Toaster` (the stack), then each `Toast.Root` and its parts. */
export const Toaster = styled(ArkToaster);
export const Toast = {
  Root: withProvider(ToastRoot, 'root'),
  Title: withContext(ToastTitle, 'title'),
  Description: withContext(ToastDescription, 'description'),
  Indicator: ToastIndicator,
  CloseTrigger: ToastCloseTrigger,
};
