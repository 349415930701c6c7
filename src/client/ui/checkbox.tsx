import {
  createContext,
  useContext,
  useState,
  type ComponentProps,
  type ComponentType,
  type ReactNode,
} from 'react';
import { createStyleContext } from '../../../styled-system/jsx';
import { visuallyHidden } from '../../../styled-system/patterns';
import { checkbox } from '../../../styled-system/recipes';

/*
 * Chakra's Checkbox drawn on the browser's own input, without Ark's state machine: a list selects
 * its rows with one each, and fifty machines (their effects, their listeners) were a measurable
 * share of the orders page's start on a phone (issue 20). The input keeps the focus, the keyboard
 * and the name; the box beside it only shows its state (`data-state`, `data-focus-visible`), which
 * is what Chakra's recipe styles.
 */
const { withProvider, withContext } = createStyleContext(checkbox);

export interface ToggleState {
  checked: boolean;
  disabled?: boolean;
  label?: string;
  onCheckedChange?: (details: { checked: boolean }) => void;
  focusVisible: boolean;
  setFocusVisible: (on: boolean) => void;
}

const ToggleContext = createContext<ToggleState | null>(null);

/** The state a checkbox's or a switch's parts draw (see switch.tsx). */
export function useToggle(): ToggleState {
  const state = useContext(ToggleContext);
  if (!state) throw new Error('Checkbox, Switch: their parts go inside their Root.');
  return state;
}

export const dataState = (checked: boolean) => (checked ? 'checked' : 'unchecked');

export interface ToggleProps {
  checked?: boolean;
  disabled?: boolean;
  /** Named as Ark's: `{ checked }`. */
  onCheckedChange?: (details: { checked: boolean }) => void;
  /** The input's name when no visible label says it (a row's « Sélectionner … »). */
  'aria-label'?: string;
}

/** Holds a checkbox's or a switch's state for its parts; `children` draws the root. */
function ToggleProvider({
  checked = false,
  disabled,
  onCheckedChange,
  'aria-label': label,
  children,
}: ToggleProps & { children: ReactNode }) {
  const [focusVisible, setFocusVisible] = useState(false);
  return (
    <ToggleContext.Provider
      value={{ checked, disabled, label, onCheckedChange, focusVisible, setFocusVisible }}
    >
      {children}
    </ToggleContext.Provider>
  );
}

const StyledRoot = withProvider('label', 'root');
const StyledControl = withContext('span', 'control');
const StyledLabel = withContext('span', 'label');

/** A checkbox's or a switch's root: holds its state for its parts, drawn as `Root` (its recipe's). */
export function toggleRoot<P extends object>(Root: ComponentType<P>) {
  function ToggleRoot({
    checked = false,
    disabled,
    onCheckedChange,
    'aria-label': label,
    ...props
  }: Omit<P, 'onChange'> & ToggleProps & { children?: ReactNode }) {
    return (
      <ToggleProvider
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
        aria-label={label}
      >
        <Root
          {...(props as unknown as P)}
          data-state={dataState(checked)}
          data-disabled={disabled ? '' : undefined}
        />
      </ToggleProvider>
    );
  }
  return ToggleRoot;
}

const CheckboxRoot = toggleRoot(StyledRoot);

/** The browser's input, out of sight, that the keyboard and screen readers use; `role="switch"` for a switch. */
export function ToggleHiddenInput({ role }: { role?: 'switch' }) {
  const state = useToggle();
  return (
    <input
      type="checkbox"
      role={role}
      className={visuallyHidden()}
      checked={state.checked}
      disabled={state.disabled}
      aria-label={state.label}
      onChange={(e) => state.onCheckedChange?.({ checked: e.currentTarget.checked })}
      // The ring shows for the keyboard only, as the browser decides it for the input itself.
      onFocus={(e) => state.setFocusVisible(e.currentTarget.matches(':focus-visible'))}
      onBlur={() => state.setFocusVisible(false)}
    />
  );
}

/** The tick in the box, as Chakra draws it (sized by the box's `_icon`). */
function CheckboxIndicator({ checked }: { checked: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="3px"
      strokeLinecap="round"
      strokeLinejoin="round"
      data-state={dataState(checked)}
    >
      {checked ? <polyline points="20 6 9 17 4 12" /> : null}
    </svg>
  );
}

function CheckboxControl({ children, ...props }: ComponentProps<typeof StyledControl>) {
  const state = useToggle();
  return (
    <StyledControl
      aria-hidden
      {...props}
      data-state={dataState(state.checked)}
      data-disabled={state.disabled ? '' : undefined}
      data-focus-visible={state.focusVisible ? '' : undefined}
    >
      {children ?? <CheckboxIndicator checked={state.checked} />}
    </StyledControl>
  );
}

function CheckboxLabel(props: ComponentProps<typeof StyledLabel>) {
  const state = useToggle();
  return <StyledLabel {...props} data-disabled={state.disabled ? '' : undefined} />;
}

/** Chakra's Checkbox: `Checkbox.Root` (checked, onCheckedChange), its hidden input, box, label. */
export const Checkbox = {
  Root: CheckboxRoot,
  HiddenInput: ToggleHiddenInput,
  Control: CheckboxControl,
  Label: CheckboxLabel,
};
