import { Badge, Box, Button, Card, Checkbox, HStack, Link, Skeleton, Stack, Text } from '@/client/ui';
import { PageLink } from '@/client/components/PageLink';
import { useState } from 'react';
import { LuClipboardList, LuPackageCheck } from 'react-icons/lu';
import { ApiError } from '@/client/api/api-error';
import { EmptyListState } from '@/client/components/EmptyListState';
import { toaster } from '@/client/shell/toaster';
import { formatMoney } from '@/shared/money';
import { withShopId } from '@/shared/navigation';
import { frenchTypography as fr } from '@/shared/typography';
import { FULFILMENT_LABELS, type FulfilmentStatus } from '@/features/order/order.constants';
import type { BoardStage, TBoardOrder } from '../../delivery.schemas';

/** What the board shows of a stage at most (the server's BOARD_LIMIT). */
const BOARD_SHOWN = 100;
import { DELIVERY_STATUS_LABELS } from '../../outcomes';
import { RiderSelect } from './RiderSelect';
import { useAssignManyMutation, useDeliveryBoardQuery, useListRidersQuery } from '../delivery.api';

const STAGES: Record<BoardStage, string> = {
  to_send: 'À envoyer',
  out: 'En livraison',
  to_replan: 'À replanifier',
};
const EMPTY: Record<BoardStage, string> = {
  to_send: 'Aucune commande à envoyer : les commandes avec une adresse de livraison arrivent ici.',
  out: 'Aucune livraison en cours.',
  to_replan: 'Aucune livraison à replanifier.',
};

function StageBadge({ order }: { order: TBoardOrder }) {
  if (order.stage === 'out') return <Badge colorPalette="blue">{order.rider?.name ?? 'En livraison'}</Badge>;
  if (order.stage === 'to_replan')
    return (
      <Badge colorPalette="red">
        {order.failure ? DELIVERY_STATUS_LABELS[order.failure.status] : 'Échec'}
      </Badge>
    );
  return <Badge>{FULFILMENT_LABELS[order.status as FulfilmentStatus]}</Badge>;
}

function OrderRow(props: {
  shopId: string;
  currency: string;
  order: TBoardOrder;
  isSelected: boolean;
  canSelect: boolean;
  onToggle: () => void;
}) {
  const { order } = props;
  const selectable = props.canSelect && order.stage !== 'out';
  return (
    <HStack align="flex-start" gap="3" py="2" borderTopWidth="1px" data-testid="board-order">
      {props.canSelect ? (
        <Checkbox.Root
          checked={props.isSelected}
          disabled={!selectable}
          onCheckedChange={props.onToggle}
          aria-label={`Sélectionner la commande #${order.number}`}
          mt="1"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
        </Checkbox.Root>
      ) : null}
      <Stack gap="0" flex="1" minW="0" fontSize="sm">
        <HStack justify="space-between" gap="2" flexWrap="wrap">
          <Link asChild fontWeight="semibold">
            <PageLink href={withShopId(`/mes-commandes/${order.id}`, props.shopId)}>
              #{order.number} {order.clientName ?? 'Client anonyme'}
            </PageLink>
          </Link>
          <StageBadge order={order} />
        </HStack>
        <Text truncate>{order.place}</Text>
        {order.landmark ? (
          <Text color="fg.muted" truncate>
            {order.landmark}
          </Text>
        ) : null}
        {order.failure?.reason ? <Text color="fg.error">Motif : {order.failure.reason}</Text> : null}
        <Text color="fg.muted">
          {order.due > 0 ? fr(`À encaisser : ${formatMoney(order.due, props.currency)}`) : 'Payée'}
        </Text>
      </Stack>
    </HStack>
  );
}

/**
 * « À livrer »: the orders to take out, zone by zone, the ones out with a rider, the ones back
 * from a failed attempt. Managers tick orders (a whole zone in one tap) and hand them to a rider;
 * each rider with deliveries has a run sheet to print or share.
 */
export function Board(props: { shopId: string; currency: string; canManage: boolean }) {
  const [stage, setStage] = useState<BoardStage>('to_send');
  const { data, isLoading, isFetching } = useDeliveryBoardQuery({ shopId: props.shopId, stage });
  const riders = useListRidersQuery({ shopId: props.shopId });
  const [assignMany, assigning] = useAssignManyMutation();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [riderId, setRiderId] = useState('');
  const groups = data?.stage === stage ? data.groups : [];
  function show(next: BoardStage) {
    setStage(next);
    setSelected(new Set());
  }
  const toggle = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  async function handOut() {
    if (!riderId) return toaster.create({ type: 'error', title: 'Choisissez le livreur.' });
    try {
      const { results } = await assignMany({
        shopId: props.shopId,
        riderId,
        orderIds: [...selected],
      }).unwrap();
      const done = results.filter((r) => r.isDone).length;
      const refused = results.filter((r) => !r.isDone);
      const rider = riders.data?.items.find((r) => r.id === riderId)?.name ?? '';
      toaster.create({
        type: refused.length ? 'warning' : 'success',
        title: fr(`${done} commande${done > 1 ? 's' : ''} confiée${done > 1 ? 's' : ''} à ${rider}`),
        description: refused.length
          ? refused.map((r) => fr(`#${r.number ?? '?'} : ${r.error ?? ''}`)).join(' · ')
          : undefined,
        duration: refused.length ? 8000 : 4000,
      });
      setSelected(new Set());
    } catch (caught) {
      toaster.create({
        type: 'error',
        title: caught instanceof ApiError ? caught.message : 'Les commandes n’ont pas pu être confiées.',
      });
    }
  }

  const activeRiders = (riders.data?.items ?? []).filter((r) => r.isActive);
  const current = data?.stage === stage ? data : null;
  return (
    <Stack gap="4" pb={selected.size > 0 ? '24' : '0'} aria-busy={isFetching}>
      <HStack gap="2" flexWrap="wrap" role="group" aria-label="Étape">
        {(Object.keys(STAGES) as BoardStage[]).map((s) => (
          <Button
            key={s}
            size="xs"
            variant={stage === s ? 'solid' : 'outline'}
            colorPalette={stage === s ? 'brand' : 'gray'}
            aria-pressed={stage === s}
            onClick={() => show(s)}
          >
            {STAGES[s]}
            {data ? ` (${data.counts[s]})` : ''}
          </Button>
        ))}
      </HStack>
      {data && data.riders.length > 0 ? (
        <HStack gap="2" flexWrap="wrap" aria-label="Feuilles de route">
          <Text fontSize="sm" color="fg.muted">
            {fr('Feuilles de route :')}
          </Text>
          {data.riders.map((r) => (
            <Button key={r.id} size="xs" variant="outline" asChild>
              <PageLink href={withShopId(`/livraison/feuille-de-route?livreur=${r.id}`, props.shopId)}>
                <LuClipboardList /> {r.name} ({r.out})
              </PageLink>
            </Button>
          ))}
        </HStack>
      ) : null}
      {isLoading || !current ? <Skeleton h="40" /> : null}
      {current && groups.length === 0 ? (
        <Box borderWidth="1px" rounded="md" bg="bg" py="4">
          <EmptyListState icon={<LuPackageCheck />} title="Rien ici" description={EMPTY[stage]} />
        </Box>
      ) : null}
      {current?.isTruncated ? (
        <Text fontSize="sm" color="fg.warning">
          {`Les ${BOARD_SHOWN} plus anciennes sont affichées : traitez-les pour voir les suivantes.`}
        </Text>
      ) : null}
      {groups.map((group) => {
        const shown = group.orders;
        const selectable = shown.filter((o) => o.stage !== 'out').map((o) => o.id);
        const allChosen = selectable.length > 0 && selectable.every((id) => selected.has(id));
        const name = group.zone?.name ?? 'Hors zone';
        return (
          <Card.Root key={group.zone?.id ?? 'hors-zone'} size="sm" data-testid="board-zone">
            <Card.Header pb="0">
              <HStack justify="space-between" flexWrap="wrap" gap="2">
                <Card.Title as="h2">
                  {name} ({shown.length})
                </Card.Title>
                {props.canManage && selectable.length > 0 ? (
                  <Button size="xs" variant="ghost" onClick={() => toggle(selectable, !allChosen)}>
                    {allChosen ? 'Tout désélectionner' : `Tout sélectionner dans ${name}`}
                  </Button>
                ) : null}
              </HStack>
            </Card.Header>
            <Card.Body pt="2">
              {shown.map((order) => (
                <OrderRow
                  key={order.id}
                  shopId={props.shopId}
                  currency={props.currency}
                  order={order}
                  canSelect={props.canManage}
                  isSelected={selected.has(order.id)}
                  onToggle={() => toggle([order.id], !selected.has(order.id))}
                />
              ))}
            </Card.Body>
          </Card.Root>
        );
      })}
      {selected.size > 0 ? (
        <Box
          position="fixed"
          bottom="0"
          insetX="0"
          bg="bg"
          borderTopWidth="1px"
          shadow="lg"
          px="4"
          py="3"
          zIndex="docked"
          role="region"
          aria-label="Confier la sélection"
        >
          <HStack maxW="5xl" mx="auto" gap="2" flexWrap="wrap">
            <Text fontSize="sm" fontWeight="semibold">
              {selected.size} commande{selected.size > 1 ? 's' : ''}
            </Text>
            <RiderSelect
              riders={activeRiders}
              value={riderId}
              onChange={setRiderId}
              label="Livreur"
              placeholder="Choisir un livreur…"
              minW="40"
            />
            <Button
              size="sm"
              colorPalette="brand"
              loading={assigning.isLoading}
              onClick={() => void handOut()}
            >
              Confier
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
              Annuler
            </Button>
          </HStack>
        </Box>
      ) : null}
    </Stack>
  );
}
