import { Button, HStack, Skeleton, Stack, Text } from '@/client/ui';
import { PageLink } from '@/client/components/PageLink';
import { useState } from 'react';
import { formatDateTime } from '@/shared/dates';
import { formatMoney } from '@/shared/money';
import { withShopId } from '@/shared/navigation';
import { useClientTimelineQuery, type ClientEvent } from '../customer.api';
import { eventTitle } from '../client-text';

function EventRow(props: { event: ClientEvent; shopId: string; currency: string; timeZone: string }) {
  const { event } = props;
  const sign = event.type === 'refund' ? '− ' : '';
  return (
    <HStack
      justify="space-between"
      align="flex-start"
      gap="3"
      py="2"
      borderBottomWidth="1px"
      _last={{ borderBottomWidth: 0 }}
      data-testid="client-event"
    >
      <Stack gap="0" minW="0">
        {event.orderId ? (
          <PageLink href={withShopId(`/mes-commandes/${event.orderId}`, props.shopId)}>
            <Text fontSize="sm" fontWeight="medium" color="brand.fg" overflowWrap="anywhere">
              {eventTitle(event)}
            </Text>
          </PageLink>
        ) : (
          <Text fontSize="sm" fontWeight="medium" overflowWrap="anywhere">
            {eventTitle(event)}
          </Text>
        )}
        {(event.type === 'note' || event.type === 'message') && event.detail ? (
          <Text fontSize="sm" whiteSpace="pre-line" overflowWrap="anywhere">
            {event.detail}
          </Text>
        ) : null}
        <Text fontSize="xs" color="fg.muted">
          {formatDateTime(event.at, props.timeZone)}
          {event.orderNumber === null || event.type === 'order' ? '' : ` · commande #${event.orderNumber}`}
        </Text>
      </Stack>
      <Text
        fontSize="sm"
        fontWeight="semibold"
        whiteSpace="nowrap"
        flexShrink={0}
        color={event.type === 'payment' ? 'fg.success' : event.type === 'refund' ? 'fg.error' : undefined}
      >
        {event.orderId ? `${sign}${formatMoney(event.amount, props.currency)}` : null}
      </Text>
    </HStack>
  );
}

function TimelinePage(props: {
  shopId: string;
  clientId: string;
  after?: string;
  currency: string;
  timeZone: string;
  onMore?: (cursor: string) => void;
}) {
  const { data, isLoading, isError } = useClientTimelineQuery({
    shopId: props.shopId,
    clientId: props.clientId,
    after: props.after,
  });
  if (isLoading) return <Skeleton h="16" />;
  if (isError)
    return (
      <Text fontSize="sm" color="fg.error">
        L’historique n’a pas pu être chargé. Réessayez.
      </Text>
    );
  if (!data) return null;
  if (!data.items.length && !props.after)
    return (
      <Text fontSize="sm" color="fg.muted">
        Aucune commande pour le moment.
      </Text>
    );
  return (
    <>
      {data.items.map((event) => (
        <EventRow
          key={event.id}
          event={event}
          shopId={props.shopId}
          currency={props.currency}
          timeZone={props.timeZone}
        />
      ))}
      {data.nextCursor && props.onMore ? (
        <Button size="sm" variant="ghost" onClick={() => props.onMore!(data.nextCursor!)}>
          Voir plus
        </Button>
      ) : null}
    </>
  );
}

/** « Historique »: the client's orders, payments and refunds, newest first, a page at a time. */
export function ClientTimeline(props: {
  shopId: string;
  clientId: string;
  currency: string;
  timeZone: string;
}) {
  const [cursors, setCursors] = useState<string[]>([]);
  const pages = [undefined, ...cursors];
  return (
    <Stack gap="0" data-testid="client-timeline">
      {pages.map((after, index) => (
        <TimelinePage
          key={after ?? 'first'}
          {...props}
          after={after}
          onMore={index === pages.length - 1 ? (c) => setCursors((list) => [...list, c]) : undefined}
        />
      ))}
    </Stack>
  );
}
