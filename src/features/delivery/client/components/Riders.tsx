import { Badge, Box, Button, Card, HStack, Link, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { LuBike, LuLink, LuMessageCircle, LuPencil, LuPhone, LuPlus } from 'react-icons/lu';
import { EmptyListState } from '@/client/components/EmptyListState';
import { FormDialog } from '@/client/components/FormDialog';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { SelectField, TextField, useServerErrors } from '@/client/components/form';
import { formatPhone } from '@/shared/phone-format';
import {
  KIND_LABELS,
  RIDER_KINDS,
  RIDER_VEHICLES,
  VEHICLE_LABELS,
  type RiderKind,
  type RiderVehicle,
} from '../../riders';
import {
  useCreateRiderMutation,
  useListRidersQuery,
  useUpdateRiderMutation,
  type Rider,
} from '../delivery.api';
import { RiderLinkDialog } from './RiderLinkDialog';
import { whatsappUrl } from '@/shared/whatsapp';

type Field = 'name' | 'phone' | 'vehicle' | 'kind' | 'notes';
interface Draft {
  name: string;
  phone: string;
  vehicle: RiderVehicle;
  kind: RiderKind;
  notes: string;
  isActive: boolean;
}
const EMPTY: Draft = { name: '', phone: '', vehicle: 'moto', kind: 'staff', notes: '', isActive: true };

function RiderDialog(props: { shopId: string; rider: Rider | null; isOpen: boolean; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const { fieldErrors, setFieldErrors, formError, run } = useServerErrors<Field>();
  const [create, creating] = useCreateRiderMutation();
  const [update, updating] = useUpdateRiderMutation();
  useEffect(() => {
    if (!props.isOpen) return;
    const r = props.rider;
    setDraft(r ? { ...r, phone: formatPhone(r.phone) } : EMPTY);
    setFieldErrors({});
  }, [props.isOpen, props.rider, setFieldErrors]);
  const bind = (key: 'name' | 'phone' | 'notes') => ({
    name: key,
    value: draft[key],
    onChange: (value: string) => setDraft((d) => ({ ...d, [key]: value })),
    error: fieldErrors[key],
  });
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = { shopId: props.shopId, ...draft, carrier: 'manual' as const };
    const ok = await run(() =>
      props.rider ? update({ ...body, id: props.rider.id }).unwrap() : create(body).unwrap(),
    );
    if (ok) props.onClose();
  }
  return (
    <FormDialog
      isOpen={props.isOpen}
      onClose={props.onClose}
      onSubmit={(e) => void onSubmit(e)}
      title={props.rider ? 'Modifier le livreur' : 'Nouveau livreur'}
      formLabel={props.rider ? 'Modifier le livreur' : 'Nouveau livreur'}
      submitLabel="Enregistrer"
      loadingText="Enregistrement…"
      isLoading={creating.isLoading || updating.isLoading}
    >
      <Stack gap="4">
        <FormErrorAlert message={Object.keys(fieldErrors).length ? null : formError} />
        <TextField label="Nom" required placeholder="Moussa Ndiaye" {...bind('name')} />
        <TextField
          label="Téléphone"
          required
          type="tel"
          inputMode="tel"
          helper="Le numéro où il reçoit ses livraisons (SMS ou WhatsApp)."
          {...bind('phone')}
        />
        <SelectField
          label="Moyen de transport"
          name="vehicle"
          value={draft.vehicle}
          onChange={(v) => setDraft((d) => ({ ...d, vehicle: v as RiderVehicle }))}
          options={RIDER_VEHICLES.map((v) => ({ value: v, label: VEHICLE_LABELS[v] }))}
          error={fieldErrors.vehicle}
        />
        <SelectField
          label="Statut"
          name="kind"
          value={draft.kind}
          onChange={(v) => setDraft((d) => ({ ...d, kind: v as RiderKind }))}
          options={RIDER_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
          error={fieldErrors.kind}
        />
        <TextField label="Notes" placeholder="Zones qu’il connaît, jours de repos…" {...bind('notes')} />
        <Switch.Root
          checked={draft.isActive}
          onCheckedChange={(e) => setDraft((d) => ({ ...d, isActive: e.checked }))}
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>Actif (on peut lui confier des livraisons)</Switch.Label>
        </Switch.Root>
      </Stack>
    </FormDialog>
  );
}

/** « Livreurs »: the shop's riders, to call or message in a tap; managers add and edit them. */
export function Riders({ shopId, canManage }: { shopId: string; canManage: boolean }) {
  const { data, isLoading } = useListRidersQuery({ shopId });
  const [editing, setEditing] = useState<Rider | null | 'new'>(null);
  const [linkOf, setLinkOf] = useState<Rider | null>(null);
  const riders = data?.items ?? [];
  const add = canManage ? (
    <Button size="sm" colorPalette="brand" onClick={() => setEditing('new')}>
      <LuPlus /> Nouveau livreur
    </Button>
  ) : null;
  return (
    <Stack gap="4" aria-busy={isLoading}>
      {riders.length > 0 ? (
        <HStack justify="space-between" flexWrap="wrap" gap="2">
          <Text color="fg.muted" fontSize="sm">
            {riders.filter((r) => r.isActive).length} actif
            {riders.filter((r) => r.isActive).length > 1 ? 's' : ''} sur {riders.length}
          </Text>
          {add}
        </HStack>
      ) : null}
      {!isLoading && riders.length === 0 ? (
        <Box borderWidth="1px" rounded="md" bg="bg" py="4">
          <EmptyListState
            icon={<LuBike />}
            title="Aucun livreur"
            description="Ajoutez vos livreurs et les indépendants avec qui vous travaillez : nom, téléphone, moto ou vélo. Ils n’ont ni compte ni application à installer."
            actions={add}
          />
        </Box>
      ) : null}
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="3">
        {riders.map((rider) => (
          <Card.Root key={rider.id} size="sm" data-testid="rider-card" opacity={rider.isActive ? 1 : 0.75}>
            <Card.Header>
              <HStack justify="space-between" align="flex-start">
                <Stack gap="0" minW="0">
                  <Card.Title as="h2" truncate>
                    {rider.name}
                  </Card.Title>
                  <Text fontSize="sm" color="fg.muted">
                    {VEHICLE_LABELS[rider.vehicle]} · {KIND_LABELS[rider.kind]}
                  </Text>
                </Stack>
                {!rider.isActive ? <Badge>Inactif</Badge> : null}
              </HStack>
            </Card.Header>
            <Card.Body pt="0" gap="1">
              <HStack gap="4" flexWrap="wrap">
                <Link href={`tel:${rider.phone}`} fontSize="sm">
                  <LuPhone /> {formatPhone(rider.phone)}
                </Link>
                <Link href={whatsappUrl(rider.phone)} target="_blank" rel="noreferrer" fontSize="sm">
                  <LuMessageCircle /> WhatsApp
                </Link>
              </HStack>
              {rider.notes ? (
                <Text fontSize="sm" color="fg.muted">
                  {rider.notes}
                </Text>
              ) : null}
            </Card.Body>
            {canManage ? (
              <Card.Footer justifyContent="flex-end" gap="1">
                {rider.isActive ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setLinkOf(rider)}
                    aria-label={`Lien de ${rider.name}`}
                  >
                    <LuLink /> {rider.hasLink ? 'Son lien' : 'Créer son lien'}
                  </Button>
                ) : null}
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setEditing(rider)}
                  aria-label={`Modifier ${rider.name}`}
                >
                  <LuPencil /> Modifier
                </Button>
              </Card.Footer>
            ) : null}
          </Card.Root>
        ))}
      </SimpleGrid>
      <RiderDialog
        shopId={shopId}
        rider={editing === 'new' ? null : editing}
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
      />
      {linkOf ? <RiderLinkDialog shopId={shopId} rider={linkOf} onClose={() => setLinkOf(null)} /> : null}
    </Stack>
  );
}
