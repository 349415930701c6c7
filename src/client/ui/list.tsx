import { ark } from '@ark-ui/react/factory';
import { createStyleContext } from '../../../styled-system/jsx';
import { list } from '../../../styled-system/recipes';

const { withProvider, withContext } = createStyleContext(list);

/** Chakra's List: `List.Root` (its `variant`), its items, and an item's indicator (`asChild`: an icon). */
export const List = {
  Root: withProvider('ul', 'root'),
  Item: withContext('li', 'item'),
  Indicator: withContext(ark.span, 'indicator'),
};
