import { createStyleContext } from '../../../styled-system/jsx';
import { card } from '../../../styled-system/recipes';

const { withProvider, withContext } = createStyleContext(card);

/** Chakra's Card: `Card.Root` (its `size` and `variant`), then its header, title, body, footer. */
export const Card = {
  Root: withProvider('div', 'root'),
  Header: withContext('div', 'header'),
  Title: withContext('h3', 'title'),
  Description: withContext('p', 'description'),
  Body: withContext('div', 'body'),
  Footer: withContext('div', 'footer'),
};
