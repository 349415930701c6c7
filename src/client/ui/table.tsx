import { createStyleContext, styled } from '../../../styled-system/jsx';
import { table } from '../../../styled-system/recipes';

const { withProvider, withContext } = createStyleContext(table);

/** Chakra's Table: `Table.Root` (its `size`, `interactive`, `stickyHeader`), then its parts. */
export const Table = {
  ScrollArea: styled('div', {
    base: {
      display: 'block',
      whiteSpace: 'nowrap',
      WebkitOverflowScrolling: 'touch',
      overflow: 'auto',
      maxWidth: '100%',
    },
  }),
  Root: withProvider('table', 'root'),
  Header: withContext('thead', 'header'),
  Body: withContext('tbody', 'body'),
  Footer: withContext('tfoot', 'footer'),
  Row: withContext('tr', 'row'),
  ColumnHeader: withContext('th', 'columnHeader'),
  Cell: withContext('td', 'cell'),
  Caption: withContext('caption', 'caption'),
};
