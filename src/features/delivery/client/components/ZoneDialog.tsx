import { Button, Field, Grid, HStack, IconButton, Input, Stack, Switch, Text } from '@chakra-ui/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { LuPlus, LuX } from 'react-icons/lu';
import { FormDialog } from '@/client/components/FormDialog';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { TextField, useServerErrors } from '@/client/components/form';
import { toaster } from '@/client/shell/toaster';
import { currencyLabel } from '@/shared/money';
import { STARTER_COMMUNES } from '../../starter-zones';
import { useCreateZoneMutation, useUpdateZoneMutation, type Zone } from '../delivery.api';
import { EMPTY_ZONE, readZoneDraft, zoneDraftOf, type ZoneDraft } from '../zone-form';

const FIELDS = ['name', 'fee', 'freeFrom', 'minOrder', 'delay', 'areas'] as const;

/** « Nouvelle zone » / « Modifier la zone »: its fee, thresholds, delay and communes. */
export function ZoneDialog(props: {
  shopId: string;
  currency: string;
  /** The zone to edit; null for a new one. */
  zone: Zone | null;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { zone, currency } = props;
  const [draft, setDraft] = useState<ZoneDraft>(EMPTY_ZONE);
  const { fieldErrors, setFieldErrors, formError, run } = useServerErrors<string>();
  const [create, creating] = useCreateZoneMutation();
  const [update, updating] = useUpdateZoneMutation();
  const communesListId = useId();
  useEffect(() => {
    if (!props.isOpen) return;
    setDraft(zone ? zoneDraftOf(zone, currency) : EMPTY_ZONE);
    setFieldErrors({});
  }, [props.isOpen, zone, currency, setFieldErrors]);

  const set = <K extends keyof ZoneDraft>(key: K, value: ZoneDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  /** A text field's value, its change and its error, by the draft's key (also its name). */
  const bind = (key: 'name' | 'fee' | 'freeFrom' | 'minOrder' | 'delay') => ({
    name: key,
    value: draft[key],
    onChange: (value: string) => set(key, value),
    error: fieldErrors[key],
  });
  const setArea = (index: number, part: 'commune' | 'quartier', value: string) =>
    setDraft((d) => ({ ...d, areas: d.areas.map((a, i) => (i === index ? { ...a, [part]: value } : a)) }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const read = readZoneDraft(draft, currency);
    if (!read.input) return setFieldErrors(read.errors);
    // The rows sent are the rows shown, so that an error on « areas.2 » marks the third row.
    setDraft((d) => ({ ...d, areas: read.input.areas.length ? read.input.areas : d.areas }));
    const ok = await run(() =>
      zone
        ? update({ shopId: props.shopId, id: zone.id, ...read.input }).unwrap()
        : create({ shopId: props.shopId, ...read.input }).unwrap(),
    );
    if (!ok) return;
    toaster.create({ type: 'success', title: zone ? 'Zone enregistrée' : 'Zone créée', duration: 3000 });
    props.onClose();
  }

  const unit = currencyLabel(currency);
  const areaError = (index: number) =>
    fieldErrors[`areas.${index}.commune`] ?? fieldErrors[`areas.${index}.quartier`];
  const alert = Object.keys(fieldErrors).some((k) => FIELDS.includes(k as never) || k.startsWith('areas.'))
    ? null
    : formError;
  return (
    <FormDialog
      isOpen={props.isOpen}
      onClose={props.onClose}
      onSubmit={(e) => void onSubmit(e)}
      title={zone ? 'Modifier la zone' : 'Nouvelle zone de livraison'}
      formLabel={zone ? 'Modifier la zone' : 'Nouvelle zone de livraison'}
      submitLabel="Enregistrer"
      loadingText="Enregistrement…"
      isLoading={creating.isLoading || updating.isLoading}
      width="600px"
    >
      <Stack gap="4">
        <FormErrorAlert message={alert} />
        <TextField label="Nom de la zone" required placeholder="Dakar centre" {...bind('name')} />
        <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="3">
          <TextField label={`Frais de livraison (${unit})`} required inputMode="numeric" {...bind('fee')} />
          <TextField label="Délai" placeholder="sous 24 h" {...bind('delay')} />
          <TextField
            label={`Livraison offerte dès (${unit})`}
            inputMode="numeric"
            helper="Montant des articles ; vide : jamais offerte."
            {...bind('freeFrom')}
          />
          <TextField
            label={`Commande minimum (${unit})`}
            inputMode="numeric"
            helper="Vide : aucun minimum."
            {...bind('minOrder')}
          />
        </Grid>
        <Switch.Root checked={draft.isActive} onCheckedChange={(e) => set('isActive', e.checked)}>
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>Zone active (ses frais s’appliquent aux commandes)</Switch.Label>
        </Switch.Root>

        <Stack gap="2" role="group" aria-label="Communes et quartiers">
          <Text fontWeight="medium">Communes et quartiers</Text>
          <Text fontSize="sm" color="fg.muted">
            Sans quartier, toute la commune. Un quartier placé dans une autre zone y garde son tarif.
          </Text>
          {fieldErrors.areas ? (
            <Text fontSize="sm" color="fg.error">
              {fieldErrors.areas}
            </Text>
          ) : null}
          <datalist id={communesListId}>
            {STARTER_COMMUNES.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
          {draft.areas.map((area, index) => (
            <Stack key={index} gap="1" data-testid="zone-area">
              <HStack gap="2" align="flex-end">
                <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="2" flex="1">
                  <AreaInput
                    label={`Commune ${index + 1}`}
                    value={area.commune}
                    list={communesListId}
                    placeholder="Cocody"
                    isInvalid={!!areaError(index)}
                    onChange={(v) => setArea(index, 'commune', v)}
                  />
                  <AreaInput
                    label={`Quartier ${index + 1} (facultatif)`}
                    value={area.quartier}
                    placeholder="Angré"
                    onChange={(v) => setArea(index, 'quartier', v)}
                  />
                </Grid>
                <IconButton
                  variant="ghost"
                  aria-label={`Retirer la commune ${index + 1}`}
                  disabled={draft.areas.length === 1}
                  onClick={() =>
                    set(
                      'areas',
                      draft.areas.filter((_, i) => i !== index),
                    )
                  }
                >
                  <LuX />
                </IconButton>
              </HStack>
              {areaError(index) ? (
                <Text fontSize="sm" color="fg.error">
                  {areaError(index)}
                </Text>
              ) : null}
            </Stack>
          ))}
          <Button
            variant="outline"
            size="sm"
            alignSelf="flex-start"
            disabled={draft.areas.length >= 300}
            onClick={() => set('areas', [...draft.areas, { commune: '', quartier: '' }])}
          >
            <LuPlus /> Ajouter une commune
          </Button>
        </Stack>
      </Stack>
    </FormDialog>
  );
}

function AreaInput(props: {
  label: string;
  value: string;
  placeholder: string;
  list?: string;
  isInvalid?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <Field.Root invalid={props.isInvalid}>
      <Field.Label fontSize="sm">{props.label}</Field.Label>
      <Input
        list={props.list}
        value={props.value}
        placeholder={props.placeholder}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      />
    </Field.Root>
  );
}
