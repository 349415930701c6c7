import { Button, Skeleton, Table } from '@chakra-ui/react';

/** The loading and « Afficher plus » rows of a cursor-paginated table (one query per page). */
export function LoadingRow({ colSpan }: { colSpan: number }) {
  return (
    <Table.Row>
      <Table.Cell colSpan={colSpan}>
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
}: {
  colSpan: number;
  cursor?: string | null;
  onMore?: (cursor: string) => void;
}) {
  if (!cursor || !onMore) return null;
  return (
    <Table.Row>
      <Table.Cell colSpan={colSpan} textAlign="center">
        <Button size="sm" variant="ghost" onClick={() => onMore(cursor)}>
          Afficher plus
        </Button>
      </Table.Cell>
    </Table.Row>
  );
}
