import {
  Alert,
  Badge,
  Box,
  Button,
  Field,
  Grid,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useRouter } from 'next/router';
import { useEffect, useRef, useState } from 'react';
import { LuClipboardPaste, LuTrash2, LuWandSparkles } from 'react-icons/lu';
import { ApiError } from '@/client/api/api-error';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { useServerErrors } from '@/client/components/form';
import { toaster } from '@/client/shell/toaster';
import { formatMoney } from '@/shared/money';
import { formatPhone } from '@/shared/phone-format';
import { withShopId } from '@/shared/navigation';
import { useCreateOrderMutation } from '@/features/order/client/order.api';
import { ProductPicker, type PickedVariant } from '@/features/order/client/components/ProductPicker';
import { usePasteOrderMutation, usePasteReadyMutation, type PasteDraft } from '../channel.api';

type Match = NonNullable<PasteDraft['lines'][number]['best']>;

interface DraftLine {
  key: string;
  /** What the customer wrote, shown under the choice. */
  raw: string;
  choices: Match[];
  variantId: string;
  quantity: string;
}

function linesOf(draft: PasteDraft): DraftLine[] {
  return draft.lines.map((l, i) => {
    const choices = [...(l.best ? [l.best] : []), ...l.alternatives];
    return {
      key: `p${i}`,
      raw: l.raw,
      choices,
      variantId: choices[0]!.variantId,
      quantity: String(l.quantity),
    };
  });
}

function stockNote(match: Match | undefined, quantity: number): string | null {
  if (!match || match.stock === null) return null;
  if (match.stock <= 0) return 'Épuisé';
  return match.stock < quantity ? `Plus que ${match.stock} en stock` : null;
}

/**
 * « Coller une conversation »: the customer's WhatsApp message pasted, read by the server into a
 * draft (products, client, quartier, note), corrected here in a few taps and placed as a WhatsApp
 * order (stock reserved, as any order).
 */
export function PasteToOrder({ shopId, currency }: { shopId: string; currency: string }) {
  const router = useRouter();
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | null>(null);
  const [draft, setDraft] = useState<PasteDraft | null>(null);
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [commune, setCommune] = useState('');
  const [quartier, setQuartier] = useState('');
  const [note, setNote] = useState('');
  const [analyse, { isLoading: isReading }] = usePasteOrderMutation();
  const [createOrder, { isLoading: isCreating }] = useCreateOrderMutation();
  const { fieldErrors, formError, run } = useServerErrors<string>();
  const idempotencyKey = useRef('');
  const [getReady] = usePasteReadyMutation();
  // The catalogue's index is built while the seller goes to copy the message: the paste is instant.
  useEffect(() => {
    void getReady({ shopId })
      .unwrap()
      .catch(() => undefined);
  }, [getReady, shopId]);
  const money = (n: number) => formatMoney(n, currency);

  async function read(value: string) {
    setTextError(null);
    try {
      const result = await analyse({ shopId, text: value }).unwrap();
      setDraft(result);
      setLines(linesOf(result));
      setName(result.client?.name ?? result.name ?? '');
      setPhone(result.phone ? formatPhone(result.phone) : '');
      setCommune(result.place?.commune ?? '');
      setQuartier(result.place?.quartier ?? '');
      setNote(result.note);
      idempotencyKey.current = `paste-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    } catch (error) {
      // The text stays as pasted, to be corrected or read again.
      setDraft(null);
      setTextError(
        error instanceof ApiError
          ? (error.details.text ?? error.message)
          : 'Le message n’a pas pu être lu. Réessayez.',
      );
    }
  }

  function change(key: string, patch: Partial<DraftLine>) {
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  }

  function add(picked: PickedVariant) {
    const match: Match = {
      variantId: picked.variantId,
      productId: picked.productId,
      label: picked.label,
      price: picked.price,
      stock: picked.stock,
      score: 1,
    };
    setLines((all) => [
      ...all,
      { key: `a${Date.now()}`, raw: '', choices: [match], variantId: match.variantId, quantity: '1' },
    ]);
  }

  const chosen = lines.map((l) => ({ line: l, match: l.choices.find((c) => c.variantId === l.variantId) }));
  const goods = chosen.reduce(
    (sum, { line, match }) => sum + (match ? match.price * (Number(line.quantity) || 0) : 0),
    0,
  );
  const fee = draft?.zone?.fee ?? 0;

  async function confirm() {
    const ok = await run(async () => {
      const hasAddress = commune.trim() !== '' || quartier.trim() !== '';
      const order = await createOrder({
        shopId,
        channel: 'whatsapp',
        ...(draft?.client
          ? { clientId: draft.client.id }
          : name.trim() || phone.trim()
            ? {
                newClient: {
                  name: name.trim() || phone.trim(),
                  phone: phone.trim() || undefined,
                  addresses: [],
                },
              }
            : {}),
        lines: lines.map((l) => ({ variantId: l.variantId, quantity: Number(l.quantity), lineDiscount: 0 })),
        orderDiscount: 0,
        deliveryAddress: hasAddress
          ? { commune: commune.trim(), quartier: quartier.trim(), ville: '', indications: '' }
          : null,
        clientNote: note.trim(),
        idempotencyKey: idempotencyKey.current,
      }).unwrap();
      toaster.create({ type: 'success', title: `Commande n° ${order.number} créée depuis WhatsApp.` });
      void router.push(withShopId(`/mes-commandes/${order.id}`, shopId));
    });
    if (!ok) window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  return (
    <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 3fr)' }} gap="5" alignItems="start">
      <Stack gap="3" borderWidth="1px" rounded="md" bg="bg" p="4">
        <Field.Root invalid={!!textError}>
          <Field.Label>Message du client</Field.Label>
          <Textarea
            name="pasted"
            rows={8}
            value={text}
            placeholder="Collez ici la conversation WhatsApp : « Bonjour, je veux 2 savons kaola et 1 huile de coco, livraison à Yopougon, c’est Aminata 07 08 09 10 11 »"
            onChange={(e) => setText(e.currentTarget.value)}
            onPaste={(e) => {
              // A paste into an empty box is the whole message: read at once, no extra tap.
              const pasted = e.clipboardData.getData('text');
              if (!text.trim() && pasted.trim()) void read(pasted);
            }}
          />
          {textError ? (
            <Field.ErrorText>{textError}</Field.ErrorText>
          ) : (
            <Field.HelperText>
              Produits, quantités, numéro, quartier et nom sont reconnus : vous vérifiez avant de créer.
            </Field.HelperText>
          )}
        </Field.Root>
        <HStack gap="2" flexWrap="wrap">
          <Button
            colorPalette="brand"
            loading={isReading}
            disabled={!text.trim()}
            onClick={() => void read(text)}
          >
            <LuWandSparkles /> Lire le message
          </Button>
          <Button
            variant="outline"
            onClick={async () => {
              const pasted = await navigator.clipboard?.readText().catch(() => '');
              if (pasted) {
                setText(pasted);
                void read(pasted);
              }
            }}
          >
            <LuClipboardPaste /> Coller
          </Button>
        </HStack>
      </Stack>

      {draft ? (
        <Stack gap="4" borderWidth="1px" rounded="md" bg="bg" p="4" data-testid="paste-draft">
          <FormErrorAlert message={formError} />
          <Text fontWeight="semibold">Commande proposée</Text>
          {lines.length === 0 ? (
            <Text color="fg.muted" fontSize="sm">
              Aucun produit reconnu : ajoutez-les ci-dessous.
            </Text>
          ) : null}
          <Stack gap="3" as="ul" listStyleType="none">
            {chosen.map(({ line, match }, index) => {
              const warn = stockNote(match, Number(line.quantity) || 0);
              return (
                <Box as="li" key={line.key} borderBottomWidth="1px" pb="3" data-testid="paste-line">
                  {/* The product on its own row: a phone shows its whole name and price. */}
                  <Field.Root invalid={!!fieldErrors[`lines.${index}.variantId`]}>
                    <Field.Label fontSize="xs">Produit</Field.Label>
                    <NativeSelect.Root size="sm">
                      <NativeSelect.Field
                        aria-label={`Produit de la ligne ${index + 1}`}
                        value={line.variantId}
                        onChange={(e) => change(line.key, { variantId: e.currentTarget.value })}
                      >
                        {line.choices.map((c) => (
                          <option key={c.variantId} value={c.variantId}>
                            {c.label} · {money(c.price)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    {fieldErrors[`lines.${index}.variantId`] ? (
                      <Field.ErrorText>{fieldErrors[`lines.${index}.variantId`]}</Field.ErrorText>
                    ) : null}
                  </Field.Root>
                  <HStack gap="3" mt="2" align="center">
                    <Input
                      size="sm"
                      w="20"
                      flexShrink={0}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      aria-label={`Quantité de la ligne ${index + 1}`}
                      aria-invalid={!!fieldErrors[`lines.${index}.quantity`]}
                      value={line.quantity}
                      onChange={(e) => change(line.key, { quantity: e.currentTarget.value })}
                    />
                    <Text fontSize="sm" flex="1" minW="0">
                      × {match ? money(match.price) : '—'}
                      {match ? ` = ${money(match.price * (Number(line.quantity) || 0))}` : ''}
                    </Text>
                    <IconButton
                      size="sm"
                      variant="ghost"
                      aria-label={`Retirer la ligne ${index + 1}`}
                      onClick={() => setLines((all) => all.filter((l) => l.key !== line.key))}
                    >
                      <LuTrash2 />
                    </IconButton>
                  </HStack>
                  <HStack gap="2" mt="1" fontSize="xs" color="fg.muted" flexWrap="wrap">
                    {line.raw ? <Text>Écrit : « {line.raw} »</Text> : null}
                    {line.choices.length > 1 ? (
                      <Badge size="sm">
                        {line.choices.length - 1} autre{line.choices.length > 2 ? 's' : ''} possibilité
                        {line.choices.length > 2 ? 's' : ''}
                      </Badge>
                    ) : null}
                    {warn ? (
                      <Badge size="sm" colorPalette="orange">
                        {warn}
                      </Badge>
                    ) : null}
                    {fieldErrors[`lines.${index}.quantity`] ? (
                      <Text color="fg.error">{fieldErrors[`lines.${index}.quantity`]}</Text>
                    ) : null}
                  </HStack>
                </Box>
              );
            })}
          </Stack>
          <ProductPicker shopId={shopId} currency={currency} onPick={add} />
          {draft.unmatched.length ? (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Description>
                Non reconnu, gardé dans la note : {draft.unmatched.map((u) => `« ${u} »`).join(', ')}
              </Alert.Description>
            </Alert.Root>
          ) : null}

          <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="3">
            <Field.Root invalid={!!fieldErrors['newClient.name']}>
              <Field.Label>Client</Field.Label>
              <Input
                name="clientName"
                value={name}
                disabled={!!draft.client}
                onChange={(e) => setName(e.currentTarget.value)}
              />
              {draft.client ? <Field.HelperText>Client connu de la boutique.</Field.HelperText> : null}
              {fieldErrors['newClient.name'] ? (
                <Field.ErrorText>{fieldErrors['newClient.name']}</Field.ErrorText>
              ) : null}
            </Field.Root>
            <Field.Root invalid={!!fieldErrors['newClient.phone']}>
              <Field.Label>Téléphone</Field.Label>
              <Input
                name="clientPhone"
                inputMode="tel"
                value={phone}
                disabled={!!draft.client}
                onChange={(e) => setPhone(e.currentTarget.value)}
              />
              {fieldErrors['newClient.phone'] ? (
                <Field.ErrorText>{fieldErrors['newClient.phone']}</Field.ErrorText>
              ) : null}
            </Field.Root>
            <Field.Root invalid={!!fieldErrors['deliveryAddress.commune']}>
              <Field.Label>Commune</Field.Label>
              <Input name="commune" value={commune} onChange={(e) => setCommune(e.currentTarget.value)} />
              {fieldErrors['deliveryAddress.commune'] ? (
                <Field.ErrorText>{fieldErrors['deliveryAddress.commune']}</Field.ErrorText>
              ) : null}
            </Field.Root>
            <Field.Root>
              <Field.Label>Quartier</Field.Label>
              <Input name="quartier" value={quartier} onChange={(e) => setQuartier(e.currentTarget.value)} />
            </Field.Root>
          </Grid>
          <Field.Root invalid={!!fieldErrors.clientNote}>
            <Field.Label>Note</Field.Label>
            <Textarea name="note" rows={2} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
          </Field.Root>
          <Stack gap="1" fontSize="sm">
            <HStack justify="space-between">
              <Text>Articles</Text>
              <Text>{money(goods)}</Text>
            </HStack>
            <HStack justify="space-between">
              <Text>
                Livraison
                {draft.zone ? ` (${draft.zone.name})` : ''}
              </Text>
              <Text>{draft.zone ? money(fee) : 'selon la zone'}</Text>
            </HStack>
            <HStack justify="space-between" fontWeight="semibold">
              <Text>Total estimé</Text>
              <Text>{money(goods + fee)}</Text>
            </HStack>
          </Stack>
          <Button
            colorPalette="brand"
            loading={isCreating}
            disabled={lines.length === 0}
            onClick={() => void confirm()}
          >
            Créer la commande
          </Button>
        </Stack>
      ) : null}
    </Grid>
  );
}
