import { createContext, useContext, useId, useState, type ComponentProps, type ReactNode } from 'react';
import { createStyleContext } from '../../../styled-system/jsx';
import { visuallyHidden } from '../../../styled-system/patterns';
import { radioGroup } from '../../../styled-system/recipes';

/*
 * Chakra's RadioGroup drawn on the browser's own radio buttons, without Ark's state machine (as
 * the Checkbox, ./checkbox.tsx): one name ties them, so the browser gives the group one tab stop
 * and moves the choice with the arrow keys. The machine and its helpers were 8 KB of the discount
 * editors' first load (issue 20). The round mark beside each input only shows its state
 * (`data-state`, `data-focus-visible`), which is what Chakra's recipe styles.
 */
const { withProvider, withContext } = createStyleContext(radioGroup);

interface GroupState {
  name: string;
  value: string | null;
  disabled?: boolean;
  onValueChange?: (details: { value: string }) => void;
}

interface ItemState {
  value: string;
  checked: boolean;
  disabled: boolean;
  focusVisible: boolean;
  setFocusVisible: (on: boolean) => void;
}

const GroupContext = createContext<GroupState | null>(null);
const ItemContext = createContext<ItemState | null>(null);

function useItem(): ItemState {
  const item = useContext(ItemContext);
  if (!item) throw new Error('RadioGroup: an item’s parts go inside RadioGroup.Item.');
  return item;
}

const dataState = (checked: boolean) => (checked ? 'checked' : 'unchecked');

const StyledRoot = withProvider('div', 'root');
const StyledItem = withContext('label', 'item');
const StyledMark = withContext('span', 'itemControl');
const StyledText = withContext('span', 'itemText');

type RootProps = Omit<ComponentProps<typeof StyledRoot>, 'onChange' | 'defaultValue'> & {
  value?: string | null;
  disabled?: boolean;
  /** Named as Ark's: `{ value }`. */
  onValueChange?: (details: { value: string }) => void;
  /** The inputs' name (a form's field); one of the page's own otherwise. */
  name?: string;
};

function RadioGroupRoot({ value = null, disabled, onValueChange, name, ...props }: RootProps) {
  const id = useId();
  return (
    <GroupContext.Provider value={{ name: name ?? id, value, disabled, onValueChange }}>
      <StyledRoot role="radiogroup" data-disabled={disabled ? '' : undefined} {...props} />
    </GroupContext.Provider>
  );
}

type ItemProps = ComponentProps<typeof StyledItem> & {
  value: string;
  disabled?: boolean;
  children?: ReactNode;
};

function RadioGroupItem({ value, disabled, ...props }: ItemProps) {
  const group = useContext(GroupContext);
  if (!group) throw new Error('RadioGroup: its items go inside RadioGroup.Root.');
  const [focusVisible, setFocusVisible] = useState(false);
  const checked = group.value === value;
  const isDisabled = !!(disabled || group.disabled);
  return (
    <ItemContext.Provider value={{ value, checked, disabled: isDisabled, focusVisible, setFocusVisible }}>
      <StyledItem {...props} data-state={dataState(checked)} data-disabled={isDisabled ? '' : undefined} />
    </ItemContext.Provider>
  );
}

/** The browser's radio button, out of sight, that the keyboard and screen readers use. */
function RadioGroupItemHiddenInput() {
  const group = useContext(GroupContext)!;
  const item = useItem();
  return (
    <input
      type="radio"
      className={visuallyHidden()}
      name={group.name}
      value={item.value}
      checked={item.checked}
      disabled={item.disabled}
      onChange={(e) => {
        if (e.currentTarget.checked) group.onValueChange?.({ value: item.value });
      }}
      // The ring shows for the keyboard only, as the browser decides it for the input itself.
      onFocus={(e) => item.setFocusVisible(e.currentTarget.matches(':focus-visible'))}
      onBlur={() => item.setFocusVisible(false)}
    />
  );
}

/** The round mark, its dot when chosen, as Chakra draws it (its Radiomark, styled as the item's control). */
function RadioGroupItemIndicator(props: ComponentProps<typeof StyledMark>) {
  const item = useItem();
  return (
    <StyledMark
      aria-hidden
      {...props}
      data-state={dataState(item.checked)}
      data-disabled={item.disabled ? '' : undefined}
      data-focus-visible={item.focusVisible ? '' : undefined}
    >
      {item.checked ? <span className="dot" /> : null}
    </StyledMark>
  );
}

function RadioGroupItemText(props: ComponentProps<typeof StyledText>) {
  const item = useItem();
  return (
    <StyledText
      {...props}
      data-state={dataState(item.checked)}
      data-disabled={item.disabled ? '' : undefined}
    />
  );
}

/** Chakra's RadioGroup: `RadioGroup.Root` (value, onValueChange, its `size`, `variant`), its items. */
export const RadioGroup = {
  Root: RadioGroupRoot,
  Label: withContext('span', 'label'),
  Item: RadioGroupItem,
  ItemText: RadioGroupItemText,
  ItemHiddenInput: RadioGroupItemHiddenInput,
  ItemIndicator: RadioGroupItemIndicator,
};
