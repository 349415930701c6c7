import { Button, HStack, Input, Stack, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ApiError } from '@/client/api/api-error';
import type { Till } from '../../pos.schemas';
import { useCreateTillMutation, useUpdateTillMutation } from '../pos.api';
import { useTill } from '../till/TillProvider';

function TillRow({ till }: { till: Till }) {
  const { shopId, reloadTills } = useTill();
  const [name, setName] = useState(till.name);
  const [error, setError] = useState<string | null>(null);
  const [updateTill, { isLoading }] = useUpdateTillMutation();
  async function save(next: { name: string; isActive: boolean }) {
    setError(null);
    const result = await updateTill({ shopId, tillId: till.id, ...next });
    if ('error' in result)
      return setError(
        result.error instanceof ApiError ? result.error.message : 'La caisse n’a pas été modifiée.',
      );
    await reloadTills().catch(() => undefined);
  }
  return (
    <Stack gap="1">
      <HStack gap="2">
        <Input
          size="sm"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          aria-label="Nom de la caisse"
        />
        <Button
          size="sm"
          variant="outline"
          disabled={name.trim() === till.name || !name.trim()}
          loading={isLoading}
          onClick={() => void save({ name: name.trim(), isActive: till.isActive })}
        >
          Renommer
        </Button>
        <Switch.Root
          size="sm"
          checked={till.isActive}
          onCheckedChange={(e) => void save({ name: till.name, isActive: e.checked })}
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label whiteSpace="nowrap">En service</Switch.Label>
        </Switch.Root>
      </HStack>
      {error ? (
        <Text fontSize="sm" color="fg.error">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Admins and supervisors name the shop's tills, add one, or take one out of service. */
export function TillsManager() {
  const { tills, shopId, reloadTills } = useTill();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [createTill, { isLoading }] = useCreateTillMutation();
  async function add() {
    setError(null);
    const result = await createTill({ shopId, name: name.trim() });
    if ('error' in result)
      return setError(
        result.error instanceof ApiError ? result.error.message : 'La caisse n’a pas été créée.',
      );
    setName('');
    await reloadTills().catch(() => undefined);
  }
  return (
    <Stack gap="3" borderTopWidth="1px" pt="4">
      <Text fontWeight="semibold">Caisses de la boutique</Text>
      {tills.map((t) => (
        <TillRow key={`${t.id}:${t.name}`} till={t} />
      ))}
      <HStack gap="2">
        <Input
          size="sm"
          placeholder="Nom de la nouvelle caisse"
          aria-label="Nom de la nouvelle caisse"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Button size="sm" onClick={() => void add()} loading={isLoading} disabled={!name.trim()}>
          Ajouter
        </Button>
      </HStack>
      {error ? (
        <Text fontSize="sm" color="fg.error">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
