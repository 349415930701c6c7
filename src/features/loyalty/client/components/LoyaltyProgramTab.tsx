import { Badge, Card, HStack, SimpleGrid, Skeleton, Stack, Switch, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { SelectField, SubmitButton, TextField, useServerErrors } from '@/client/components/form';
import { toaster } from '@/client/shell/toaster';
import { formatMoney } from '@/shared/money';
import { frenchTypography as fr } from '@/shared/typography';
import { pointsEarned, pointsText, pointsWorth } from '../../loyalty.constants';
import type { TLoyaltyProgram } from '../../loyalty.schemas';
import {
  useGetLoyaltyProgramQuery,
  useGetLoyaltySummaryQuery,
  useSaveLoyaltyProgramMutation,
} from '../loyalty.api';
import { formatCount } from '@/shared/numbers';

type Fields = 'pointsPerThousand' | 'pointValue' | 'minRedeem' | 'expiryMonths';

const EXPIRY_OPTIONS = [
  { value: '', label: 'Jamais' },
  ...[3, 6, 12, 18, 24, 36].map((n) => ({ value: String(n), label: `Après ${n} mois` })),
];

/** A whole number typed in a field, or null when it is not one (the field says so). */
function wholeNumber(text: string): number | null {
  const value = Number(text.replace(/\s/g, ''));
  return text.trim() && Number.isInteger(value) ? value : null;
}

function Figure(props: { label: string; value: string; hint?: string; testId?: string }) {
  return (
    <Card.Root size="sm">
      <Card.Body gap="0.5">
        <Text color="fg.muted" fontSize="sm">
          {props.label}
        </Text>
        <Text fontSize={{ base: 'md', md: 'lg' }} fontWeight="bold" data-testid={props.testId}>
          {props.value}
        </Text>
        {props.hint ? (
          <Text fontSize="xs" color="fg.muted">
            {props.hint}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

function Summary({ shopId, currency }: { shopId: string; currency: string }) {
  const summary = useGetLoyaltySummaryQuery(shopId).data;
  if (!summary) return <Skeleton h="20" aria-busy="true" />;
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" data-testid="loyalty-summary">
      <Figure label="Clients avec des points" value={formatCount(summary.members)} />
      <Figure
        label="Points en circulation"
        value={formatCount(summary.outstandingPoints)}
        hint={fr(`Valeur : ${formatMoney(summary.outstandingValue, currency)}`)}
        testId="loyalty-outstanding"
      />
      <Figure
        label="Gagnés / utilisés (30 jours)"
        value={`${formatCount(summary.earned30d)} / ${formatCount(summary.redeemed30d)}`}
        hint={summary.expired30d ? `${pointsText(summary.expired30d)} expirés` : undefined}
      />
      <Figure
        label="Conflits à régler"
        value={formatCount(summary.openConflicts)}
        hint={summary.openConflicts ? 'À la caisse, onglet « Conflits »' : undefined}
      />
    </SimpleGrid>
  );
}

function ProgramForm(props: {
  shopId: string;
  currency: string;
  program: TLoyaltyProgram;
  canManage: boolean;
}) {
  const { program, currency } = props;
  const money = (n: number) => formatMoney(n, currency);
  const [isEnabled, setEnabled] = useState(program.isEnabled);
  const [perThousand, setPerThousand] = useState(String(program.pointsPerThousand));
  const [pointValue, setPointValue] = useState(String(program.pointValue));
  const [minRedeem, setMinRedeem] = useState(String(program.minRedeem));
  const [expiry, setExpiry] = useState(program.expiryMonths === null ? '' : String(program.expiryMonths));
  const [save, { isLoading }] = useSaveLoyaltyProgramMutation();
  const { fieldErrors, setFieldErrors, formError, run } = useServerErrors<Fields>();

  const rate = wholeNumber(perThousand);
  const value = wholeNumber(pointValue);
  const example =
    rate && value && rate > 0 && value > 0
      ? (() => {
          const earned = pointsEarned(10_000, rate);
          const worth = pointsWorth(earned, value);
          const percent = Math.round((worth / 10_000) * 1000) / 10;
          return `Un client qui dépense ${money(10_000)} gagne ${pointsText(earned)}, soit ${money(worth)} à utiliser sur un prochain achat (${formatCount(percent)} % de retour).`;
        })()
      : null;
  const expiryOptions = EXPIRY_OPTIONS.some((o) => o.value === expiry)
    ? EXPIRY_OPTIONS
    : [...EXPIRY_OPTIONS, { value: expiry, label: `Après ${expiry} mois` }];

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const typed = { pointsPerThousand: rate, pointValue: value, minRedeem: wholeNumber(minRedeem) };
    const missing: Partial<Record<Fields, string>> = {};
    if (typed.pointsPerThousand === null)
      missing.pointsPerThousand = 'Indiquez les points gagnés pour 1\u202f000 FCFA en nombre entier.';
    if (typed.pointValue === null) missing.pointValue = 'Indiquez la valeur d’un point en nombre entier.';
    if (typed.minRedeem === null) missing.minRedeem = 'Indiquez le minimum de points en nombre entier.';
    if (Object.keys(missing).length) return setFieldErrors(missing);
    const ok = await run(() =>
      save({
        shopId: props.shopId,
        isEnabled,
        pointsPerThousand: typed.pointsPerThousand!,
        pointValue: typed.pointValue!,
        minRedeem: typed.minRedeem!,
        expiryMonths: expiry ? Number(expiry) : null,
      }).unwrap(),
    );
    if (ok)
      toaster.create({
        type: 'success',
        duration: 3000,
        title: isEnabled ? 'Programme de fidélité activé' : 'Programme de fidélité enregistré, désactivé',
      });
  }

  return (
    <Stack
      as="form"
      onSubmit={onSubmit}
      gap="4"
      borderWidth="1px"
      rounded="lg"
      bg="bg"
      p="4"
      aria-labelledby="loyalty-program-title"
      data-testid="loyalty-program"
    >
      <HStack justify="space-between" gap="3" align="start">
        <Stack gap="1">
          <HStack gap="2" flexWrap="wrap">
            <Text as="h2" id="loyalty-program-title" fontWeight="semibold">
              Programme de points
            </Text>
            <Badge colorPalette={program.isEnabled ? 'green' : 'gray'}>
              {program.isEnabled ? 'Activé' : 'Désactivé'}
            </Badge>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {fr(
              'Vos clients identifiés par leur téléphone gagnent des points sur chaque commande payée, en boutique comme en ligne, et les utilisent pour payer à la caisse — même hors connexion — ou sur votre boutique en ligne.',
            )}
          </Text>
        </Stack>
        <Switch.Root
          checked={isEnabled}
          onCheckedChange={(e) => setEnabled(e.checked)}
          disabled={!props.canManage}
          aria-label="Activer le programme de fidélité"
          colorPalette="brand"
        >
          <Switch.HiddenInput />
          <Switch.Control />
        </Switch.Root>
      </HStack>
      <FormErrorAlert message={formError && !Object.keys(fieldErrors).length ? formError : null} />
      <fieldset disabled={!props.canManage}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField
            label={'Points gagnés pour 1\u202f000 FCFA dépensés'}
            name="pointsPerThousand"
            inputMode="numeric"
            required
            value={perThousand}
            onChange={setPerThousand}
            error={fieldErrors.pointsPerThousand}
          />
          <TextField
            label="Valeur d’un point (FCFA)"
            name="pointValue"
            inputMode="numeric"
            required
            value={pointValue}
            onChange={setPointValue}
            error={fieldErrors.pointValue}
          />
          <TextField
            label="Minimum de points pour les utiliser"
            name="minRedeem"
            inputMode="numeric"
            required
            value={minRedeem}
            onChange={setMinRedeem}
            error={fieldErrors.minRedeem}
            helper="En dessous, le client continue d’accumuler."
          />
          <SelectField
            label="Les points non utilisés expirent"
            name="expiryMonths"
            value={expiry}
            onChange={setExpiry}
            options={expiryOptions}
            error={fieldErrors.expiryMonths}
            helper="Comptés depuis le jour où ils ont été gagnés ; les plus anciens sont utilisés en premier."
          />
        </SimpleGrid>
      </fieldset>
      {example ? (
        <Text fontSize="sm" data-testid="loyalty-example">
          {fr(example)}
        </Text>
      ) : null}
      {program.isEnabled && program.earnsSince ? (
        <Text fontSize="xs" color="fg.muted">
          {`Les commandes passées depuis le ${new Date(program.earnsSince).toLocaleDateString('fr-FR')} rapportent des points.`}
        </Text>
      ) : null}
      {props.canManage ? <SubmitButton isLoading={isLoading} /> : null}
    </Stack>
  );
}

/**
 * « Fidélité »: the shop's points programme (how much is earned, what a point is worth, the
 * minimum to spend, the expiry) and how it is doing.
 */
export function LoyaltyProgramTab(props: { shopId: string; currency: string; canManage: boolean }) {
  const program = useGetLoyaltyProgramQuery(props.shopId).data;
  return (
    <Stack gap="4">
      <Summary shopId={props.shopId} currency={props.currency} />
      {program ? (
        <ProgramForm
          key={program.updatedAt ?? 'new'}
          shopId={props.shopId}
          currency={props.currency}
          program={program}
          canManage={props.canManage}
        />
      ) : (
        <Skeleton h="64" aria-busy="true" />
      )}
    </Stack>
  );
}
