import { Alert, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState, type FormEvent } from 'react';
import { LuSearch, LuUserPlus } from 'react-icons/lu';
import type { CartClient } from '../cart/cart-state';
import { createClient } from '../offline/client-ops';
import { clientIndexOf, searchClients } from '../offline/client-search';
import type { StoredClient } from '../offline/types';
import { useTill } from '../till/TillProvider';
import { formatPhone } from '@/shared/phone-format';
import { TillDialog } from './TillDialog';

/** The search runs over an index of the tablet's copy (names and phone digits), see client-search. */
export { findClients } from '../offline/client-search';

export function toCartClient(client: StoredClient): CartClient {
  return { id: client.id, opId: client.opId, name: client.name, phone: client.phone };
}

/** Attach a client to the cart: found in the tablet's copy, or created on the spot (offline too). */
export function ClientDialog(props: {
  isOpen: boolean;
  onClose: () => void;
  onChosen: (client: CartClient) => void;
}) {
  const till = useTill();
  const [query, setQuery] = useState('');
  const [isCreating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  // Built when the dialog opens (and when the copy changes), not at the first key typed.
  const index = useMemo(() => clientIndexOf(till.clients), [till.clients]);
  const results = useMemo(() => searchClients(index, query), [index, query]);

  async function create(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!name.trim()) return setError('Indiquez le nom du client.');
    if (phone.trim() && phone.replace(/\D/g, '').length < 8)
      return setError('Ce numéro de téléphone semble incomplet.');
    if (!till.actor) return setError('Ouvrez d’abord une session de caisse.');
    setSaving(true);
    try {
      const client = await createClient(till.actor, name, phone);
      till.opWritten();
      await till.reloadClients();
      props.onChosen(toCartClient(client));
    } catch {
      setError('Le client n’a pas pu être enregistré sur cette tablette. Réessayez.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <TillDialog
      isOpen={props.isOpen}
      onClose={props.onClose}
      title={isCreating ? 'Nouveau client' : 'Client de la vente'}
    >
      {isCreating ? (
        <Stack as="form" gap="3" onSubmit={create} aria-label="Nouveau client">
          <Field.Root required>
            <Field.Label>
              Nom du client <Field.RequiredIndicator />
            </Field.Label>
            <Input size="lg" value={name} onChange={(e) => setName(e.currentTarget.value)} autoFocus />
          </Field.Root>
          <Field.Root>
            <Field.Label>Téléphone</Field.Label>
            <Input
              size="lg"
              type="tel"
              inputMode="tel"
              value={phone}
              onChange={(e) => setPhone(e.currentTarget.value)}
            />
          </Field.Root>
          {error ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{error}</Alert.Title>
            </Alert.Root>
          ) : null}
          <HStack justify="flex-end">
            <Button variant="outline" onClick={() => setCreating(false)}>
              Retour à la recherche
            </Button>
            <Button type="submit" colorPalette="brand" loading={isSaving} loadingText="Enregistrement…">
              Créer et ajouter
            </Button>
          </HStack>
        </Stack>
      ) : (
        <Stack gap="3">
          <HStack>
            <Input
              size="lg"
              placeholder="Téléphone ou nom"
              aria-label="Rechercher un client par téléphone ou nom"
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
              inputMode="search"
              autoFocus
            />
            <LuSearch />
          </HStack>
          <Stack gap="1" maxH="60vh" overflowY="auto">
            {results.map((client) => (
              <Button
                key={client.key}
                variant="ghost"
                justifyContent="space-between"
                h="auto"
                py="2"
                onClick={() => props.onChosen(toCartClient(client))}
              >
                <Text fontWeight="medium">{client.name}</Text>
                <Text color="fg.muted">{client.phone ? formatPhone(client.phone) : ''}</Text>
              </Button>
            ))}
            {query.trim() && results.length === 0 ? (
              <Text color="fg.muted" fontSize="sm">
                Aucun client trouvé sur cette tablette.
              </Text>
            ) : null}
          </Stack>
          <Button
            variant="outline"
            onClick={() => {
              setCreating(true);
              if (/^[\d\s+]+$/.test(query.trim())) setPhone(query.trim());
              else setName(query.trim());
            }}
          >
            <LuUserPlus /> Nouveau client
          </Button>
        </Stack>
      )}
    </TillDialog>
  );
}
