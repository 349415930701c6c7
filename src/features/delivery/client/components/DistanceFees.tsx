import { Button, Card, Grid, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { TextField, useServerErrors } from '@/client/components/form';
import { toaster } from '@/client/shell/toaster';
import { currencyLabel, formatMoney, moneyInputValue, parseMoneyInput } from '@/shared/money';
import { useGetDeliverySettingsQuery, useUpdateDeliverySettingsMutation } from '../delivery.api';
import { formatNumber } from '@/shared/numbers';

interface TierDraft {
  upToKm: string;
  fee: string;
}

const km = (n: number) => formatNumber(n, { maxFractionDigits: 1 });

/**
 * « Hors zone : tarif à la distance »: for an address in no zone but with a GPS pin, a fee by its
 * distance from the shop, tier by tier. Managers edit it; the others read the tiers.
 */
export function DistanceFees({
  shopId,
  currency,
  canManage,
}: {
  shopId: string;
  currency: string;
  canManage: boolean;
}) {
  const { data } = useGetDeliverySettingsQuery({ shopId });
  const [update, updating] = useUpdateDeliverySettingsMutation();
  const [origin, setOrigin] = useState('');
  const [tiers, setTiers] = useState<TierDraft[]>([]);
  const { fieldErrors, setFieldErrors, formError, run } = useServerErrors<string>();
  useEffect(() => {
    if (!data) return;
    setOrigin(data.originPosition);
    setTiers(
      data.distanceTiers.map((t) => ({ upToKm: km(t.upToKm), fee: moneyInputValue(t.fee, currency) })),
    );
  }, [data, currency]);
  if (!data) return null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const errors: Record<string, string> = {};
    const parsed = tiers.map((t, i) => {
      const upToKm = Number(t.upToKm.replace(',', '.').trim());
      const fee = parseMoneyInput(t.fee, currency);
      if (!t.upToKm.trim() || !Number.isFinite(upToKm))
        errors[`distanceTiers.${i}.upToKm`] = 'Indiquez une distance en kilomètres.';
      if (fee === null) errors[`distanceTiers.${i}.fee`] = 'Indiquez les frais, en chiffres.';
      return { upToKm, fee: fee ?? 0 };
    });
    if (Object.keys(errors).length) return setFieldErrors(errors);
    const ok = await run(() => update({ shopId, originPosition: origin, distanceTiers: parsed }).unwrap());
    if (ok) toaster.create({ type: 'success', title: 'Tarif à la distance enregistré', duration: 3000 });
  }

  if (!canManage)
    return data.distanceTiers.length && data.originPosition ? (
      <Card.Root size="sm">
        <Card.Header>
          <Card.Title as="h2">Hors zone : tarif à la distance</Card.Title>
        </Card.Header>
        <Card.Body pt="0">
          {data.distanceTiers.map((t) => (
            <Text key={t.upToKm} fontSize="sm">
              Jusqu’à {km(t.upToKm)} km : {formatMoney(t.fee, currency)}
            </Text>
          ))}
        </Card.Body>
      </Card.Root>
    ) : null;

  return (
    <Card.Root size="sm" asChild>
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Tarif à la distance">
        <Card.Header>
          <Card.Title as="h2">Hors zone : tarif à la distance</Card.Title>
          <Text fontSize="sm" color="fg.muted">
            Pour une adresse hors de vos zones qui a une position GPS (un lien Google Maps envoyé par le
            client) : les frais selon sa distance à vol d’oiseau de la boutique.
          </Text>
        </Card.Header>
        <Card.Body pt="0">
          <Stack gap="3">
            <FormErrorAlert message={Object.keys(fieldErrors).length ? null : formError} />
            <TextField
              label="Position de la boutique"
              name="originPosition"
              value={origin}
              onChange={setOrigin}
              placeholder="Lien Google Maps ou 14.6708, -17.4381"
              error={fieldErrors.originPosition}
            />
            {tiers.map((tier, i) => (
              <Grid
                key={i}
                templateColumns="1fr 1fr auto"
                gap="2"
                alignItems="end"
                data-testid="distance-tier"
              >
                <TextField
                  label={`Jusqu’à (km), palier ${i + 1}`}
                  name={`upToKm-${i}`}
                  inputMode="decimal"
                  value={tier.upToKm}
                  onChange={(v) => setTiers((all) => all.map((t, k) => (k === i ? { ...t, upToKm: v } : t)))}
                  error={fieldErrors[`distanceTiers.${i}.upToKm`]}
                />
                <TextField
                  label={`Frais (${currencyLabel(currency)}), palier ${i + 1}`}
                  name={`fee-${i}`}
                  inputMode="decimal"
                  value={tier.fee}
                  onChange={(v) => setTiers((all) => all.map((t, k) => (k === i ? { ...t, fee: v } : t)))}
                  error={fieldErrors[`distanceTiers.${i}.fee`]}
                />
                <IconButton
                  aria-label={`Retirer le palier ${i + 1}`}
                  variant="ghost"
                  onClick={() => setTiers((all) => all.filter((_, k) => k !== i))}
                >
                  <LuTrash2 />
                </IconButton>
              </Grid>
            ))}
            {fieldErrors.distanceTiers ? (
              <Text fontSize="sm" color="fg.error" role="alert">
                {fieldErrors.distanceTiers}
              </Text>
            ) : null}
            <HStack gap="2" flexWrap="wrap">
              <Button
                size="sm"
                variant="outline"
                disabled={tiers.length >= 8}
                onClick={() => setTiers((all) => [...all, { upToKm: '', fee: '' }])}
              >
                <LuPlus /> Ajouter un palier
              </Button>
              <Button size="sm" colorPalette="brand" type="submit" loading={updating.isLoading}>
                Enregistrer
              </Button>
            </HStack>
          </Stack>
        </Card.Body>
      </form>
    </Card.Root>
  );
}
