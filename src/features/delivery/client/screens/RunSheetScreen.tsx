import { Alert, Box, Button, HStack, Link, Skeleton, Stack, Text } from '@/client/ui';
import { PageLink } from '@/client/components/PageLink';
import { useRouter } from 'next/router';
import { LuArrowLeft, LuMessageCircle, LuPrinter } from 'react-icons/lu';
import { useCurrentShop } from '@/client/shell/use-current-shop';
import { formatDateTime } from '@/shared/dates';
import { formatMoney } from '@/shared/money';
import { withShopId } from '@/shared/navigation';
import { formatPhone } from '@/shared/phone-format';
import { frenchTypography as fr } from '@/shared/typography';
import type { TRunSheet } from '../../delivery.schemas';
import { useRunSheetQuery } from '../delivery.api';
import { whatsappUrl } from '@/shared/whatsapp';

/** The run sheet as a WhatsApp message: one line a stop, what to collect, the total. */
function sheetText(sheet: TRunSheet, currency: string): string {
  const lines = sheet.items.map(
    (i, n) =>
      `${n + 1}. #${i.number} ${i.clientName ?? ''} — ${i.place}${i.landmark ? ` (${i.landmark})` : ''}${
        i.clientPhone ? ` — ${formatPhone(i.clientPhone)}` : ''
      } — ${i.amountDue > 0 ? `à encaisser ${formatMoney(i.amountDue, currency)}` : 'payée'}`,
  );
  const total = sheet.items.reduce((sum, i) => sum + i.amountDue, 0);
  return fr(
    [
      `Feuille de route de ${sheet.rider.name}`,
      ...lines,
      `Total à encaisser : ${formatMoney(total, currency)}`,
    ].join('\n'),
  );
}

/**
 * « Feuille de route »: a rider's deliveries in progress, zone by zone, to print (a signature
 * column for each stop) or to send on WhatsApp before they leave.
 */
export function RunSheetScreen() {
  const router = useRouter();
  const { shop, isLoading: shopLoading } = useCurrentShop();
  const riderId = String(router.query.livreur ?? '');
  const { data, isLoading, isError } = useRunSheetQuery(
    { shopId: shop?._id ?? '', riderId },
    { skip: !shop || !riderId },
  );
  if (shopLoading || isLoading || !shop) return <Skeleton h="80" m="8" />;
  if (isError || !data)
    return (
      <Alert.Root status="error" m="8">
        <Alert.Indicator />
        <Alert.Title>Ce livreur est introuvable.</Alert.Title>
      </Alert.Root>
    );
  const money = (n: number) => formatMoney(n, shop.currency);
  const total = data.items.reduce((sum, i) => sum + i.amountDue, 0);
  const whatsapp = whatsappUrl(data.rider.phone, sheetText(data, shop.currency));
  return (
    <Box bg={{ base: 'bg.subtle', _print: 'white' }} minH="100dvh" py={{ base: '4', md: '8' }} px="4">
      <HStack
        maxW="4xl"
        mx="auto"
        mb="4"
        gap="2"
        flexWrap="wrap"
        css={{ '@media print': { display: 'none' } }}
      >
        <Button size="sm" variant="ghost" asChild>
          <PageLink href={withShopId('/livraison', shop._id)}>
            <LuArrowLeft /> Livraison
          </PageLink>
        </Button>
        <Button size="sm" colorPalette="brand" onClick={() => window.print()}>
          <LuPrinter /> Imprimer
        </Button>
        <Button size="sm" variant="outline" asChild>
          <Link href={whatsapp} target="_blank" rel="noreferrer">
            <LuMessageCircle /> Envoyer par WhatsApp
          </Link>
        </Button>
      </HStack>
      <Stack
        maxW="4xl"
        mx="auto"
        gap="4"
        bg="white"
        color="black"
        p={{ base: '4', md: '8' }}
        rounded="md"
        borderWidth={{ base: '1px', _print: '0' }}
      >
        <Stack gap="0">
          <Text as="h1" fontSize="2xl" fontWeight="bold">
            Feuille de route
          </Text>
          <Text>
            {data.rider.name} · {formatPhone(data.rider.phone)} · {shop.name}
          </Text>
          <Text fontSize="sm" color="gray.600">
            {formatDateTime(new Date(), shop.timeZone)} · {data.items.length} livraison
            {data.items.length > 1 ? 's' : ''} · {fr(`à encaisser : ${money(total)}`)}
          </Text>
        </Stack>
        {data.items.length === 0 ? (
          <Text>Aucune livraison en cours pour ce livreur.</Text>
        ) : (
          <Stack gap="0" role="list" aria-label="Livraisons">
            {data.items.map((item, n) => (
              <HStack
                key={item.deliveryId}
                role="listitem"
                align="flex-start"
                gap="3"
                py="3"
                borderTopWidth="1px"
                borderColor="gray.300"
                css={{ breakInside: 'avoid' }}
              >
                <Text fontWeight="bold" minW="6">
                  {n + 1}.
                </Text>
                <Stack gap="0" flex="1" minW="0" fontSize="sm">
                  <Text fontWeight="semibold">
                    #{item.number} {item.clientName ?? 'Client anonyme'}
                    {item.zone ? ` · ${item.zone}` : ''}
                  </Text>
                  <Text>{item.place}</Text>
                  {item.landmark ? <Text color="gray.600">{item.landmark}</Text> : null}
                  {item.clientPhone ? <Text>{formatPhone(item.clientPhone)}</Text> : null}
                </Stack>
                <Stack gap="0" textAlign="end" fontSize="sm" minW="28">
                  <Text fontWeight="semibold">{item.amountDue > 0 ? money(item.amountDue) : 'Payée'}</Text>
                  <Text color="gray.600" display={{ base: 'none', _print: 'block' }}>
                    Signature : ________
                  </Text>
                </Stack>
              </HStack>
            ))}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
