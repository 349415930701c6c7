import { Badge, Box, Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuMessageCircle, LuMessageSquare, LuShoppingCart } from 'react-icons/lu';
import { ApiError } from '@/client/api/api-error';
import { EmptyListState } from '@/client/components/EmptyListState';
import { toaster } from '@/client/shell/toaster';
import { formatDateTime } from '@/shared/dates';
import { formatMoney } from '@/shared/money';
import { formatPhone } from '@/shared/phone-format';
import { useListAbandonedCartsQuery, useRemindCartMutation, type AbandonedCart } from '../storefront.api';

/** « Paniers abandonnés »: buyers who gave their phone at checkout and did not order within the hour. */
export function AbandonedCarts({
  shopId,
  currency,
  timeZone,
}: {
  shopId: string;
  currency: string;
  timeZone: string;
}) {
  const { data, isLoading } = useListAbandonedCartsQuery({ shopId });
  const [remind, reminding] = useRemindCartMutation();
  const money = (n: number) => formatMoney(n, currency);

  async function sendReminder(cart: AbandonedCart, via: 'sms' | 'whatsapp') {
    // WhatsApp opens in the agent's own app, with the message written; it is noted as sent.
    if (via === 'whatsapp' && cart.whatsappUrl) window.open(cart.whatsappUrl, '_blank', 'noopener');
    try {
      await remind({ shopId, cartId: cart.id, via }).unwrap();
      if (via === 'sms')
        toaster.create({
          type: 'success',
          title: `Relance envoyée par SMS à ${cart.name || formatPhone(cart.phone)}`,
        });
    } catch (error) {
      toaster.create({
        type: 'error',
        title: 'La relance n’a pas pu être envoyée',
        description: error instanceof ApiError ? error.message : 'Réessayez dans un instant.',
      });
    }
  }

  if (isLoading) return <Skeleton h="32" />;
  const carts = data?.items ?? [];
  if (carts.length === 0)
    return (
      <Box borderWidth="1px" rounded="md" bg="bg" py="4">
        <EmptyListState
          testId="no-abandoned-carts"
          icon={<LuShoppingCart />}
          title="Aucun panier abandonné"
          description="Un acheteur qui donne son téléphone à la commande sans la valider apparaît ici au bout d’une heure : vous pourrez le relancer."
        />
      </Box>
    );
  return (
    <Stack gap="3" as="ul" listStyleType="none">
      {carts.map((cart) => (
        <Box as="li" key={cart.id} borderWidth="1px" rounded="lg" p="4" bg="bg" data-testid="abandoned-cart">
          <HStack justify="space-between" align="flex-start" flexWrap="wrap" gap="2">
            <Stack gap="0" minW="0">
              <Text fontWeight="semibold">{cart.name || 'Acheteur sans nom'}</Text>
              <Text color="fg.muted" fontSize="sm">
                {formatPhone(cart.phone)} · {formatDateTime(cart.updatedAt, timeZone)}
              </Text>
            </Stack>
            <Stack gap="1" align="flex-end">
              <Text fontWeight="bold">{money(cart.total)}</Text>
              {cart.remindedAt ? (
                <Badge colorPalette="green">Relancé le {formatDateTime(cart.remindedAt, timeZone)}</Badge>
              ) : null}
            </Stack>
          </HStack>
          <Text fontSize="sm" mt="2" wordBreak="break-word">
            {cart.lines.map((l) => `${l.quantity} × ${l.name}`).join(' · ')}
          </Text>
          <HStack gap="2" mt="3" flexWrap="wrap">
            {cart.whatsappUrl ? (
              <Button size="sm" colorPalette="green" onClick={() => void sendReminder(cart, 'whatsapp')}>
                <LuMessageCircle /> Relancer sur WhatsApp
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="outline"
              loading={
                reminding.isLoading &&
                reminding.originalArgs?.cartId === cart.id &&
                reminding.originalArgs.via === 'sms'
              }
              onClick={() => void sendReminder(cart, 'sms')}
            >
              <LuMessageSquare /> Relancer par SMS
            </Button>
          </HStack>
        </Box>
      ))}
    </Stack>
  );
}
