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
import { formatTillDate } from '../till/format';
import { useTill } from '../till/TillProvider';

function ConflictRow({ conflict }: { conflict: StockConflict }) {
  const { shopId, context } = useTill();
  const [resolution, setResolution] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [resolve, { isLoading }] = useResolveConflictMutation();
  async function submit() {
    setError(null);
    const result = await resolve({ shopId, conflictId: conflict.id, resolution: resolution.trim() });
    if ('error' in result)
      setError(result.error instanceof ApiError ? result.error.message : 'Échec de l’enregistrement.');
  }
  return (
    <Stack gap="2" borderBottomWidth="1px" py="3" data-testid="stock-conflict">
      <HStack justify="space-between" align="flex-start">
        <Stack gap="0">
          <Text fontWeight="medium">
            {conflict.productName}
            {conflict.variantName ? ` (${conflict.variantName})` : ''}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            Commande n° {conflict.orderNumber} · {formatTillDate(conflict.createdAt, context.shop.timeZone)}
            {conflict.soldBy ? ` · ${conflict.soldBy.name}` : ''}
          </Text>
        </Stack>
        <Badge colorPalette="red">
          {conflict.missing} manquant{conflict.missing > 1 ? 's' : ''} · stock {conflict.stockAfter}
        </Badge>
      </HStack>
      {conflict.resolvedAt ? (
        <Text fontSize="sm">
          {fr(
            `Réglé${conflict.resolvedBy ? ` par ${conflict.resolvedBy.name}` : ''} : ${conflict.resolution}`,
          )}
        </Text>
      ) : (
        <HStack>
          <Input
            placeholder="Ce qui a été fait (recomptage, réassort…)"
            aria-label="Ce qui a été fait"
            value={resolution}
            onChange={(e) => setResolution(e.currentTarget.value)}
          />
          <Button onClick={() => void submit()} loading={isLoading} disabled={!resolution.trim()}>
            Marquer réglé
          </Button>
        </HStack>
      )}
      {error ? <Text color="fg.error">{error}</Text> : null}
    </Stack>
  );
}

/** « Conflits de stock »: units sold offline that the stock did not have, for a manager to settle. */
export function ConflictsScreen() {
  const { shopId } = useTill();
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const { data, error, isLoading } = useListConflictsQuery({ shopId, status });
  return (
    <Box maxW="3xl" mx="auto" w="full" px="4" py="6">
      <Stack gap="4">
        <Heading as="h1" size="xl">
          Conflits de stock
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
        <Stack bg="bg" p="4" rounded="lg" borderWidth="1px" gap="0">
          {isLoading ? <Text color="fg.muted">Chargement…</Text> : null}
          {error ? (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>{(error as ApiError).message ?? 'Liste indisponible hors connexion.'}</Alert.Title>
            </Alert.Root>
          ) : null}
          {data && data.items.length === 0 ? (
            <Text color="fg.muted">
              {status === 'open' ? 'Aucun conflit à régler.' : 'Aucun conflit réglé.'}
            </Text>
          ) : null}
          {data?.items.map((c) => (
            <ConflictRow key={c.id} conflict={c} />
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}
