import { OrderRider } from '@/features/delivery/client/components/OrderRider';
import { OrderWhatsappMessages } from '@/features/channel/client/components/OrderWhatsappMessages';
import { Button, Grid, Heading, HStack, Skeleton, Stack, Text } from '@/client/ui';
import { Table } from '@/client/ui/table';
import { PageLink } from '@/client/components/PageLink';
import { SectionCard as Section } from '@/client/components/SectionCard';
import { DeferredMenu } from '@/client/components/DeferredMenu';
import dynamic from 'next/dynamic';
import { loadInChakraIsland } from '@/client/shell/load-in-chakra-island';
import { useRouter } from 'next/router';
import { useState } from 'react';
import { LuArrowLeft, LuChevronDown, LuLink, LuPencil, LuPrinter } from 'react-icons/lu';
import { AppShell } from '@/client/shell/AppShell';
import { ConfirmDialog } from '@/client/components/ConfirmDialog';
import { toaster } from '@/client/shell/toaster';
import { ApiError } from '@/client/api/api-error';
import { formatDateTime } from '@/shared/dates';
import { formatMoney } from '@/shared/money';
import { formatPhone } from '@/shared/phone-format';
import { withShopId } from '@/shared/navigation';
import { localTicketLabel } from '@/shared/local-reference';
import { can } from '@/shared/permissions';
import type { AgentRole } from '@/shared/roles';
import type { Shop } from '@/features/shop/client/shop.api';
import { CHANNEL_LABELS, PAYMENT_METHOD_LABELS, type FulfilmentStatus } from '../../order.constants';
import { useChangeOrderStatusMutation, useGetOrderQuery, type Order } from '../order.api';
import { FulfilmentBadge, PaymentBadge, StockConflictBadge } from '../components/OrderBadges';
import { OrderTimeline } from '../components/OrderTimeline';
import { PaymentDialog } from '../components/PaymentDialog';
import { RefundDialog } from '../components/RefundDialog';
import { printUrl } from '../components/OrderBulkBar';
import { WhyPriceButton } from '../components/WhyPriceButton';
import { orderDiscountRows, productAdjustmentsOn } from '../order-discounts';
import { hasReductions, whyFromOrder } from '../why-price';

// Still drawn with Chakra: loads with it when first opened.
const PaymentLinkDialog = dynamic(() =>
  loadInChakraIsland(import('../components/PaymentLinkDialog').then((m) => m.PaymentLinkDialog)),
);

/** The button that moves an order to each status. */
const MOVE_LABELS: Record<FulfilmentStatus, string> = {
  new: 'Nouvelle',
  confirmed: 'Confirmer',
  preparing: 'Commencer la préparation',
  ready: 'Marquer prête',
  shipping: 'Mettre en livraison',
  delivered: 'Marquer livrée',
  cancelled: 'Annuler la commande',
  returned: 'Marquer retournée',
};

function Totals({ order, currency }: { order: Order; currency: string }) {
  const money = (n: number) => formatMoney(n, currency);
  const discounts = orderDiscountRows(order);
  type Row = {
    label: string;
    value: string;
    isStrong?: boolean;
    isDiscount?: boolean;
    testId?: string;
    /** Below the label, smaller: which discount it is. */
    detail?: string;
  };
  const rows: Row[] = [
    { label: 'Sous-total', value: money(order.subtotal) },
    ...discounts.promotions.map((p) => ({
      label: p.label,
      value: `− ${money(p.amount)}`,
      isDiscount: true,
      testId: 'order-promotion',
    })),
    ...(discounts.manualDiscount > 0
      ? [{ label: 'Remises', value: `− ${money(discounts.manualDiscount)}` }]
      : []),
    discounts.freeDelivery
      ? {
          label: 'Livraison offerte',
          detail: discounts.freeDelivery.label,
          value: money(order.deliveryFee),
          isDiscount: true,
          testId: 'order-free-delivery',
        }
      : { label: 'Livraison', value: money(order.deliveryFee) },
    ...(discounts.rounding > 0
      ? [{ label: 'Arrondi', value: `− ${money(discounts.rounding)}`, testId: 'order-rounding' }]
      : []),
    { label: 'Total', value: money(order.total), isStrong: true, testId: 'order-total' },
    { label: 'Payé', value: money(order.paidAmount) },
    ...(order.refundedAmount > 0 ? [{ label: 'Remboursé', value: money(order.refundedAmount) }] : []),
    { label: 'Reste à payer', value: money(Math.max(0, order.total - order.paidAmount)), isStrong: true },
  ];
  const why = whyFromOrder(order);
  return (
    <Stack
      gap="1"
      alignSelf={{ base: 'stretch', sm: 'flex-end' }}
      minW={{ sm: '64' }}
      maxW="full"
      data-testid="order-totals"
    >
      {rows.map((row) => (
        <HStack
          key={row.label}
          justify="space-between"
          align="flex-start"
          gap="3"
          fontWeight={row.isStrong ? 'semibold' : undefined}
          color={row.isDiscount ? 'fg.success' : undefined}
          data-testid={row.testId}
        >
          <Stack gap="0" minW="0">
            <Text overflowWrap="anywhere">{row.label}</Text>
            {row.detail ? (
              <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere">
                {row.detail}
              </Text>
            ) : null}
          </Stack>
          <Text whiteSpace="nowrap" flexShrink={0}>
            {row.value}
          </Text>
        </HStack>
      ))}
      {hasReductions(why) ? <WhyPriceButton view={() => why} currency={currency} /> : null}
    </Stack>
  );
}

function Lines({ order, currency }: { order: Order; currency: string }) {
  return (
    <Table.ScrollArea>
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Article</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end" display={{ base: 'none', sm: 'table-cell' }}>
              Prix
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Qté</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {order.lines.map((line) => (
            <Table.Row key={line.id}>
              {/* The scroll area keeps text on one line: a long name wraps rather than hide the total. */}
              <Table.Cell whiteSpace="normal" minW="32">
                <Text>{line.productName}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {[line.variantName, line.sku ? `SKU ${line.sku}` : null].filter(Boolean).join(' · ')}
                  {line.refundedQuantity > 0 ? ` · ${line.refundedQuantity} remboursé(s)` : ''}
                </Text>
              </Table.Cell>
              <Table.Cell textAlign="end" display={{ base: 'none', sm: 'table-cell' }}>
                {formatMoney(line.unitPrice, currency)}
              </Table.Cell>
              <Table.Cell textAlign="end">{line.quantity}</Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {formatMoney(line.total, currency)}
                {productAdjustmentsOn(order.adjustments, line.id).map((a) => (
                  <Text key={a.id} fontSize="xs" color="fg.success" whiteSpace="normal">
                    {a.name} − {formatMoney(a.amount, currency)}
                  </Text>
                ))}
                {line.ownDiscount > 0 ? (
                  <Text fontSize="xs" color="fg.muted">
                    remise {formatMoney(line.ownDiscount, currency)}
                  </Text>
                ) : null}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function StatusActions({ order, shopId }: { order: Order; shopId: string }) {
  const [change, { isLoading }] = useChangeOrderStatusMutation();
  const [confirming, setConfirming] = useState<FulfilmentStatus | null>(null);
  const forward = order.allowedStatuses.filter((s) => s !== 'cancelled' && s !== 'returned');
  const leaving = order.allowedStatuses.filter((s) => s === 'cancelled' || s === 'returned');
  async function move(status: FulfilmentStatus) {
    try {
      await change({ shopId, orderId: order.id, status }).unwrap();
    } catch (error) {
      toaster.create({
        type: 'error',
        duration: 5000,
        title: error instanceof ApiError ? error.message : 'Le statut n’a pas pu être changé.',
      });
    }
  }
  return (
    <>
      {forward[0] ? (
        <Button size="sm" colorPalette="brand" loading={isLoading} onClick={() => void move(forward[0]!)}>
          {MOVE_LABELS[forward[0]]}
        </Button>
      ) : null}
      {forward.length > 1 || leaving.length ? (
        <DeferredMenu
          trigger={
            <Button size="sm" variant="outline">
              Autre statut <LuChevronDown />
            </Button>
          }
          groups={[
            {
              choices: [
                ...forward.slice(1).map((status) => ({
                  value: status,
                  label: MOVE_LABELS[status],
                  onSelect: () => void move(status),
                })),
                ...leaving.map((status) => ({
                  value: status,
                  label: MOVE_LABELS[status],
                  isDanger: true,
                  onSelect: () => setConfirming(status),
                })),
              ],
            },
          ]}
        />
      ) : null}
      <ConfirmDialog
        isOpen={!!confirming}
        title={confirming === 'cancelled' ? 'Annuler la commande ?' : 'Marquer la commande retournée ?'}
        confirmLabel={confirming ? MOVE_LABELS[confirming] : ''}
        colorPalette="red"
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          const status = confirming!;
          setConfirming(null);
          void move(status);
        }}
      >
        Les articles reviendront en stock. Les paiements reçus se remboursent à part.
      </ConfirmDialog>
    </>
  );
}

function OrderDetail({ shop, role, orderId }: { shop: Shop; role: AgentRole; orderId: string }) {
  const { data: order, isLoading, error } = useGetOrderQuery({ shopId: shop._id, orderId });
  const [isPaying, setPaying] = useState(false);
  const [isRefunding, setRefunding] = useState(false);
  const [isSharingLink, setSharingLink] = useState(false);
  const canManage = can(role, 'orders:manage');
  const back = (
    <Button asChild size="sm" variant="ghost" alignSelf="flex-start">
      <PageLink href={withShopId('/mes-commandes', shop._id)}>
        <LuArrowLeft /> Commandes
      </PageLink>
    </Button>
  );
  if (isLoading) return <Skeleton h="60" />;
  if (!order)
    return (
      <Stack gap="4">
        {back}
        <Text color="fg.error">
          {error instanceof ApiError ? error.message : 'La commande n’a pas pu être chargée.'}
        </Text>
      </Stack>
    );
  const money = (n: number) => formatMoney(n, shop.currency);
  const due = order.total - order.paidAmount;
  const isOpen = order.fulfilmentStatus !== 'cancelled' && order.fulfilmentStatus !== 'returned';
  const address = order.deliveryAddress;
  return (
    <Stack gap="5">
      {back}
      <HStack justify="space-between" flexWrap="wrap" gap="3">
        <Stack gap="1">
          <HStack gap="3" flexWrap="wrap">
            <Heading as="h1" size="2xl">
              Commande #{order.number}
            </Heading>
            <FulfilmentBadge status={order.fulfilmentStatus} />
            <PaymentBadge status={order.paymentStatus} />
            <StockConflictBadge timeline={order.timeline} />
          </HStack>
          <Text color="fg.muted" fontSize="sm">
            {formatDateTime(order.createdAt, shop.timeZone)} · {CHANNEL_LABELS[order.channel]}
            {order.createdBy ? ` · par ${order.createdBy.name}` : ''}
            {order.localReference ? (
              <span data-testid="order-local-reference"> · {localTicketLabel(order.localReference)}</span>
            ) : null}
            {order.invoice ? (
              <span data-testid="order-invoice-number"> · Facture {order.invoice.number}</span>
            ) : null}
          </Text>
        </Stack>
        <HStack gap="2" flexWrap="wrap">
          {canManage ? <StatusActions order={order} shopId={shop._id} /> : null}
          {canManage && order.isEditable ? (
            <Button asChild size="sm" variant="outline">
              <PageLink href={withShopId(`/mes-commandes/${order.id}/modifier`, shop._id)}>
                <LuPencil /> Modifier
              </PageLink>
            </Button>
          ) : null}
          <DeferredMenu
            trigger={
              <Button size="sm" variant="outline">
                <LuPrinter /> Imprimer <LuChevronDown />
              </Button>
            }
            groups={[
              {
                choices: [
                  {
                    value: 'facture',
                    label: 'Facture',
                    onSelect: () => window.open(printUrl(shop._id, [order.id], 'facture'), '_blank'),
                  },
                  {
                    value: 'bon',
                    label: 'Bon de livraison',
                    onSelect: () => window.open(printUrl(shop._id, [order.id], 'bon-de-livraison'), '_blank'),
                  },
                ],
              },
            ]}
          />
        </HStack>
      </HStack>

      <Grid
        gridTemplateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }}
        gap="5"
        alignItems="start"
      >
        <Stack gap="5">
          <Section title="Articles">
            <Stack gap="4">
              <Lines order={order} currency={shop.currency} />
              <Totals order={order} currency={shop.currency} />
            </Stack>
          </Section>
          <Section
            title="Paiements"
            action={
              canManage && isOpen && due > 0 ? (
                <HStack gap="2" flexWrap="wrap" justify="flex-end">
                  <Button size="xs" variant="outline" onClick={() => setSharingLink(true)}>
                    <LuLink /> Lien de paiement
                  </Button>
                  <Button size="xs" colorPalette="brand" onClick={() => setPaying(true)}>
                    Enregistrer un paiement
                  </Button>
                </HStack>
              ) : null
            }
          >
            {order.payments.length === 0 ? (
              <Text color="fg.muted" fontSize="sm">
                Aucun paiement pour le moment.
              </Text>
            ) : (
              <Stack gap="2" data-testid="order-payments">
                {order.payments.map((p) => (
                  <HStack key={p.id} justify="space-between" fontSize="sm">
                    <Text>
                      {PAYMENT_METHOD_LABELS[p.method]}
                      {p.reference ? ` · réf. ${p.reference}` : ''}
                      {p.isOnline ? ' · en ligne' : ''}
                    </Text>
                    <Text fontWeight="semibold">{money(p.amount)}</Text>
                  </HStack>
                ))}
              </Stack>
            )}
          </Section>
          <Section
            title="Remboursements"
            action={
              can(role, 'orders:refund') && order.paidAmount - order.refundedAmount > 0 ? (
                <Button size="xs" variant="outline" onClick={() => setRefunding(true)}>
                  Rembourser
                </Button>
              ) : null
            }
          >
            {order.refunds.length === 0 ? (
              <Text color="fg.muted" fontSize="sm">
                Aucun remboursement.
              </Text>
            ) : (
              <Stack gap="2" data-testid="order-refunds">
                {order.refunds.map((r) => (
                  <HStack key={r.id} justify="space-between" fontSize="sm">
                    <Text>
                      {PAYMENT_METHOD_LABELS[r.method]}
                      {r.isRestocked ? ' · remis en stock' : ''}
                      {r.reason ? ` · ${r.reason}` : ''}
                    </Text>
                    <Text fontWeight="semibold">− {money(r.amount)}</Text>
                  </HStack>
                ))}
              </Stack>
            )}
          </Section>
        </Stack>
        <Stack gap="5">
          <Section title="Client">
            {order.clientName ? (
              <Stack gap="0" fontSize="sm">
                <Text fontWeight="semibold">{order.clientName}</Text>
                {order.clientPhone ? <Text>{formatPhone(order.clientPhone)}</Text> : null}
              </Stack>
            ) : (
              <Text color="fg.muted" fontSize="sm">
                Client anonyme
              </Text>
            )}
          </Section>
          {canManage && order.clientPhone ? (
            <Section title="Message WhatsApp">
              <OrderWhatsappMessages shopId={shop._id} orderId={order.id} status={order.fulfilmentStatus} />
            </Section>
          ) : null}
          <Section title="Livraison">
            {address && (address.quartier || address.commune || address.ville || address.indications) ? (
              <Stack gap="0" fontSize="sm">
                <Text>{[address.quartier, address.commune].filter(Boolean).join(', ')}</Text>
                <Text>{address.ville}</Text>
                {address.indications ? <Text color="fg.muted">{address.indications}</Text> : null}
              </Stack>
            ) : (
              <Text color="fg.muted" fontSize="sm">
                Pas d’adresse de livraison.
              </Text>
            )}
            {order.deliveryAddress ? (
              <OrderRider
                shopId={shop._id}
                orderId={order.id}
                orderNumber={order.number}
                clientPhone={order.clientPhone}
                currency={shop.currency}
                canAssign={can(role, 'delivery:manage')}
                canGoOut={['new', 'confirmed', 'preparing', 'ready', 'shipping'].includes(
                  order.fulfilmentStatus,
                )}
              />
            ) : null}
            {order.clientNote ? (
              <Text fontSize="sm" mt="3">
                <Text as="span" fontWeight="semibold">
                  Note du client :
                </Text>{' '}
                {order.clientNote}
              </Text>
            ) : null}
          </Section>
          <Section title="Historique">
            <OrderTimeline
              order={order}
              shopId={shop._id}
              currency={shop.currency}
              timeZone={shop.timeZone}
              canWrite={canManage}
            />
          </Section>
        </Stack>
      </Grid>
      <PaymentDialog
        shopId={shop._id}
        currency={shop.currency}
        order={order}
        isOpen={isPaying}
        onClose={() => setPaying(false)}
      />
      {isSharingLink ? (
        <PaymentLinkDialog
          shopId={shop._id}
          shopName={shop.name}
          currency={shop.currency}
          order={order}
          onClose={() => setSharingLink(false)}
        />
      ) : null}
      {isRefunding ? (
        <RefundDialog
          shopId={shop._id}
          currency={shop.currency}
          order={order}
          isOpen
          onClose={() => setRefunding(false)}
        />
      ) : null}
    </Stack>
  );
}

/** /mes-commandes/[orderId]: everything about one order, and what its statuses allow next. */
export function OrderDetailScreen() {
  const router = useRouter();
  const orderId = typeof router.query.orderId === 'string' ? router.query.orderId : '';
  return (
    <AppShell capability="orders:view" quotaPage="orders">
      {({ shop, role }) =>
        shop && orderId ? <OrderDetail shop={shop} role={role} orderId={orderId} /> : null
      }
    </AppShell>
  );
}
