import { Badge, Checkbox, HStack, LinkOverlay, Stack, Text } from '@/client/ui';
import { Table } from '@/client/ui/table';
import { PageLink } from '@/client/components/PageLink';
import { useRouter } from 'next/router';
import type { ReactNode } from 'react';
import { LoadingRow, MoreRow } from '@/client/components/PagedRows';
import { ListCard, ListMessage, useListLayout } from '@/client/components/ResponsiveList';
import { formatMoney } from '@/shared/money';
import { formatPhone } from '@/shared/phone-format';
import { withShopId } from '@/shared/navigation';
import { useListClientsQuery, type ClientListArgs, type ClientSummary } from '../customer.api';
import { formatDay } from '../client-text';
import { formatCount } from '@/shared/numbers';

export const CLIENT_COLUMNS = 8;

interface RowProps {
  client: ClientSummary;
  href: string;
  currency: string;
  timeZone: string;
  isSelected: boolean;
  onToggle: (id: string, on: boolean) => void;
}

function SelectBox({ client, isSelected, onToggle }: Pick<RowProps, 'client' | 'isSelected' | 'onToggle'>) {
  return (
    <Checkbox.Root
      size="sm"
      checked={isSelected}
      onCheckedChange={(e) => onToggle(client.id, !!e.checked)}
      aria-label={`Sélectionner ${client.name}`}
      onClick={(e) => e.stopPropagation()}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

function BalanceText({ client, currency }: { client: ClientSummary; currency: string }) {
  if (client.balance <= 0)
    return (
      <Text as="span" color="fg.muted">
        —
      </Text>
    );
  return (
    <Text as="span" color="fg.error" fontWeight="semibold" whiteSpace="nowrap" data-testid="client-balance">
      {formatMoney(client.balance, currency)}
    </Text>
  );
}

function ClientRow(props: RowProps) {
  const { client } = props;
  const router = useRouter();
  return (
    <Table.Row data-testid="client-row" cursor="pointer" onClick={() => void router.push(props.href)}>
      <Table.Cell>
        <SelectBox {...props} />
      </Table.Cell>
      <Table.Cell whiteSpace="normal" minW="32">
        <PageLink href={props.href} onClick={(e) => e.stopPropagation()}>
          <Text as="span" fontWeight="semibold" color="brand.fg">
            {client.name}
          </Text>
        </PageLink>
        {client.tags.length ? (
          <HStack gap="1" flexWrap="wrap" mt="0.5">
            {client.tags.slice(0, 3).map((tag) => (
              <Badge key={tag} size="sm" variant="subtle">
                {tag}
              </Badge>
            ))}
          </HStack>
        ) : null}
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">{client.phone ? formatPhone(client.phone) : '—'}</Table.Cell>
      <Table.Cell display={{ base: 'none', xl: 'table-cell' }}>{client.commune || '—'}</Table.Cell>
      <Table.Cell textAlign="end">{formatCount(client.ordersCount)}</Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap">
        {formatMoney(client.totalSpent, props.currency)}
      </Table.Cell>
      <Table.Cell display={{ base: 'none', xl: 'table-cell' }} whiteSpace="nowrap">
        {client.lastOrderAt ? formatDay(client.lastOrderAt, props.timeZone) : '—'}
      </Table.Cell>
      <Table.Cell textAlign="end">
        <BalanceText client={client} currency={props.currency} />
      </Table.Cell>
    </Table.Row>
  );
}

/** A client on a phone: the card opens their page; its checkbox still selects them. */
function ClientCard(props: RowProps) {
  const { client } = props;
  const facts = [
    `${formatCount(client.ordersCount)} commande${client.ordersCount > 1 ? 's' : ''}`,
    formatMoney(client.totalSpent, props.currency),
    client.lastOrderAt ? `dernière le ${formatDay(client.lastOrderAt, props.timeZone)}` : null,
  ].filter(Boolean);
  return (
    <ListCard data-testid="client-row" bg={props.isSelected ? 'brand.subtle' : 'bg'}>
      <HStack align="flex-start" gap="3">
        <Stack pt="0.5">
          <SelectBox {...props} />
        </Stack>
        <Stack gap="1" flex="1" minW="0">
          <HStack justify="space-between" align="baseline" gap="2">
            <LinkOverlay asChild>
              <PageLink href={props.href}>
                <Text as="span" fontWeight="semibold" color="brand.fg" overflowWrap="anywhere">
                  {client.name}
                </Text>
              </PageLink>
            </LinkOverlay>
            {client.balance > 0 ? (
              <Text fontSize="sm" flexShrink={0}>
                <Text as="span" color="fg.muted">
                  Ardoise{' '}
                </Text>
                <BalanceText client={client} currency={props.currency} />
              </Text>
            ) : null}
          </HStack>
          <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
            {[client.phone ? formatPhone(client.phone) : null, client.commune || null]
              .filter(Boolean)
              .join(' · ') || 'Sans téléphone'}
          </Text>
          <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere">
            {facts.join(' · ')}
          </Text>
          {client.tags.length ? (
            <HStack gap="1" flexWrap="wrap">
              {client.tags.map((tag) => (
                <Badge key={tag} size="sm" variant="subtle">
                  {tag}
                </Badge>
              ))}
            </HStack>
          ) : null}
        </Stack>
      </HStack>
    </ListCard>
  );
}

/** One page of the list; the last page offers the next one. */
export function ClientPage(props: {
  args: ClientListArgs;
  currency: string;
  timeZone: string;
  selected: Set<string>;
  onToggle: (id: string, on: boolean) => void;
  onMore?: (cursor: string) => void;
  /** What an empty first page says. */
  empty: ReactNode;
}) {
  const { layout } = useListLayout();
  const { data, isLoading, isError } = useListClientsQuery(props.args);
  if (isLoading) return <LoadingRow />;
  if (isError)
    return (
      <ListMessage>
        <Text color="fg.error">Les clients n’ont pas pu être chargés. Réessayez.</Text>
      </ListMessage>
    );
  if (!data) return null;
  if (data.items.length === 0 && !props.args.after) return <ListMessage>{props.empty}</ListMessage>;
  const Row = layout === 'cards' ? ClientCard : ClientRow;
  return (
    <>
      {data.items.map((client) => (
        <Row
          key={client.id}
          client={client}
          href={withShopId(`/mes-clients/${client.id}`, props.args.shopId)}
          currency={props.currency}
          timeZone={props.timeZone}
          isSelected={props.selected.has(client.id)}
          onToggle={props.onToggle}
        />
      ))}
      <MoreRow cursor={data.nextCursor} onMore={props.onMore} />
    </>
  );
}
