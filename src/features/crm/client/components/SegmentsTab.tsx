import { Badge, Button, Card, HStack, Heading, SimpleGrid, Skeleton, Stack, Text } from '@/client/ui';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { LuPlus } from 'react-icons/lu';
import { ApiError } from '@/client/api/api-error';
import { ConfirmDialog } from '@/client/components/ConfirmDialog';
import { EmptyListState } from '@/client/components/EmptyListState';
import { loadInChakraIsland } from '@/client/shell/load-in-chakra-island';
import { toaster } from '@/client/shell/toaster';
import { PRESET_SEGMENTS, type TSegment } from '../../crm.schemas';
import { useDeleteSegmentMutation, useListSegmentsQuery } from '../crm.api';
import { describeRule } from '../segment-rules';
import type { OpenedSegment } from './SegmentEditor';
import { formatCount } from '@/shared/numbers';

// Opened on a press, still drawn with Chakra: its code and Chakra's come then.
const SegmentEditor = dynamic(
  () => loadInChakraIsland(import('./SegmentEditor').then((m) => m.SegmentEditor)),
  {
    loading: () => <Skeleton h="64" aria-busy="true" />,
  },
);

function SavedSegment(props: {
  segment: TSegment;
  currency: string;
  canManage: boolean;
  onOpen: () => void;
  onDelete: () => void;
}) {
  const { segment } = props;
  return (
    <Card.Root size="sm" data-testid="saved-segment">
      <Card.Body gap="2">
        <HStack justify="space-between" align="flex-start" gap="2">
          <Text fontWeight="semibold">{segment.name}</Text>
          <Badge colorPalette="brand">{`${formatCount(segment.total)} client${segment.total > 1 ? 's' : ''}`}</Badge>
        </HStack>
        <Stack gap="0" fontSize="sm" color="fg.muted">
          <Text>
            {segment.definition.match === 'all'
              ? 'Toutes ces règles\u00a0:'
              : 'Au moins une de ces règles\u00a0:'}
          </Text>
          {segment.definition.rules.map((rule, i) => (
            <Text key={i}>{`· ${describeRule(rule, props.currency)}`}</Text>
          ))}
        </Stack>
        <Text fontSize="xs" color="fg.muted">
          {`${formatCount(segment.reachableSms)} joignable${segment.reachableSms > 1 ? 's' : ''} par SMS`}
        </Text>
        <HStack gap="2">
          <Button size="xs" variant="outline" onClick={props.onOpen}>
            Ouvrir
          </Button>
          {props.canManage ? (
            <Button size="xs" variant="ghost" colorPalette="red" onClick={props.onDelete}>
              Supprimer
            </Button>
          ) : null}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** « Segments »: the ready-made ones, the shop's own, and the editor with its live count. */
export function SegmentsTab({
  shopId,
  currency,
  canManage,
}: {
  shopId: string;
  currency: string;
  canManage: boolean;
}) {
  const saved = useListSegmentsQuery(shopId);
  const [opened, setOpened] = useState<OpenedSegment | null>(null);
  const [toDelete, setToDelete] = useState<TSegment | null>(null);
  const [remove, removing] = useDeleteSegmentMutation();

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await remove({ shopId, segmentId: toDelete._id }).unwrap();
      toaster.create({ title: 'Segment supprimé', type: 'success', duration: 2500 });
    } catch (error) {
      toaster.create({
        title: 'Suppression refusée',
        description: error instanceof ApiError ? error.message : undefined,
        type: 'error',
        duration: 4000,
      });
    }
    setToDelete(null);
  }

  if (opened)
    return (
      <SegmentEditor
        key={opened.segmentId ?? opened.name}
        shopId={shopId}
        currency={currency}
        opened={opened}
        canManage={canManage}
        onClose={() => setOpened(null)}
      />
    );
  const items = saved.data?.items ?? [];
  return (
    <Stack gap="6">
      <Stack gap="3">
        <HStack justify="space-between" gap="3" flexWrap="wrap">
          <Heading as="h2" size="md">
            Vos segments
          </Heading>
          {canManage ? (
            <Button
              size="sm"
              colorPalette="brand"
              onClick={() =>
                setOpened({
                  name: '',
                  definition: { match: 'all', rules: [{ field: 'ordersCount', op: 'gte', value: 2 }] },
                })
              }
            >
              <LuPlus /> Nouveau segment
            </Button>
          ) : null}
        </HStack>
        {saved.isLoading ? (
          // Two cards' room while the list loads, so the models below do not jump under a finger.
          <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="3" aria-hidden>
            <Skeleton height="32" borderRadius="l2" />
            <Skeleton height="32" borderRadius="l2" />
          </SimpleGrid>
        ) : saved.isSuccess && items.length === 0 ? (
          <EmptyListState
            title="Aucun segment enregistré"
            description="Partez d’un modèle ci-dessous ou créez le vôtre : les clients qu’il compte sont recalculés à chaque ouverture."
          />
        ) : (
          <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="3">
            {items.map((segment) => (
              <SavedSegment
                key={segment._id}
                segment={segment}
                currency={currency}
                canManage={canManage}
                onOpen={() =>
                  setOpened({ segmentId: segment._id, name: segment.name, definition: segment.definition })
                }
                onDelete={() => setToDelete(segment)}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <Stack gap="3">
        <Heading as="h2" size="md">
          Modèles
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="3">
          {PRESET_SEGMENTS.map((preset) => (
            <Card.Root key={preset.key} size="sm" data-testid="preset-segment">
              <Card.Body gap="2">
                <Text fontWeight="semibold">{preset.name}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {preset.description}
                </Text>
                <Button
                  size="xs"
                  variant="outline"
                  alignSelf="flex-start"
                  onClick={() => setOpened({ name: preset.name, definition: preset.definition })}
                >
                  Ouvrir
                </Button>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Stack>
      <ConfirmDialog
        isOpen={!!toDelete}
        onClose={() => setToDelete(null)}
        onConfirm={() => void confirmDelete()}
        title="Demande de confirmation"
        confirmLabel="Supprimer"
        colorPalette="red"
        isLoading={removing.isLoading}
      >
        {`Le segment « ${toDelete?.name ?? ''} » sera supprimé. Les clients, eux, ne changent pas.`}
      </ConfirmDialog>
    </Stack>
  );
}
