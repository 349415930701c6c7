import {
  Alert,
  Box,
  Checkbox,
  Heading,
  HStack,
  Input,
  Link,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { LuExternalLink } from 'react-icons/lu';
import { FieldShell, SubmitButton, TextField, useServerErrors } from '@/client/components/form';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { toaster } from '@/client/shell/toaster';
import { currencyLabel, moneyInputValue, parseMoneyInput } from '@/shared/money';
import { STATIC_PAGES, STATIC_PAGE_TITLES, type StaticPageSlug } from '@/shared/storefront/layout';
import { useUpdateStorefrontMutation, type StorefrontSettings } from '../storefront.api';

type Field =
  | 'slug'
  | 'primaryColor'
  | 'tagline'
  | 'customDomain'
  | 'cashOnDeliveryMax'
  | 'isPublished'
  | `pages.${StaticPageSlug}`;

interface Draft {
  slug: string;
  primaryColor: string;
  tagline: string;
  customDomain: string;
  cashOnDeliveryMax: string;
  allowsMobileMoney: boolean;
  allowsCashOnDelivery: boolean;
  allowsPickup: boolean;
  showsStockCounts: boolean;
  pages: Record<StaticPageSlug, string>;
}

function draftOf(settings: StorefrontSettings, currency: string): Draft {
  return {
    slug: settings.slug,
    primaryColor: settings.primaryColor,
    tagline: settings.tagline,
    customDomain: settings.customDomain ?? '',
    cashOnDeliveryMax: moneyInputValue(settings.cashOnDeliveryMax, currency),
    allowsMobileMoney: settings.allowsMobileMoney,
    allowsCashOnDelivery: settings.allowsCashOnDelivery,
    allowsPickup: settings.allowsPickup,
    showsStockCounts: settings.showsStockCounts,
    pages: Object.fromEntries(STATIC_PAGES.map((p) => [p, settings.pages[p] ?? ''])) as Draft['pages'],
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

/** Opening the shop, and what is read from every page of it: address, colour, payments, pages. */
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
        primaryColor: draft.primaryColor,
        tagline: draft.tagline,
        customDomain: draft.customDomain || null,
        cashOnDeliveryMax: parsedMax,
        allowsMobileMoney: draft.allowsMobileMoney,
        allowsCashOnDelivery: draft.allowsCashOnDelivery,
        allowsPickup: draft.allowsPickup,
        showsStockCounts: draft.showsStockCounts,
        pages: draft.pages,
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
              Adresse et apparence
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
              <FieldShell
                label="Couleur principale"
                error={fieldErrors.primaryColor}
                helper="Boutons et bandeau : le texte y est blanc, choisissez une teinte foncée."
              >
                <HStack>
                  <Input
                    type="color"
                    aria-label="Choisir la couleur"
                    value={draft.primaryColor}
                    onChange={(e) => set('primaryColor')(e.currentTarget.value)}
                    w="16"
                    p="1"
                  />
                  <Input
                    name="primaryColor"
                    value={draft.primaryColor}
                    onChange={(e) => set('primaryColor')(e.currentTarget.value)}
                    maxW="32"
                  />
                </HStack>
              </FieldShell>
              <FieldShell
                label="Phrase d’accroche"
                error={fieldErrors.tagline}
                helper="Montrée par les moteurs de recherche et dans les partages WhatsApp (160 caractères)."
              >
                <Textarea
                  name="tagline"
                  rows={2}
                  maxLength={160}
                  value={draft.tagline}
                  onChange={(e) => set('tagline')(e.currentTarget.value)}
                />
              </FieldShell>
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

          <Stack as="section" gap="0">
            <Heading as="h2" size="md">
              Pages d’information
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              Une page vide n’apparaît pas. Séparez les paragraphes par une ligne vide.
            </Text>
            <Stack gap="4" mt="3">
              {STATIC_PAGES.map((page) => (
                <FieldShell key={page} label={STATIC_PAGE_TITLES[page]} error={fieldErrors[`pages.${page}`]}>
                  <Textarea
                    name={`pages.${page}`}
                    rows={4}
                    maxLength={5000}
                    value={draft.pages[page]}
                    onChange={(e) => {
                      const text = e.currentTarget.value;
                      setDraft((d) => ({ ...d, pages: { ...d.pages, [page]: text } }));
                    }}
                  />
                </FieldShell>
              ))}
            </Stack>
          </Stack>
          <SubmitButton isLoading={updating.isLoading && !publishing} />
        </Stack>
      </form>
    </Stack>
  );
}
