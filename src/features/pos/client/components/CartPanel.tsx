import { Box, Button, HStack, SimpleGrid, Stack, Text } from '@/client/ui';
import { memo, Suspense, useCallback, useState } from 'react';
import { LuPause, LuPercent, LuShoppingCart, LuStickyNote, LuTrash2, LuUserPlus, LuX } from 'react-icons/lu';
import { frenchTypography as fr } from '@/shared/typography';
import type { CartAction, CartClient, CartDiscount } from '../cart/cart-state';
import { usePricedCart, usePricedValue, type CartStore } from '../cart/cart-store';
import type { CartPromotion } from '../cart/cart-math';
import { LazyPromoCodes, LazyWhyPriceDialog } from '../till/lazy';
import { LazyBoundary } from '../till/LazyBoundary';
import { css } from '../../../../../styled-system/css';
import { CartLineRow } from './CartLineRow';

// The cart's parts subscribe to the cart store and are cut up by what they show: a scan changes
// the lines, the count and the totals, and redraws only those. What a scan redraws is plain
// elements, styled once by the cart's column (cartClass): as Chakra components, the panel cost a
// tablet more than the 50 ms a scan may take.

/** The cart's looks, for the element that holds the CartPanel (it does not redraw with the cart). */
export const cartClass = css({
  '& .pos-cart': { display: 'flex', flexDirection: 'column', h: 'full', minH: '0', bg: 'bg' },
  '& .pos-cart-header': {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '2',
    px: '3',
    py: '2',
    borderBottomWidth: '1px',
  },
  '& .pos-cart-title': { display: 'flex', alignItems: 'center', gap: '2', fontWeight: 'semibold' },
  '& .pos-cart-lines': { flex: '1', overflowY: 'auto', px: '3', minH: '24' },
  '& .pos-cart-empty': { color: 'fg.muted', textAlign: 'center', py: '8', fontSize: 'sm' },
  '& .pos-cart-totals': {
    display: 'flex',
    flexDirection: 'column',
    gap: '1',
    px: '3',
    py: '2',
    borderTopWidth: '1px',
  },
  '& .pos-cart-row': {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '3',
    fontSize: 'sm',
  },
  '& .pos-cart-row[data-strong]': { fontSize: 'xl', fontWeight: 'bold' },
  '& .pos-cart-note': { fontSize: 'xs', color: 'fg.muted', lineClamp: 2 },
  '& .pos-cart-pay': { px: '3', pb: '3' },
});

function Row(props: { label: string; value: string; isStrong?: boolean; testId?: string }) {
  return (
    <div className="pos-cart-row" data-strong={props.isStrong || undefined} data-testid={props.testId}>
      <span>{props.label}</span>
      <span data-testid={props.isStrong ? 'cart-total' : undefined}>{props.value}</span>
    </div>
  );
}

const off = (money: (n: number) => string, n: number) => `− ${money(n)}`;

/** Hoisted: React skips an element it is given again unchanged. */
const cartIcon = <LuShoppingCart />;

const ParkedButton = memo(function ParkedButton(props: { count: number; onParked: () => void }) {
  return (
    <Button size="sm" variant="ghost" onClick={props.onParked} disabled={props.count === 0}>
      En attente ({props.count})
    </Button>
  );
});

function CartHeader(props: { itemCount: number; parkedCount: number; onParked: () => void }) {
  const { itemCount } = props;
  return (
    <div className="pos-cart-header">
      <span className="pos-cart-title">
        {cartIcon}
        <span>Panier{itemCount ? ` · ${itemCount} article${itemCount > 1 ? 's' : ''}` : ''}</span>
      </span>
      <ParkedButton count={props.parkedCount} onParked={props.onParked} />
    </div>
  );
}

const CartClientBox = memo(function CartClientBox(props: {
  client: CartClient | null;
  dispatch: (action: CartAction) => void;
  onClient: () => void;
}) {
  const { client } = props;
  return (
    <Box px="3" py="2" borderBottomWidth="1px">
      {client ? (
        <HStack justify="space-between" data-testid="cart-client">
          <Stack gap="0" minW="0">
            <Text fontWeight="medium" truncate>
              {client.name}
            </Text>
            {client.phone ? (
              <Text fontSize="xs" color="fg.muted">
                {client.phone}
              </Text>
            ) : null}
          </Stack>
          <Button
            size="xs"
            variant="ghost"
            aria-label="Retirer le client"
            onClick={() => props.dispatch({ type: 'clientSet', client: null })}
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
  );
});

/**
 * The totals: the shop's discounts by name, then the cashier's (line, cart), the rounding, the
 * total; « Pourquoi ce prix ? » lists them with their reasons.
 */
const CartTotals = memo(function CartTotals(props: {
  gross: number;
  promotions: CartPromotion[] | undefined;
  lineDiscountTotal: number;
  cartDiscount: number;
  discount: CartDiscount;
  rounding: number;
  total: number;
  note: string;
  money: (n: number) => string;
}) {
  const { money, discount } = props;
  const promotions = props.promotions ?? [];
  return (
    <div className="pos-cart-totals">
      {props.gross > props.total ? (
        <>
          <Row label="Sous-total" value={money(props.gross)} />
          {promotions.map((a) => (
            <Row
              key={`${a.discountId}:${a.code}`}
              label={a.name}
              value={off(money, a.amount)}
              testId="cart-promotion"
            />
          ))}
          {props.lineDiscountTotal > 0 ? (
            <Row label="Remises sur lignes" value={off(money, props.lineDiscountTotal)} />
          ) : null}
          {props.cartDiscount > 0 ? (
            <Row
              label={discount?.kind === 'percent' ? `Remise (${discount.value} %)` : 'Remise sur le panier'}
              value={off(money, props.cartDiscount)}
            />
          ) : null}
          {props.rounding > 0 ? (
            <Row label="Arrondi" value={off(money, props.rounding)} testId="cart-rounding" />
          ) : null}
        </>
      ) : null}
      {props.note ? <div className="pos-cart-note">{fr(`Note : ${props.note}`)}</div> : null}
      <Row label="Total" value={money(props.total)} isStrong />
    </div>
  );
});

const CartActions = memo(function CartActions(
  props: Pick<CartPanelActions, 'onDiscount' | 'onNote' | 'onPark'> & {
    isEmpty: boolean;
    canClear: boolean;
    dispatch: (action: CartAction) => void;
  },
) {
  return (
    <SimpleGrid columns={2} gap="1" px="3" pb="2">
      <Button size="md" variant="outline" onClick={props.onDiscount} disabled={props.isEmpty}>
        <LuPercent /> Remise
      </Button>
      <Button size="md" variant="outline" onClick={props.onNote}>
        <LuStickyNote /> Note
      </Button>
      <Button size="md" variant="outline" onClick={props.onPark} disabled={props.isEmpty}>
        <LuPause /> Mettre en attente
      </Button>
      <Button
        size="md"
        variant="outline"
        colorPalette="red"
        onClick={() => props.dispatch({ type: 'cartCleared' })}
        disabled={!props.canClear}
      >
        <LuTrash2 /> Vider
      </Button>
    </SimpleGrid>
  );
});

/** The cart's total, drawn alone: the button around it does not redraw on every scan. */
export function LiveTotal({ store, money }: { store: CartStore; money: (n: number) => string }) {
  return <>{money(usePricedValue(store, (priced) => priced.totals.total))}</>;
}

const PayButton = memo(function PayButton(props: {
  store: CartStore;
  isEmpty: boolean;
  money: (n: number) => string;
  onPay: () => void;
}) {
  return (
    <div className="pos-cart-pay">
      <Button
        colorPalette="brand"
        size="2xl"
        w="full"
        onClick={props.onPay}
        disabled={props.isEmpty}
        data-testid="pay-button"
      >
        Encaisser <LiveTotal store={props.store} money={props.money} />
      </Button>
    </div>
  );
});

export interface CartPanelActions {
  onPay: () => void;
  onClient: () => void;
  onDiscount: () => void;
  onNote: () => void;
  onPark: () => void;
  onParked: () => void;
}

/**
 * The cart: client, lines, totals, and what can be done with it. The callbacks must be stable
 * (useCallback) for the memoized parts to skip a redraw; the element around it gives it cartClass
 * and cartLinesClass.
 */
export function CartPanel(
  props: CartPanelActions & {
    store: CartStore;
    currency: string;
    money: (n: number) => string;
    parkedCount: number;
  },
) {
  const { money } = props;
  const { dispatch } = props.store;
  const priced = usePricedCart(props.store);
  const { cart, totals, promotions } = priced;
  const [openLine, setOpenLine] = useState<string | null>(null);
  const [isWhyOpen, setWhyOpen] = useState(false);
  const openWhy = useCallback(() => setWhyOpen(true), []);
  const toggleLine = useCallback((id: string) => setOpenLine((v) => (v === id ? null : id)), []);
  const isEmpty = cart.lines.length === 0;
  const codes = cart.codes ?? [];
  return (
    <div className="pos-cart" data-testid="cart">
      <CartHeader itemCount={totals.itemCount} parkedCount={props.parkedCount} onParked={props.onParked} />
      <CartClientBox client={cart.client} dispatch={dispatch} onClient={props.onClient} />
      <div className="pos-cart-lines">
        {isEmpty ? (
          <p className="pos-cart-empty">{fr('Touchez un produit ou scannez un code-barres.')}</p>
        ) : (
          cart.lines.map((line, i) => (
            <CartLineRow
              key={line.variantId}
              line={line}
              total={totals.lines[i]!.total}
              currency={props.currency}
              money={money}
              dispatch={dispatch}
              isOpen={openLine === line.variantId}
              onToggle={toggleLine}
            />
          ))
        )}
      </div>
      {!isEmpty || codes.length ? (
        <LazyBoundary>
          <Suspense fallback={null}>
            <LazyPromoCodes
              codes={codes}
              promotions={promotions}
              dispatch={dispatch}
              canExplain={totals.gross > totals.total}
              onWhy={openWhy}
            />
          </Suspense>
        </LazyBoundary>
      ) : null}
      <CartTotals
        gross={totals.gross}
        promotions={promotions?.adjustments}
        lineDiscountTotal={totals.lineDiscountTotal}
        cartDiscount={totals.cartDiscount}
        discount={cart.discount}
        rounding={totals.rounding}
        total={totals.total}
        note={cart.note}
        money={money}
      />
      {isWhyOpen ? (
        <LazyBoundary onClose={() => setWhyOpen(false)}>
          <Suspense fallback={null}>
            <LazyWhyPriceDialog priced={priced} money={money} onClose={() => setWhyOpen(false)} />
          </Suspense>
        </LazyBoundary>
      ) : null}
      <CartActions
        isEmpty={isEmpty}
        canClear={!isEmpty || !!cart.client || !!cart.note}
        dispatch={dispatch}
        onDiscount={props.onDiscount}
        onNote={props.onNote}
        onPark={props.onPark}
      />
      <PayButton store={props.store} isEmpty={isEmpty} money={money} onPay={props.onPay} />
    </div>
  );
}
