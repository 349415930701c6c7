import {
  Alert,
  Badge,
  Box,
  Button,
  Heading,
  HStack,
  Input,
  SegmentGroup,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { ApiError } from '@/client/api/api-error';
import { frenchTypography as fr } from '@/shared/typography';
import type { StockConflict } from '../../pos.schemas';
import { useListConflictsQuery, useResolveConflictMutation } from '../pos.api';
import {
  useListDiscountConflictsQuery,
  useListLoyaltyConflictsQuery,
  useResolveDiscountConflictMutation,
  useResolveLoyaltyConflictMutation,
  type DiscountConflict,
  type LoyaltyConflict,
} from '../offline-conflicts.api';
import { pointsText } from '@/features/loyalty/loyalty.constants';
import { formatDateTime } from '@/shared/dates';
import { useTill } from '../till/TillProvider';

/** What was done about a conflict, typed by the manager; « Réglé par … : … » once it is. */
function Resolution(props: {
  conflict: { resolvedAt: string | null; resolvedBy: { name: string } | null; resolution: string | null };
  placeholder: string;
  isLoading: boolean;
  resolve: (resolution: string) => Promise<{ error?: unknown }>;
}) {
  const { conflict } = props;
  const [resolution, setResolution] = useState('');
  const [error, setError] = useState<string | null>(null);
  async function submit() {
    setError(null);
    const result = await props.resolve(resolution.trim());
    if (result.error)
      setError(result.error instanceof ApiError ? result.error.message : 'Échec de l’enregistrement.');
  }
  if (conflict.resolvedAt)
    return (
      <Text fontSize="sm">
        {fr(`Réglé${conflict.resolvedBy ? ` par ${conflict.resolvedBy.name}` : ''} : ${conflict.resolution}`)}
      </Text>
    );
  return (
    <>
      <HStack>
        <Input
          placeholder={props.placeholder}
          aria-label="Ce qui a été fait"
          value={resolution}
          maxLength={300}
          onChange={(e) => setResolution(e.currentTarget.value)}
        />
        <Button onClick={() => void submit()} loading={props.isLoading} disabled={!resolution.trim()}>
          Marquer réglé
        </Button>
      </HStack>
      {error ? <Text color="fg.error">{error}</Text> : null}
    </>
  );
}

function ConflictRow({ conflict }: { conflict: StockConflict }) {
  const { shopId, context } = useTill();
  const [resolve, { isLoading }] = useResolveConflictMutation();
  return (
    <Stack gap="2" borderBottomWidth="1px" py="3" data-testid="stock-conflict">
      <HStack justify="space-between" align="flex-start">
        <Stack gap="0">
          <Text fontWeight="medium">
            {conflict.productName}
            {conflict.variantName ? ` (${conflict.variantName})` : ''}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            Commande n° {conflict.orderNumber} · {formatDateTime(conflict.createdAt, context.shop.timeZone)}
            {conflict.soldBy ? ` · ${conflict.soldBy.name}` : ''}
          </Text>
        </Stack>
        <Badge colorPalette="red">
          {conflict.missing} manquant{conflict.missing > 1 ? 's' : ''} · stock {conflict.stockAfter}
        </Badge>
      </HStack>
      <Resolution
        conflict={conflict}
        placeholder="Ce qui a été fait (recomptage, réassort…)"
        isLoading={isLoading}
        resolve={(resolution) => resolve({ shopId, conflictId: conflict.id, resolution })}
      />
    </Stack>
  );
}

const LIMIT_LABELS: Record<DiscountConflict['limit'], string> = {
  total: 'Limite d’utilisations dépassée',
  client: 'Limite par client dépassée',
  code: 'Code déjà utilisé',
};

/** A discount used past a limit by a sale made offline: accepted, for a manager to settle. */
function DiscountConflictRow({ conflict }: { conflict: DiscountConflict }) {
  const { shopId, context, money } = useTill();
  const [resolve, { isLoading }] = useResolveDiscountConflictMutation();
  const client = [conflict.clientName, conflict.clientPhone].filter(Boolean).join(', ');
  return (
    <Stack gap="2" borderBottomWidth="1px" py="3" data-testid="discount-conflict">
      <HStack justify="space-between" align="flex-start">
        <Stack gap="0" minW="0">
          <Text fontWeight="medium">
            {conflict.discountName}
            {conflict.code && conflict.code !== conflict.discountName ? ` (code ${conflict.code})` : ''}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            Commande n° {conflict.orderNumber} · {formatDateTime(conflict.createdAt, context.shop.timeZone)}
            {conflict.soldBy ? ` · ${conflict.soldBy.name}` : ''}
          </Text>
          <Text fontSize="sm">
            {fr(`Remise accordée hors ligne : ${money(conflict.amount)}`)}
            {client ? fr(` · client : ${client}`) : ''}
          </Text>
        </Stack>
        <Badge colorPalette="orange" flexShrink={0}>
          {LIMIT_LABELS[conflict.limit] ?? 'Limite dépassée'}
        </Badge>
      </HStack>
      <Resolution
        conflict={conflict}
        placeholder="Ce qui a été fait (client prévenu, geste accepté…)"
        isLoading={isLoading}
        resolve={(resolution) => resolve({ shopId, conflictId: conflict.id, resolution })}
      />
    </Stack>
  );
}

/** Loyalty points spent offline beyond the client's balance: the sale stands, a manager settles it. */
function LoyaltyConflictRow({ conflict }: { conflict: LoyaltyConflict }) {
  const { shopId, context, money } = useTill();
  const [resolve, { isLoading }] = useResolveLoyaltyConflictMutation();
  const client = [conflict.clientName, conflict.clientPhone].filter(Boolean).join(', ');
  return (
    <Stack gap="2" borderBottomWidth="1px" py="3" data-testid="loyalty-conflict">
      <HStack justify="space-between" align="flex-start">
        <Stack gap="0" minW="0">
          <Text fontWeight="medium">{client}</Text>
          <Text fontSize="sm" color="fg.muted">
            {conflict.orderNumber !== null ? `Commande n° ${conflict.orderNumber} · ` : ''}
            {formatDateTime(conflict.createdAt, context.shop.timeZone)}
            {conflict.soldBy ? ` · ${conflict.soldBy.name}` : ''}
          </Text>
          <Text fontSize="sm">
            {fr(
              `${pointsText(conflict.points)} utilisé${conflict.points > 1 ? 's' : ''} hors ligne pour ${money(conflict.amount)}`,
            )}
          </Text>
        </Stack>
        <Badge colorPalette="orange" flexShrink={0}>
          {pointsText(conflict.missing)} manquant{conflict.missing > 1 ? 's' : ''}
        </Badge>
      </HStack>
      <Resolution
        conflict={conflict}
        placeholder="Ce qui a été fait (client prévenu, points repris…)"
        isLoading={isLoading}
        resolve={(resolution) => resolve({ shopId, conflictId: conflict.id, resolution })}
      />
    </Stack>
  );
}

function ListState(props: { isLoading: boolean; error: unknown; isEmpty: boolean; empty: string }) {
  return (
    <>
      {props.isLoading ? <Text color="fg.muted">Chargement…</Text> : null}
      {props.error ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>
            {(props.error as ApiError).message ?? 'Liste indisponible hors connexion.'}
          </Alert.Title>
        </Alert.Root>
      ) : null}
      {props.isEmpty ? <Text color="fg.muted">{props.empty}</Text> : null}
    </>
  );
}

/**
 * « Conflits »: units sold offline that the stock did not have, discounts used offline past a
 * limit, and loyalty points spent offline beyond the balance, for a manager to settle.
 */
export function ConflictsScreen() {
  const { shopId } = useTill();
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const stock = useListConflictsQuery({ shopId, status });
  const discounts = useListDiscountConflictsQuery({ shopId, status });
  const points = useListLoyaltyConflictsQuery({ shopId, status });
  const isOpen = status === 'open';
  return (
    <Box maxW="3xl" mx="auto" w="full" px="4" py="6">
      <Stack gap="4">
        <Heading as="h1" size="xl">
          Conflits
        </Heading>
        <SegmentGroup.Root
          value={status}
          onValueChange={(e) => e.value && setStatus(e.value as 'open' | 'resolved')}
        >
          <SegmentGroup.Indicator />
          <SegmentGroup.Items
            items={[
              { value: 'open', label: 'À régler' },
              { value: 'resolved', label: 'Réglés' },
            ]}
          />
        </SegmentGroup.Root>
        <Heading as="h2" size="md">
          Conflits de stock
        </Heading>
        <Stack bg="bg" p="4" rounded="lg" borderWidth="1px" gap="0">
          <ListState
            isLoading={stock.isLoading}
            error={stock.error}
            isEmpty={!!stock.data && stock.data.items.length === 0}
            empty={isOpen ? 'Aucun conflit de stock à régler.' : 'Aucun conflit de stock réglé.'}
          />
          {stock.data?.items.map((c) => (
            <ConflictRow key={c.id} conflict={c} />
          ))}
        </Stack>
        <Heading as="h2" size="md">
          Réductions au-delà de leur limite
        </Heading>
        <Stack bg="bg" p="4" rounded="lg" borderWidth="1px" gap="0" data-testid="discount-conflicts">
          <ListState
            isLoading={discounts.isLoading}
            error={discounts.error}
            isEmpty={!!discounts.data && discounts.data.items.length === 0}
            empty={isOpen ? 'Aucune réduction à régler.' : 'Aucune réduction réglée.'}
          />
          {discounts.data?.items.map((c) => (
            <DiscountConflictRow key={c.id} conflict={c} />
          ))}
        </Stack>
        <Heading as="h2" size="md">
          Points de fidélité au-delà du solde
        </Heading>
        <Stack bg="bg" p="4" rounded="lg" borderWidth="1px" gap="0" data-testid="loyalty-conflicts">
          <ListState
            isLoading={points.isLoading}
            error={points.error}
            isEmpty={!!points.data && points.data.items.length === 0}
            empty={isOpen ? 'Aucun conflit de points à régler.' : 'Aucun conflit de points réglé.'}
          />
          {points.data?.items.map((c) => (
            <LoyaltyConflictRow key={c.id} conflict={c} />
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}
