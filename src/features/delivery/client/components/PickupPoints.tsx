import { Badge, Box, Button, Card, HStack, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { LuPencil, LuPlus, LuStore, LuTrash2 } from 'react-icons/lu';
import { ConfirmDialog } from '@/client/components/ConfirmDialog';
import { EmptyListState } from '@/client/components/EmptyListState';
import { FormDialog } from '@/client/components/FormDialog';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { TextField, useServerErrors } from '@/client/components/form';
import { toaster } from '@/client/shell/toaster';
import { frenchTypography as fr } from '@/shared/typography';
import {
  useCreatePickupPointMutation,
  useDeletePickupPointMutation,
  useListPickupPointsQuery,
  useUpdatePickupPointMutation,
  type PickupPoint,
} from '../delivery.api';

const EMPTY = { name: '', address: '', hours: '', isActive: true };
type Field = 'name' | 'address' | 'hours';

function PickupPointDialog(props: {
  shopId: string;
  point: PickupPoint | null;
  isOpen: boolean;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState(EMPTY);
  const { fieldErrors, setFieldErrors, formError, run } = useServerErrors<Field>();
  const [create, creating] = useCreatePickupPointMutation();
  const [update, updating] = useUpdatePickupPointMutation();
  useEffect(() => {
    if (!props.isOpen) return;
    setDraft(props.point ? { ...props.point } : EMPTY);
    setFieldErrors({});
  }, [props.isOpen, props.point, setFieldErrors]);
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const { name, address, hours, isActive } = draft;
    const body = { shopId: props.shopId, name, address, hours, isActive };
    const ok = await run(() =>
      props.point ? update({ ...body, id: props.point.id }).unwrap() : create(body).unwrap(),
    );
    if (ok) props.onClose();
  }
  const alert = Object.keys(fieldErrors).length ? null : formError;
  return (
    <FormDialog
      isOpen={props.isOpen}
      onClose={props.onClose}
      onSubmit={(e) => void onSubmit(e)}
      title={props.point ? 'Modifier le point de retrait' : 'Nouveau point de retrait'}
      formLabel="Point de retrait"
      submitLabel="Enregistrer"
      loadingText="Enregistrement…"
      isLoading={creating.isLoading || updating.isLoading}
    >
      <Stack gap="4">
        <FormErrorAlert message={alert} />
        <TextField
          label="Nom"
          name="name"
          required
          placeholder="Boutique de Sacré-Cœur"
          value={draft.name}
          onChange={(name) => setDraft((d) => ({ ...d, name }))}
          error={fieldErrors.name}
        />
        <TextField
          label="Adresse"
          name="address"
          placeholder="Sacré-Cœur 3, face à la pharmacie"
          value={draft.address}
          onChange={(address) => setDraft((d) => ({ ...d, address }))}
          error={fieldErrors.address}
        />
        <TextField
          label="Horaires"
          name="hours"
          placeholder="Lun.–sam., 9 h – 19 h"
          value={draft.hours}
          onChange={(hours) => setDraft((d) => ({ ...d, hours }))}
          error={fieldErrors.hours}
        />
        <Switch.Root
          checked={draft.isActive}
          onCheckedChange={(e) => setDraft((d) => ({ ...d, isActive: e.checked }))}
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>Ouvert aux retraits</Switch.Label>
        </Switch.Root>
      </Stack>
    </FormDialog>
  );
}

/** « Points de retrait »: where clients collect their orders, and when. */
export function PickupPoints({ shopId, canManage }: { shopId: string; canManage: boolean }) {
  const { data, isLoading } = useListPickupPointsQuery({ shopId });
  const [editing, setEditing] = useState<PickupPoint | null | 'new'>(null);
  const [remove, removing] = useDeletePickupPointMutation();
  const [deleting, setDeleting] = useState<PickupPoint | null>(null);
  const points = data?.items ?? [];
  const add = canManage ? (
    <Button size="sm" colorPalette="brand" onClick={() => setEditing('new')}>
      <LuPlus /> Ajouter un point de retrait
    </Button>
  ) : null;
  async function removePoint(point: PickupPoint) {
    try {
      await remove({ shopId, id: point.id }).unwrap();
      toaster.create({ type: 'success', title: fr(`« ${point.name} » supprimé`), duration: 3000 });
    } catch {
      toaster.create({ type: 'error', title: 'Le point de retrait n’a pas pu être supprimé. Réessayez.' });
    }
    setDeleting(null);
  }
  return (
    <Stack gap="4" aria-busy={isLoading}>
      {points.length > 0 ? <HStack justify="flex-end">{add}</HStack> : null}
      {!isLoading && points.length === 0 ? (
        <Box borderWidth="1px" rounded="md" bg="bg" py="4">
          <EmptyListState
            icon={<LuStore />}
            title="Aucun point de retrait"
            description="Un client peut venir chercher sa commande en boutique : indiquez où, et à quelles heures."
            actions={add}
          />
        </Box>
      ) : null}
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="3">
        {points.map((point) => (
          <Card.Root key={point.id} size="sm" data-testid="pickup-point">
            <Card.Header>
              <HStack justify="space-between">
                <Card.Title as="h2">{point.name}</Card.Title>
                {!point.isActive ? <Badge>Fermé</Badge> : null}
              </HStack>
            </Card.Header>
            <Card.Body pt="0">
              <Text fontSize="sm">{point.address || 'Adresse non renseignée'}</Text>
              <Text fontSize="sm" color="fg.muted">
                {point.hours || 'Horaires non renseignés'}
              </Text>
            </Card.Body>
            {canManage ? (
              <Card.Footer justifyContent="flex-end" gap="2">
                <Button size="sm" variant="ghost" onClick={() => setEditing(point)}>
                  <LuPencil /> Modifier
                </Button>
                <Button size="sm" variant="ghost" colorPalette="red" onClick={() => setDeleting(point)}>
                  <LuTrash2 /> Supprimer
                </Button>
              </Card.Footer>
            ) : null}
          </Card.Root>
        ))}
      </SimpleGrid>
      <ConfirmDialog
        isOpen={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && void removePoint(deleting)}
        title="Supprimer le point de retrait"
        confirmLabel="Supprimer"
        loadingText="Suppression…"
        isLoading={removing.isLoading}
      >
        {deleting ? fr(`« ${deleting.name} » ne sera plus proposé aux clients.`) : null}
      </ConfirmDialog>
      <PickupPointDialog
        shopId={shopId}
        point={editing === 'new' ? null : editing}
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
