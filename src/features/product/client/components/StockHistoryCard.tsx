import { LoadingRow, MoreRow } from '@/client/components/PagedRows';
import { ListCard, ListMessage, ResponsiveList, useListLayout } from '@/client/components/ResponsiveList';
import { Card, HStack, Stack, Text } from '@/client/ui';
import { Table } from '@/client/ui/table';
import { useState } from 'react';
import { formatDateTime } from '@/shared/dates';
import { frenchTypography as fr } from '@/shared/typography';
import { STOCK_REASON_LABELS } from '../../product.constants';
import { useStockHistoryQuery } from '../product.api';

function HistoryPage(props: {
  shopId: string;
  productId: string;
  after?: string;
  timeZone: string;
  onMore?: (c: string) => void;
}) {
  const { layout } = useListLayout();
  const page = useStockHistoryQuery({ shopId: props.shopId, productId: props.productId, after: props.after });
  if (page.isLoading) return <LoadingRow />;
  const items = page.data?.items ?? [];
  const quantityColor = (q: number) => (q < 0 ? 'fg.error' : 'green.700');
  const signed = (q: number) => (q > 0 ? `+${q}` : q);
  return (
    <>
      {items.map((m) =>
        layout === 'cards' ? (
          <ListCard key={m._id} data-testid="stock-movement">
            <HStack justify="space-between" align="flex-start" gap="3">
              <Stack gap="0" minW="0">
                <Text fontWeight="medium">
                  {STOCK_REASON_LABELS[m.reason]}
                  {m.variantTitle ? ` · ${m.variantTitle}` : ''}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {formatDateTime(m.createdAt, props.timeZone)}
                  {m.author ? ` · ${m.author}` : ''}
                </Text>
                {m.note ? (
                  <Text fontSize="xs" color="fg.muted">
                    {m.note}
                  </Text>
                ) : null}
              </Stack>
              <Stack gap="0" textAlign="end" flexShrink={0}>
                <Text color={quantityColor(m.quantity)} fontWeight="semibold">
                  {signed(m.quantity)}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  stock {m.stockAfter}
                </Text>
              </Stack>
            </HStack>
          </ListCard>
        ) : (
          <Table.Row key={m._id}>
            <Table.Cell whiteSpace="nowrap">{formatDateTime(m.createdAt, props.timeZone)}</Table.Cell>
            <Table.Cell>{m.variantTitle || '—'}</Table.Cell>
            <Table.Cell>{STOCK_REASON_LABELS[m.reason]}</Table.Cell>
            <Table.Cell textAlign="end" color={quantityColor(m.quantity)} fontWeight="medium">
              {signed(m.quantity)}
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
        ),
      )}
      {!props.after && items.length === 0 ? (
        <ListMessage>
          <Text color="fg.muted">
            {fr(
              'Aucun mouvement pour le moment : chaque vente, retour ou ajustement du stock s’inscrira ici.',
            )}
          </Text>
        </ListMessage>
      ) : null}
      <MoreRow cursor={page.data?.nextCursor} onMore={props.onMore} />
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
        <Card.Title as="h2">Historique du stock</Card.Title>
      </Card.Header>
      <Card.Body pt="0">
        <ResponsiveList
          testId="stock-history"
          columns={6}
          isBare
          header={
            <>
              <Table.ColumnHeader>Date</Table.ColumnHeader>
              <Table.ColumnHeader>Variante</Table.ColumnHeader>
              <Table.ColumnHeader>Motif</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Quantité</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Stock après</Table.ColumnHeader>
              <Table.ColumnHeader>Par</Table.ColumnHeader>
            </>
          }
        >
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
        </ResponsiveList>
      </Card.Body>
    </Card.Root>
  );
}
