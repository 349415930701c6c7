import { Alert, Box, Button, Flex, Grid, HStack, Separator, Skeleton, Stack, Text, Table } from '@/client/ui';
import { PageLink } from '@/client/components/PageLink';
import { useRouter } from 'next/router';
import { LuArrowLeft, LuPrinter } from 'react-icons/lu';
import { Logo } from '@/client/brand/Logo';
import { useCurrentShop } from '@/client/shell/use-current-shop';
import { formatDateTime } from '@/shared/dates';
import { formatMoney } from '@/shared/money';
import { withShopId } from '@/shared/navigation';
import { PLANS, type PlanId } from '@/shared/plans';
import { formatPhone } from '@/shared/phone-format';
import { findCountry } from '@/shared/countries';
import { useGetInvoiceQuery } from '../subscription.api';

const day = (iso: string, timeZone: string) => formatDateTime(iso, timeZone).slice(0, 10);

/** A subscription invoice laid out for A4; the browser's print dialog does the rest. */
export function InvoiceScreen() {
  const router = useRouter();
  const invoiceId = typeof router.query.invoiceId === 'string' ? router.query.invoiceId : '';
  const { shop, user, agent, isLoading } = useCurrentShop();
  const invoice = useGetInvoiceQuery({ shopId: shop?._id ?? '', invoiceId }, { skip: !shop || !invoiceId });
  const productName = user?.productName ?? 'Comptoir';
  const back = withShopId('/parametres/abonnement', shop?._id);

  return (
    <Box bg={{ base: 'bg.subtle', _print: 'white' }} minH="100dvh" py={{ base: '4', md: '10' }} px="4">
      <HStack
        maxW="3xl"
        mx="auto"
        mb="4"
        justify="space-between"
        css={{ '@media print': { display: 'none' } }}
      >
        <Button asChild variant="ghost" size="sm">
          <PageLink href={back}>
            <LuArrowLeft /> Retour à l’abonnement
          </PageLink>
        </Button>
        <Button colorPalette="brand" size="sm" onClick={() => window.print()} disabled={!invoice.data}>
          <LuPrinter /> Imprimer
        </Button>
      </HStack>
      <Box
        maxW="3xl"
        mx="auto"
        bg="white"
        color="black"
        p={{ base: '6', md: '12' }}
        borderWidth={{ base: '1px', _print: '0' }}
        rounded="md"
      >
        {isLoading || invoice.isLoading ? (
          <Skeleton h="80" />
        ) : invoice.isError || !invoice.data || !shop ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>Cette facture est introuvable.</Alert.Title>
          </Alert.Root>
        ) : (
          <Stack gap="8" data-testid="invoice">
            <Flex justify="space-between" align="flex-start" gap="6" wrap="wrap">
              <Stack gap="1">
                <Logo />
                <Text fontSize="sm" color="gray.600">
                  {productName} · logiciel de gestion de boutique
                </Text>
              </Stack>
              <Stack gap="0" textAlign="end">
                <Text fontSize="2xl" fontWeight="bold">
                  Facture {invoice.data.number}
                </Text>
                <Text fontSize="sm">Émise le {formatDateTime(invoice.data.issuedAt, shop.timeZone)}</Text>
                <Text fontSize="sm" color="green.700" fontWeight="medium">
                  Payée
                </Text>
              </Stack>
            </Flex>
            <Grid gridTemplateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="6">
              <Stack gap="0">
                <Text fontSize="xs" textTransform="uppercase" color="gray.600">
                  Facturé à
                </Text>
                <Text fontWeight="medium">{shop.name}</Text>
                {agent ? (
                  <Text fontSize="sm">
                    {[agent.firstName, agent.lastName].filter(Boolean).join(' ')} · {formatPhone(agent.phone)}
                  </Text>
                ) : null}
                <Text fontSize="sm">{findCountry(shop.country)?.name ?? shop.country}</Text>
              </Stack>
              <Stack gap="0">
                <Text fontSize="xs" textTransform="uppercase" color="gray.600">
                  Période couverte
                </Text>
                <Text>
                  du {day(invoice.data.periodStart, shop.timeZone)} au{' '}
                  {day(invoice.data.periodEnd, shop.timeZone)}
                </Text>
              </Stack>
            </Grid>
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Désignation</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Durée</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Montant</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                <Table.Row>
                  <Table.Cell>
                    Abonnement {productName} — offre{' '}
                    {PLANS[invoice.data.plan as PlanId]?.label ?? invoice.data.plan}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{invoice.data.months} mois</Table.Cell>
                  <Table.Cell textAlign="end">
                    {formatMoney(invoice.data.amount, invoice.data.currency)}
                  </Table.Cell>
                </Table.Row>
              </Table.Body>
            </Table.Root>
            <Stack gap="1" alignSelf="flex-end" minW="60">
              <Separator />
              <HStack justify="space-between" fontWeight="bold" fontSize="lg">
                <Text>Total payé</Text>
                <Text>{formatMoney(invoice.data.amount, invoice.data.currency)}</Text>
              </HStack>
              <Text fontSize="xs" color="gray.600" textAlign="end">
                Réglé par {invoice.data.provider === 'sandbox' ? 'paiement de test' : 'CinetPay'} · réf.{' '}
                {invoice.data.paymentId}
              </Text>
            </Stack>
          </Stack>
        )}
      </Box>
    </Box>
  );
}
