import { Box, Button, Grid, HStack, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuSearch, LuUserPlus } from 'react-icons/lu';
import { TextField } from '@/client/components/form';
import { useDebounced } from '@/client/hooks/use-debounced';
import { formatPhone } from '@/shared/phone';
import { useSearchClientsQuery, type Client } from '../order.api';

export interface NewClientDraft {
  name: string;
  phone: string;
  email: string;
}

export type ClientChoice =
  { kind: 'none' } | { kind: 'existing'; client: Client } | { kind: 'new'; draft: NewClientDraft };

/**
 * The order's client: found by name or phone among the shop's clients, or typed in as a new one
 * (the server reuses an existing client with the same phone rather than making a twin).
 */
export function ClientPicker(props: {
  shopId: string;
  value: ClientChoice;
  onChange: (choice: ClientChoice) => void;
  errors: Partial<Record<'clientId' | 'name' | 'phone' | 'email', string>>;
}) {
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim(), 250);
  const { data } = useSearchClientsQuery({ shopId: props.shopId, search }, { skip: search.length < 2 });
  const { value } = props;

  if (value.kind === 'existing')
    return (
      <HStack justify="space-between" borderWidth="1px" rounded="md" p="3" data-testid="chosen-client">
        <Stack gap="0">
          <Text fontWeight="semibold">{value.client.name}</Text>
          {value.client.phone ? (
            <Text fontSize="sm" color="fg.muted">
              {formatPhone(value.client.phone)}
            </Text>
          ) : null}
        </Stack>
        <Button size="xs" variant="ghost" onClick={() => props.onChange({ kind: 'none' })}>
          Changer
        </Button>
      </HStack>
    );

  if (value.kind === 'new') {
    const set = (patch: Partial<NewClientDraft>) =>
      props.onChange({ kind: 'new', draft: { ...value.draft, ...patch } });
    return (
      <Stack gap="3" borderWidth="1px" rounded="md" p="3">
        <HStack justify="space-between">
          <Text fontWeight="semibold">Nouveau client</Text>
          <Button size="xs" variant="ghost" onClick={() => props.onChange({ kind: 'none' })}>
            Annuler
          </Button>
        </HStack>
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
          <TextField
            label="Nom du client"
            name="clientName"
            required
            value={value.draft.name}
            onChange={(v) => set({ name: v })}
            error={props.errors.name}
          />
          <TextField
            label="Téléphone du client"
            name="clientPhone"
            type="tel"
            inputMode="tel"
            value={value.draft.phone}
            onChange={(v) => set({ phone: v })}
            error={props.errors.phone}
          />
        </Grid>
        <TextField
          label="E-mail du client (facultatif)"
          name="clientEmail"
          type="email"
          value={value.draft.email}
          onChange={(v) => set({ email: v })}
          error={props.errors.email}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="2">
      <HStack gap="2">
        <InputGroup startElement={<LuSearch />} flex="1">
          <Input
            placeholder="Nom ou téléphone du client"
            aria-label="Rechercher un client"
            value={input}
            onChange={(e) => setInput(e.currentTarget.value)}
          />
        </InputGroup>
        <Button
          variant="outline"
          onClick={() => {
            const looksLikePhone = /^[\d\s+().-]{6,}$/.test(input.trim());
            props.onChange({
              kind: 'new',
              draft: {
                name: looksLikePhone ? '' : input.trim(),
                phone: looksLikePhone ? input.trim() : '',
                email: '',
              },
            });
          }}
        >
          <LuUserPlus /> Nouveau client
        </Button>
      </HStack>
      {props.errors.clientId ? (
        <Text color="fg.error" fontSize="sm">
          {props.errors.clientId}
        </Text>
      ) : null}
      {search.length >= 2 && data ? (
        <Box borderWidth="1px" rounded="md" maxH="56" overflowY="auto">
          {data.items.length === 0 ? (
            <Text p="3" color="fg.muted" fontSize="sm">
              Aucun client trouvé : créez-le avec « Nouveau client ».
            </Text>
          ) : (
            data.items.map((client) => (
              <HStack
                key={client.id}
                asChild
                w="full"
                justify="space-between"
                px="3"
                py="2"
                borderBottomWidth="1px"
                _hover={{ bg: 'bg.muted' }}
              >
                <button
                  type="button"
                  onClick={() => {
                    props.onChange({ kind: 'existing', client });
                    setInput('');
                  }}
                >
                  <Text fontSize="sm">{client.name}</Text>
                  <Text fontSize="xs" color="fg.muted">
                    {client.phone ? formatPhone(client.phone) : ''}
                  </Text>
                </button>
              </HStack>
            ))
          )}
        </Box>
      ) : null}
    </Stack>
  );
}
