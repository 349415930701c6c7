import {
  Badge,
  Box,
  Button,
  Checkbox,
  Field,
  HStack,
  Input,
  InputGroup,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { LuSearch } from 'react-icons/lu';
import { useDebounced } from '@/client/hooks/use-debounced';
import { FormDialog } from '@/client/components/FormDialog';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { useServerErrors } from '@/client/components/form';
import { toaster } from '@/client/shell/toaster';
import { formatMoney, moneyInputValue, parseMoneyInput } from '@/shared/money';
import {
  LISTING_CHANNEL_LABELS,
  LISTING_CHANNELS,
  PRICED_LISTING_CHANNELS,
  type ListingChannel,
} from '@/features/product/product.constants';
import { useChannelListingsQuery, useSaveChannelListingMutation, type Listing } from '../channel.api';

type PricedChannel = (typeof PRICED_LISTING_CHANNELS)[number];
const priceKey = (variantId: string, channel: string) => `${variantId}:${channel}`;

function ListingDialog({
  shopId,
  currency,
  listing,
  onClose,
}: {
  shopId: string;
  currency: string;
  listing: Listing;
  onClose: () => void;
}) {
  const [hidden, setHidden] = useState<Set<ListingChannel>>(new Set(listing.hiddenOn));
  const [prices, setPrices] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      listing.prices.map((p) => [priceKey(p.variantId, p.channel), moneyInputValue(p.price, currency)]),
    ),
  );
  const [save, { isLoading }] = useSaveChannelListingMutation();
  const { fieldErrors, setFieldErrors, formError, run } = useServerErrors<string>();
  const cells = listing.variants.flatMap((v) => PRICED_LISTING_CHANNELS.map((channel) => ({ v, channel })));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const errors: Record<string, string> = {};
    const body: Array<{ variantId: string; channel: PricedChannel; price: number }> = [];
    for (const { v, channel } of cells) {
      const text = prices[priceKey(v.id, channel)]?.trim() ?? '';
      if (!text) continue;
      const price = parseMoneyInput(text, currency);
      const field = `${v.id}:${channel}`;
      if (text.startsWith('-')) errors[field] = 'Un prix ne peut pas être négatif.';
      else if (price === null) errors[field] = 'Indiquez un prix, en chiffres.';
      else body.push({ variantId: v.id, channel, price });
    }
    if (Object.keys(errors).length) return setFieldErrors(errors);
    const ok = await run(() =>
      save({ shopId, productId: listing.productId, hiddenOn: [...hidden], prices: body }).unwrap(),
    );
    if (ok) {
      toaster.create({ type: 'success', title: `Canaux de « ${listing.name} » enregistrés.` });
      onClose();
    }
  }

  return (
    <FormDialog
      isOpen
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      title={listing.name}
      formLabel={`Canaux de ${listing.name}`}
      submitLabel="Enregistrer"
      loadingText="Enregistrement…"
      isLoading={isLoading}
      width="560px"
    >
      <Stack gap="4">
        <FormErrorAlert message={formError} />
        <Stack gap="2">
          <Text fontWeight="semibold" fontSize="sm">
            Proposé sur
          </Text>
          {LISTING_CHANNELS.map((channel) => (
            <Checkbox.Root
              key={channel}
              checked={!hidden.has(channel)}
              onCheckedChange={(e) => {
                const next = new Set(hidden);
                if (e.checked) next.delete(channel);
                else next.add(channel);
                setHidden(next);
              }}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{LISTING_CHANNEL_LABELS[channel]}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
        <Stack gap="2">
          <Text fontWeight="semibold" fontSize="sm">
            Prix propre à un canal
          </Text>
          <Text fontSize="xs" color="fg.muted">
            Vide : le prix du catalogue. Une promotion WhatsApp ou site seulement, par exemple.
          </Text>
          {listing.variants.map((v) => (
            <Box key={v.id} borderTopWidth="1px" pt="2">
              <Text fontSize="sm" mb="1">
                {listing.variants.length > 1 ? v.label : 'Prix'} · catalogue {formatMoney(v.price, currency)}
              </Text>
              <Box display="grid" gridTemplateColumns={{ base: '1fr 1fr', md: 'repeat(4, 1fr)' }} gap="2">
                {PRICED_LISTING_CHANNELS.map((channel) => {
                  const key = priceKey(v.id, channel);
                  const index = cells.findIndex((c) => c.v.id === v.id && c.channel === channel);
                  const error = fieldErrors[key] ?? fieldErrors[`prices.${index}.price`];
                  return (
                    <Field.Root key={channel} invalid={!!error}>
                      <Field.Label fontSize="xs">{LISTING_CHANNEL_LABELS[channel]}</Field.Label>
                      <Input
                        size="sm"
                        inputMode="numeric"
                        aria-label={`Prix ${LISTING_CHANNEL_LABELS[channel]} de ${v.label}`}
                        value={prices[key] ?? ''}
                        placeholder={moneyInputValue(v.price, currency)}
                        onChange={(e) => setPrices({ ...prices, [key]: e.currentTarget.value })}
                      />
                      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
                    </Field.Root>
                  );
                })}
              </Box>
            </Box>
          ))}
        </Stack>
      </Stack>
    </FormDialog>
  );
}

/** Where each product is offered and at what price, channel by channel. */
export function ListingsTab({
  shopId,
  currency,
  canManage,
}: {
  shopId: string;
  currency: string;
  canManage: boolean;
}) {
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim(), 250);
  const [after, setAfter] = useState<{ afterName: string; afterId: string } | null>(null);
  const { data, isFetching } = useChannelListingsQuery({ shopId, search: search || undefined, ...after });
  const [editing, setEditing] = useState<Listing | null>(null);
  return (
    <Stack gap="3">
      <InputGroup startElement={<LuSearch />} maxW="28rem">
        <Input
          placeholder="Rechercher un produit"
          aria-label="Rechercher un produit"
          value={input}
          onChange={(e) => {
            setInput(e.currentTarget.value);
            setAfter(null);
          }}
        />
      </InputGroup>
      {isFetching && !data ? <Skeleton h="40" aria-busy="true" /> : null}
      <Stack
        gap="0"
        borderWidth="1px"
        rounded="md"
        bg="bg"
        as="ul"
        listStyleType="none"
        data-testid="listings"
      >
        {(data?.items ?? []).map((l) => (
          <HStack
            as="li"
            key={l.productId}
            px="4"
            py="3"
            borderBottomWidth="1px"
            gap="3"
            justify="space-between"
            flexWrap="wrap"
          >
            <Stack gap="1" minW="0" flex="1">
              <Text fontWeight="medium" overflowWrap="anywhere">
                {l.name}
              </Text>
              <HStack gap="1" flexWrap="wrap">
                {LISTING_CHANNELS.map((c) => (
                  <Badge
                    key={c}
                    size="sm"
                    colorPalette={l.hiddenOn.includes(c) ? 'gray' : 'green'}
                    variant={l.hiddenOn.includes(c) ? 'outline' : 'subtle'}
                  >
                    {l.hiddenOn.includes(c)
                      ? `${LISTING_CHANNEL_LABELS[c]} : retiré`
                      : LISTING_CHANNEL_LABELS[c]}
                  </Badge>
                ))}
                {l.prices.length ? (
                  <Badge size="sm" colorPalette="purple">
                    {l.prices.length} prix par canal
                  </Badge>
                ) : null}
              </HStack>
            </Stack>
            {canManage ? (
              <Button
                size="sm"
                variant="outline"
                onClick={() => setEditing(l)}
                aria-label={`Canaux de ${l.name}`}
              >
                Modifier
              </Button>
            ) : null}
          </HStack>
        ))}
        {data && data.items.length === 0 ? (
          <Text px="4" py="6" color="fg.muted" textAlign="center">
            Aucun produit ne correspond.
          </Text>
        ) : null}
      </Stack>
      <HStack gap="2">
        {after ? (
          <Button size="sm" variant="ghost" onClick={() => setAfter(null)}>
            Revenir au début
          </Button>
        ) : null}
        {data?.hasMore ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              const last = data.items.at(-1)!;
              setAfter({ afterName: last.name, afterId: last.productId });
            }}
          >
            Produits suivants
          </Button>
        ) : null}
      </HStack>
      {editing ? (
        <ListingDialog
          shopId={shopId}
          currency={currency}
          listing={editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
