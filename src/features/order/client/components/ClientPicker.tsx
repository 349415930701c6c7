import { Box, Button, Grid, HStack, Input, InputGroup, Stack, Text } from '@/client/ui';
import { useState } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { LuSearch, LuUserPlus } from 'react-icons/lu';
import { FormTextField } from '@/client/forms/fields';
import { useDebounced } from '@/client/hooks/use-debounced';
import { usePhoneFormatter } from '@/client/hooks/use-phone-formatter';
import { FoundClientButton } from '@/features/customer/client/components/FoundClientButton';
import { useSearchCustomersQuery, type Customer } from '@/features/customer/client/customer.api';
import type { OrderFormValues } from '../order-form';

/**
 * The order's client: found by name or phone among the shop's clients (the form's `client`), or typed
 * in as a new one (`newClient`; the server reuses an existing client with the same phone rather than
 * making a twin). At most one of the two is set.
 */
export function ClientPicker(props: { shopId: string }) {
  const { control, getValues, setValue } = useFormContext<OrderFormValues>();
  const formatPhone = usePhoneFormatter();
  const [chosen, draft] = useWatch({ control, name: ['client', 'newClient'] });
  const { errors } = useFormState({ control, name: 'client' });
  // The search box only finds a client: what is typed there is not part of the order.
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim(), 250);
  const { data } = useSearchCustomersQuery({ shopId: props.shopId, search }, { skip: search.length < 2 });
  const clientError = errors.client?.message;

  function choose(client: OrderFormValues['client'], newClient: OrderFormValues['newClient'] = null) {
    setValue('client', client, { shouldDirty: true });
    setValue('newClient', newClient, { shouldDirty: true });
  }

  function chooseExisting(client: Customer) {
    choose(client);
    // Their first address fills the delivery address while it is still empty.
    const address = getValues('deliveryAddress');
    if (client.addresses[0] && !Object.values(address).some(Boolean))
      setValue('deliveryAddress', client.addresses[0], { shouldDirty: true });
  }

  if (chosen)
    return (
      <Stack gap="2">
        <HStack justify="space-between" borderWidth="1px" rounded="md" p="3" data-testid="chosen-client">
          <Stack gap="0">
            <Text fontWeight="semibold">{chosen.name}</Text>
            {chosen.phone ? (
              <Text fontSize="sm" color="fg.muted">
                {formatPhone(chosen.phone)}
              </Text>
            ) : null}
          </Stack>
          <Button size="xs" variant="ghost" onClick={() => choose(null)}>
            Changer
          </Button>
        </HStack>
        {clientError ? (
          <Text color="fg.error" fontSize="sm">
            {clientError}
          </Text>
        ) : null}
      </Stack>
    );

  if (draft)
    return (
      <Stack gap="3" borderWidth="1px" rounded="md" p="3">
        <HStack justify="space-between">
          <Text fontWeight="semibold">Nouveau client</Text>
          <Button size="xs" variant="ghost" onClick={() => choose(null)}>
            Annuler
          </Button>
        </HStack>
        <Grid gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
          <FormTextField control={control} name="newClient.name" label="Nom du client" required />
          <FormTextField
            control={control}
            name="newClient.phone"
            label="Téléphone du client"
            type="tel"
            inputMode="tel"
          />
        </Grid>
        <FormTextField
          control={control}
          name="newClient.email"
          label="E-mail du client (facultatif)"
          type="email"
        />
      </Stack>
    );

  return (
    <Stack gap="2">
      <HStack gap="2" flexWrap="wrap">
        <InputGroup startElement={<LuSearch />} flex="1" minW="56">
          <Input
            placeholder="Nom ou téléphone du client"
            aria-label="Rechercher un client"
            value={input}
            onChange={(e) => setInput(e.currentTarget.value)}
          />
        </InputGroup>
        <Button
          variant="outline"
          flexGrow={{ base: 1, sm: 0 }}
          onClick={() => {
            const looksLikePhone = /^[\d\s+().-]{6,}$/.test(input.trim());
            choose(null, {
              name: looksLikePhone ? '' : input.trim(),
              phone: looksLikePhone ? input.trim() : '',
              email: '',
            });
          }}
        >
          <LuUserPlus /> Nouveau client
        </Button>
      </HStack>
      {clientError ? (
        <Text color="fg.error" fontSize="sm">
          {clientError}
        </Text>
      ) : null}
      {search.length >= 2 && data ? (
        <Box borderWidth="1px" rounded="md" maxH="56" overflowY="auto">
          {data.items.length === 0 ? (
            <Text p="3" color="fg.muted" fontSize="sm">
              Aucun client trouvé : créez-le avec « Nouveau client ».
            </Text>
          ) : (
            data.items.map((client) => (
              <FoundClientButton
                key={client.id}
                name={client.name}
                phone={client.phone ? formatPhone(client.phone) : ''}
                onPick={() => {
                  chooseExisting(client);
                  setInput('');
                }}
              />
            ))
          )}
        </Box>
      ) : null}
    </Stack>
  );
}
