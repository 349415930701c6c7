import { Box, Button, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { memo, useState } from 'react';
import { LuMinus, LuPlus, LuTrash2 } from 'react-icons/lu';
import { moneyInputValue, parseMoneyInput } from '@/shared/money';
import type { CartAction, CartLine } from '../cart/cart-state';
import { lineTotal } from '../cart/cart-math';
import { MoneyInput } from './MoneyInput';

/**
 * One cart line; a tap opens its quantity and discount. Memoized: adding a line (the scan that must
 * take under 50 ms) redraws that line and the totals, not every line of a long cart.
 */
export const CartLineRow = memo(function CartLineRow(props: {
  line: CartLine;
  currency: string;
  money: (n: number) => string;
  dispatch: (action: CartAction) => void;
  isOpen: boolean;
  onToggle: (variantId: string) => void;
}) {
  const { line, dispatch, money } = props;
  const [discount, setDiscount] = useState(moneyInputValue(line.lineDiscount || null, props.currency));
  const setQuantity = (quantity: number) =>
    quantity < 1
      ? dispatch({ type: 'lineRemoved', variantId: line.variantId })
      : dispatch({ type: 'quantitySet', variantId: line.variantId, quantity });
  return (
    <Box borderBottomWidth="1px" py="2" data-testid="cart-line">
      <HStack align="flex-start" gap="2" onClick={() => props.onToggle(line.variantId)} cursor="pointer">
        <Stack gap="0" flex="1" minW="0">
          <Text fontWeight="medium" lineClamp={2} lineHeight="short">
            {line.productName}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {[line.variantName, `${line.quantity} × ${money(line.unitPrice)}`].filter(Boolean).join(' · ')}
            {line.lineDiscount > 0 ? ` · remise ${money(line.lineDiscount)}` : ''}
          </Text>
        </Stack>
        <Text fontWeight="semibold" whiteSpace="nowrap" data-testid="cart-line-total">
          {money(lineTotal(line))}
        </Text>
      </HStack>
      {props.isOpen ? (
        <Stack gap="2" pt="2">
          <HStack gap="2">
            <IconButton
              aria-label="Un de moins"
              variant="outline"
              size="lg"
              onClick={() => setQuantity(line.quantity - 1)}
            >
              <LuMinus />
            </IconButton>
            <Input
              aria-label="Quantité"
              inputMode="numeric"
              size="lg"
              textAlign="center"
              w="20"
              value={String(line.quantity)}
              onChange={(e) => {
                const n = Number(e.currentTarget.value.replace(/\D/g, ''));
                if (n > 0) setQuantity(n);
              }}
            />
            <IconButton
              aria-label="Un de plus"
              variant="outline"
              size="lg"
              onClick={() => setQuantity(line.quantity + 1)}
            >
              <LuPlus />
            </IconButton>
            <IconButton
              aria-label="Retirer la ligne"
              variant="ghost"
              colorPalette="red"
              size="lg"
              ml="auto"
              onClick={() => dispatch({ type: 'lineRemoved', variantId: line.variantId })}
            >
              <LuTrash2 />
            </IconButton>
          </HStack>
          <HStack gap="2">
            <Box flex="1">
              <MoneyInput
                label="Remise sur la ligne"
                value={discount}
                onChange={setDiscount}
                currency={props.currency}
                size="md"
              />
            </Box>
            <Button
              variant="outline"
              onClick={() =>
                dispatch({
                  type: 'lineDiscountSet',
                  variantId: line.variantId,
                  amount: parseMoneyInput(discount || '0', props.currency) ?? 0,
                })
              }
            >
              Appliquer la remise
            </Button>
          </HStack>
        </Stack>
      ) : null}
    </Box>
  );
});
