import { Alert, Badge, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuRefreshCw } from 'react-icons/lu';
import { frenchTypography as fr } from '@/shared/typography';
import { dismissRejected, listOutbox } from '../offline/outbox';
import type { OutboxEntry } from '../offline/types';
import { formatDateTime } from '@/shared/dates';
import { useTill } from '../till/TillProvider';

function EntryRow({
  entry,
  timeZone,
  onDismiss,
}: {
  entry: OutboxEntry;
  timeZone: string;
  onDismiss?: () => void;
}) {
  return (
    <Stack
      gap="1"
      borderBottomWidth="1px"
      py="2"
      data-testid={entry.status === 'rejected' ? 'rejected-op' : 'pending-op'}
    >
      <HStack justify="space-between" align="flex-start" gap="3">
        <Stack gap="0" minW="0">
          <Text fontWeight="medium">{entry.summary}</Text>
          <Text fontSize="xs" color="fg.muted">
            {formatDateTime(entry.op.at, timeZone)}
          </Text>
        </Stack>
        {entry.status === 'rejected' ? (
          <Badge colorPalette="red">Refusé</Badge>
        ) : (
          <Badge colorPalette="orange">En attente</Badge>
        )}
      </HStack>
      {entry.error ? (
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Title>{entry.error}</Alert.Title>
        </Alert.Root>
      ) : null}
      {onDismiss ? (
        <Button size="xs" variant="ghost" alignSelf="flex-start" onClick={onDismiss}>
          Retirer de la liste
        </Button>
      ) : null}
    </Stack>
  );
}

/**
 * « Non synchronisés / refusés »: what the server has not received yet, and what it refused for
 * good (never sent again: a person has to deal with it, e.g. redo the sale differently).
 */
export function OutboxScreen() {
  const { shopId, syncState, sync, context } = useTill();
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    void listOutbox(shopId).then(setEntries);
  }, [shopId, syncState.pending, syncState.rejected, version]);
  const pending = entries.filter((e) => e.status === 'pending');
  const rejected = entries.filter((e) => e.status === 'rejected');
  const tz = context.shop.timeZone;
  return (
    <Box maxW="3xl" mx="auto" w="full" px="4" py="6">
      <Stack gap="6">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Stack gap="0">
            <Heading as="h1" size="xl">
              Non synchronisés / refusés
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {syncState.isOnline
                ? 'Connecté au serveur.'
                : 'Hors ligne : les opérations partiront au retour du réseau.'}
              {syncState.lastSyncedAt
                ? fr(` Dernière synchronisation : ${formatDateTime(syncState.lastSyncedAt, tz)}.`)
                : ''}
            </Text>
          </Stack>
          <Button
            onClick={() => sync.kick({ refresh: true })}
            loading={syncState.isSyncing}
            loadingText="Synchronisation…"
          >
            <LuRefreshCw /> Synchroniser maintenant
          </Button>
        </HStack>
        {syncState.lastError && pending.length ? (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Title>{syncState.lastError}</Alert.Title>
          </Alert.Root>
        ) : null}
        <Stack gap="1" bg="bg" p="4" rounded="lg" borderWidth="1px">
          <Heading as="h2" size="md">
            {fr(`En attente d’envoi (${pending.length})`)}
          </Heading>
          {pending.length === 0 ? <Text color="fg.muted">Tout est synchronisé.</Text> : null}
          {pending.map((e) => (
            <EntryRow key={e.seq} entry={e} timeZone={tz} />
          ))}
        </Stack>
        <Stack gap="1" bg="bg" p="4" rounded="lg" borderWidth="1px">
          <Heading as="h2" size="md">
            Refusés par le serveur ({rejected.length})
          </Heading>
          {rejected.length === 0 ? <Text color="fg.muted">Aucun refus.</Text> : null}
          {rejected.map((e) => (
            <EntryRow
              key={e.seq}
              entry={e}
              timeZone={tz}
              onDismiss={() =>
                void dismissRejected(e.seq!)
                  .then(() => sync.count())
                  .then(() => setVersion((v) => v + 1))
              }
            />
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}
