import { Button, Skeleton, Table } from '@/client/ui';
import { useListLayout } from './ResponsiveList';

/** The loading and « Afficher plus » rows of a cursor-paginated list (one query per page). */
export function LoadingRow({ colSpan }: { colSpan?: number }) {
  const { layout, columns } = useListLayout();
  if (layout === 'cards') return <Skeleton h="20" rounded="lg" gridColumn="1 / -1" />;
  return (
    <Table.Row>
      <Table.Cell colSpan={colSpan ?? columns}>
        <Skeleton h="10" />
      </Table.Cell>
    </Table.Row>
  );
}

/** Offers the next page below the last one, instead of replacing it. */
export function MoreRow({
  colSpan,
  cursor,
  onMore,
  label = 'Afficher plus',
}: {
  colSpan?: number;
  cursor?: string | null;
  onMore?: (cursor: string) => void;
  /** The button's words, where a screen names it otherwise (« Charger plus »). */
  label?: string;
}) {
  const { layout, columns } = useListLayout();
  if (!cursor || !onMore) return null;
  const button = (
    <Button
      size={layout === 'cards' ? 'md' : 'sm'}
      variant="ghost"
      gridColumn="1 / -1"
      onClick={() => onMore(cursor)}
    >
      {label}
    </Button>
  );
  if (layout === 'cards') return button;
  return (
    <Table.Row>
      <Table.Cell colSpan={colSpan ?? columns} textAlign="center">
        {button}
      </Table.Cell>
    </Table.Row>
  );
}
