import { Box, Button, HStack, IconButton, Input, Stack, Text } from '@/client/ui';
import { memo, useState } from 'react';
import { LuMinus, LuPlus, LuTrash2 } from 'react-icons/lu';
import { moneyInputValue, parseMoneyInput } from '@/shared/money';
import { maxLineQuantity } from '@/shared/bounds';
import type { CartAction, CartLine } from '../cart/cart-state';
import { css } from '../../../../../styled-system/css';
import { MoneyInput } from './MoneyInput';
import { formatCount } from '@/shared/numbers';

/**
 * The lines' looks, given once to the cart that holds them (cartLinesClass): a line's summary is plain
 * elements, drawn on every scan, which must show in well under 50 ms on a tablet.
 */
export const cartLinesClass = css({
  '& .pos-line': { borderBottomWidth: '1px', py: '2' },
  '& .pos-line-summary': {
    display: 'flex',
    alignItems: 'flex-start',
    gap: '2',
    w: 'full',
    textAlign: 'left',
    cursor: 'pointer',
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px' },
  },
  '& .pos-line-text': { display: 'flex', flexDirection: 'column', flex: '1', minW: '0' },
  '& .pos-line-name': { fontWeight: 'medium', lineClamp: 2, lineHeight: 'short' },
  '& .pos-line-detail': { display: 'block', fontSize: 'xs', color: 'fg.muted' },
  '& .pos-line-price': { display: 'flex', flexDirection: 'column', alignItems: 'flex-end' },
  '& .pos-line-total': { fontWeight: 'semibold', whiteSpace: 'nowrap' },
  '& .pos-line-was': {
    fontSize: 'xs',
    color: 'fg.muted',
    textDecoration: 'line-through',
    whiteSpace: 'nowrap',
  },
});

/**
 * One cart line; a tap opens its quantity and discount. Memoized: adding a line (the scan that must
 * take under 50 ms) redraws that line and the totals, not every line of a long cart.
 */
export const CartLineRow = memo(function CartLineRow(props: {
  line: CartLine;
  /** What is left to pay for the line after every discount (cartTotals): struck price above. */
  total: number;
  currency: string;
  money: (n: number) => string;
  dispatch: (action: CartAction) => void;
  isOpen: boolean;
  onToggle: (variantId: string) => void;
}) {
  const { line, dispatch, money } = props;
  const [discount, setDiscount] = useState(moneyInputValue(line.lineDiscount || null, props.currency));
  // The cart keeps at most what the server takes on a line; asking more says so.
  const [limitNote, setLimitNote] = useState<string | null>(null);
  const setQuantity = (quantity: number) => {
    const max = maxLineQuantity(line.unitPrice);
    setLimitNote(quantity > max ? `Au plus ${formatCount(max)} unités sur cette ligne.` : null);
    if (quantity < 1) dispatch({ type: 'lineRemoved', variantId: line.variantId });
    else dispatch({ type: 'quantitySet', variantId: line.variantId, quantity });
  };
  return (
    <div className="pos-line" data-testid="cart-line">
      <button
        type="button"
        className="pos-line-summary"
        aria-expanded={props.isOpen}
        onClick={() => props.onToggle(line.variantId)}
      >
        <span className="pos-line-text">
          <span className="pos-line-name">{line.productName}</span>
          <span className="pos-line-detail">
            {[line.variantName, `${line.quantity} × ${money(line.unitPrice)}`].filter(Boolean).join(' · ')}
            {line.lineDiscount > 0 ? ` · remise ${money(line.lineDiscount)}` : ''}
          </span>
        </span>
        <span className="pos-line-price">
          {props.total < line.unitPrice * line.quantity ? (
            <s className="pos-line-was">{money(line.unitPrice * line.quantity)}</s>
          ) : null}
          <span className="pos-line-total" data-testid="cart-line-total">
            {money(props.total)}
          </span>
        </span>
      </button>
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
          {limitNote ? (
            <Text color="fg.error" fontSize="sm" role="alert" data-testid="quantity-limit">
              {limitNote}
            </Text>
          ) : null}
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
    </div>
  );
});
