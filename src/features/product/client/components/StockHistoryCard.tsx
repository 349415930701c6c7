import { LoadingRow, MoreRow } from '@/client/components/PagedRows';
import { Card, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatDateTime } from '@/shared/dates';
import { STOCK_REASON_LABELS } from '../../product.schemas';
import { useStockHistoryQuery } from '../product.api';

function HistoryPage(props: {
  shopId: string;
  productId: string;
  after?: string;
  timeZone: string;
  onMore?: (c: string) => void;
}) {
  const page = useStockHistoryQuery({ shopId: props.shopId, productId: props.productId, after: props.after });
  if (page.isLoading) return <LoadingRow colSpan={6} />;
  const items = page.data?.items ?? [];
  return (
    <>
      {items.map((m) => (
        <Table.Row key={m._id}>
          <Table.Cell whiteSpace="nowrap">{formatDateTime(m.createdAt, props.timeZone)}</Table.Cell>
          <Table.Cell>{m.variantTitle || '—'}</Table.Cell>
          <Table.Cell>{STOCK_REASON_LABELS[m.reason]}</Table.Cell>
          <Table.Cell textAlign="end" color={m.quantity < 0 ? 'fg.error' : 'green.700'} fontWeight="medium">
            {m.quantity > 0 ? `+${m.quantity}` : m.quantity}
          </Table.Cell>
          <Table.Cell textAlign="end">{m.stockAfter}</Table.Cell>
          <Table.Cell>
            <Text fontSize="sm">{m.author ?? '—'}</Text>
            {m.note ? (
              <Text fontSize="xs" color="fg.muted">
                {m.note}
              </Text>
            ) : null}
          </Table.Cell>
        </Table.Row>
      ))}
      {!props.after && items.length === 0 ? (
        <Table.Row>
          <Table.Cell colSpan={6} color="fg.muted">
            Aucun mouvement pour le moment.
          </Table.Cell>
        </Table.Row>
      ) : null}
      <MoreRow colSpan={6} cursor={page.data?.nextCursor} onMore={props.onMore} />
    </>
  );
}

/** Who changed the stock, when, by how much and why. */
export function StockHistoryCard({
  shopId,
  productId,
  timeZone,
}: {
  shopId: string;
  productId: string;
  timeZone: string;
}) {
  const [cursors, setCursors] = useState<string[]>([]);
  const pages = [undefined, ...cursors];
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Historique du stock</Card.Title>
      </Card.Header>
      <Card.Body pt="0">
        <Table.ScrollArea>
          <Table.Root size="sm" data-testid="stock-history">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Date</Table.ColumnHeader>
                <Table.ColumnHeader>Variante</Table.ColumnHeader>
                <Table.ColumnHeader>Motif</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Quantité</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Stock après</Table.ColumnHeader>
                <Table.ColumnHeader>Par</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {pages.map((after, i) => (
                <HistoryPage
                  key={after ?? 'first'}
                  shopId={shopId}
                  productId={productId}
                  after={after}
                  timeZone={timeZone}
                  onMore={i === pages.length - 1 ? (c) => setCursors((l) => [...l, c]) : undefined}
                />
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Card.Body>
    </Card.Root>
  );
}
