import { Badge, Button, Card, Flex, HStack, Stack, Text } from '@/client/ui';
import { useState } from 'react';
import { LuPencil, LuTrash2 } from 'react-icons/lu';
import { ConfirmDialog } from '@/client/components/ConfirmDialog';
import { toaster } from '@/client/shell/toaster';
import { formatMoney } from '@/shared/money';
import { frenchTypography as fr } from '@/shared/typography';
import { useDeleteZoneMutation, type Zone } from '../delivery.api';

/** How many of a zone's communes a card names before « et N autres ». */
const SHOWN_AREAS = 12;

/** One zone: its fee and thresholds, its communes, and for managers « Modifier » and « Supprimer ». */
export function ZoneCard(props: {
  shopId: string;
  zone: Zone;
  currency: string;
  canManage: boolean;
  onEdit: () => void;
}) {
  const { zone } = props;
  const money = (amount: number) => formatMoney(amount, props.currency);
  const [isConfirming, setConfirming] = useState(false);
  const [remove, removing] = useDeleteZoneMutation();
  const shown = zone.areas.slice(0, SHOWN_AREAS);
  const more = zone.areas.length - shown.length;
  const terms = [
    zone.freeFrom !== null ? `offerte dès ${money(zone.freeFrom)}` : null,
    zone.minOrder !== null ? `minimum ${money(zone.minOrder)}` : null,
    zone.delay || null,
  ].filter(Boolean);

  async function confirmDelete() {
    try {
      await remove({ shopId: props.shopId, id: zone.id }).unwrap();
      toaster.create({ type: 'success', title: fr(`Zone « ${zone.name} » supprimée`), duration: 3000 });
    } catch {
      toaster.create({ type: 'error', title: 'La zone n’a pas pu être supprimée. Réessayez.' });
    }
    setConfirming(false);
  }

  return (
    <Card.Root size="sm" data-testid="zone-card" opacity={zone.isActive ? 1 : 0.75}>
      <Card.Header>
        <HStack justify="space-between" align="flex-start" gap="3">
          <Stack gap="0" minW="0">
            <Card.Title as="h2" truncate>
              {zone.name}
            </Card.Title>
            {terms.length ? (
              <Text fontSize="sm" color="fg.muted">
                {terms.join(' · ')}
              </Text>
            ) : null}
          </Stack>
          <Stack gap="1" align="flex-end" flexShrink={0}>
            <Text fontWeight="semibold" data-testid="zone-fee">
              {zone.fee === 0 ? 'Gratuite' : money(zone.fee)}
            </Text>
            {!zone.isActive ? <Badge>Inactive</Badge> : null}
          </Stack>
        </HStack>
      </Card.Header>
      <Card.Body pt="0">
        <Flex flexWrap="wrap" gap="1">
          {shown.map((a) => (
            <Badge key={`${a.commune}/${a.quartier}`} variant="surface" colorPalette="gray">
              {a.quartier ? `${a.commune}, ${a.quartier}` : a.commune}
            </Badge>
          ))}
          {more > 0 ? (
            <Badge variant="plain" colorPalette="gray">
              {`et ${more} autre${more > 1 ? 's' : ''}`}
            </Badge>
          ) : null}
        </Flex>
      </Card.Body>
      {props.canManage ? (
        <Card.Footer justifyContent="flex-end" gap="2">
          <Button size="sm" variant="ghost" onClick={props.onEdit} aria-label={`Modifier ${zone.name}`}>
            <LuPencil /> Modifier
          </Button>
          <Button
            size="sm"
            variant="ghost"
            colorPalette="red"
            onClick={() => setConfirming(true)}
            aria-label={`Supprimer ${zone.name}`}
          >
            <LuTrash2 /> Supprimer
          </Button>
        </Card.Footer>
      ) : null}
      <ConfirmDialog
        isOpen={isConfirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => void confirmDelete()}
        title="Supprimer la zone"
        confirmLabel="Supprimer"
        loadingText="Suppression…"
        colorPalette="red"
        isLoading={removing.isLoading}
      >
        {fr(
          `La zone « ${zone.name} » et ses ${zone.areas.length} communes et quartiers seront supprimés. Les commandes déjà passées gardent leurs frais.`,
        )}
      </ConfirmDialog>
    </Card.Root>
  );
}
