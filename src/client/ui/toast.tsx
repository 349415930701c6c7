import { Toast as ArkToast, Toaster as ArkToaster, useToastContext } from '@ark-ui/react/toast';
import type { ComponentProps } from 'react';
import { RiCheckboxCircleLine, RiErrorWarningLine } from 'react-icons/ri';
import { createStyleContext, styled } from '../../../styled-system/jsx';
import { toast } from '../../../styled-system/recipes';

const { withProvider, withContext } = createStyleContext(toast);

// Chakra's own icons for these types (the same Remix Icon glyphs); the others show none.
const ICONS = { warning: RiErrorWarningLine, error: RiErrorWarningLine, success: RiCheckboxCircleLine };

const StyledIndicator = withContext('span', 'indicator');
const StyledCloseTrigger = withContext(ArkToast.CloseTrigger, 'closeTrigger');

function ToastIndicator(props: ComponentProps<typeof StyledIndicator>) {
  const type = useToastContext().type as keyof typeof ICONS | undefined;
  const Icon = type ? ICONS[type] : undefined;
  return Icon ? <StyledIndicator as={Icon} {...props} /> : null;
}

function ToastCloseTrigger({ children, ...props }: ComponentProps<typeof StyledCloseTrigger>) {
  return (
    <StyledCloseTrigger {...props}>
      {children ?? (
        <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden>
          <path
            fillRule="evenodd"
            clipRule="evenodd"
            d="M18.7071 6.70711C19.0976 6.31658 19.0976 5.68342 18.7071 5.29289C18.3166 4.90237 17.6834 4.90237 17.2929 5.29289L12 10.5858L6.70711 5.29289C6.31658 4.90237 5.68342 4.90237 5.29289 5.29289C4.90237 5.68342 4.90237 6.31658 5.29289 6.70711L10.5858 12L5.29289 17.2929C4.90237 17.6834 4.90237 18.3166 5.29289 18.7071C5.68342 19.0976 6.31658 19.0976 6.70711 18.7071L12 13.4142L17.2929 18.7071C17.6834 19.0976 18.3166 19.0976 18.7071 18.7071C19.0976 18.3166 19.0976 17.6834 18.7071 17.2929L13.4142 12L18.7071 6.70711Z"
          />
        </svg>
      )}
    </StyledCloseTrigger>
  );
}

/** Chakra's toasts on Ark's machine: `Toaster` (the stack), then each `Toast.Root` and its parts. */
export const Toaster = styled(ArkToaster);
export const Toast = {
  Root: withProvider(ArkToast.Root, 'root'),
  Title: withContext(ArkToast.Title, 'title'),
  Description: withContext(ArkToast.Description, 'description'),
  Indicator: ToastIndicator,
  CloseTrigger: ToastCloseTrigger,
};
