import { Box, Button, Flex, VisuallyHidden } from '@/client/ui';
import { memo, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { LuChevronLeft, LuShoppingCart } from 'react-icons/lu';
import { toaster } from '@/client/shell/toaster';
import { frenchTypography as fr } from '@/shared/typography';
import type { Cart, CartLine } from '../cart/cart-state';
import { cartTotals } from '../cart/cart-math';
import { useCart, useCartStore, useCartValue, type CartStore } from '../cart/cart-store';
import { useCartPricing } from '../cart/use-cart-pricing';
import type { IndexedVariant, ProductCard } from '../offline/product-index';
import { listParked, parkCart, removeParked } from '../offline/parked';
import type { LocalSale, ParkedCart } from '../offline/types';
import { useKeyboardScanner } from '../scanner/use-keyboard-scanner';
import { cx } from '../../../../../styled-system/css';
import { CartPanel, cartClass, LiveTotal } from '../components/CartPanel';
import { cartLinesClass } from '../components/CartLineRow';
import { ProductPanel } from '../components/ProductPanel';
import { useTill } from '../till/TillProvider';
import { LazyBoundary } from '../till/LazyBoundary';
import {
  LazyCameraScanDialog,
  LazyClientDialog,
  LazyDiscountDialog,
  LazyNoteDialog,
  LazyParkedDialog,
  LazyPaymentDialog,
  LazyReceiptDialog,
  LazyVariantDialog,
} from '../till/lazy';

type Dialog = 'payment' | 'client' | 'discount' | 'note' | 'parked' | 'camera' | null;

function toLine(v: IndexedVariant): Omit<CartLine, 'quantity' | 'lineDiscount'> {
  return {
    variantId: v.variantId,
    productId: v.productId,
    productName: v.productName,
    variantName: v.variantName,
    sku: v.sku,
    imageUrl: v.imageUrl,
    unitPrice: v.price,
    catalogPrice: v.price,
  };
}

/** On a phone, the cart is a screen of its own: this goes back to the products. */
const BackToProducts = memo(function BackToProducts({ onBack }: { onBack: () => void }) {
  return (
    <Button
      display={{ base: 'flex', md: 'none' }}
      variant="ghost"
      justifyContent="flex-start"
      onClick={onBack}
      borderBottomWidth="1px"
      rounded="0"
    >
      <LuChevronLeft /> Retour aux produits
    </Button>
  );
});

function LiveCount({ store }: { store: CartStore }) {
  return <>{useCartValue(store, (cart) => cartTotals(cart).itemCount)}</>;
}

/**
 * On a phone, under the products: the cart's count and total, a tap opens it. The count and total
 * redraw alone on a scan, not the bar.
 */
const OpenCartBar = memo(function OpenCartBar(props: {
  store: CartStore;
  money: (n: number) => string;
  onOpen: () => void;
}) {
  return (
    <Box
      display={{ base: 'block', md: 'none' }}
      position="absolute"
      bottom="0"
      left="0"
      right="0"
      p="2"
      bg="bg"
      borderTopWidth="1px"
    >
      <Button colorPalette="brand" size="xl" w="full" onClick={props.onOpen} data-testid="open-cart">
        <LuShoppingCart /> Panier · <LiveCount store={props.store} /> ·{' '}
        <LiveTotal store={props.store} money={props.money} />
      </Button>
    </Box>
  );
});

/** The cart now, for a dialog that needs it (mounted only while that dialog is open). */
function WithCart({ store, children }: { store: CartStore; children: (cart: Cart) => ReactNode }) {
  return children(useCart(store));
}

/**
 * The selling screen: products on the left (search, scan, tabs), the cart on the right. The cart
 * lives in a store the cart's parts subscribe to: a scan redraws them, not this screen.
 */
export const SellScreen = memo(function SellScreen() {
  const till = useTill();
  const { index, money, context, shopId } = till;
  const tillId = till.till!.id;
  const store = useCartStore(shopId, tillId);
  useCartPricing(store, till);
  const { dispatch } = store;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [variantCard, setVariantCard] = useState<ProductCard | null>(null);
  const [soldSale, setSoldSale] = useState<LocalSale | null>(null);
  const [parked, setParked] = useState<ParkedCart[]>([]);
  const [isCartOpen, setCartOpen] = useState(false);

  const reloadParked = useCallback(() => void listParked(shopId, tillId).then(setParked), [shopId, tillId]);
  useEffect(reloadParked, [reloadParked]);

  const openCamera = useCallback(() => setDialog('camera'), []);
  const openPayment = useCallback(() => setDialog('payment'), []);
  const openClient = useCallback(() => setDialog('client'), []);
  const openDiscount = useCallback(() => setDialog('discount'), []);
  const openNote = useCallback(() => setDialog('note'), []);
  const openParked = useCallback(() => setDialog('parked'), []);
  const openCart = useCallback(() => setCartOpen(true), []);
  const closeCart = useCallback(() => setCartOpen(false), []);

  const addVariant = useCallback(
    (variant: IndexedVariant) => {
      dispatch({ type: 'lineAdded', line: toLine(variant), catalogueCursor: index.cursor });
      if (variant.trackStock && variant.stock <= 0)
        toaster.create({
          title: fr(`Stock épuisé selon la tablette : ${variant.productName}`),
          description: fr('La vente reste possible ; le responsable verra l’écart.'),
          type: 'warning',
          duration: 3500,
        });
    },
    [dispatch, index],
  );

  const pickCard = useCallback(
    (card: ProductCard) => {
      if (card.variants.length === 1) addVariant(card.variants[0]!);
      else setVariantCard(card);
    },
    [addVariant],
  );

  const scan = useCallback(
    (code: string) => {
      const variant = index.findByCode(code);
      if (variant) addVariant(variant);
      else
        toaster.create({
          title: fr(`Aucun article avec le code « ${code} »`),
          type: 'error',
          duration: 3500,
        });
    },
    [index, addVariant],
  );
  useKeyboardScanner(scan, dialog === null && variantCard === null && soldSale === null);

  const park = useCallback(async () => {
    const current = store.getSnapshot();
    if (current.lines.length === 0) return;
    await parkCart(shopId, tillId, current);
    dispatch({ type: 'cartCleared' });
    reloadParked();
    toaster.create({ title: 'Panier mis en attente.', type: 'info', duration: 2500 });
  }, [shopId, tillId, store, dispatch, reloadParked]);
  const onPark = useCallback(() => void park(), [park]);

  async function resume(p: ParkedCart) {
    const cart = store.getSnapshot();
    if (cart.lines.length > 0) await parkCart(shopId, tillId, cart);
    await removeParked(p.id);
    dispatch({ type: 'cartReplaced', cart: p.cart });
    reloadParked();
    setDialog(null);
  }

  return (
    <Flex flex="1" minH="0" direction={{ base: 'column', md: 'row' }} position="relative">
      {/* The screen's title for a screen reader: the products and the cart say the rest. */}
      <VisuallyHidden as="h1">{fr(`Vente sur « ${till.till!.name} »`)}</VisuallyHidden>
      <ProductPanel onPick={pickCard} onVariant={addVariant} onCamera={openCamera} />

      <Box
        w={{ base: 'full', md: '340px', lg: '380px', xl: '420px' }}
        borderLeftWidth={{ md: '1px' }}
        display={{ base: isCartOpen ? 'flex' : 'none', md: 'flex' }}
        position={{ base: 'absolute', md: 'static' }}
        inset={{ base: '0', md: 'auto' }}
        zIndex={{ base: 'docked', md: 'auto' }}
        flexDirection="column"
        minH="0"
        bg="bg"
        className={cx(cartClass, cartLinesClass)}
        // A line added lays out and paints the cart alone, not the products beside it.
        contain="layout paint"
      >
        <BackToProducts onBack={closeCart} />
        <CartPanel
          store={store}
          currency={context.shop.currency}
          money={money}
          parkedCount={parked.length}
          onPay={openPayment}
          onClient={openClient}
          onDiscount={openDiscount}
          onNote={openNote}
          onPark={onPark}
          onParked={openParked}
        />
      </Box>

      {!isCartOpen ? <OpenCartBar store={store} money={money} onOpen={openCart} /> : null}

      <LazyBoundary
        key={`${dialog}:${!!variantCard}:${!!soldSale}`}
        onClose={() => {
          setDialog(null);
          setVariantCard(null);
          setSoldSale(null);
        }}
      >
        <Suspense fallback={null}>
          {variantCard ? (
            <LazyVariantDialog
              card={variantCard}
              money={money}
              onPick={(v) => {
                addVariant(v);
                setVariantCard(null);
              }}
              onClose={() => setVariantCard(null)}
            />
          ) : null}
          {dialog === 'payment' ? (
            <WithCart store={store}>
              {(cart) => (
                <LazyPaymentDialog
                  isOpen
                  cart={cart}
                  onClose={() => setDialog(null)}
                  onSold={(sale) => {
                    dispatch({ type: 'cartCleared' });
                    setDialog(null);
                    setCartOpen(false);
                    setSoldSale(sale);
                  }}
                />
              )}
            </WithCart>
          ) : null}
          {soldSale ? <LazyReceiptDialog sale={soldSale} onClose={() => setSoldSale(null)} /> : null}
          {dialog === 'client' ? (
            <LazyClientDialog
              isOpen
              onClose={() => setDialog(null)}
              onChosen={(client) => {
                dispatch({ type: 'clientSet', client });
                setDialog(null);
              }}
            />
          ) : null}
          {dialog === 'discount' ? (
            <WithCart store={store}>
              {(cart) => (
                <LazyDiscountDialog
                  isOpen
                  current={cart.discount}
                  currency={context.shop.currency}
                  canApprove={till.canApprove}
                  onClose={() => setDialog(null)}
                  onApply={(discount) => {
                    dispatch({ type: 'discountSet', discount });
                    setDialog(null);
                  }}
                />
              )}
            </WithCart>
          ) : null}
          {dialog === 'note' ? (
            <WithCart store={store}>
              {(cart) => (
                <LazyNoteDialog
                  isOpen
                  note={cart.note}
                  onClose={() => setDialog(null)}
                  onSave={(note) => {
                    dispatch({ type: 'noteSet', note });
                    setDialog(null);
                  }}
                />
              )}
            </WithCart>
          ) : null}
          {dialog === 'parked' ? (
            <LazyParkedDialog
              isOpen
              carts={parked}
              timeZone={context.shop.timeZone}
              money={money}
              onResume={(p) => void resume(p)}
              onDelete={(p) => void removeParked(p.id).then(reloadParked)}
              onClose={() => setDialog(null)}
            />
          ) : null}
          {dialog === 'camera' ? (
            <LazyCameraScanDialog isOpen onClose={() => setDialog(null)} onScan={scan} />
          ) : null}
        </Suspense>
      </LazyBoundary>
    </Flex>
  );
});
