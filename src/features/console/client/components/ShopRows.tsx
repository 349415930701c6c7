import { Badge, Button, HStack, Stack, Text } from '@/client/ui';
import { Table } from '@/client/ui/table';
import { LoadingRow, MoreRow } from '@/client/components/PagedRows';
import { ListCard, ListMessage, useListLayout } from '@/client/components/ResponsiveList';
import { formatDateTime } from '@/shared/dates';
import { formatPhone } from '@/shared/phone-format';
import { PLANS, type PlanId } from '@/shared/plans';
import { useListConsoleShopsQuery, type ConsoleShop } from '../console.api';

const planLabel = (id: string) => PLANS[id as PlanId]?.label ?? id;
const date = (iso: string | null) => (iso ? formatDateTime(iso).slice(0, 10) : '—');

export interface RowActions {
  onBlock: (shop: ConsoleShop) => void;
  onEdit: (shop: ConsoleShop) => void;
}

function StatusBadge({ shop }: { shop: ConsoleShop }) {
  return shop.isBlocked ? (
    <Badge colorPalette="red">Bloquée</Badge>
  ) : (
    <Badge colorPalette="green">Active</Badge>
  );
}

function RowButtons({ shop, onBlock, onEdit, size }: RowActions & { shop: ConsoleShop; size: 'xs' | 'sm' }) {
  return (
    <>
      <Button size={size} variant="outline" onClick={() => onEdit(shop)}>
        Modifier l’offre
      </Button>
      <Button
        size={size}
        variant="outline"
        colorPalette={shop.isBlocked ? 'green' : 'red'}
        onClick={() => onBlock(shop)}
      >
        {shop.isBlocked ? 'Débloquer' : 'Bloquer'}
      </Button>
    </>
  );
}

const ownerName = (shop: ConsoleShop) =>
  [shop.owner.firstName, shop.owner.lastName].filter(Boolean).join(' ') || '—';

function ShopRow({ shop, ...actions }: RowActions & { shop: ConsoleShop }) {
  return (
    <Table.Row data-testid="console-shop">
      <Table.Cell>
        <Text fontWeight="medium">{shop.name}</Text>
        <Text fontSize="xs" color="fg.muted">
          {shop.slug} · créée le {date(shop.createdAt)}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <Text>{ownerName(shop)}</Text>
        <Text fontSize="xs" color="fg.muted">
          {formatPhone(shop.owner.phone)}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <Text>{planLabel(shop.subscriptionPlan)}</Text>
        {shop.effectivePlan !== shop.subscriptionPlan ? (
          <Text fontSize="xs" color="fg.muted">
            limites {planLabel(shop.effectivePlan)}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell fontSize="sm">
        <Text>{`Essai\u00a0: ${date(shop.freeTrialExpiresAt)}`}</Text>
        <Text>{`Abonnement\u00a0: ${date(shop.shopExpiresAt)}`}</Text>
      </Table.Cell>
      <Table.Cell textAlign="end">{shop.activeAgents}</Table.Cell>
      <Table.Cell>
        <StatusBadge shop={shop} />
      </Table.Cell>
      <Table.Cell>
        <HStack justify="flex-end">
          <RowButtons shop={shop} size="xs" {...actions} />
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}

/** A shop on a phone: who owns it, its plan and dates, and the two actions within reach. */
function ShopCard({ shop, ...actions }: RowActions & { shop: ConsoleShop }) {
  const agents = `${shop.activeAgents} agent${shop.activeAgents > 1 ? 's' : ''}`;
  return (
    <ListCard data-testid="console-shop">
      <Stack gap="2">
        <HStack justify="space-between" align="flex-start" gap="2">
          <Stack gap="0" minW="0">
            <Text fontWeight="semibold">{shop.name}</Text>
            <Text fontSize="xs" color="fg.muted" truncate>
              {shop.slug} · créée le {date(shop.createdAt)}
            </Text>
          </Stack>
          <StatusBadge shop={shop} />
        </HStack>
        <Text fontSize="sm">
          {ownerName(shop)} · {formatPhone(shop.owner.phone)}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {planLabel(shop.subscriptionPlan)}
          {shop.effectivePlan !== shop.subscriptionPlan
            ? ` (limites ${planLabel(shop.effectivePlan)})`
            : ''}{' '}
          · {agents}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {`Essai\u00a0: ${date(shop.freeTrialExpiresAt)} · Abonnement\u00a0: ${date(shop.shopExpiresAt)}`}
        </Text>
        <HStack gap="2" flexWrap="wrap">
          <RowButtons shop={shop} size="sm" {...actions} />
        </HStack>
      </Stack>
    </ListCard>
  );
}

/** One page of the cursor-paginated list; the last one offers « Afficher plus ». */
export function ShopPage(
  props: RowActions & { search: string; after?: string; onMore?: (cursor: string) => void },
) {
  const { layout } = useListLayout();
  const page = useListConsoleShopsQuery({ search: props.search, after: props.after });
  if (page.isLoading) return <LoadingRow />;
  const items = page.data?.items ?? [];
  const Row = layout === 'cards' ? ShopCard : ShopRow;
  return (
    <>
      {items.map((shop) => (
        <Row key={shop._id} shop={shop} onBlock={props.onBlock} onEdit={props.onEdit} />
      ))}
      {!props.after && items.length === 0 ? (
        <ListMessage>
          <Text color="fg.muted">
            {props.search
              ? 'Aucune boutique ne correspond à cette recherche.'
              : 'Aucune boutique pour le moment : elles apparaîtront ici dès la première inscription.'}
          </Text>
        </ListMessage>
      ) : null}
      <MoreRow cursor={page.data?.nextCursor} onMore={props.onMore} />
    </>
  );
}
