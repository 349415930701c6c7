import {
  Alert,
  Box,
  Button,
  Field,
  Heading,
  HStack,
  Input,
  SegmentGroup,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuPrinter } from 'react-icons/lu';
import { parseMoneyInput } from '@/shared/money';
import { MAX_AMOUNT, amountLimitMessage } from '@/shared/bounds';
import { frenchTypography as fr } from '@/shared/typography';
import { countsByDenomination } from '../pos-constants';
import { useGetZReportQuery, useListSessionsQuery } from '../pos.api';
import { closeSession, moveCash } from '../offline/session-ops';
import type { LocalSession } from '../offline/types';
import { CashCount, countedTotal, type DenominationCounts } from '../components/CashCount';
import { MoneyInput } from '../components/MoneyInput';
import { printWithChakra } from '../components/print-with-chakra';
import { SessionGate } from '../components/SessionGate';
import { usePaperWidth } from '../components/use-paper-width';
import { ZReportView } from '../components/ZReportView';
import { formatDateTime } from '@/shared/dates';
import { useTill } from '../till/TillProvider';
import { useSessionCash } from '../till/use-session-cash';

function Figure({
  label,
  value,
  testId,
  note,
}: {
  label: string;
  value: string;
  testId?: string;
  /** A line under the figure (« dont cette tablette : … »). */
  note?: string;
}) {
  return (
    <Stack gap="0" bg="bg.muted" rounded="md" p="3">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="semibold" fontSize="lg" data-testid={testId}>
        {value}
      </Text>
      {note ? (
        <Text fontSize="xs" color="fg.muted" data-testid={testId ? `${testId}-note` : undefined}>
          {note}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * « Espèces attendues » of the session, the same figure on the session's summary and at closing:
 * the server's (every tablet) with what this tablet has not sent yet, and this tablet's share.
 */
function ExpectedCash({ session, testId }: { session: LocalSession; testId?: string }) {
  const { money } = useTill();
  const cash = useSessionCash(session);
  const signed = (n: number) => `${n < 0 ? '−' : ''}${money(Math.abs(n))}`;
  return (
    <Figure
      label={cash.isSessionFigure ? 'Espèces attendues (session)' : 'Espèces attendues (cette tablette)'}
      value={money(cash.expected)}
      testId={testId}
      note={
        cash.isSessionFigure
          ? fr(`dont cette tablette : ${signed(cash.thisTablet)}`)
          : fr('Hors ligne : sans les ventes des autres tablettes.')
      }
    />
  );
}

function CashMovement({ session }: { session: LocalSession }) {
  const till = useTill();
  const [kind, setKind] = useState<'in' | 'out'>('in');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  async function submit() {
    setError(null);
    const value = parseMoneyInput(amount, till.context.shop.currency);
    if (!value) return setError('Indiquez un montant supérieur à 0.');
    if (value > MAX_AMOUNT) return setError(amountLimitMessage(till.context.shop.currency));
    if (!reason.trim()) return setError('Indiquez le motif.');
    const updated = await moveCash(till.actor!, session, kind, value, reason.trim());
    till.sessionChanged(updated);
    till.opWritten();
    setAmount('');
    setReason('');
  }
  return (
    <Stack gap="3" bg="bg" p="4" rounded="lg" borderWidth="1px">
      <Heading as="h2" size="md">
        Entrée ou sortie d’espèces
      </Heading>
      <SegmentGroup.Root value={kind} onValueChange={(e) => e.value && setKind(e.value as 'in' | 'out')}>
        <SegmentGroup.Indicator />
        <SegmentGroup.Items
          items={[
            { value: 'in', label: 'Entrée' },
            { value: 'out', label: 'Sortie' },
          ]}
        />
      </SegmentGroup.Root>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <MoneyInput
          label="Montant du mouvement"
          value={amount}
          onChange={setAmount}
          currency={till.context.shop.currency}
        />
        <Input
          size="lg"
          placeholder="Motif (achat de sachets, dépôt banque…)"
          aria-label="Motif"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={200}
        />
      </SimpleGrid>
      {error ? <Text color="fg.error">{error}</Text> : null}
      <Button alignSelf="flex-start" onClick={() => void submit()}>
        Enregistrer le mouvement
      </Button>
    </Stack>
  );
}

function ZReportPanel({ sessionId, pendingNote }: { sessionId: string; pendingNote: boolean }) {
  const { shopId, context, syncState } = useTill();
  const [width] = usePaperWidth();
  const { data, error, refetch } = useGetZReportQuery({ shopId, sessionId }, { skip: pendingNote });
  useEffect(() => {
    if (!pendingNote) void refetch();
  }, [pendingNote, syncState.lastSyncedAt, refetch]);
  if (pendingNote)
    return (
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Title>Le rapport s’affichera une fois les opérations de la session synchronisées.</Alert.Title>
      </Alert.Root>
    );
  if (error || !data)
    return (
      <Text color="fg.muted" fontSize="sm">
        {error ? 'Rapport indisponible pour le moment (réseau ou serveur).' : 'Chargement du rapport…'}
      </Text>
    );
  return (
    <Stack gap="3">
      <Box maxW="90mm" borderWidth="1px" shadow="sm">
        <ZReportView report={data} context={context} />
      </Box>
      <Button
        alignSelf="flex-start"
        onClick={() => void printWithChakra(<ZReportView report={data} context={context} />, width)}
        data-testid="print-z-report"
      >
        <LuPrinter /> Imprimer le rapport
      </Button>
    </Stack>
  );
}

function CloseSession({ session, onClosed }: { session: LocalSession; onClosed: (s: LocalSession) => void }) {
  const till = useTill();
  const { money, context } = till;
  const byDenomination = countsByDenomination(context.shop.currency);
  const [counts, setCounts] = useState<DenominationCounts>({});
  const [totalText, setTotalText] = useState('');
  const [note, setNote] = useState('');
  const [isSaving, setSaving] = useState(false);
  const { expected } = useSessionCash(session);
  const counted = byDenomination
    ? countedTotal(counts)
    : (parseMoneyInput(totalText || '0', context.shop.currency) ?? 0);
  const variance = counted - expected;
  const countError = counted > MAX_AMOUNT ? amountLimitMessage(context.shop.currency) : null;
  async function close() {
    if (countError) return;
    setSaving(true);
    const denominations = byDenomination
      ? Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0))
      : {};
    const closed = await closeSession(till.actor!, session, {
      denominations,
      countedCash: counted,
      note: note.trim(),
    });
    till.sessionChanged(closed);
    till.opWritten();
    setSaving(false);
    onClosed(closed);
  }
  return (
    <Stack gap="4" bg="bg" p="4" rounded="lg" borderWidth="1px">
      <Heading as="h2" size="md">
        Clôturer la session
      </Heading>
      {byDenomination ? (
        <CashCount counts={counts} onChange={setCounts} money={money} />
      ) : (
        <Field.Root invalid={!!countError}>
          <Field.Label>Espèces comptées</Field.Label>
          <MoneyInput
            label="Espèces comptées"
            value={totalText}
            onChange={setTotalText}
            currency={context.shop.currency}
            invalid={!!countError}
          />
          {countError ? <Field.ErrorText>{countError}</Field.ErrorText> : null}
        </Field.Root>
      )}
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="2">
        <ExpectedCash session={session} testId="expected-cash" />
        <Figure label="Espèces comptées" value={money(counted)} testId="counted-cash" />
        <Figure
          label="Écart"
          value={`${variance > 0 ? '+' : variance < 0 ? '−' : ''}${money(Math.abs(variance))}`}
          testId="variance"
        />
      </SimpleGrid>
      <Textarea
        placeholder="Note de clôture (facultative)"
        aria-label="Note de clôture"
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        maxLength={500}
      />
      <Button
        colorPalette="red"
        size="lg"
        alignSelf="flex-start"
        onClick={() => void close()}
        disabled={!!countError}
        loading={isSaving}
        loadingText="Clôture…"
        data-testid="close-session"
      >
        Clôturer et éditer le rapport Z
      </Button>
    </Stack>
  );
}

function PastSessions() {
  const { shopId, till, context, syncState } = useTill();
  const [shown, setShown] = useState<string | null>(null);
  const { data } = useListSessionsQuery({ shopId, tillId: till?.id }, { skip: !till || !syncState.isOnline });
  if (!data?.items.length) return null;
  return (
    <Stack gap="2" bg="bg" p="4" rounded="lg" borderWidth="1px">
      <Heading as="h2" size="md">
        Sessions précédentes
      </Heading>
      {data.items.map((s) => (
        <Stack key={s.id} gap="2" borderBottomWidth="1px" py="2">
          <HStack justify="space-between" wrap="wrap">
            <Text fontSize="sm">
              {formatDateTime(s.openedAt, context.shop.timeZone)}
              {s.closedAt ? ` → ${formatDateTime(s.closedAt, context.shop.timeZone)}` : ' (ouverte)'}
            </Text>
            <Button size="xs" variant="outline" onClick={() => setShown(shown === s.id ? null : s.id)}>
              {shown === s.id ? 'Masquer' : s.status === 'closed' ? 'Rapport Z' : 'Rapport X'}
            </Button>
          </HStack>
          {shown === s.id ? <ZReportPanel sessionId={s.id} pendingNote={false} /> : null}
        </Stack>
      ))}
    </Stack>
  );
}

/** The cash session: what the drawer should hold, cash in and out, closing with the count and the Z report. */
export function SessionScreen() {
  const till = useTill();
  const { session, money, context, syncState } = till;
  const [closed, setClosed] = useState<LocalSession | null>(null);
  if (!till.till) return <SessionGate />;
  const tz = context.shop.timeZone;
  return (
    <Box maxW="4xl" mx="auto" w="full" px="4" py="6">
      <Stack gap="5">
        <Heading as="h1" size="xl">
          {fr(`Session de caisse : ${till.till.name}`)}
        </Heading>
        {closed ? (
          <Stack gap="3" bg="bg" p="4" rounded="lg" borderWidth="1px">
            <Alert.Root status="success">
              <Alert.Indicator />
              <Alert.Title>
                {fr(
                  `Session clôturée le ${formatDateTime(closed.closedAt!, tz)} : ${money(closed.countedCash ?? 0)} comptés.`,
                )}
              </Alert.Title>
            </Alert.Root>
            <Heading as="h2" size="md">
              Rapport Z
            </Heading>
            <ZReportPanel sessionId={closed.id} pendingNote={syncState.pending > 0 || !syncState.isOnline} />
          </Stack>
        ) : null}
        {session ? (
          <>
            <SimpleGrid columns={{ base: 2, md: 4 }} gap="2">
              <Figure label="Ouverte le" value={formatDateTime(session.openedAt, tz)} />
              <Figure label="Fond de caisse" value={money(session.openingFloat)} />
              <Figure
                label="Ventes (cette tablette)"
                value={String(session.salesCount)}
                testId="session-sales"
              />
              <ExpectedCash session={session} testId="session-expected-cash" />
            </SimpleGrid>
            <CashMovement session={session} />
            <CloseSession session={session} onClosed={setClosed} />
            {syncState.isOnline && syncState.pending === 0 ? (
              <Stack gap="2" bg="bg" p="4" rounded="lg" borderWidth="1px">
                <Heading as="h2" size="md">
                  Rapport X (session en cours)
                </Heading>
                <ZReportPanel sessionId={session.id} pendingNote={false} />
              </Stack>
            ) : null}
          </>
        ) : !closed ? (
          <Text color="fg.muted">
            {fr('Aucune session ouverte sur cette caisse : ouvrez-en une depuis « Vendre ».')}
          </Text>
        ) : null}
        <PastSessions />
      </Stack>
    </Box>
  );
}
