// The parts by name: Ark's `Tabs` namespace object would bring its panel, presence machine and all.
import { TabList, TabTrigger, TabsRoot, useTabsContext } from '@ark-ui/react/tabs';
import type { ComponentProps } from 'react';
import { createStyleContext } from '../../../styled-system/jsx';
import { tabs } from '../../../styled-system/recipes';

const { withProvider, withContext } = createStyleContext(tabs);

/*
 * A panel drawn from the tabs' own props (its role, its tab's id, `hidden` while another tab is
 * open) without Ark's presence machine, which a panel shown and hidden at once does not need: 3 KB
 * less on each page with tabs. `unmountOnExit` (Chakra's, on the root there) draws its content only
 * while its tab is open, so a closed tab loads neither its data nor its code.
 */
function TabPanel({
  value,
  unmountOnExit,
  children,
  ...props
}: ComponentProps<'div'> & { value: string; unmountOnExit?: boolean }) {
  const tabsApi = useTabsContext();
  return (
    <div {...tabsApi.getContentProps({ value })} {...props}>
      {unmountOnExit && tabsApi.value !== value ? null : children}
    </div>
  );
}

/** Chakra's Tabs on Ark's: `Tabs.Root` (value, onValueChange, its `variant` and `size`), list, triggers, panels. */
export const Tabs = {
  Root: withProvider(TabsRoot, 'root'),
  List: withContext(TabList, 'list'),
  Trigger: withContext(TabTrigger, 'trigger'),
  Content: withContext(TabPanel, 'content'),
};
