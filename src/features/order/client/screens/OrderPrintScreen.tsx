import { Alert, Box, Button, Flex, HStack, Image, Skeleton, Stack, Text, Table } from '@/client/ui';
import { useRouter } from 'next/router';
import { useEffect, useState } from 'react';
import { LuPrinter } from 'react-icons/lu';
import { useCurrentShop } from '@/client/shell/use-current-shop';
import { formatDateTime } from '@/shared/dates';
import { formatMoney } from '@/shared/money';
import { formatPhone } from '@/shared/phone-format';
import { findCountry } from '@/shared/countries';
import type { Shop } from '@/features/shop/client/shop.api';
import { PAYMENT_METHOD_LABELS } from '../../order.constants';
import { useGetOrderQuery, useIssueInvoicesMutation, type Order } from '../order.api';
import type { TIssuedInvoices } from '../../order.dto-schemas';
import { ApiError } from '@/client/api/api-error';
import { legalIdsLine } from '@/shared/legal-ids';
import { frenchTypography as fr } from '@/shared/typography';
import type { PrintDocument } from '../components/OrderBulkBar';
import { orderDiscountRows, productAdjustmentsOn } from '../order-discounts';

function Address({ order }: { order: Order }) {
  const a = order.deliveryAddress;
  if (!a) return null;
  return (
    <>
      {[a.quartier, a.commune].filter(Boolean).length ? (
        <Text>{[a.quartier, a.commune].filter(Boolean).join(', ')}</Text>
      ) : null}
      {a.ville ? <Text>{a.ville}</Text> : null}
      {a.indications ? <Text color="gray.600">{a.indications}</Text> : null}
    </>
  );
}

type Issued = TIssuedInvoices['items'][number];

/** One « Facture » or « Bon de livraison », one A4 page each. */
function OrderDocument({
  shop,
  orderId,
  document,
  issued,
  onReady,
}: {
  shop: Shop;
  orderId: string;
  document: PrintDocument;
  /** The invoice's number (or why there is none); undefined while it is being issued. */
  issued: Issued | undefined;
  onReady: () => void;
}) {
  const { data: order, isError } = useGetOrderQuery({ shopId: shop._id, orderId });
  const isInvoice = document === 'facture';
  const isWaiting = isInvoice && !issued;
  useEffect(() => {
    if ((order && !isWaiting) || isError) onReady();
  }, [order, isWaiting, isError, onReady]);
  if (isError)
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>Une commande est introuvable.</Alert.Title>
      </Alert.Root>
    );
  if (!order || isWaiting) return <Skeleton h="80" />;
  if (isInvoice && !issued?.invoice)
    return (
      <Alert.Root status="info" css={{ '@media print': { display: 'none' } }}>
        <Alert.Indicator />
        <Alert.Title>{fr(`Commande #${order.number} : ${issued?.refusal ?? ''}`)}</Alert.Title>
      </Alert.Root>
    );
  const money = (n: number) => formatMoney(n, shop.currency);
  const legalIds = legalIdsLine(shop.country, shop);
  const discounts = orderDiscountRows(order);
  return (
    <Stack
      gap="6"
      bg="white"
      color="black"
      p={{ base: '6', md: '10' }}
      borderWidth={{ base: '1px', _print: '0' }}
      rounded="md"
      css={{ breakAfter: 'page' }}
      data-testid="printed-order"
    >
      <Flex justify="space-between" align="flex-start" gap="6" wrap="wrap">
        <Stack gap="1">
          {shop.logoUrl ? <Image src={shop.logoUrl} alt="" maxH="16" maxW="40" objectFit="contain" /> : null}
          <Text fontWeight="bold" fontSize="lg">
            {shop.name}
          </Text>
          <Text fontSize="sm" color="gray.600" whiteSpace="pre-line">
            {shop.address || (findCountry(shop.country)?.name ?? shop.country)}
          </Text>
          {shop.phone ? (
            <Text fontSize="sm" color="gray.600">
              {formatPhone(shop.phone)}
            </Text>
          ) : null}
          {legalIds ? (
            <Text fontSize="sm" color="gray.600" data-testid="printed-legal-ids">
              {fr(legalIds)}
            </Text>
          ) : null}
        </Stack>
        {isInvoice && issued?.invoice ? (
          <Stack gap="0" textAlign="end">
            <Text fontSize="2xl" fontWeight="bold" data-testid="invoice-number">
              Facture n° {issued.invoice.number}
            </Text>
            <Text fontSize="sm">
              {fr(`Date de facture : ${formatDateTime(issued.invoice.issuedAt, shop.timeZone)}`)}
            </Text>
            <Text fontSize="sm">
              {`Commande #${order.number} du ${formatDateTime(order.createdAt, shop.timeZone)}`}
            </Text>
          </Stack>
        ) : (
          <Stack gap="0" textAlign="end">
            <Text fontSize="2xl" fontWeight="bold">
              Bon de livraison
            </Text>
            <Text>Commande #{order.number}</Text>
            <Text fontSize="sm">{formatDateTime(order.createdAt, shop.timeZone)}</Text>
          </Stack>
        )}
      </Flex>
      <Stack gap="0" fontSize="sm">
        <Text fontWeight="semibold">{isInvoice ? 'Client' : 'Livrer à'}</Text>
        <Text>{order.clientName ?? 'Client anonyme'}</Text>
        {order.clientPhone ? <Text>{formatPhone(order.clientPhone)}</Text> : null}
        <Address order={order} />
        {!isInvoice && order.clientNote ? <Text mt="2">Note : {order.clientNote}</Text> : null}
      </Stack>
      <Table.Root size="sm" variant="line">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader color="black">Article</Table.ColumnHeader>
            <Table.ColumnHeader color="black" textAlign="end">
              Qté
            </Table.ColumnHeader>
            {isInvoice ? (
              <>
                <Table.ColumnHeader color="black" textAlign="end">
                  Prix unitaire
                </Table.ColumnHeader>
                <Table.ColumnHeader color="black" textAlign="end">
                  Total
                </Table.ColumnHeader>
              </>
            ) : (
              <Table.ColumnHeader color="black" textAlign="end">
                Vérifié
              </Table.ColumnHeader>
            )}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {order.lines.map((line) => (
            <Table.Row key={line.id}>
              <Table.Cell>
                {line.productName}
                {line.variantName ? ` (${line.variantName})` : ''}
                {line.sku ? (
                  <Text fontSize="xs" color="gray.600">
                    SKU {line.sku}
                  </Text>
                ) : null}
                {isInvoice
                  ? productAdjustmentsOn(order.adjustments, line.id).map((a) => (
                      <Text key={a.id} fontSize="xs" color="gray.600">
                        {`${a.name} : −${money(a.amount)}`}
                      </Text>
                    ))
                  : null}
              </Table.Cell>
              <Table.Cell textAlign="end">{line.quantity}</Table.Cell>
              {isInvoice ? (
                <>
                  <Table.Cell textAlign="end">{money(line.unitPrice)}</Table.Cell>
                  <Table.Cell textAlign="end">{money(line.total)}</Table.Cell>
                </>
              ) : (
                <Table.Cell textAlign="end">☐</Table.Cell>
              )}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {isInvoice ? (
        <Stack gap="1" alignSelf="flex-end" minW="64" fontSize="sm">
          <HStack justify="space-between">
            <Text>Sous-total</Text>
            <Text>{money(order.subtotal)}</Text>
          </HStack>
          {discounts.promotions.map((p) => (
            <HStack key={p.key} justify="space-between" gap="4" data-testid="printed-promotion">
              <Text>{p.label}</Text>
              <Text whiteSpace="nowrap">− {money(p.amount)}</Text>
            </HStack>
          ))}
          {discounts.manualDiscount > 0 ? (
            <HStack justify="space-between">
              <Text>Remises</Text>
              <Text>− {money(discounts.manualDiscount)}</Text>
            </HStack>
          ) : null}
          <HStack justify="space-between" align="flex-start" gap="4">
            <Stack gap="0">
              <Text>{discounts.freeDelivery ? 'Livraison offerte' : 'Livraison'}</Text>
              {discounts.freeDelivery ? (
                <Text fontSize="xs" color="gray.600">
                  {discounts.freeDelivery.label}
                </Text>
              ) : null}
            </Stack>
            <Text whiteSpace="nowrap">{money(order.deliveryFee)}</Text>
          </HStack>
          {discounts.rounding > 0 ? (
            <HStack justify="space-between">
              <Text>Arrondi</Text>
              <Text>− {money(discounts.rounding)}</Text>
            </HStack>
          ) : null}
          <HStack justify="space-between" fontWeight="bold" fontSize="md">
            <Text>Total</Text>
            <Text>{money(order.total)}</Text>
          </HStack>
          {order.payments.map((p) => (
            <HStack key={p.id} justify="space-between">
              <Text>Payé ({PAYMENT_METHOD_LABELS[p.method]})</Text>
              <Text>{money(p.amount)}</Text>
            </HStack>
          ))}
          {order.refundedAmount > 0 ? (
            <HStack justify="space-between">
              <Text>Remboursé</Text>
              <Text>− {money(order.refundedAmount)}</Text>
            </HStack>
          ) : null}
          <HStack justify="space-between" fontWeight="semibold">
            <Text>Reste à payer</Text>
            <Text>{money(Math.max(0, order.total - order.paidAmount))}</Text>
          </HStack>
        </Stack>
      ) : (
        <Stack gap="1" fontSize="sm">
          <Text>
            Montant à encaisser à la livraison :{' '}
            <strong>{money(Math.max(0, order.total - order.paidAmount))}</strong>
          </Text>
          <Text mt="8">Signature du client : ______________________________</Text>
        </Stack>
      )}
      <Text fontSize="xs" color="gray.600" textAlign="center">
        Merci pour votre confiance — {shop.name}
      </Text>
    </Stack>
  );
}

/**
 * /mes-commandes/imprimer?document=facture|bon-de-livraison&ids=…: the documents of one or several
 * orders, then the browser's print dialog once they are all on the page.
 */
export function OrderPrintScreen() {
  const router = useRouter();
  const { shop, isLoading } = useCurrentShop();
  const document: PrintDocument =
    router.query.document === 'bon-de-livraison' ? 'bon-de-livraison' : 'facture';
  const ids =
    typeof router.query.ids === 'string' ? router.query.ids.split(',').filter(Boolean).slice(0, 200) : [];
  const [ready, setReady] = useState<Set<string>>(new Set());
  const allReady = ids.length > 0 && ids.every((id) => ready.has(id));
  // Invoices are numbered when first issued, that is here: once per page, for all the orders.
  const [issue, issuing] = useIssueInvoicesMutation();
  const idsKey = ids.join(',');
  const shopId = shop?._id;
  useEffect(() => {
    if (document === 'facture' && shopId && idsKey) void issue({ shopId, orderIds: idsKey.split(',') });
  }, [document, shopId, idsKey, issue]);
  const issuedById = new Map((issuing.data?.items ?? []).map((item) => [item.orderId, item]));
  const issueError = !issuing.isError
    ? null
    : issuing.error instanceof ApiError
      ? issuing.error.message
      : 'Les factures n’ont pas pu être numérotées. Réessayez.';
  useEffect(() => {
    if (allReady) window.print();
  }, [allReady]);

  return (
    <Box bg={{ base: 'bg.subtle', _print: 'white' }} minH="100dvh" py={{ base: '4', md: '8' }} px="4">
      <HStack maxW="3xl" mx="auto" mb="4" justify="flex-end" css={{ '@media print': { display: 'none' } }}>
        <Button colorPalette="brand" size="sm" onClick={() => window.print()} disabled={!allReady}>
          <LuPrinter /> Imprimer
        </Button>
      </HStack>
      <Stack maxW="3xl" mx="auto" gap="6">
        {isLoading || !router.isReady ? <Skeleton h="80" /> : null}
        {shop && ids.length === 0 ? <Text>Aucune commande à imprimer.</Text> : null}
        {shop
          ? ids.map((id) => (
              <OrderDocument
                key={id}
                shop={shop}
                orderId={id}
                document={document}
                issued={
                  issuedById.get(id) ??
                  (issueError ? { orderId: id, invoice: null, refusal: issueError } : undefined)
                }
                onReady={() => setReady((r) => (r.has(id) ? r : new Set(r).add(id)))}
              />
            ))
          : null}
      </Stack>
    </Box>
  );
}
