import { Button, Card, HStack, Link, Stack, Text } from '@/client/ui';
import { PageLink } from '@/client/components/PageLink';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '@/client/components/FormDialog';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { TextField, useServerErrors } from '@/client/components/form';
import { dayjs } from '@/shared/dayjs';
import { formatMoney } from '@/shared/money';
import { withShopId } from '@/shared/navigation';
import { frenchTypography as fr } from '@/shared/typography';
import { LOYALTY_ENTRY_LABELS, pointsText } from '../../loyalty.constants';
import type { TLoyaltyEntry } from '../../loyalty.schemas';
import { useAdjustPointsMutation, useGetClientLoyaltyQuery } from '../loyalty.api';
import { formatCount } from '@/shared/numbers';

/** « Corriger les points »: a number of points to add (or, negative, to take off) and why. */
function AdjustDialog(props: { shopId: string; clientId: string; isOpen: boolean; onClose: () => void }) {
  const [points, setPoints] = useState('');
  const [note, setNote] = useState('');
  const [adjust, { isLoading }] = useAdjustPointsMutation();
  const { fieldErrors, setFieldErrors, formError, run } = useServerErrors<'points' | 'note'>();
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const value = Number(points.replace(/\s/g, '').replace('−', '-'));
    if (!points.trim() || !Number.isInteger(value) || value === 0)
      return setFieldErrors({ points: 'Indiquez un nombre entier de points, négatif pour en retirer.' });
    const ok = await run(() =>
      adjust({ shopId: props.shopId, clientId: props.clientId, points: value, note: note.trim() }).unwrap(),
    );
    if (ok) {
      setPoints('');
      setNote('');
      props.onClose();
    }
  }
  return (
    <FormDialog
      isOpen={props.isOpen}
      onClose={props.onClose}
      onSubmit={onSubmit}
      title="Corriger les points"
      formLabel="Corriger les points"
      submitLabel="Enregistrer"
      loadingText="Enregistrement…"
      isLoading={isLoading}
    >
      <Stack gap="4">
        <FormErrorAlert message={Object.keys(fieldErrors).length ? null : formError} />
        <TextField
          label="Points à ajouter (négatif pour en retirer)"
          name="points"
          inputMode="text"
          required
          value={points}
          onChange={setPoints}
          error={fieldErrors.points}
          placeholder="50 ou -50"
        />
        <TextField
          label="Raison"
          name="note"
          required
          value={note}
          onChange={setNote}
          error={fieldErrors.note}
          placeholder="Geste commercial, reprise d’une carte papier…"
        />
      </Stack>
    </FormDialog>
  );
}

function EntryRow({ entry, shopId, timeZone }: { entry: TLoyaltyEntry; shopId: string; timeZone: string }) {
  const label =
    entry.kind === 'earn' && entry.points < 0
      ? 'Points repris (remboursement ou annulation)'
      : LOYALTY_ENTRY_LABELS[entry.kind];
  return (
    <HStack
      justify="space-between"
      align="flex-start"
      gap="3"
      py="1.5"
      borderBottomWidth="1px"
      data-testid="loyalty-entry"
    >
      <Stack gap="0" minW="0">
        <Text fontSize="sm">
          {label}
          {entry.orderId && entry.orderNumber !== null ? (
            <>
              {' · '}
              <Link asChild color="brand.fg">
                <PageLink href={withShopId(`/mes-commandes/${entry.orderId}`, shopId)}>
                  Commande #{entry.orderNumber}
                </PageLink>
              </Link>
            </>
          ) : null}
        </Text>
        <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere">
          {dayjs(entry.createdAt).tz(timeZone).format('DD-MM-YYYY')}
          {entry.note ? ` · ${entry.note}` : ''}
          {entry.by ? ` · ${entry.by}` : ''}
          {entry.missing > 0 ? fr(` · ${pointsText(entry.missing)} au-delà du solde (hors ligne)`) : ''}
        </Text>
      </Stack>
      <Text
        fontSize="sm"
        fontWeight="semibold"
        color={entry.points < 0 ? 'fg.muted' : 'green.fg'}
        whiteSpace="nowrap"
      >
        {entry.points > 0 ? '+' : '−'}
        {formatCount(Math.abs(entry.points))}
      </Text>
    </HStack>
  );
}

/** The client's loyalty points on their page: balance, worth, latest moves, and a manual correction. */
export function ClientLoyaltyCard(props: {
  shopId: string;
  clientId: string;
  currency: string;
  timeZone: string;
}) {
  const { data } = useGetClientLoyaltyQuery({ shopId: props.shopId, clientId: props.clientId });
  const [isAdjusting, setAdjusting] = useState(false);
  const [showAll, setShowAll] = useState(false);
  if (!data || (!data.program && data.points === 0 && !data.entries.length)) return null;
  const entries = showAll ? data.entries : data.entries.slice(0, 5);
  return (
    <Card.Root size="sm" data-testid="client-loyalty">
      <Card.Header>
        <HStack justify="space-between" gap="2" flexWrap="wrap">
          <Card.Title as="h2">Fidélité</Card.Title>
          {data.program ? (
            <Button size="xs" variant="outline" onClick={() => setAdjusting(true)}>
              Corriger les points
            </Button>
          ) : null}
        </HStack>
      </Card.Header>
      <Card.Body gap="3">
        <HStack justify="space-between" align="baseline">
          <Text fontSize="lg" fontWeight="bold" data-testid="client-points">
            {pointsText(data.points)}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {fr(`Valeur : ${formatMoney(Math.max(0, data.value), props.currency)}`)}
          </Text>
        </HStack>
        {data.program && data.points < data.program.minRedeem ? (
          <Text fontSize="xs" color="fg.muted">
            {`Utilisables à partir de ${pointsText(data.program.minRedeem)}.`}
          </Text>
        ) : null}
        {!data.program ? (
          <Text fontSize="xs" color="fg.muted">
            Le programme de fidélité est désactivé : ces points ne s’utilisent pas pour l’instant.
          </Text>
        ) : null}
        {entries.length ? (
          <Stack gap="0">
            {entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} shopId={props.shopId} timeZone={props.timeZone} />
            ))}
          </Stack>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            Aucun point pour l’instant.
          </Text>
        )}
        {data.entries.length > 5 ? (
          <Button size="xs" variant="ghost" alignSelf="flex-start" onClick={() => setShowAll((v) => !v)}>
            {showAll ? 'Voir moins' : `Voir les ${data.entries.length} derniers mouvements`}
          </Button>
        ) : null}
      </Card.Body>
      <AdjustDialog
        shopId={props.shopId}
        clientId={props.clientId}
        isOpen={isAdjusting}
        onClose={() => setAdjusting(false)}
      />
    </Card.Root>
  );
}
