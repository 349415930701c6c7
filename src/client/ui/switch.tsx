import type { ComponentProps } from 'react';
import { createStyleContext } from '../../../styled-system/jsx';
import { switchControl } from '../../../styled-system/recipes';
import { dataState, toggleRoot, ToggleHiddenInput, useToggle } from './checkbox';

/*
 * Chakra's Switch drawn on the browser's own input (`role="switch"`), as the kit's Checkbox is:
 * the track and thumb beside it only show its state.
 */
const { withProvider, withContext } = createStyleContext(switchControl);

const StyledRoot = withProvider('label', 'root');
const StyledControl = withContext('span', 'control');
const StyledThumb = withContext('span', 'thumb');
const StyledLabel = withContext('span', 'label');

const SwitchRoot = toggleRoot(StyledRoot);

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
