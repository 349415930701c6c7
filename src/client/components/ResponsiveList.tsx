import { Box, LinkBox, Table } from '@/client/ui';
import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react';
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

/** The width of an element, followed as it changes; null until it is first measured. */
function useWidth(ref: React.RefObject<HTMLElement | null>, isWatched: boolean): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!isWatched || !element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry!.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, isWatched]);
  return width;
}

/**
 * A list drawn as a table from a tablet up and as cards on a phone, where a table's columns cannot
 * fit without scrolling sideways. With `cardsWhenTooWide`, a table of fields (variants) also turns
 * to cards when its place is narrower than the table, whatever the screen (a tablet, a narrow
 * window), and back to a table once the place is wide enough for the width it needed. The rows
 * inside read useListLayout() and draw a Table.Row or a ListCard; PagedRows' loading and
 * « Afficher plus », and ListMessage, follow it. `testId` names the list's container in both layouts.
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
  /** White, on a page's grey. */
  bg?: 'bg';
  /** Cards wherever the table would scroll sideways, not only on a phone. */
  cardsWhenTooWide?: boolean;
}) {
  const isPhone = useIsPhone();
  const frame = useRef<HTMLDivElement>(null);
  const table = useRef<HTMLTableElement>(null);
  const width = useWidth(frame, !!props.cardsWhenTooWide);
  // The width the table took the last time it was drawn and did not fit. It is measured again when
  // the place or the columns change (an image column appears), and on the way back to a table.
  const [neededWidth, setNeededWidth] = useState<number | null>(null);
  const isTooNarrow = neededWidth !== null && (width === null || width < neededWidth);
  const layout: ListLayout = isPhone || isTooNarrow ? 'cards' : 'table';
  useLayoutEffect(() => {
    if (!props.cardsWhenTooWide || layout !== 'table' || !table.current || !frame.current) return;
    const needed = table.current.scrollWidth;
    if (needed > frame.current.clientWidth + 1) setNeededWidth(needed);
  }, [props.cardsWhenTooWide, layout, width, props.columns]);
  const context = useMemo(() => ({ layout, columns: props.columns }), [layout, props.columns]);
  return (
    <ListLayoutContext.Provider value={context}>
      <Box ref={frame} minW="0">
        {layout === 'cards' ? (
          // One column on a phone; side by side where cards have room (a table of fields on a tablet).
          <Box
            display="grid"
            gridTemplateColumns="repeat(auto-fill, minmax(min(100%, 20rem), 1fr))"
            gap="2"
            data-testid={props.testId}
            data-layout="cards"
            minW="0"
          >
            {props.children}
          </Box>
        ) : (
          <Table.ScrollArea
            borderWidth={props.isBare ? undefined : '1px'}
            rounded="md"
            bg={props.bg === 'bg' ? 'bg' : undefined}
            data-testid={props.testId}
            data-layout="table"
          >
            <Table.Root
              ref={table}
              size="sm"
              interactive={props.interactive}
              stickyHeader={props.stickyHeader}
            >
              <Table.Header>
                <Table.Row>{props.header}</Table.Row>
              </Table.Header>
              <Table.Body>{props.children}</Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Box>
    </ListLayoutContext.Provider>
  );
}

/**
 * One row of a list on a phone. A LinkOverlay inside (the row's name) makes the whole card open
 * it; the controls inside (checkbox, buttons, fields) stay above that overlay and keep their own tap.
 */
export function ListCard({ children, ...props }: ComponentProps<typeof LinkBox> & { children: ReactNode }) {
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
      <Box borderWidth="1px" rounded="lg" bg="bg" px="3" py="2" gridColumn="1 / -1">
        {children}
      </Box>
    );
  return (
    <Table.Row _hover={{ bg: 'transparent' }}>
      <Table.Cell colSpan={columns}>{children}</Table.Cell>
    </Table.Row>
  );
}
