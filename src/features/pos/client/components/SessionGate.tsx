import {
  Alert,
  Badge,
  Box,
  Button,
  Field,
  Flex,
  Heading,
  Input,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from '@/client/ui';
import { memo, Suspense, useState, type FormEvent } from 'react';
import { LuStore } from 'react-icons/lu';
import { ApiError } from '@/client/api/api-error';
import { parseMoneyInput } from '@/shared/money';
import { MAX_AMOUNT, amountLimitMessage } from '@/shared/bounds';
import { frenchTypography as fr } from '@/shared/typography';
import { useCreateTillMutation } from '../pos.api';
import { openSession } from '../offline/till-ops';
import { useTill } from '../till/TillProvider';
import { MoneyInput } from './MoneyInput';
import { LazyTillsManager } from '../till/lazy';

function CreateTill() {
  const { shopId, reloadTills } = useTill();
  const [name, setName] = useState('Caisse 1');
  const [error, setError] = useState<string | null>(null);
  const [createTill, { isLoading }] = useCreateTillMutation();
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const result = await createTill({ shopId, name: name.trim() });
    if ('error' in result) {
      setError(result.error instanceof ApiError ? result.error.message : 'La caisse n’a pas pu être créée.');
      return;
    }
    await reloadTills().catch(() => undefined);
  }
  return (
    <Stack as="form" onSubmit={submit} gap="3" aria-label="Créer une caisse">
      <Field.Root invalid={!!error}>
        <Field.Label>Nom de la caisse</Field.Label>
        <Input value={name} onChange={(e) => setName(e.currentTarget.value)} size="lg" />
        {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
      </Field.Root>
      <Button type="submit" colorPalette="brand" size="lg" loading={isLoading} loadingText="Création…">
        Créer la caisse
      </Button>
    </Stack>
  );
}

/** Said while the till waits for the server's word, rather than a form it may not need. */
function Waiting({ children }: { children: string }) {
  return (
    <Text color="fg.muted" role="status">
      {children}
    </Text>
  );
}

function ChooseTill() {
  const { tills, chooseTill, canApprove, syncState, areTillsFresh } = useTill();
  const [isManaging, setManaging] = useState(false);
  const active = tills.filter((t) => t.isActive);
  // A tablet that never kept the shop's tills learns them from the server first: « no till yet »
  // (and a form to create one) would be wrong for the second it takes.
  if (active.length === 0 && !areTillsFresh && syncState.isOnline && !syncState.referenceError)
    return <Waiting>Chargement des caisses…</Waiting>;
  if (active.length === 0)
    return (
      <Stack gap="4">
        {syncState.referenceError ? (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Title>
              {fr(`Les caisses n’ont pas pu être chargées : ${syncState.referenceError}`)}
            </Alert.Title>
          </Alert.Root>
        ) : null}
        <Text color="fg.muted">
          {syncState.isOnline
            ? 'Aucune caisse n’est encore créée pour cette boutique.'
            : fr(
                'Aucune caisse connue sur cette tablette : connectez-la au réseau une fois pour charger les caisses.',
              )}
        </Text>
        {canApprove && syncState.isOnline ? (
          <CreateTill />
        ) : syncState.isOnline ? (
          <Text>Demandez à un administrateur ou à un superviseur d’en créer une.</Text>
        ) : null}
      </Stack>
    );
  return (
    <Stack gap="4">
      <Text color="fg.muted">Choisissez la caisse de cette tablette.</Text>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        {active.map((till) => (
          <Button
            key={till.id}
            variant="outline"
            size="xl"
            h="auto"
            py="4"
            flexDirection="column"
            alignItems="flex-start"
            onClick={() => chooseTill(till.id)}
          >
            <Text fontWeight="semibold" fontSize="lg">
              <LuStore style={{ display: 'inline', marginRight: 8 }} />
              {till.name}
            </Text>
            {till.openSession ? (
              <Badge colorPalette="green">
                Session ouverte{till.openSession.openedBy ? ` par ${till.openSession.openedBy.name}` : ''}
              </Badge>
            ) : (
              <Badge>Fermée</Badge>
            )}
          </Button>
        ))}
      </SimpleGrid>
      {canApprove && syncState.isOnline ? (
        isManaging ? (
          <Suspense fallback={null}>
            <LazyTillsManager />
          </Suspense>
        ) : (
          <Button variant="ghost" size="sm" alignSelf="flex-start" onClick={() => setManaging(true)}>
            Gérer les caisses
          </Button>
        )
      ) : null}
    </Stack>
  );
}

function OpenSession() {
  const { till, actor, context, chooseTill, sessionChanged, opWritten, sessionTillId } = useTill();
  const [float, setFloat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  if (!till || !actor) return null;
  // Another tablet may have opened this till's session: it is adopted, not opened a second time.
  if (sessionTillId !== till.id) return <Waiting>Chargement de la session…</Waiting>;
  async function submit(event: FormEvent) {
    event.preventDefault();
    const amount = parseMoneyInput(float || '0', context.shop.currency);
    if (amount === null) return setError('Indiquez le fond de caisse compté, en chiffres.');
    if (amount > MAX_AMOUNT) return setError(amountLimitMessage(context.shop.currency));
    setSaving(true);
    try {
      const session = await openSession(actor!, amount);
      sessionChanged(session);
      opWritten();
    } catch {
      setError('La session n’a pas pu être ouverte sur cette tablette. Réessayez.');
    } finally {
      setSaving(false);
    }
  }
  return (
    <Stack as="form" onSubmit={submit} gap="4" aria-label="Ouvrir la session">
      <Text color="fg.muted">
        {fr(`Comptez l’argent du tiroir avant la première vente : c’est le fond de caisse.`)}
      </Text>
      <Field.Root invalid={!!error}>
        <Field.Label htmlFor="opening-float">Fond de caisse compté</Field.Label>
        <MoneyInput
          id="opening-float"
          label="Fond de caisse compté"
          value={float}
          onChange={setFloat}
          currency={context.shop.currency}
          autoFocus
        />
        {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
      </Field.Root>
      <Button type="submit" colorPalette="brand" size="xl" loading={isSaving} loadingText="Ouverture…">
        Ouvrir la session
      </Button>
      <Button variant="ghost" onClick={() => chooseTill(null)}>
        Changer de caisse
      </Button>
    </Stack>
  );
}

/** No selling without an open session on the chosen till: choose it, then count the float. */
export const SessionGate = memo(function SessionGate() {
  const { till, isCatalogueLoaded, hasLocalChoice } = useTill();
  // The tablet's own choice of till is being read: neither « choose » nor « open » yet.
  if (!till && hasLocalChoice && !isCatalogueLoaded)
    return (
      <Flex flex="1" align="center" justify="center" direction="column" gap="3">
        <Spinner size="lg" />
        <Text color="fg.muted" role="status">
          Préparation de la caisse…
        </Text>
      </Flex>
    );
  return (
    <Box maxW="lg" mx="auto" w="full" px="4" py={{ base: '6', md: '12' }}>
      <Stack gap="6" bg="bg" p={{ base: '5', md: '8' }} rounded="xl" borderWidth="1px">
        <Heading as="h1" size="xl">
          {till ? fr(`Ouvrir « ${till.name} »`) : 'Choisir la caisse'}
        </Heading>
        {till && !till.isActive ? (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Title>Cette caisse est désactivée.</Alert.Title>
          </Alert.Root>
        ) : null}
        {/* The tablet's catalogue is read before a session is offered, as before a sale; a tablet
            with no till yet is offered the choice at once (drawn by the server with its page). */}
        {!isCatalogueLoaded && till ? (
          <Waiting>Chargement du catalogue…</Waiting>
        ) : till ? (
          <OpenSession />
        ) : (
          <ChooseTill />
        )}
      </Stack>
    </Box>
  );
});
