import { Checkbox, HStack, LinkOverlay, Stack, Table, Text } from '@/client/ui';
import { PageLink } from '@/client/components/PageLink';
import { memo, useDeferredValue, type ReactNode } from 'react';
import { LoadingRow, MoreRow } from '@/client/components/PagedRows';
import { ListCard, ListMessage, useListLayout } from '@/client/components/ResponsiveList';
import { formatDateTime } from '@/shared/dates';
import { formatMoney } from '@/shared/money';
import { formatPhone } from '@/shared/phone-format';
import { withShopId } from '@/shared/navigation';
import { CHANNEL_LABELS } from '../../order.constants';
import { useListOrdersQuery, type OrderListArgs, type OrderSummary } from '../order.api';
import { FulfilmentBadge, PaymentBadge } from './OrderBadges';

export const ORDER_COLUMNS = 6;

interface RowProps {
  order: OrderSummary;
  href: string;
  currency: string;
  timeZone: string;
  isSelected: boolean;
  onToggle: (id: string, on: boolean) => void;
}

function SelectBox({ order, isSelected, onToggle }: Pick<RowProps, 'order' | 'isSelected' | 'onToggle'>) {
  return (
    <Checkbox.Root
      size="sm"
      checked={isSelected}
      onCheckedChange={(e) => onToggle(order.id, !!e.checked)}
      aria-label={`Sélectionner la commande #${order.number}`}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

/*
 * The rows are memoised: the screen draws itself again as each of its queries answers (views, team,
 * count), and fifty rows drawn again each time were most of the page's start on a phone.
 */
const OrderRow = memo(function OrderRow(props: RowProps) {
  const { order } = props;
  return (
    <Table.Row data-testid="order-row">
      <Table.Cell>
        <SelectBox {...props} />
      </Table.Cell>
      <Table.Cell>
        <PageLink href={props.href}>
          <Text fontWeight="semibold" color="brand.fg">
            #{order.number}
          </Text>
        </PageLink>
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
      <Table.Cell display={{ base: 'none', lg: 'table-cell' }}>{CHANNEL_LABELS[order.channel]}</Table.Cell>
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
  );
});

/** An order on a phone: the card opens it; its checkbox still selects it for the bulk actions. */
const OrderCard = memo(function OrderCard(props: RowProps) {
  const { order } = props;
  return (
    <ListCard data-testid="order-row" bg={props.isSelected ? 'brand.subtle' : 'bg'}>
      <HStack align="flex-start" gap="3">
        <Stack pt="0.5">
          <SelectBox {...props} />
        </Stack>
        <Stack gap="1.5" flex="1" minW="0">
          <HStack justify="space-between" align="baseline" gap="2">
            <LinkOverlay asChild>
              <PageLink href={props.href}>
                <Text as="span" fontWeight="semibold" color="brand.fg">
                  #{order.number}
                </Text>
              </PageLink>
            </LinkOverlay>
            <Text fontWeight="semibold" whiteSpace="nowrap" data-testid="order-total">
              {formatMoney(order.total, props.currency)}
            </Text>
          </HStack>
          <Text fontSize="sm" truncate>
            {order.clientName ?? 'Client anonyme'}
            {order.clientPhone ? (
              <Text as="span" color="fg.muted">
                {` · ${formatPhone(order.clientPhone)}`}
              </Text>
            ) : null}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {formatDateTime(order.createdAt, props.timeZone)} · {CHANNEL_LABELS[order.channel]}
          </Text>
          <HStack gap="1" flexWrap="wrap">
            <FulfilmentBadge status={order.fulfilmentStatus} />
            <PaymentBadge status={order.paymentStatus} />
          </HStack>
        </Stack>
      </HStack>
    </ListCard>
  );
});

/** One page of the list; the last page offers the next one. */
export function OrderPage(props: {
  args: OrderListArgs;
  currency: string;
  timeZone: string;
  selected: Set<string>;
  onToggle: (id: string, on: boolean) => void;
  onMore?: (cursor: string) => void;
  /** What an empty first page says (the shop's first steps when no filter hides anything). */
  empty?: ReactNode;
}) {
  const { layout } = useListLayout();
  const { data: answer, isLoading, isError } = useListOrdersQuery(props.args);
  // The rows are drawn in the background, in slices between which the browser stays free to
  // answer a finger (a page of fifty was one long task on a phone); the skeleton stays till then.
  const data = useDeferredValue(answer);
  if (isLoading || (answer && !data)) return <LoadingRow />;
  if (isError)
    return (
      <ListMessage>
        <Text color="fg.error">Les commandes n’ont pas pu être chargées. Réessayez.</Text>
      </ListMessage>
    );
  if (!data) return null;
  if (data.items.length === 0 && !props.args.after)
    return (
      <ListMessage>
        {props.empty ?? (
          <Text color="fg.muted" py="6" textAlign="center">
            Aucune commande ne correspond à ces critères.
          </Text>
        )}
      </ListMessage>
    );
  const Row = layout === 'cards' ? OrderCard : OrderRow;
  return (
    <>
      {data.items.map((order) => (
        <Row
          key={order.id}
          order={order}
          href={withShopId(`/mes-commandes/${order.id}`, props.args.shopId)}
          currency={props.currency}
          timeZone={props.timeZone}
          isSelected={props.selected.has(order.id)}
          onToggle={props.onToggle}
        />
      ))}
      <MoreRow cursor={data.nextCursor} onMore={props.onMore} />
    </>
  );
}
