import { Box, Field, FieldTextInput, HStack, InputGroup, Stack, Tag, Text } from '@/client/ui';
import { LuSearch } from 'react-icons/lu';
import { useState } from 'react';
import { useDebounced } from '@/client/hooks/use-debounced';
import { usePhoneFormatter } from '@/client/hooks/use-phone-formatter';
import { useSearchCustomersQuery } from '@/features/customer/client/customer.api';
import { FoundClientButton } from '@/features/customer/client/components/FoundClientButton';
import type { PickedClient } from '../discount-form';

/**
 * The clients a discount is for (« Clients choisis »), found by name or phone. A saved discount
 * names its clients by id: the most recent clients name them when they are among them.
 */
export function ClientsChooser(props: {
  shopId: string;
  value: PickedClient[];
  onChange: (value: PickedClient[]) => void;
  error?: string;
}) {
  const [input, setInput] = useState('');
  const formatPhone = usePhoneFormatter();
  const search = useDebounced(input.trim(), 250);
  const found = useSearchCustomersQuery({ shopId: props.shopId, search }, { skip: search.length < 2 });
  const hasUnnamed = props.value.some((c) => !c.name);
  const recent = useSearchCustomersQuery(
    { shopId: props.shopId, search: '', limit: 50 },
    {
      skip: !hasUnnamed,
    },
  );
  const nameOf = (client: PickedClient) =>
    client.name || recent.data?.items.find((c) => c.id === client.id)?.name || 'Client enregistré';
  const has = (id: string) => props.value.some((c) => c.id === id);

  return (
    <Field.Root invalid={!!props.error}>
      <Stack gap="2" w="full">
        {props.value.length ? (
          <HStack gap="2" flexWrap="wrap" data-testid="picked-clients">
            {props.value.map((client) => (
              <Tag.Root key={client.id} size="lg" variant="subtle">
                <Tag.Label>{nameOf(client)}</Tag.Label>
                <Tag.EndElement>
                  <Tag.CloseTrigger
                    aria-label={`Retirer ${nameOf(client)}`}
                    onClick={() => props.onChange(props.value.filter((c) => c.id !== client.id))}
                  />
                </Tag.EndElement>
              </Tag.Root>
            ))}
          </HStack>
        ) : null}
        <InputGroup startElement={<LuSearch />}>
          <FieldTextInput
            size="sm"
            placeholder="Nom ou téléphone du client"
            aria-label="Rechercher un client"
            value={input}
            onChange={(e) => setInput(e.currentTarget.value)}
          />
        </InputGroup>
        {search.length >= 2 && found.data ? (
          <Box borderWidth="1px" rounded="md" maxH="56" overflowY="auto">
            {found.data.items.length === 0 ? (
              <Text p="3" color="fg.muted" fontSize="sm">
                Aucun client trouvé.
              </Text>
            ) : (
              found.data.items.map((client) => (
                <FoundClientButton
                  key={client.id}
                  name={client.name}
                  phone={client.phone ? formatPhone(client.phone) : ''}
                  isTaken={has(client.id)}
                  onPick={() => {
                    props.onChange([...props.value, { id: client.id, name: client.name }]);
                    setInput('');
                  }}
                />
              ))
            )}
          </Box>
        ) : null}
        {props.error ? <Field.ErrorText>{props.error}</Field.ErrorText> : null}
      </Stack>
    </Field.Root>
  );
}
