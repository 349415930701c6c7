import { lazy, type ComponentType } from 'react';
import { loadChakraIsland, loadInChakraIsland } from '@/client/shell/load-in-chakra-island';

/*
 * Everything not needed to ring up the first item loads on demand, keeping the till's first load
 * small; registerTillServiceWorker loads them all once online, so they are cached for offline days.
 */
const loaders = {
  payment: () => import('../components/PaymentDialog'),
  receipt: () => import('../components/ReceiptDialog'),
  variant: () => import('../components/VariantDialog'),
  client: () => import('../components/ClientDialog'),
  discount: () => import('../components/DiscountDialog'),
  note: () => import('../components/NoteDialog'),
  parked: () => import('../components/ParkedDialog'),
  setPin: () => import('../components/SetPinDialog'),
  signOut: () => import('../components/SignOutDialog'),
  tills: () => import('../components/TillsManager'),
  history: () => import('../screens/HistoryScreen'),
  session: () => import('../screens/SessionScreen'),
  outbox: () => import('../screens/OutboxScreen'),
  conflicts: () => import('../screens/ConflictsScreen'),
  pricing: () => import('../cart/cart-pricing'),
  promoCodes: () => import('../components/PromoCodes'),
  whyPrice: () => import('../components/WhyPriceDialog'),
  conflictsBadge: () => import('../components/ConflictsBadge'),
  // The toasts' view comes once the page has settled (toaster-host.tsx): cached for offline days too.
  toasts: () => import('@/client/shell/toaster-view'),
  // The dialogs and screens below are still drawn with Chakra: its provider and theme come with them.
  chakra: loadChakraIsland,
  touchTargets: () => import('./chakra-touch-targets'),
};

/** The discount engine and the till's pricing (cart/cart-pricing.ts): with the cart's first line. */
export const loadCartPricing = loaders.pricing;
const cameraLoaders = {
  camera: () => import('../scanner/CameraScanDialog'),
  zxing: () => import('@zxing/browser'),
};

/** Loaded a few seconds after the till opens: small, and needed for selling offline. */
export const TILL_WARM_UP = Object.values(loaders);
/** The camera scanner (ZXing alone is ~120 KB compressed): loaded well after, or when first used. */
export const TILL_WARM_UP_LATER = Object.values(cameraLoaders);

/**
 * A part of the till still drawn with Chakra, loaded on demand in Chakra's provider: the till's first
 * view is drawn with `@/client/ui` and loads neither Chakra nor Emotion (issue 20).
 */
function lazyInChakra<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [{ withTouchTargets }, View] = await Promise.all([loaders.touchTargets(), load()]);
    return { default: await loadInChakraIsland(Promise.resolve(withTouchTargets(View))) };
  });
}

export const LazyPaymentDialog = lazyInChakra(() => loaders.payment().then((m) => m.PaymentDialog));
export const LazyReceiptDialog = lazyInChakra(() => loaders.receipt().then((m) => m.ReceiptDialog));
export const LazyVariantDialog = lazyInChakra(() => loaders.variant().then((m) => m.VariantDialog));
export const LazyClientDialog = lazyInChakra(() => loaders.client().then((m) => m.ClientDialog));
export const LazyDiscountDialog = lazyInChakra(() => loaders.discount().then((m) => m.DiscountDialog));
export const LazyNoteDialog = lazyInChakra(() => loaders.note().then((m) => m.NoteDialog));
export const LazyParkedDialog = lazyInChakra(() => loaders.parked().then((m) => m.ParkedDialog));
export const LazyCameraScanDialog = lazyInChakra(() =>
  cameraLoaders.camera().then((m) => m.CameraScanDialog),
);
export const LazySetPinDialog = lazyInChakra(() => loaders.setPin().then((m) => m.SetPinDialog));
export const LazySignOutDialog = lazyInChakra(() => loaders.signOut().then((m) => m.SignOutDialog));
export const LazyTillsManager = lazyInChakra(() => loaders.tills().then((m) => m.TillsManager));
export const LazyHistoryScreen = lazyInChakra(() => loaders.history().then((m) => m.HistoryScreen));
export const LazySessionScreen = lazyInChakra(() => loaders.session().then((m) => m.SessionScreen));
export const LazyOutboxScreen = lazyInChakra(() => loaders.outbox().then((m) => m.OutboxScreen));
export const LazyConflictsScreen = lazyInChakra(() => loaders.conflicts().then((m) => m.ConflictsScreen));
export const LazyPromoCodes = lazy(() => loaders.promoCodes().then((m) => ({ default: m.PromoCodes })));
export const LazyWhyPriceDialog = lazyInChakra(() => loaders.whyPrice().then((m) => m.WhyPriceDialog));
/** A count only: offline before it was ever cached, it shows nothing rather than an error. */
export const LazyConflictsBadge = lazy(() =>
  loaders.conflictsBadge().then(
    (m) => ({ default: m.ConflictsBadge }),
    () => ({ default: () => null }),
  ),
);
