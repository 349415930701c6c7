import { Checkbox, HStack, Stack, Table, Text } from '@chakra-ui/react';
import NextLink from 'next/link';
import { LoadingRow, MoreRow } from '@/client/components/PagedRows';
import { formatDateTime } from '@/shared/dates';
import { formatMoney } from '@/shared/money';
import { formatPhone } from '@/shared/phone';
import { withShopId } from '@/shared/navigation';
import { CHANNEL_LABELS } from '../../order.schemas';
import { useListOrdersQuery, type OrderListArgs } from '../order.api';
import { FulfilmentBadge, PaymentBadge } from './OrderBadges';

export const ORDER_COLUMNS = 6;

/** One page of the list; the last page offers the next one. */
export function OrderPage(props: {
  args: OrderListArgs;
  currency: string;
  timeZone: string;
  selected: Set<string>;
  onToggle: (id: string, on: boolean) => void;
  onMore?: (cursor: string) => void;
}) {
  const { data, isLoading, isError } = useListOrdersQuery(props.args);
  if (isLoading) return <LoadingRow colSpan={ORDER_COLUMNS} />;
  if (isError)
    return (
      <Table.Row>
        <Table.Cell colSpan={ORDER_COLUMNS}>
          <Text color="fg.error">Les commandes n’ont pas pu être chargées. Réessayez.</Text>
        </Table.Cell>
      </Table.Row>
    );
  if (!data) return null;
  if (data.items.length === 0 && !props.args.after)
    return (
      <Table.Row>
        <Table.Cell colSpan={ORDER_COLUMNS}>
          <Text color="fg.muted" py="6" textAlign="center">
            Aucune commande ne correspond à ces critères.
          </Text>
        </Table.Cell>
      </Table.Row>
    );
  const link = (id: string) => withShopId(`/mes-commandes/${id}`, props.args.shopId);
  return (
    <>
      {data.items.map((order) => (
        <Table.Row key={order.id} data-testid="order-row">
          <Table.Cell>
            <Checkbox.Root
              size="sm"
              checked={props.selected.has(order.id)}
              onCheckedChange={(e) => props.onToggle(order.id, !!e.checked)}
              aria-label={`Sélectionner la commande #${order.number}`}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
            </Checkbox.Root>
          </Table.Cell>
          <Table.Cell>
            <NextLink href={link(order.id)}>
              <Text fontWeight="semibold" color="brand.fg">
                #{order.number}
              </Text>
            </NextLink>
            <Text fontSize="xs" color="fg.muted">
              {formatDateTime(order.createdAt, props.timeZone)}
            </Text>
          </Table.Cell>
          <Table.Cell>
            <Stack gap="0">
              <Text>{order.clientName ?? 'Client anonyme'}</Text>
              {order.clientPhone ? (
                <Text fontSize="xs" color="fg.muted">
                  {formatPhone(order.clientPhone)}
                </Text>
              ) : null}
            </Stack>
          </Table.Cell>
          <Table.Cell display={{ base: 'none', md: 'table-cell' }}>
            {CHANNEL_LABELS[order.channel]}
          </Table.Cell>
          <Table.Cell>
            <HStack gap="1" flexWrap="wrap">
              <FulfilmentBadge status={order.fulfilmentStatus} />
              <PaymentBadge status={order.paymentStatus} />
            </HStack>
          </Table.Cell>
          <Table.Cell textAlign="end" whiteSpace="nowrap">
            {formatMoney(order.total, props.currency)}
          </Table.Cell>
        </Table.Row>
      ))}
      <MoreRow colSpan={ORDER_COLUMNS} cursor={data.nextCursor} onMore={props.onMore} />
    </>
  );
}
