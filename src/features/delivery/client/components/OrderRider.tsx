import { Button, HStack, Link, Stack, Text } from '@/client/ui';
import { PageLink } from '@/client/components/PageLink';
import { useState } from 'react';
import { LuBike, LuPhone } from 'react-icons/lu';
import { ApiError } from '@/client/api/api-error';
import { toaster } from '@/client/shell/toaster';
import { formatMoney } from '@/shared/money';
import { withShopId } from '@/shared/navigation';
import { formatPhone } from '@/shared/phone-format';
import { frenchTypography as fr } from '@/shared/typography';
import { PAYMENT_METHOD_LABELS } from '@/features/order/order.constants';
import { DELIVERY_STATUS_LABELS } from '../../outcomes';
import {
  useAssignOrderMutation,
  useGetOrderDeliveryQuery,
  useListRidersQuery,
  type OrderDelivery,
} from '../delivery.api';
import { RiderSelect } from './RiderSelect';
import { TrackingShare } from './TrackingShare';

const SMS_TOASTS: Record<string, { type: 'success' | 'warning'; title: string } | null> = {
  sent: { type: 'success', title: 'SMS de suivi envoyé au client, avec son code.' },
  no_phone: { type: 'warning', title: 'Le client n’a pas de téléphone : aucun SMS de suivi envoyé.' },
  quota: { type: 'warning', title: 'SMS du forfait épuisés : partagez le suivi par WhatsApp.' },
  failed: { type: 'warning', title: 'Le SMS de suivi n’est pas parti : partagez le suivi par WhatsApp.' },
  not_sent: null,
};

function DeliveryFacts({ delivery, currency }: { delivery: OrderDelivery; currency: string }) {
  const open = delivery.status === 'assigned';
  return (
    <Stack gap="0" fontSize="sm">
      <Text>
        <LuBike style={{ display: 'inline', marginRight: 6 }} />
        Livreur : <strong>{delivery.rider.name}</strong>
        {open ? null : ` · ${DELIVERY_STATUS_LABELS[delivery.status]}`}
      </Text>
      <Link href={`tel:${delivery.rider.phone}`} fontSize="sm">
        <LuPhone /> {formatPhone(delivery.rider.phone)}
      </Link>
      {open ? (
        <Text color="fg.muted">
          {delivery.amountDue > 0
            ? `À encaisser à la livraison : ${formatMoney(delivery.amountDue, currency)}`
            : 'Déjà payée : rien à encaisser.'}
        </Text>
      ) : null}
      {open && delivery.proofCode ? (
        <Text>
          Code de livraison du client : <strong data-testid="proof-code">{delivery.proofCode}</strong>
        </Text>
      ) : null}
      {delivery.status === 'delivered' ? (
        <Text color="fg.muted">
          {delivery.collectedAmount && delivery.collectedMethod
            ? fr(
                `Encaissé : ${formatMoney(delivery.collectedAmount, currency)} en ${PAYMENT_METHOD_LABELS[delivery.collectedMethod]}`,
              )
            : 'Rien encaissé à la livraison.'}
        </Text>
      ) : null}
      {delivery.reason ? <Text color={open ? 'fg.muted' : 'fg.error'}>Motif : {delivery.reason}</Text> : null}
    </Stack>
  );
}

/**
 * An order page's delivery, under its address: who carries it, what they collect, the customer's
 * code and tracking link; how it ended. For the roles that manage deliveries, a choice of the
 * shop's active riders to hand it to, to another one, or again after a failed attempt.
 */
export function OrderRider(props: {
  shopId: string;
  orderId: string;
  orderNumber: number;
  clientPhone: string | null;
  currency: string;
  canAssign: boolean;
  /** Whether the order may still be handed to a rider (not cancelled, delivered or returned). */
  canGoOut: boolean;
}) {
  const { data } = useGetOrderDeliveryQuery({ shopId: props.shopId, orderId: props.orderId });
  const riders = useListRidersQuery({ shopId: props.shopId }, { skip: !props.canAssign || !props.canGoOut });
  const [assign, assigning] = useAssignOrderMutation();
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | null>(null);
  const delivery = data?.delivery ?? null;
  const isOpen = delivery?.status === 'assigned';
  const failed = delivery && !isOpen && delivery.status !== 'delivered';
  const active = (riders.data?.items ?? []).filter(
    (r) => r.isActive && !(isOpen && r.id === delivery.rider.id),
  );

  async function handOver() {
    setError(null);
    if (!chosen) return setError('Choisissez un livreur.');
    try {
      const made = await assign({ shopId: props.shopId, orderId: props.orderId, riderId: chosen }).unwrap();
      setChosen('');
      toaster.create({ type: 'success', title: fr(`Commande confiée à ${made.rider.name}`), duration: 3000 });
      const sms = SMS_TOASTS[made.trackingSms];
      if (sms) toaster.create({ ...sms, title: fr(sms.title), duration: 5000 });
    } catch (caught) {
      setError(
        caught instanceof ApiError ? caught.message : 'La commande n’a pas pu être confiée. Réessayez.',
      );
    }
  }

  const label = isOpen
    ? 'Confier à un autre livreur'
    : failed
      ? 'Replanifier avec un livreur'
      : 'Confier à un livreur';
  return (
    <Stack gap="2" mt="3" pt="3" borderTopWidth="1px" data-testid="order-rider">
      {delivery ? (
        <DeliveryFacts delivery={delivery} currency={props.currency} />
      ) : props.canGoOut ? (
        <Text fontSize="sm" color="fg.muted">
          Aucun livreur pour le moment.
        </Text>
      ) : null}
      {failed && props.canGoOut ? (
        <Text fontSize="sm">
          Replanifiez la livraison ci-dessous, ou passez la commande à « Retournée » pour remettre ses
          articles en stock.
        </Text>
      ) : null}
      {isOpen && data?.trackingUrl ? (
        <TrackingShare
          shopId={props.shopId}
          orderId={props.orderId}
          orderNumber={props.orderNumber}
          clientPhone={props.clientPhone}
          url={data.trackingUrl}
          canSend={props.canAssign}
        />
      ) : null}
      {props.canAssign && props.canGoOut ? (
        riders.data && active.length === 0 && !isOpen ? (
          <Text fontSize="sm">
            Aucun livreur actif.{' '}
            <Link asChild color="fg.info">
              <PageLink href={withShopId('/livraison?vue=livreurs', props.shopId)}>
                Ajouter un livreur
              </PageLink>
            </Link>
          </Text>
        ) : active.length > 0 ? (
          <Stack gap="1">
            <HStack gap="2" align="flex-end">
              <RiderSelect
                riders={active}
                value={chosen}
                onChange={setChosen}
                label={label}
                placeholder={isOpen ? 'Autre livreur…' : 'Choisir un livreur…'}
                isInvalid={!!error}
              />
              <Button
                size="sm"
                colorPalette="brand"
                loading={assigning.isLoading}
                onClick={() => void handOver()}
              >
                {failed ? 'Replanifier' : 'Confier'}
              </Button>
            </HStack>
            {error ? (
              <Text fontSize="sm" color="fg.error" role="alert">
                {error}
              </Text>
            ) : null}
          </Stack>
        ) : null
      ) : null}
    </Stack>
  );
}
