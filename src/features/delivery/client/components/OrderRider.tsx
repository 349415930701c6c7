import { Button, HStack, Link, NativeSelect, Stack, Text } from '@chakra-ui/react';
import NextLink from 'next/link';
import { useState } from 'react';
import { LuBike, LuPhone } from 'react-icons/lu';
import { ApiError } from '@/client/api/api-error';
import { toaster } from '@/client/shell/toaster';
import { formatMoney } from '@/shared/money';
import { withShopId } from '@/shared/navigation';
import { formatPhone } from '@/shared/phone';
import { frenchTypography as fr } from '@/shared/typography';
import { useAssignOrderMutation, useGetOrderDeliveryQuery, useListRidersQuery } from '../delivery.api';

/**
 * An order page's rider, under its delivery address: who carries it and what they collect, and
 * for the roles that manage deliveries, a choice of the shop's active riders to hand it to (or to
 * another one). Shown for an order that can still go out or is out.
 */
export function OrderRider(props: {
  shopId: string;
  orderId: string;
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
  const active = (riders.data?.items ?? []).filter((r) => r.isActive && r.id !== delivery?.rider.id);

  async function handOver() {
    setError(null);
    if (!chosen) return setError('Choisissez un livreur.');
    try {
      const made = await assign({ shopId: props.shopId, orderId: props.orderId, riderId: chosen }).unwrap();
      setChosen('');
      toaster.create({ type: 'success', title: fr(`Commande confiée à ${made.rider.name}`), duration: 3000 });
    } catch (caught) {
      setError(
        caught instanceof ApiError ? caught.message : 'La commande n’a pas pu être confiée. Réessayez.',
      );
    }
  }

  return (
    <Stack gap="2" mt="3" pt="3" borderTopWidth="1px" data-testid="order-rider">
      {delivery ? (
        <Stack gap="0" fontSize="sm">
          <Text>
            <LuBike style={{ display: 'inline', marginRight: 6 }} />
            Livreur : <strong>{delivery.rider.name}</strong>
          </Text>
          <Link href={`tel:${delivery.rider.phone}`} fontSize="sm">
            <LuPhone /> {formatPhone(delivery.rider.phone)}
          </Link>
          <Text color="fg.muted">
            {delivery.amountDue > 0
              ? `À encaisser à la livraison : ${formatMoney(delivery.amountDue, props.currency)}`
              : 'Déjà payée : rien à encaisser.'}
          </Text>
        </Stack>
      ) : props.canGoOut ? (
        <Text fontSize="sm" color="fg.muted">
          Aucun livreur pour le moment.
        </Text>
      ) : null}
      {props.canAssign && props.canGoOut ? (
        riders.data && active.length === 0 && !delivery ? (
          <Text fontSize="sm">
            Aucun livreur actif.{' '}
            <Link asChild color="fg.info">
              <NextLink href={withShopId('/livraison?vue=livreurs', props.shopId)}>
                Ajouter un livreur
              </NextLink>
            </Link>
          </Text>
        ) : active.length > 0 ? (
          <Stack gap="1">
            <HStack gap="2" align="flex-end">
              <NativeSelect.Root size="sm" flex="1" invalid={!!error}>
                <NativeSelect.Field
                  aria-label={delivery ? 'Confier à un autre livreur' : 'Confier à un livreur'}
                  value={chosen}
                  onChange={(e) => setChosen(e.currentTarget.value)}
                >
                  <option value="">{delivery ? 'Autre livreur…' : 'Choisir un livreur…'}</option>
                  {active.map((r) => (
                    <option key={r.id} value={r.id}>
                      {r.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Button
                size="sm"
                colorPalette="brand"
                loading={assigning.isLoading}
                onClick={() => void handOver()}
              >
                Confier
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
