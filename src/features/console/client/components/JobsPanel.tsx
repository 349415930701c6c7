import { Badge, Box, Button, Card, HStack, SimpleGrid, Stack, Text, VisuallyHidden } from '@/client/ui';
import { Table } from '@/client/ui/table';
import { useState } from 'react';
import { LuRefreshCw } from 'react-icons/lu';
import { ApiError } from '@/client/api/api-error';
import { ListCard, ListMessage, ResponsiveList, useListLayout } from '@/client/components/ResponsiveList';
import { toaster } from '@/client/shell/toaster';
import { formatDateTime } from '@/shared/dates';
import {
  useDismissDeadJobMutation,
  useGetJobsOverviewQuery,
  useGetQueueCheckQuery,
  useRetryDeadJobMutation,
  useStartQueueCheckMutation,
  type DeadLetter,
  type QueueCounts,
} from '../console.api';

const PROBES = 20;

function refused(title: string, error: unknown) {
  toaster.create({
    title,
    description: error instanceof ApiError ? error.message : undefined,
    type: 'error',
    duration: 4000,
  });
}

function QueueCard({ queue }: { queue: QueueCounts }) {
  return (
    <Card.Root size="sm" data-testid="job-queue">
      <Card.Body gap="1">
        <Text fontWeight="semibold">{queue.label}</Text>
        <Text fontSize="xs" color="fg.muted" fontFamily="mono">
          {queue.name}
        </Text>
        <HStack gap="2" flexWrap="wrap" pt="1">
          <Badge colorPalette="gray">{`${queue.waiting} en attente`}</Badge>
          <Badge colorPalette={queue.running > 0 ? 'blue' : 'gray'}>{`${queue.running} en cours`}</Badge>
          <Badge colorPalette={queue.failed > 0 ? 'red' : 'gray'}>{`${queue.failed} en échec`}</Badge>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** « Vérifier la file »: probes queued from this server, and where each ran. */
function QueueCheckBox() {
  const [start, starting] = useStartQueueCheckMutation();
  const [probeId, setProbeId] = useState<string | null>(null);
  const check = useGetQueueCheckQuery(probeId ?? '', {
    skip: !probeId,
    pollingInterval: 1000,
  });
  const done = check.data && check.data.runs >= PROBES;
  async function run() {
    try {
      setProbeId((await start({ count: PROBES }).unwrap()).probeId);
    } catch (error) {
      refused('Vérification impossible', error);
    }
  }
  return (
    <Stack gap="2" borderWidth="1px" rounded="lg" bg="bg" p="4" data-testid="queue-check">
      <HStack justify="space-between" gap="3" flexWrap="wrap">
        <Stack gap="0">
          <Text fontWeight="semibold">Vérifier la file</Text>
          <Text fontSize="sm" color="fg.muted">
            {`Met ${PROBES} tâches d’essai en file\u00a0: chacune doit s’exécuter une fois, sur l’un des serveurs.`}
          </Text>
        </Stack>
        <Button size="sm" variant="outline" onClick={() => void run()} loading={starting.isLoading}>
          <LuRefreshCw /> Vérifier
        </Button>
      </HStack>
      {check.data ? (
        <Stack gap="1" fontSize="sm" aria-live="polite">
          <Text
            fontWeight="medium"
            color={done ? (check.data.jobs === check.data.runs ? 'fg.success' : 'fg.error') : undefined}
          >
            {done
              ? check.data.jobs === check.data.runs
                ? `${check.data.runs} sur ${PROBES} exécutées, une fois chacune.`
                : `${check.data.runs - check.data.jobs} exécution(s) en double sur ${PROBES} tâches.`
              : `${check.data.runs} sur ${PROBES} exécutées…`}
          </Text>
          {check.data.servers.map((s) => (
            <Text key={s.server} color="fg.muted" wordBreak="break-all">
              {`${s.server}\u00a0: ${s.runs}`}
            </Text>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

interface LetterActions {
  onRetry: (letter: DeadLetter) => void;
  onDismiss: (letter: DeadLetter) => void;
  busyId: string | null;
}

function LetterButtons({
  letter,
  onRetry,
  onDismiss,
  busyId,
  size,
}: LetterActions & { letter: DeadLetter; size: 'xs' | 'sm' }) {
  return (
    <>
      <Button size={size} variant="outline" onClick={() => onRetry(letter)} disabled={busyId === letter._id}>
        Relancer
      </Button>
      <Button size={size} variant="ghost" onClick={() => onDismiss(letter)} disabled={busyId === letter._id}>
        Écarter
      </Button>
    </>
  );
}

function LetterRow({ letter, ...actions }: LetterActions & { letter: DeadLetter }) {
  const { layout } = useListLayout();
  const when = formatDateTime(letter.createdAt);
  if (layout === 'cards')
    return (
      <ListCard data-testid="dead-letter">
        <Stack gap="1">
          <HStack justify="space-between" gap="2">
            <Text fontWeight="semibold">{letter.label}</Text>
            <Text fontSize="xs" color="fg.muted">
              {when}
            </Text>
          </HStack>
          <Text fontSize="sm" color="fg.error" wordBreak="break-word">
            {letter.error}
          </Text>
          <Text fontSize="xs" color="fg.muted" fontFamily="mono" wordBreak="break-all">
            {letter.data}
          </Text>
          <Text
            fontSize="xs"
            color="fg.muted"
          >{`${letter.attempts} essai${letter.attempts > 1 ? 's' : ''}`}</Text>
          <HStack gap="2">
            <LetterButtons letter={letter} size="sm" {...actions} />
          </HStack>
        </Stack>
      </ListCard>
    );
  return (
    <Table.Row data-testid="dead-letter">
      <Table.Cell>
        <Text fontWeight="medium">{letter.label}</Text>
        <Text
          fontSize="xs"
          color="fg.muted"
          fontFamily="mono"
          wordBreak="break-all"
          whiteSpace="normal"
          maxW="md"
          lineClamp={3}
        >
          {letter.data}
        </Text>
      </Table.Cell>
      <Table.Cell color="fg.error" fontSize="sm" maxW="xs" wordBreak="break-word" whiteSpace="normal">
        {letter.error}
      </Table.Cell>
      <Table.Cell textAlign="end">{letter.attempts}</Table.Cell>
      <Table.Cell fontSize="sm" whiteSpace="nowrap">
        {when}
      </Table.Cell>
      <Table.Cell>
        <HStack justify="flex-end">
          <LetterButtons letter={letter} size="xs" {...actions} />
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}

/**
 * The console's « Tâches de fond »: each queue's jobs waiting, running and failed (refreshed every
 * 5 s), the jobs given up after their last attempt, to run again or set aside, and the queue check.
 */
export function JobsPanel() {
  const overview = useGetJobsOverviewQuery(undefined, { pollingInterval: 5000 });
  const [retry] = useRetryDeadJobMutation();
  const [dismiss] = useDismissDeadJobMutation();
  const [busyId, setBusyId] = useState<string | null>(null);

  async function act(letter: DeadLetter, what: 'retry' | 'dismiss') {
    setBusyId(letter._id);
    try {
      if (what === 'retry') await retry({ id: letter._id }).unwrap();
      else await dismiss({ id: letter._id }).unwrap();
      toaster.create({
        title: what === 'retry' ? 'Tâche relancée' : 'Tâche écartée',
        type: 'success',
        duration: 2500,
      });
    } catch (error) {
      refused(what === 'retry' ? 'Relance refusée' : 'Action refusée', error);
    } finally {
      setBusyId(null);
    }
  }
  const actions: LetterActions = {
    onRetry: (l) => void act(l, 'retry'),
    onDismiss: (l) => void act(l, 'dismiss'),
    busyId,
  };
  const letters = overview.data?.deadLetters;
  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
        {(overview.data?.queues ?? []).map((q) => (
          <QueueCard key={q.name} queue={q} />
        ))}
      </SimpleGrid>
      {overview.data ? (
        <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
          {`Serveur qui répond\u00a0: ${overview.data.server}`}
        </Text>
      ) : null}
      <QueueCheckBox />
      <Box>
        <Text fontWeight="semibold" mb="2">
          {letters && letters.total > letters.items.length
            ? `Tâches abandonnées (${letters.items.length} plus récentes sur ${letters.total})`
            : 'Tâches abandonnées'}
        </Text>
        <ResponsiveList
          testId="dead-letters"
          columns={5}
          bg="bg"
          header={
            <>
              <Table.ColumnHeader>Tâche</Table.ColumnHeader>
              <Table.ColumnHeader>Dernière erreur</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Essais</Table.ColumnHeader>
              <Table.ColumnHeader>Abandonnée le</Table.ColumnHeader>
              <Table.ColumnHeader>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.ColumnHeader>
            </>
          }
        >
          {!letters ? (
            <ListMessage>Chargement…</ListMessage>
          ) : letters.items.length === 0 ? (
            <ListMessage>
              Aucune tâche abandonnée : chaque tâche a abouti ou est encore en cours d’essais.
            </ListMessage>
          ) : (
            letters.items.map((letter) => <LetterRow key={letter._id} letter={letter} {...actions} />)
          )}
        </ResponsiveList>
      </Box>
    </Stack>
  );
}
