import { Box, LinkBox, Stack, Table, type BoxProps } from '@chakra-ui/react';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useIsPhone } from '../hooks/use-is-phone';

export type ListLayout = 'table' | 'cards';

interface ListContext {
  layout: ListLayout;
  /** The table's column count, for the cells that span a whole row (messages, loading, more). */
  columns: number;
}

const ListLayoutContext = createContext<ListContext>({ layout: 'table', columns: 1 });

/** How the enclosing ResponsiveList draws its rows: table rows, or cards on a phone. */
export function useListLayout(): ListContext {
  return useContext(ListLayoutContext);
}

/**
 * A list drawn as a table from a tablet up and as a column of cards on a phone, where a table's
 * columns cannot fit without scrolling sideways. The rows inside read useListLayout() and draw a
 * Table.Row or a ListCard; PagedRows' loading and « Afficher plus », and ListMessage, follow it.
 * `testId` names the list's scroll container in both layouts.
 */
export function ResponsiveList(props: {
  /** The column headers (Table.ColumnHeader elements). */
  header: ReactNode;
  columns: number;
  children: ReactNode;
  testId?: string;
  interactive?: boolean;
  stickyHeader?: boolean;
  /** Drawn inside a card already (no border of its own). */
  isBare?: boolean;
  bg?: BoxProps['bg'];
}) {
  const isPhone = useIsPhone();
  const layout: ListLayout = isPhone ? 'cards' : 'table';
  const context = useMemo(() => ({ layout, columns: props.columns }), [layout, props.columns]);
  return (
    <ListLayoutContext.Provider value={context}>
      {isPhone ? (
        <Stack gap="2" data-testid={props.testId} data-layout="cards" minW="0">
          {props.children}
        </Stack>
      ) : (
        <Table.ScrollArea
          borderWidth={props.isBare ? undefined : '1px'}
          rounded="md"
          bg={props.bg}
          data-testid={props.testId}
          data-layout="table"
        >
          <Table.Root size="sm" interactive={props.interactive} stickyHeader={props.stickyHeader}>
            <Table.Header>
              <Table.Row>{props.header}</Table.Row>
            </Table.Header>
            <Table.Body>{props.children}</Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </ListLayoutContext.Provider>
  );
}

/**
 * One row of a list on a phone. A LinkOverlay inside (the row's name) makes the whole card open
 * it; the controls inside (checkbox, buttons, fields) stay above that overlay and keep their own tap.
 */
export function ListCard({ children, ...props }: BoxProps & { children: ReactNode }) {
  return (
    <LinkBox
      borderWidth="1px"
      rounded="lg"
      bg="bg"
      p="3"
      minW="0"
      css={{
        '& label, & button, & select, & input:not([type=checkbox]):not([type=radio]), & a[href]:not(.chakra-linkbox__overlay)':
          { position: 'relative', zIndex: 1 },
      }}
      {...props}
    >
      {children}
    </LinkBox>
  );
}

/** A line across the list: empty, refused or other message (a full-width row, or a card). */
export function ListMessage({ children }: { children: ReactNode }) {
  const { layout, columns } = useListLayout();
  if (layout === 'cards')
    return (
      <Box borderWidth="1px" rounded="lg" bg="bg" px="3" py="2">
        {children}
      </Box>
    );
  return (
    <Table.Row _hover={{ bg: 'transparent' }}>
      <Table.Cell colSpan={columns}>{children}</Table.Cell>
    </Table.Row>
  );
}
