import { Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { LuPlay, LuTrash2 } from 'react-icons/lu';
import { priceTillCart } from '../cart/cart-pricing';
import { useTill } from '../till/TillProvider';
import type { ParkedCart } from '../offline/types';
import { formatDateTime } from '@/shared/dates';
import { TillDialog } from './TillDialog';

/** The carts put on hold at this till, to resume (the one in progress takes its place on hold). */
export function ParkedDialog(props: {
  isOpen: boolean;
  carts: ParkedCart[];
  timeZone: string;
  money: (n: number) => string;
  onResume: (cart: ParkedCart) => void;
  onDelete: (cart: ParkedCart) => void;
  onClose: () => void;
}) {
  const { pricing, context, index } = useTill();
  // With the shop's discounts and the codes it keeps, as it will be sold.
  const totalOf = (parked: ParkedCart) =>
    priceTillCart(parked.cart, {
      data: pricing,
      currency: context.shop.currency,
      timeZone: context.shop.timeZone,
      categoryOf: (id) => index.card(id)?.categoryId,
    }).totals.total;
  return (
    <TillDialog isOpen={props.isOpen} onClose={props.onClose} title="Paniers en attente">
      <Stack gap="2">
        {props.carts.length === 0 ? <Text color="fg.muted">Aucun panier en attente.</Text> : null}
        {props.carts.map((parked) => (
          <HStack key={parked.id} borderWidth="1px" rounded="md" p="2" gap="2" data-testid="parked-cart">
            <Stack gap="0" flex="1" minW="0">
              <Text fontWeight="medium" truncate>
                {parked.label}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {formatDateTime(parked.parkedAt, props.timeZone)} · {props.money(totalOf(parked))}
                {parked.cart.codes?.length ? ` · ${parked.cart.codes.join(', ')}` : ''}
              </Text>
            </Stack>
            <Button colorPalette="brand" onClick={() => props.onResume(parked)}>
              <LuPlay /> Reprendre
            </Button>
            <IconButton
              aria-label="Supprimer ce panier"
              variant="ghost"
              colorPalette="red"
              onClick={() => props.onDelete(parked)}
            >
              <LuTrash2 />
            </IconButton>
          </HStack>
        ))}
      </Stack>
    </TillDialog>
  );
}
