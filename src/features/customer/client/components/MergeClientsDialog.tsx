import {
  Alert,
  Badge,
  Box,
  Button,
  CloseButton,
  Dialog,
  Field,
  HStack,
  Input,
  Portal,
  RadioGroup,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { ApiError } from '@/client/api/api-error';
import { useDebounced } from '@/client/hooks/use-debounced';
import { toaster } from '@/client/shell/toaster';
import { formatMoney } from '@/shared/money';
import { formatPhone } from '@/shared/phone-format';
import type { TMergeClientsAnswer } from '../../client-merge.schemas';
import type { TClientSummary } from '../../customer.schemas';
import { useFindClientsToMergeQuery, useMergeClientsMutation } from '../client-import.api';

const ordersText = (n: number) => (n === 0 ? 'Aucune commande' : n === 1 ? '1 commande' : `${n} commandes`);

/** What is known of a client, to tell two duplicates apart. */
function ClientFacts({ client, currency }: { client: TClientSummary; currency: string }) {
  return (
    <Stack gap="1" fontSize="sm" minW="0">
      <Text fontWeight="semibold" fontSize="md" truncate>
        {client.name}
      </Text>
      <Text>{client.phone ? formatPhone(client.phone) : 'Sans téléphone'}</Text>
      {client.email ? (
        <Text color="fg.muted" truncate>
          {client.email}
        </Text>
      ) : null}
      {client.commune ? <Text color="fg.muted">{client.commune}</Text> : null}
      <Text>
        {ordersText(client.ordersCount)} · {formatMoney(client.totalSpent, currency)}
      </Text>
      {client.balance > 0 ? (
        <Text color="fg.error">{`Ardoise\u00a0: ${formatMoney(client.balance, currency)}`}</Text>
      ) : null}
      {client.storeCredit > 0 ? (
        <Text>{`Avoir\u00a0: ${formatMoney(client.storeCredit, currency)}`}</Text>
      ) : null}
      {client.tags.length ? (
        <HStack gap="1" wrap="wrap">
          {client.tags.map((tag) => (
            <Badge key={tag} size="sm" variant="subtle">
              {tag}
            </Badge>
          ))}
        </HStack>
      ) : null}
    </Stack>
  );
}

/** The other client, found by name, phone (any form) or e-mail. */
function OtherClientSearch(props: {
  shopId: string;
  currentId: string;
  currency: string;
  onPick: (client: TClientSummary) => void;
}) {
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), 300);
  const { data, isFetching, isError } = useFindClientsToMergeQuery(
    { shopId: props.shopId, search: debounced },
    { skip: debounced.length < 2 },
  );
  const found = (data?.items ?? []).filter((c) => c.id !== props.currentId);
  return (
    <Stack gap="3">
      <Field.Root>
        <Field.Label>Le doublon à fusionner</Field.Label>
        <Input
          autoFocus
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          placeholder="Nom, téléphone ou e-mail"
          aria-label="Rechercher le doublon"
        />
        <Field.HelperText>
          {'Tapez au moins deux caractères, par exemple «\u00a077 123 45 67\u00a0».'}
        </Field.HelperText>
      </Field.Root>
      {isFetching ? <Spinner size="sm" /> : null}
      {isError ? <Text color="fg.error">{'La recherche a échoué. Réessayez.'}</Text> : null}
      {debounced.length >= 2 && !isFetching && data && found.length === 0 ? (
        <Text color="fg.muted">{'Aucun autre client ne correspond.'}</Text>
      ) : null}
      <Stack gap="2" data-testid="merge-candidates">
        {found.map((client) => (
          <Button
            key={client.id}
            variant="outline"
            justifyContent="flex-start"
            h="auto"
            py="2"
            whiteSpace="normal"
            textAlign="left"
            onClick={() => props.onPick(client)}
          >
            <Stack gap="0" minW="0">
              <Text fontWeight="semibold">{client.name}</Text>
              <Text fontSize="sm" color="fg.muted">
                {[
                  client.phone ? formatPhone(client.phone) : null,
                  client.email,
                  ordersText(client.ordersCount),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Stack>
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * « Fusionner »: from a client's page, find their duplicate, see both side by side, choose the one
 * to keep, confirm. Everything of the other (orders, ardoise, avoir, tags, notes, consents) goes to
 * the one kept, and the other is deleted. `onMerged` gets the kept client: the page should show it
 * (the client it was opened on may be the one that no longer exists).
 */
export function MergeClientsDialog(props: {
  shopId: string;
  currency: string;
  client: TClientSummary;
  isOpen: boolean;
  onClose: () => void;
  onMerged?: (answer: TMergeClientsAnswer) => void;
}) {
  const [other, setOther] = useState<TClientSummary | null>(null);
  const [keepId, setKeepId] = useState(props.client.id);
  const [error, setError] = useState<string | null>(null);
  const [merge, { isLoading }] = useMergeClientsMutation();

  function close() {
    setOther(null);
    setKeepId(props.client.id);
    setError(null);
    props.onClose();
  }

  const pair = other ? [props.client, other] : [];
  const kept = pair.find((c) => c.id === keepId);
  const merged = pair.find((c) => c.id !== keepId);

  async function confirm() {
    if (!kept || !merged) return;
    setError(null);
    try {
      const answer = await merge({ shopId: props.shopId, keepId: kept.id, mergeId: merged.id }).unwrap();
      toaster.create({
        title: 'Clients fusionnés',
        description: `${merged.name} fait désormais partie de ${kept.name}.`,
        type: 'success',
        duration: 5000,
      });
      props.onMerged?.(answer);
      close();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'La fusion a échoué. Réessayez.');
    }
  }

  return (
    <Dialog.Root
      lazyMount
      open={props.isOpen}
      onOpenChange={(e) => !e.open && close()}
      placement="center"
      size="lg"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={{ base: '95%', md: '720px' }} data-testid="merge-clients-dialog">
            <Dialog.Header>
              <Dialog.Title>Fusionner deux clients</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {!other ? (
                  <OtherClientSearch
                    shopId={props.shopId}
                    currentId={props.client.id}
                    currency={props.currency}
                    onPick={(picked) => {
                      setOther(picked);
                      setKeepId(props.client.id);
                    }}
                  />
                ) : (
                  <>
                    <Button alignSelf="flex-start" variant="ghost" size="sm" onClick={() => setOther(null)}>
                      <LuArrowLeft /> Choisir un autre doublon
                    </Button>
                    <RadioGroup.Root
                      value={keepId}
                      onValueChange={(e) => e.value && setKeepId(e.value)}
                      aria-label="Le client à garder"
                    >
                      <Text fontWeight="medium" mb="2">
                        Le client à garder
                      </Text>
                      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                        {pair.map((client) => (
                          <Box
                            key={client.id}
                            as="label"
                            borderWidth="2px"
                            borderColor={client.id === keepId ? 'colorPalette.solid' : 'border'}
                            colorPalette="brand"
                            rounded="md"
                            p="3"
                            cursor="pointer"
                            minW="0"
                            data-testid={`merge-side-${client.id}`}
                          >
                            <RadioGroup.Item value={client.id} mb="2">
                              <RadioGroup.ItemHiddenInput />
                              <RadioGroup.ItemIndicator />
                              <RadioGroup.ItemText>
                                {client.id === keepId ? 'Gardé' : 'Fusionné puis supprimé'}
                              </RadioGroup.ItemText>
                            </RadioGroup.Item>
                            <ClientFacts client={client} currency={props.currency} />
                          </Box>
                        ))}
                      </SimpleGrid>
                    </RadioGroup.Root>
                    {kept && merged ? (
                      <Alert.Root status="warning">
                        <Alert.Indicator />
                        <Alert.Description>
                          {`Les commandes, l’ardoise, l’avoir, les étiquettes, les notes et les consentements de ${merged.name} passeront à ${kept.name}${merged.phone && kept.phone ? `\u00a0; son numéro devient le deuxième téléphone s’il est libre` : ''}. ${merged.name} sera ensuite supprimé\u00a0: la fusion est définitive.`}
                        </Alert.Description>
                      </Alert.Root>
                    ) : null}
                  </>
                )}
                {error ? (
                  <Alert.Root status="error" role="alert">
                    <Alert.Indicator />
                    <Alert.Title>{error}</Alert.Title>
                  </Alert.Root>
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={close}>
                Annuler
              </Button>
              <Button
                colorPalette="brand"
                disabled={!kept || !merged}
                loading={isLoading}
                loadingText="Fusion…"
                onClick={() => void confirm()}
              >
                Fusionner
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Fermer la fenêtre" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
