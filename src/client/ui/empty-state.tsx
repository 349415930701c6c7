import { createStyleContext } from '../../../styled-system/jsx';
import { emptyState } from '../../../styled-system/recipes';

const { withProvider, withContext } = createStyleContext(emptyState);

/** Chakra's EmptyState: `EmptyState.Root` (its `size`), its content, icon, title and description. */
export const EmptyState = {
  Root: withProvider('div', 'root'),
  Content: withContext('div', 'content'),
  Indicator: withContext('div', 'indicator'),
  Title: withContext('h3', 'title'),
  Description: withContext('p', 'description'),
};
