import { Box, Button, Flex, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { LuPause, LuPercent, LuShoppingCart, LuStickyNote, LuTrash2, LuUserPlus, LuX } from 'react-icons/lu';
import { frenchTypography as fr } from '@/shared/typography';
import type { Cart, CartAction } from '../cart/cart-state';
import { cartTotals } from '../cart/cart-math';
import { CartLineRow } from './CartLineRow';

function Row({ label, value, isStrong }: { label: string; value: string; isStrong?: boolean }) {
  return (
    <HStack
      justify="space-between"
      fontWeight={isStrong ? 'bold' : undefined}
      fontSize={isStrong ? 'xl' : 'sm'}
    >
      <Text>{label}</Text>
      <Text data-testid={isStrong ? 'cart-total' : undefined}>{value}</Text>
    </HStack>
  );
}

export interface CartPanelActions {
  onPay: () => void;
  onClient: () => void;
  onDiscount: () => void;
  onNote: () => void;
  onPark: () => void;
  onParked: () => void;
}

/** The cart: client, lines, totals, and what can be done with it. */
export function CartPanel(
  props: CartPanelActions & {
    cart: Cart;
    dispatch: (action: CartAction) => void;
    currency: string;
    money: (n: number) => string;
    parkedCount: number;
  },
) {
  const { cart, dispatch, money } = props;
  const [openLine, setOpenLine] = useState<string | null>(null);
  const toggleLine = useCallback((id: string) => setOpenLine((v) => (v === id ? null : id)), []);
  const totals = cartTotals(cart);
  const isEmpty = cart.lines.length === 0;
  return (
    <Flex direction="column" h="full" minH="0" bg="bg" data-testid="cart">
      <HStack px="3" py="2" borderBottomWidth="1px" justify="space-between" gap="2">
        <HStack gap="2">
          <LuShoppingCart />
          <Text fontWeight="semibold">
            Panier{totals.itemCount ? ` · ${totals.itemCount} article${totals.itemCount > 1 ? 's' : ''}` : ''}
          </Text>
        </HStack>
        <Button size="sm" variant="ghost" onClick={props.onParked} disabled={props.parkedCount === 0}>
          En attente ({props.parkedCount})
        </Button>
      </HStack>
      <Box px="3" py="2" borderBottomWidth="1px">
        {cart.client ? (
          <HStack justify="space-between" data-testid="cart-client">
            <Stack gap="0" minW="0">
              <Text fontWeight="medium" truncate>
                {cart.client.name}
              </Text>
              {cart.client.phone ? (
                <Text fontSize="xs" color="fg.muted">
                  {cart.client.phone}
                </Text>
              ) : null}
            </Stack>
            <Button
              size="xs"
              variant="ghost"
              aria-label="Retirer le client"
              onClick={() => dispatch({ type: 'clientSet', client: null })}
            >
              <LuX />
            </Button>
          </HStack>
        ) : (
          <Button size="sm" variant="outline" w="full" onClick={props.onClient}>
            <LuUserPlus /> Ajouter un client
          </Button>
        )}
      </Box>
      <Box flex="1" overflowY="auto" px="3" minH="24">
        {isEmpty ? (
          <Text color="fg.muted" textAlign="center" py="8" fontSize="sm">
            {fr('Touchez un produit ou scannez un code-barres.')}
          </Text>
        ) : (
          cart.lines.map((line) => (
            <CartLineRow
              key={line.variantId}
              line={line}
              currency={props.currency}
              money={money}
              dispatch={dispatch}
              isOpen={openLine === line.variantId}
              onToggle={toggleLine}
            />
          ))
        )}
      </Box>
      <Stack gap="1" px="3" py="2" borderTopWidth="1px">
        {totals.lineDiscountTotal + totals.cartDiscount > 0 ? (
          <>
            <Row label="Sous-total" value={money(totals.gross)} />
            {totals.lineDiscountTotal > 0 ? (
              <Row label="Remises sur lignes" value={`− ${money(totals.lineDiscountTotal)}`} />
            ) : null}
            {totals.cartDiscount > 0 ? (
              <Row
                label={
                  cart.discount?.kind === 'percent'
                    ? `Remise (${cart.discount.value} %)`
                    : 'Remise sur le panier'
                }
                value={`− ${money(totals.cartDiscount)}`}
              />
            ) : null}
          </>
        ) : null}
        {cart.note ? (
          <Text fontSize="xs" color="fg.muted" lineClamp={2}>
            {fr(`Note : ${cart.note}`)}
          </Text>
        ) : null}
        <Row label="Total" value={money(totals.total)} isStrong />
      </Stack>
      <SimpleGrid columns={2} gap="1" px="3" pb="2">
        <Button size="md" variant="outline" onClick={props.onDiscount} disabled={isEmpty}>
          <LuPercent /> Remise
        </Button>
        <Button size="md" variant="outline" onClick={props.onNote}>
          <LuStickyNote /> Note
        </Button>
        <Button size="md" variant="outline" onClick={props.onPark} disabled={isEmpty}>
          <LuPause /> Mettre en attente
        </Button>
        <Button
          size="md"
          variant="outline"
          colorPalette="red"
          onClick={() => dispatch({ type: 'cartCleared' })}
          disabled={isEmpty && !cart.client && !cart.note}
        >
          <LuTrash2 /> Vider
        </Button>
      </SimpleGrid>
      <Box px="3" pb="3">
        <Button
          colorPalette="brand"
          size="2xl"
          w="full"
          onClick={props.onPay}
          disabled={isEmpty}
          data-testid="pay-button"
        >
          Encaisser {money(totals.total)}
        </Button>
      </Box>
    </Flex>
  );
}
