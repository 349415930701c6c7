import { lazy } from 'react';

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

export const LazyPaymentDialog = lazy(() => loaders.payment().then((m) => ({ default: m.PaymentDialog })));
export const LazyReceiptDialog = lazy(() => loaders.receipt().then((m) => ({ default: m.ReceiptDialog })));
export const LazyVariantDialog = lazy(() => loaders.variant().then((m) => ({ default: m.VariantDialog })));
export const LazyClientDialog = lazy(() => loaders.client().then((m) => ({ default: m.ClientDialog })));
export const LazyDiscountDialog = lazy(() => loaders.discount().then((m) => ({ default: m.DiscountDialog })));
export const LazyNoteDialog = lazy(() => loaders.note().then((m) => ({ default: m.NoteDialog })));
export const LazyParkedDialog = lazy(() => loaders.parked().then((m) => ({ default: m.ParkedDialog })));
export const LazyCameraScanDialog = lazy(() =>
  cameraLoaders.camera().then((m) => ({ default: m.CameraScanDialog })),
);
export const LazySetPinDialog = lazy(() => loaders.setPin().then((m) => ({ default: m.SetPinDialog })));
export const LazySignOutDialog = lazy(() => loaders.signOut().then((m) => ({ default: m.SignOutDialog })));
export const LazyTillsManager = lazy(() => loaders.tills().then((m) => ({ default: m.TillsManager })));
export const LazyHistoryScreen = lazy(() => loaders.history().then((m) => ({ default: m.HistoryScreen })));
export const LazySessionScreen = lazy(() => loaders.session().then((m) => ({ default: m.SessionScreen })));
export const LazyOutboxScreen = lazy(() => loaders.outbox().then((m) => ({ default: m.OutboxScreen })));
export const LazyConflictsScreen = lazy(() =>
  loaders.conflicts().then((m) => ({ default: m.ConflictsScreen })),
);
export const LazyPromoCodes = lazy(() => loaders.promoCodes().then((m) => ({ default: m.PromoCodes })));
export const LazyWhyPriceDialog = lazy(() => loaders.whyPrice().then((m) => ({ default: m.WhyPriceDialog })));
/** A count only: offline before it was ever cached, it shows nothing rather than an error. */
export const LazyConflictsBadge = lazy(() =>
  loaders.conflictsBadge().then(
    (m) => ({ default: m.ConflictsBadge }),
    () => ({ default: () => null }),
  ),
);
