import { Alert, Box, Checkbox, Heading, HStack, Link, Stack, Switch, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { LuExternalLink } from 'react-icons/lu';
import { SubmitButton, TextField, useServerErrors } from '@/client/components/form';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { toaster } from '@/client/shell/toaster';
import { currencyLabel, moneyInputValue, parseMoneyInput } from '@/shared/money';
import { useUpdateStorefrontMutation, type StorefrontSettings } from '../storefront.api';

type Field = 'slug' | 'customDomain' | 'cashOnDeliveryMax' | 'isPublished';

interface Draft {
  slug: string;
  customDomain: string;
  cashOnDeliveryMax: string;
  allowsMobileMoney: boolean;
  allowsCashOnDelivery: boolean;
  allowsPickup: boolean;
  showsStockCounts: boolean;
}

function draftOf(settings: StorefrontSettings, currency: string): Draft {
  return {
    slug: settings.slug,
    customDomain: settings.customDomain ?? '',
    cashOnDeliveryMax: moneyInputValue(settings.cashOnDeliveryMax, currency),
    allowsMobileMoney: settings.allowsMobileMoney,
    allowsCashOnDelivery: settings.allowsCashOnDelivery,
    allowsPickup: settings.allowsPickup,
    showsStockCounts: settings.showsStockCounts,
  };
}

function Toggle(props: {
  label: string;
  help?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  name: string;
}) {
  return (
    <Checkbox.Root
      checked={props.checked}
      onCheckedChange={(e) => props.onChange(!!e.checked)}
      alignItems="flex-start"
    >
      <Checkbox.HiddenInput name={props.name} />
      <Checkbox.Control mt="0.5" />
      <Checkbox.Label>
        <Text>{props.label}</Text>
        {props.help ? (
          <Text color="fg.muted" fontSize="sm" fontWeight="normal">
            {props.help}
          </Text>
        ) : null}
      </Checkbox.Label>
    </Checkbox.Root>
  );
}

/** Opening the shop, its address and domain, how buyers pay and receive (its look: the builder). */
export function StorefrontSettingsForm({
  shopId,
  currency,
  settings,
}: {
  shopId: string;
  currency: string;
  settings: StorefrontSettings;
}) {
  const [draft, setDraft] = useState(() => draftOf(settings, currency));
  const { fieldErrors, setFieldErrors, formError, run } = useServerErrors<Field>();
  const [update, updating] = useUpdateStorefrontMutation();
  const [publishing, setPublishing] = useState(false);
  useEffect(() => setDraft(draftOf(settings, currency)), [settings, currency]);
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));
  const canReceive = settings.readiness.hasDeliveryZones || settings.readiness.hasPickupPoints;

  async function publish(isPublished: boolean) {
    setPublishing(true);
    const ok = await run(() => update({ shopId, isPublished }).unwrap());
    setPublishing(false);
    if (ok)
      toaster.create({
        type: 'success',
        title: isPublished ? 'Votre boutique en ligne est ouverte' : 'Votre boutique en ligne est fermée',
        description: isPublished
          ? settings.url
          : 'Ses pages répondent « introuvable » jusqu’à sa réouverture.',
      });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const max = draft.cashOnDeliveryMax.trim();
    const parsedMax = max ? parseMoneyInput(max, currency) : null;
    if (max && parsedMax === null) {
      setFieldErrors({ cashOnDeliveryMax: 'Indiquez le montant en chiffres, ou laissez le champ vide.' });
      return;
    }
    const ok = await run(() =>
      update({
        shopId,
        slug: draft.slug,
        customDomain: draft.customDomain || null,
        cashOnDeliveryMax: parsedMax,
        allowsMobileMoney: draft.allowsMobileMoney,
        allowsCashOnDelivery: draft.allowsCashOnDelivery,
        allowsPickup: draft.allowsPickup,
        showsStockCounts: draft.showsStockCounts,
      }).unwrap(),
    );
    if (ok) toaster.create({ type: 'success', title: 'Réglages de la boutique en ligne enregistrés' });
  }

  const alert = Object.keys(fieldErrors).length ? 'Vérifiez les champs signalés.' : formError;
  return (
    <Stack gap="6">
      <Box borderWidth="1px" rounded="lg" p="4" bg="bg">
        <HStack justify="space-between" align="flex-start" gap="4" flexWrap="wrap">
          <Stack gap="1" minW="0">
            <Text fontWeight="semibold">
              {settings.isPublished ? 'Boutique en ligne ouverte' : 'Boutique en ligne fermée'}
            </Text>
            <Link
              href={settings.url}
              target="_blank"
              rel="noopener"
              color="brand.fg"
              wordBreak="break-all"
              data-testid="storefront-url"
            >
              {settings.url} <LuExternalLink aria-hidden />
            </Link>
            <Text color="fg.muted" fontSize="sm">
              {settings.readiness.products} produit{settings.readiness.products > 1 ? 's' : ''} au catalogue ;
              seuls les produits actifs sont en vente.
            </Text>
          </Stack>
          <Switch.Root
            checked={settings.isPublished}
            disabled={publishing}
            onCheckedChange={(e) => void publish(e.checked)}
            colorPalette="brand"
          >
            <Switch.HiddenInput name="isPublished" />
            <Switch.Control />
            <Switch.Label>{settings.isPublished ? 'Ouverte' : 'Fermée'}</Switch.Label>
          </Switch.Root>
        </HStack>
        {!canReceive ? (
          <Alert.Root status="warning" mt="3">
            <Alert.Indicator />
            <Alert.Description>
              Aucune zone de livraison ni point de retrait : vos acheteurs ne pourront pas commander.
              Ajoutez-en dans Livraison.
            </Alert.Description>
          </Alert.Root>
        ) : null}
      </Box>

      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Réglages de la boutique en ligne">
        <Stack gap="6" maxW="2xl">
          <FormErrorAlert message={alert} />
          <Stack as="section" gap="0">
            <Heading as="h2" size="md">
              Adresse
            </Heading>
            <Stack gap="4" mt="3">
              <TextField
                label="Adresse de la boutique"
                name="slug"
                required
                value={draft.slug}
                onChange={(v) => set('slug')(v.toLowerCase())}
                error={fieldErrors.slug}
                helper="Lettres minuscules, chiffres et tirets. Si vous la changez, l’ancienne adresse mène à la nouvelle."
              />
              <TextField
                label="Nom de domaine (facultatif)"
                name="customDomain"
                placeholder="www.ma-boutique.sn"
                value={draft.customDomain}
                onChange={set('customDomain')}
                error={fieldErrors.customDomain}
                helper="Chez votre registraire, faites pointer ce nom (enregistrement CNAME) vers l’adresse de Comptoir ; le certificat HTTPS est posé par notre serveur frontal."
              />
            </Stack>
          </Stack>

          <Stack as="section" gap="0">
            <Heading as="h2" size="md">
              Paiement et réception
            </Heading>
            <Stack gap="3" mt="3">
              <Toggle
                name="allowsMobileMoney"
                label="Paiement en ligne (mobile money et carte)"
                help="Par notre prestataire de paiement ; le montant est crédité sur votre solde."
                checked={draft.allowsMobileMoney}
                onChange={set('allowsMobileMoney')}
              />
              <Toggle
                name="allowsCashOnDelivery"
                label="Paiement à la livraison"
                checked={draft.allowsCashOnDelivery}
                onChange={set('allowsCashOnDelivery')}
              />
              {draft.allowsCashOnDelivery ? (
                <TextField
                  label={`Montant maximum payable à la livraison (${currencyLabel(currency)}, facultatif)`}
                  name="cashOnDeliveryMax"
                  inputMode="numeric"
                  value={draft.cashOnDeliveryMax}
                  onChange={set('cashOnDeliveryMax')}
                  error={fieldErrors.cashOnDeliveryMax}
                  helper="Au-delà, l’acheteur paie en ligne. Laissez vide pour tout montant."
                />
              ) : null}
              <Toggle
                name="allowsPickup"
                label="Retrait en boutique"
                help="Aux points de retrait actifs de Livraison, sans frais."
                checked={draft.allowsPickup}
                onChange={set('allowsPickup')}
              />
              <Toggle
                name="showsStockCounts"
                label="Afficher « Plus que 3 en stock »"
                help="Sinon, les pages disent seulement « Disponible » ou « Épuisé »."
                checked={draft.showsStockCounts}
                onChange={set('showsStockCounts')}
              />
            </Stack>
          </Stack>

          <SubmitButton isLoading={updating.isLoading && !publishing} />
        </Stack>
      </form>
    </Stack>
  );
}
