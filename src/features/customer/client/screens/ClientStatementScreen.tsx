import { Alert, Box, Button, Flex, HStack, Input, Skeleton, Stack, Text, Table } from '@/client/ui';
import { useRouter } from 'next/router';
import { LuPrinter } from 'react-icons/lu';
import { ApiError } from '@/client/api/api-error';
import { useCurrentShop } from '@/client/shell/use-current-shop';
import { formatDateTime } from '@/shared/dates';
import { dayjs } from '@/shared/dayjs';
import { formatMoney } from '@/shared/money';
import { formatPhone } from '@/shared/phone-format';
import { frenchTypography as fr } from '@/shared/typography';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@/features/order/order.constants';
import { useGetClientStatementQuery } from '../statement.api';

/** The period shown when the link names none: the last 90 days, in the shop's time zone. */
export function defaultPeriod(timeZone: string, now = new Date()): { from: string; to: string } {
  const today = dayjs(now).tz(timeZone);
  return { from: today.subtract(89, 'day').format('YYYY-MM-DD'), to: today.format('YYYY-MM-DD') };
}

/** « Relevé » of a client's ardoise: printable, the period chosen on screen (not printed). */
export function ClientStatementScreen() {
  const router = useRouter();
  const { shop, isLoading } = useCurrentShop();
  const clientId = typeof router.query.clientId === 'string' ? router.query.clientId : '';
  const fallback = defaultPeriod(shop?.timeZone ?? 'Africa/Dakar');
  const from = typeof router.query.du === 'string' ? router.query.du : fallback.from;
  const to = typeof router.query.au === 'string' ? router.query.au : fallback.to;
  const { data, error, isFetching } = useGetClientStatementQuery(
    { shopId: shop?._id ?? '', clientId, from, to },
    { skip: !shop || !clientId },
  );
  const setPeriod = (key: 'du' | 'au', value: string) => {
    if (value)
      void router.replace({ query: { ...router.query, [key]: value } }, undefined, { shallow: true });
  };
  const money = (n: number) => formatMoney(n, shop?.currency ?? 'XOF');
  const day = (iso: string) => dayjs(iso).format('DD-MM-YYYY');

  return (
    <Box bg={{ base: 'bg.subtle', _print: 'white' }} minH="100dvh" py={{ base: '4', md: '8' }} px="4">
      <Flex
        maxW="3xl"
        mx="auto"
        mb="4"
        gap="3"
        wrap="wrap"
        align="flex-end"
        justify="space-between"
        css={{ '@media print': { display: 'none' } }}
      >
        <HStack gap="3" flexWrap="wrap">
          <label>
            <Text fontSize="sm">Du</Text>
            <Input type="date" size="sm" value={from} onChange={(e) => setPeriod('du', e.target.value)} />
          </label>
          <label>
            <Text fontSize="sm">Au</Text>
            <Input type="date" size="sm" value={to} onChange={(e) => setPeriod('au', e.target.value)} />
          </label>
        </HStack>
        <Button colorPalette="brand" size="sm" onClick={() => window.print()} disabled={!data || isFetching}>
          <LuPrinter /> Imprimer
        </Button>
      </Flex>
      <Stack maxW="3xl" mx="auto" gap="6" bg="white" color="black" p={{ base: '4', md: '10' }} rounded="md">
        {isLoading || (!data && !error) ? <Skeleton h="60" /> : null}
        {error ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>
              {error instanceof ApiError ? error.message : 'Le relevé n’a pas pu être chargé. Réessayez.'}
            </Alert.Title>
          </Alert.Root>
        ) : null}
        {shop && data ? (
          <>
            <Flex justify="space-between" gap="6" wrap="wrap">
              <Stack gap="0">
                <Text fontWeight="bold" fontSize="lg">
                  {shop.name}
                </Text>
                {shop.address ? (
                  <Text fontSize="sm" whiteSpace="pre-line" color="gray.600">
                    {shop.address}
                  </Text>
                ) : null}
                {shop.phone ? <Text fontSize="sm">{formatPhone(shop.phone)}</Text> : null}
              </Stack>
              <Stack gap="0" textAlign="end">
                <Text fontSize="2xl" fontWeight="bold">
                  Relevé de compte
                </Text>
                <Text fontSize="sm">{`Du ${day(data.from)} au ${day(data.to)}`}</Text>
                <Text fontSize="sm">{`Édité le ${formatDateTime(new Date(), shop.timeZone)}`}</Text>
              </Stack>
            </Flex>
            <Stack gap="0" fontSize="sm">
              <Text fontWeight="semibold">Client</Text>
              <Text>{data.client.name}</Text>
              {data.client.phone ? <Text>{formatPhone(data.client.phone)}</Text> : null}
              {data.client.quartier || data.client.commune ? (
                <Text>{[data.client.quartier, data.client.commune].filter(Boolean).join(', ')}</Text>
              ) : null}
            </Stack>
            <Box overflowX="auto">
              <Table.Root size="sm" variant="line" data-testid="statement-lines">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader color="black">Date</Table.ColumnHeader>
                    <Table.ColumnHeader color="black">Opération</Table.ColumnHeader>
                    <Table.ColumnHeader color="black" textAlign="end">
                      Dû
                    </Table.ColumnHeader>
                    <Table.ColumnHeader color="black" textAlign="end">
                      Payé
                    </Table.ColumnHeader>
                    <Table.ColumnHeader color="black" textAlign="end">
                      Solde
                    </Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  <Table.Row>
                    <Table.Cell>{day(data.from)}</Table.Cell>
                    <Table.Cell colSpan={3}>Solde au début de la période</Table.Cell>
                    <Table.Cell textAlign="end">{money(data.openingBalance)}</Table.Cell>
                  </Table.Row>
                  {data.lines.map((l, i) => (
                    <Table.Row key={i}>
                      <Table.Cell>{formatDateTime(l.at, shop.timeZone)}</Table.Cell>
                      <Table.Cell>
                        {l.type === 'order'
                          ? `Commande #${l.orderNumber}`
                          : `Paiement ${PAYMENT_METHOD_LABELS[l.method as PaymentMethod] ?? ''} — commande #${l.orderNumber}`}
                      </Table.Cell>
                      <Table.Cell textAlign="end">{l.debit ? money(l.debit) : ''}</Table.Cell>
                      <Table.Cell textAlign="end">{l.credit ? money(l.credit) : ''}</Table.Cell>
                      <Table.Cell textAlign="end">{money(l.balance)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
            <Flex justify="flex-end">
              <Text fontWeight="bold" data-testid="statement-closing">
                {fr(`Solde dû au ${day(data.to)} : ${money(data.closingBalance)}`)}
              </Text>
            </Flex>
          </>
        ) : null}
      </Stack>
    </Box>
  );
}
