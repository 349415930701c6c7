import type { ComponentProps, ReactNode } from 'react';
import { createStyleContext } from '../../../styled-system/jsx';
import { switchControl } from '../../../styled-system/recipes';
import { dataState, ToggleHiddenInput, ToggleProvider, useToggle, type ToggleProps } from './checkbox';

/*
 * Chakra's Switch drawn on the browser's own input (`role="switch"`), as the kit's Checkbox is:
 * the track and thumb beside it only show its state.
 */
const { withProvider, withContext } = createStyleContext(switchControl);

const StyledRoot = withProvider('label', 'root');
const StyledControl = withContext('span', 'control');
const StyledThumb = withContext('span', 'thumb');
const StyledLabel = withContext('span', 'label');

type RootProps = Omit<ComponentProps<typeof StyledRoot>, 'onChange'> & ToggleProps & { children?: ReactNode };

function SwitchRoot({
  checked = false,
  disabled,
  onCheckedChange,
  'aria-label': label,
  ...props
}: RootProps) {
  return (
    <ToggleProvider
      checked={checked}
      disabled={disabled}
      onCheckedChange={onCheckedChange}
      aria-label={label}
    >
      <StyledRoot {...props} data-state={dataState(checked)} data-disabled={disabled ? '' : undefined} />
    </ToggleProvider>
  );
}

function useToggleData() {
  const state = useToggle();
  return {
    'data-state': dataState(state.checked),
    'data-disabled': state.disabled ? '' : undefined,
    'data-focus-visible': state.focusVisible ? '' : undefined,
  };
}

/** The track, with its thumb unless given other children. */
function SwitchControl({ children, ...props }: ComponentProps<typeof StyledControl>) {
  const data = useToggleData();
  return (
    <StyledControl aria-hidden {...props} {...data}>
      {children ?? <StyledThumb {...data} />}
    </StyledControl>
  );
}

function SwitchLabel(props: ComponentProps<typeof StyledLabel>) {
  const state = useToggle();
  return <StyledLabel {...props} data-disabled={state.disabled ? '' : undefined} />;
}

function SwitchHiddenInput() {
  return <ToggleHiddenInput role="switch" />;
}

/** Chakra's Switch: `Switch.Root` (checked, onCheckedChange, its `size`), its hidden input, track, label. */
export const Switch = {
  Root: SwitchRoot,
  HiddenInput: SwitchHiddenInput,
  Control: SwitchControl,
  Label: SwitchLabel,
};
