import {
  Badge,
  Box,
  Button,
  Card,
  HStack,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { LuBanknote, LuHandCoins, LuListChecks, LuLock } from 'react-icons/lu';
import { ApiError } from '@/client/api/api-error';
import { ConfirmDialog } from '@/client/components/ConfirmDialog';
import { EmptyListState } from '@/client/components/EmptyListState';
import { toaster } from '@/client/shell/toaster';
import { dayjs } from '@/shared/dayjs';
import { formatMoney } from '@/shared/money';
import { frenchTypography as fr } from '@/shared/typography';
import {
  useCloseRiderDayMutation,
  useGetDeliverySettingsQuery,
  useRiderCashQuery,
  useRiderLedgerQuery,
  useUpdateDeliverySettingsMutation,
  type RiderCash,
} from '../delivery.api';
import { RemittanceDialog } from './RemittanceDialog';

function ProofCodeSetting({ shopId }: { shopId: string }) {
  const { data } = useGetDeliverySettingsQuery({ shopId });
  const [update, updating] = useUpdateDeliverySettingsMutation();
  return (
    <Switch.Root
      checked={data?.isProofCodeRequired ?? true}
      disabled={!data || updating.isLoading}
      onCheckedChange={(e) => {
        update({ shopId, isProofCodeRequired: e.checked })
          .unwrap()
          .catch(() => toaster.create({ type: 'error', title: 'Le réglage n’a pas pu être enregistré.' }));
      }}
    >
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label>
        Code de livraison : le client le reçoit par SMS, le livreur le saisit pour « Livrée »
      </Switch.Label>
    </Switch.Root>
  );
}

/** The rider's days, newest first, stacked so a phone never scrolls sideways. */
function Ledger({ shopId, riderId, currency }: { shopId: string; riderId: string; currency: string }) {
  const { data, isLoading } = useRiderLedgerQuery({ shopId, riderId });
  const money = (n: number) => formatMoney(n, currency);
  if (isLoading) return <Skeleton h="16" />;
  if (!data || data.days.length === 0)
    return (
      <Text fontSize="sm" color="fg.muted">
        Aucune livraison close ni remise pour le moment.
      </Text>
    );
  return (
    <Stack gap="0" fontSize="sm" role="list" aria-label="Relevé jour par jour">
      {data.days.map((d) => (
        <Stack key={d.day} role="listitem" gap="0" py="2" borderTopWidth="1px">
          <HStack justify="space-between" flexWrap="wrap">
            <Text fontWeight="semibold">{dayjs(d.day).format('dddd D MMMM')}</Text>
            <Text color={d.owedAtEnd > 0 ? 'fg.error' : 'fg.muted'}>Dû le soir : {money(d.owedAtEnd)}</Text>
          </HStack>
          <Text color="fg.muted">
            {fr(
              `${d.delivered} livrée${d.delivered > 1 ? 's' : ''}, ${d.failed} échec${d.failed > 1 ? 's' : ''} · espèces ${money(d.cashCollected)} · mobile money ${money(d.mobileCollected)} · remis ${money(d.remitted)}`,
            )}
          </Text>
          {d.closedOutstanding !== null ? (
            <Text color={d.closedOutstanding !== 0 ? 'fg.error' : 'fg.success'}>
              {d.closedOutstanding !== 0
                ? fr(`Journée clôturée avec un écart de ${money(d.closedOutstanding)}`)
                : 'Journée clôturée sans écart'}
            </Text>
          ) : null}
        </Stack>
      ))}
    </Stack>
  );
}

function CashCard(props: {
  shopId: string;
  currency: string;
  cash: RiderCash;
  canManage: boolean;
  onRemit: () => void;
  onClose: () => void;
}) {
  const { cash, currency } = props;
  const [showLedger, setShowLedger] = useState(false);
  const money = (n: number) => formatMoney(n, currency);
  const t = cash.today;
  return (
    <Card.Root size="sm" data-testid="rider-cash">
      <Card.Header>
        <HStack justify="space-between" align="flex-start">
          <Stack gap="0" minW="0">
            <Card.Title as="h2" truncate>
              {cash.rider.name}
            </Card.Title>
            <Text fontSize="sm" color="fg.muted">
              {cash.openDeliveries} en cours · {t.delivered} livrée{t.delivered > 1 ? 's' : ''} et {t.failed}{' '}
              échec
              {t.failed > 1 ? 's' : ''} aujourd’hui
            </Text>
          </Stack>
          {t.closedOutstanding !== null ? (
            <Badge colorPalette={t.closedOutstanding === 0 ? 'green' : 'red'}>
              {t.closedOutstanding === 0 ? 'Clôturée' : 'Écart'}
            </Badge>
          ) : null}
        </HStack>
      </Card.Header>
      <Card.Body pt="0" gap="1">
        <Text>
          Doit à la boutique :{' '}
          <Text as="strong" color={cash.owed > 0 ? 'fg.error' : undefined} data-testid="rider-owed">
            {money(cash.owed)}
          </Text>
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {fr(
            `Aujourd’hui : espèces ${money(t.cashCollected)} · remis ${money(t.remitted)} · mobile money (versé à la boutique) ${money(t.mobileCollected)}`,
          )}
        </Text>
        {t.closedOutstanding !== null && t.closedOutstanding !== 0 ? (
          <Text fontSize="sm" color="fg.error">
            {fr(`Journée clôturée avec un écart de ${money(t.closedOutstanding)}.`)}
          </Text>
        ) : null}
        {showLedger ? <Ledger shopId={props.shopId} riderId={cash.rider.id} currency={currency} /> : null}
      </Card.Body>
      <Card.Footer justifyContent="flex-end" gap="1" flexWrap="wrap">
        <Button size="sm" variant="ghost" onClick={() => setShowLedger((v) => !v)} aria-expanded={showLedger}>
          <LuListChecks /> {showLedger ? 'Masquer le relevé' : 'Relevé'}
        </Button>
        {props.canManage ? (
          <>
            <Button size="sm" variant="outline" disabled={cash.owed <= 0} onClick={props.onRemit}>
              <LuHandCoins /> Remise
            </Button>
            <Button size="sm" variant="outline" onClick={props.onClose}>
              <LuLock /> Clôturer la journée
            </Button>
          </>
        ) : null}
      </Card.Footer>
    </Card.Root>
  );
}

/**
 * « Caisse des livreurs »: what each rider owes in cash (taken at doors, less what they handed
 * over), their day, their remittances, and the close of their day; mobile money counted apart.
 */
export function RiderCashTab(props: { shopId: string; currency: string; canManage: boolean }) {
  const { data, isLoading } = useRiderCashQuery({ shopId: props.shopId });
  const [remitting, setRemitting] = useState<RiderCash | null>(null);
  const [closing, setClosing] = useState<RiderCash | null>(null);
  const [closeDay, closingDay] = useCloseRiderDayMutation();
  const items = data?.items ?? [];
  const totalOwed = items.reduce((sum, c) => sum + c.owed, 0);

  async function confirmClose() {
    if (!closing) return;
    try {
      const day = await closeDay({ shopId: props.shopId, riderId: closing.rider.id }).unwrap();
      toaster.create({
        type: day.outstanding === 0 ? 'success' : 'warning',
        title:
          day.outstanding === 0
            ? fr(`Journée de ${closing.rider.name} clôturée : tout est remis`)
            : fr(
                `Journée de ${closing.rider.name} clôturée avec un écart de ${formatMoney(day.outstanding, props.currency)}`,
              ),
        duration: 5000,
      });
      setClosing(null);
    } catch (caught) {
      toaster.create({
        type: 'error',
        title: caught instanceof ApiError ? caught.message : 'La journée n’a pas pu être clôturée.',
      });
    }
  }

  return (
    <Stack gap="4" aria-busy={isLoading}>
      {props.canManage ? <ProofCodeSetting shopId={props.shopId} /> : null}
      {isLoading ? <Skeleton h="32" /> : null}
      {!isLoading && items.length === 0 ? (
        <Box borderWidth="1px" rounded="md" bg="bg" py="4">
          <EmptyListState
            icon={<LuBanknote />}
            title="Aucun livreur"
            description="Ajoutez vos livreurs dans « Livreurs » : leurs encaissements et leurs remises s’afficheront ici."
          />
        </Box>
      ) : null}
      {items.length > 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {fr(`Chez les livreurs : ${formatMoney(totalOwed, props.currency)} en espèces à remettre.`)}
        </Text>
      ) : null}
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="3">
        {items.map((cash) => (
          <CashCard
            key={cash.rider.id}
            shopId={props.shopId}
            currency={props.currency}
            cash={cash}
            canManage={props.canManage}
            onRemit={() => setRemitting(cash)}
            onClose={() => setClosing(cash)}
          />
        ))}
      </SimpleGrid>
      {remitting ? (
        <RemittanceDialog
          shopId={props.shopId}
          currency={props.currency}
          cash={remitting}
          onClose={() => setRemitting(null)}
        />
      ) : null}
      <ConfirmDialog
        isOpen={closing !== null}
        onClose={() => setClosing(null)}
        onConfirm={() => void confirmClose()}
        title="Clôturer la journée"
        confirmLabel="Clôturer"
        isLoading={closingDay.isLoading}
      >
        {closing
          ? fr(
              closing.owed === 0
                ? `${closing.rider.name} ne doit rien : la journée sera clôturée sans écart.`
                : `${closing.rider.name} doit encore ${formatMoney(closing.owed, props.currency)} : la journée sera clôturée avec cet écart, signalé sur l’Accueil.`,
            )
          : null}
      </ConfirmDialog>
    </Stack>
  );
}
