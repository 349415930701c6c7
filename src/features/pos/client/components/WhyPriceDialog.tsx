import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { frenchTypography as fr } from '@/shared/typography';
import type { PricedCart } from '../cart/cart-math';
import { TillDialog } from './TillDialog';

function Adjustment(props: { label: string; amount: string; why: string; detail?: string }) {
  return (
    <Stack gap="0.5" borderBottomWidth="1px" py="2" data-testid="why-adjustment">
      <HStack justify="space-between" align="flex-start" gap="3">
        <Text fontWeight="semibold">{props.label}</Text>
        <Text fontWeight="semibold" whiteSpace="nowrap">
          {props.amount}
        </Text>
      </HStack>
      <Text fontSize="sm">{fr(props.why)}</Text>
      {props.detail ? (
        <Text fontSize="xs" color="fg.muted">
          {props.detail}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * « Pourquoi ce prix ? »: every adjustment of the cart in the order it applies — the shop's
 * discounts (each with the engine's « why » and the lines it lands on), the cashier's discounts,
 * the rounding — then the total.
 */
export function WhyPriceDialog(props: {
  priced: PricedCart;
  money: (n: number) => string;
  onClose: () => void;
}) {
  const { cart, promotions, totals } = props.priced;
  const { money } = props;
  const nameOf = new Map(cart.lines.map((l) => [l.variantId, l.productName]));
  const discount = cart.discount;
  return (
    <TillDialog
      isOpen
      onClose={props.onClose}
      title="Pourquoi ce prix ?"
      size="md"
      footer={<Button onClick={props.onClose}>Fermer</Button>}
    >
      <Stack gap="0" data-testid="why-price">
        <HStack justify="space-between" py="2" borderBottomWidth="1px">
          <Text>Prix des articles</Text>
          <Text whiteSpace="nowrap">{money(totals.gross)}</Text>
        </HStack>
        {(promotions?.adjustments ?? []).map((a) => (
          <Adjustment
            key={`${a.discountId}:${a.code ?? ''}`}
            label={a.name}
            amount={`− ${money(a.amount)}`}
            why={a.why}
            detail={[
              a.code ? `Code ${a.code}` : 'Automatique',
              a.lines
                .map((s) => nameOf.get(s.variantId))
                .filter(Boolean)
                .join(', '),
            ]
              .filter(Boolean)
              .join(' · ')}
          />
        ))}
        {totals.lineDiscountTotal > 0 ? (
          <Adjustment
            label="Remises sur lignes"
            amount={`− ${money(totals.lineDiscountTotal)}`}
            why="Accordées par le caissier, après les réductions de la boutique."
            detail={cart.lines
              .filter((_, i) => (totals.lines[i]?.lineDiscount ?? 0) > 0)
              .map((l) => l.productName)
              .join(', ')}
          />
        ) : null}
        {totals.cartDiscount > 0 ? (
          <Adjustment
            label={discount?.kind === 'percent' ? `Remise (${discount.value} %)` : 'Remise sur le panier'}
            amount={`− ${money(totals.cartDiscount)}`}
            why="Accordée par le caissier sur ce qui reste après les autres réductions."
          />
        ) : null}
        {totals.rounding > 0 ? (
          <Adjustment label="Arrondi" amount={`− ${money(totals.rounding)}`} why={totals.roundingWhy ?? ''} />
        ) : null}
        <HStack justify="space-between" pt="3" fontSize="lg" fontWeight="bold">
          <Text>Total</Text>
          <Text whiteSpace="nowrap">{money(totals.total)}</Text>
        </HStack>
      </Stack>
    </TillDialog>
  );
}
