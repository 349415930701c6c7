import type { Database } from '@/server/db';
import { AppError } from '@/server/http/errors';
import { getLogger } from '@/server/logger';
import { toE164 } from '@/shared/phone';
import { formatMoney } from '@/shared/money';
import type { CountryCode } from 'libphonenumber-js';
import { createSiteOrder } from '@/features/order/server/create-order';
import { quoteSiteOrder, type SiteOrderQuote } from '@/features/order/server/quote-site-order';
import { ensureTracking, trackingUrl } from '@/features/delivery/server/tracking';
import { listZones } from '@/features/delivery/server/zones';
import { listPickupPoints } from '@/features/delivery/server/pickup-points';
import { sendShopSms } from '@/features/shop/server/shop-sms';
import { startCheckout } from '@/features/payment/server/start-checkout';
import { findRecentOrderCheckout } from '@/features/payment/server/payment.repository';
import { paymentProvider } from '@/features/payment/server/payment-gateway';
import { findOrderByIdempotencyKey } from '@/features/order/server/order.repository';
import { activeRules } from '@/features/loyalty/server/program';
import {
  CODE_TAKEN_WORDS,
  POINTS_CODE_TAKEN,
  checkPointsCode,
  claimPointsCode,
  releasePointsCode,
  sendPointsCode,
} from '@/features/loyalty/server/checkout-code';
import { redeemableAmount, type LoyaltyRules } from '@/features/loyalty/loyalty.constants';
import type { TAddress } from '@/features/customer/customer.schemas';
import type { CartLine } from './cart';
import { markCartOrdered } from './abandoned-carts';
import type { StorefrontContext } from './context';

export const CHECKOUT_PAYMENTS = ['mobile_money', 'card', 'cash_on_delivery'] as const;
export type CheckoutPayment = (typeof CHECKOUT_PAYMENTS)[number];

/** What the checkout form sends, trimmed and bounded; nothing in it is trusted for money. */
export interface CheckoutForm {
  name: string;
  phone: string;
  email: string;
  mode: 'livraison' | 'retrait';
  commune: string;
  quartier: string;
  indications: string;
  pickupPointId: string;
  note: string;
  code: string;
  payment: CheckoutPayment | '';
  /** The code sent by SMS to spend loyalty points (see checkoutPoints). */
  pointsCode: string;
  /** Set by the page once the code proved the phone: the summary's refreshes check it again. */
  pointsVerified: boolean;
}

export function readCheckoutForm(form: URLSearchParams): CheckoutForm {
  const text = (key: string, max: number) => (form.get(key) ?? '').trim().slice(0, max);
  const payment = text('payment', 40);
  return {
    name: text('name', 120),
    phone: text('phone', 30),
    email: text('email', 200),
    mode: text('mode', 20) === 'retrait' ? 'retrait' : 'livraison',
    commune: text('commune', 120),
    quartier: text('quartier', 120),
    indications: text('indications', 500),
    pickupPointId: text('pickupPointId', 40),
    note: text('note', 1000),
    code: text('code', 50).toUpperCase(),
    payment: (CHECKOUT_PAYMENTS as readonly string[]).includes(payment) ? (payment as CheckoutPayment) : '',
    // « 123 456 » as a phone shows it is the same code.
    pointsCode: text('pointsCode', 20).replace(/\s/g, '').slice(0, 10),
    pointsVerified: form.get('pointsVerified') === '1',
  };
}

export interface CheckoutOptions {
  /** The communes the shop delivers, with the quartiers its zones name (empty: the whole commune). */
  communes: Array<{ commune: string; quartiers: string[] }>;
  pickupPoints: Array<{ id: string; name: string; address: string; hours: string }>;
  payments: CheckoutPayment[];
}

export async function loadCheckoutOptions(db: Database, ctx: StorefrontContext): Promise<CheckoutOptions> {
  const [zones, points] = await Promise.all([listZones(db, ctx.shop.id), listPickupPoints(db, ctx.shop.id)]);
  const communes = new Map<string, Set<string>>();
  for (const zone of zones.filter((z) => z.isActive))
    for (const area of zone.areas) {
      const quartiers = communes.get(area.commune) ?? new Set<string>();
      if (area.quartier) quartiers.add(area.quartier);
      communes.set(area.commune, quartiers);
    }
  const payments: CheckoutPayment[] = [];
  if (ctx.store.allowsMobileMoney) payments.push('mobile_money', 'card');
  if (ctx.store.allowsCashOnDelivery) payments.push('cash_on_delivery');
  return {
    communes: [...communes]
      .map(([commune, quartiers]) => ({
        commune,
        quartiers: [...quartiers].sort((a, b) => a.localeCompare(b, 'fr')),
      }))
      .sort((a, b) => a.commune.localeCompare(b.commune, 'fr')),
    pickupPoints: ctx.store.allowsPickup
      ? points.filter((p) => p.isActive).map(({ id, name, address, hours }) => ({ id, name, address, hours }))
      : [],
    payments,
  };
}

function addressOf(form: CheckoutForm): TAddress | null {
  if (form.mode === 'retrait') return null;
  return {
    commune: form.commune,
    quartier: form.quartier,
    ville: '',
    indications: form.indications,
    position: '',
  };
}

/** The summary of what the order would come to now (fee and discounts included). */
export async function quoteCheckout(
  db: Database,
  ctx: StorefrontContext,
  lines: CartLine[],
  form: CheckoutForm,
): Promise<SiteOrderQuote> {
  return quoteSiteOrder(db, ctx.shop, {
    lines: lines.map((l) => ({ variantId: l.item.variantId, quantity: l.item.quantity, lineDiscount: 0 })),
    deliveryAddress: form.mode === 'livraison' && form.commune ? addressOf(form) : null,
    discountCodes: form.code ? [form.code] : [],
    buyer: form.phone ? buyerOf(form) : null,
  });
}

function buyerOf(form: CheckoutForm) {
  const address = addressOf(form);
  return {
    name: form.name || 'Client',
    phone: form.phone,
    email: form.email || undefined,
    addresses: address ? [address] : [],
  };
}

/** The form's own mistakes, by field, before anything is priced. */
export function checkForm(
  ctx: StorefrontContext,
  form: CheckoutForm,
  options: CheckoutOptions,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!form.name) errors.name = 'Indiquez votre nom.';
  if (!form.phone)
    errors.phone = 'Indiquez votre numéro de téléphone : la boutique vous appelle pour la livraison.';
  else if (!toE164(form.phone, ctx.shop.country as CountryCode))
    errors.phone = 'Ce numéro de téléphone n’est pas valide. Exemple : 77 123 45 67.';
  if (form.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email))
    errors.email = 'Cette adresse e-mail n’est pas valide (ou laissez le champ vide).';
  if (form.mode === 'livraison') {
    if (!form.commune) errors.commune = 'Choisissez votre commune.';
    else if (!options.communes.some((c) => c.commune === form.commune))
      errors.commune = 'Nous ne livrons pas cette commune : choisissez-en une de la liste.';
    if (!form.indications)
      errors.indications = 'Donnez un point de repère pour le livreur (mosquée, pharmacie, école…).';
  } else if (!options.pickupPoints.some((p) => p.id === form.pickupPointId))
    errors.pickupPointId = 'Choisissez où retirer votre commande.';
  // With points, whether anything is left to pay is known once the code is checked (placeCheckout).
  if (!form.pointsCode && (!form.payment || !options.payments.includes(form.payment)))
    errors.payment = 'Choisissez comment payer.';
  return errors;
}

/** The « Points de fidélité » block of the checkout, drawn when the shop's programme is on. */
export interface CheckoutPoints {
  rules: LoyaltyRules;
  /** The code proved the phone: the points it holds, and what they pay of this order. */
  proven: { code: string; codeId: string; points: number; amount: number } | null;
  /** Why the code typed was refused (the field `pointsCode`). */
  error: string | null;
  /** Refused as taken by an order already (perhaps this very order: see placeCheckout). */
  isTaken?: boolean;
}

/**
 * What points pay of an order: all of it when they cover it; else all they cover, rounded down to
 * 5 FCFA, since the rest is paid by mobile money, which takes multiples of 5 only.
 */
export function pointsPayment(
  points: number,
  total: number,
  rules: Pick<LoyaltyRules, 'pointValue' | 'minRedeem'>,
): number {
  const amount = redeemableAmount(points, total, rules);
  return amount >= total ? total : amount - (amount % 5);
}

function phoneOf(ctx: StorefrontContext, form: CheckoutForm): string | null {
  return form.phone ? toE164(form.phone, ctx.shop.country as CountryCode) : null;
}

/**
 * The points block: null when the shop has no programme on. `check`: the code typed is checked
 * (a wrong one costs the buyer a try), so only when the buyer sent it (a button of the page) or
 * the page had proven it already (the summary's refreshes): never a code half typed.
 */
export async function checkoutPoints(
  db: Database,
  ctx: StorefrontContext,
  form: CheckoutForm,
  total: number,
  check: boolean,
): Promise<CheckoutPoints | null> {
  const rules = await activeRules(db, ctx.shop.id);
  if (!rules) return null;
  if (!check || !form.pointsCode) return { rules, proven: null, error: null };
  const phone = phoneOf(ctx, form);
  if (!phone)
    return { rules, proven: null, error: 'Indiquez d’abord le numéro de téléphone qui a reçu le code.' };
  try {
    const proven = await checkPointsCode(db, ctx.shop.id, phone, form.pointsCode);
    return {
      rules: proven.rules,
      proven: {
        code: form.pointsCode,
        codeId: proven.codeId,
        points: proven.points,
        amount: pointsPayment(proven.points, total, proven.rules),
      },
      error: null,
    };
  } catch (error) {
    return {
      rules,
      proven: null,
      error: refusalOf(error),
      isTaken: error instanceof AppError && error.code === POINTS_CODE_TAKEN,
    };
  }
}

/** A refusal of the loyalty module's, in the words it gave for the field `pointsCode`. */
function refusalOf(error: unknown): string {
  if (!(error instanceof AppError) || (error.status !== 422 && error.status !== 429)) throw error;
  return error.details?.pointsCode ?? error.message;
}

/** « Recevoir un code »: the code sent by SMS to the phone typed, or why not, by field. */
export async function askPointsCode(
  db: Database,
  ctx: StorefrontContext,
  form: CheckoutForm,
): Promise<{ errors: Record<string, string>; minutes: number | null }> {
  if (!form.phone)
    return {
      errors: { phone: 'Indiquez votre numéro de téléphone : le code de vos points y est envoyé par SMS.' },
      minutes: null,
    };
  const phone = phoneOf(ctx, form);
  if (!phone)
    return {
      errors: { phone: 'Ce numéro de téléphone n’est pas valide. Exemple : 77 123 45 67.' },
      minutes: null,
    };
  try {
    const sent = await sendPointsCode(db, ctx.shop, phone);
    return { errors: {}, minutes: sent.expiresInMinutes };
  } catch (error) {
    return { errors: { pointsCode: refusalOf(error) }, minutes: null };
  }
}

/**
 * A double tap's twin request holds the code while it places the order: rather than refuse the
 * code as used, wait a moment for that order, which the pipeline then answers again.
 */
async function orderOfKeyAppears(db: Database, shopId: string, key: string): Promise<boolean> {
  for (let i = 0; i < 12; i++) {
    if (await findOrderByIdempotencyKey(db, shopId, key)) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

export type PlacedCheckout =
  | { kind: 'refused'; errors: Record<string, string>; message: string }
  | {
      kind: 'placed';
      trackingToken: string;
      paymentUrl: string | null;
      /** The buyer pays online and the provider's page did not open: the confirmation offers it again. */
      paymentFailed: boolean;
    };

function buyerWords(error: AppError): { errors: Record<string, string>; message: string } | null {
  if (error.code === 'QUOTA_EXCEEDED')
    return {
      errors: {},
      message:
        'La boutique ne peut pas prendre de commande en ligne pour le moment. Contactez-la sur WhatsApp ou par téléphone.',
    };
  if (error.status !== 422 && error.status !== 409) return null;
  const details = error.details ?? {};
  // The pipeline names lines by index and codes as a list: the checkout's fields are the cart and the code.
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(details)) {
    if (key.startsWith('lines')) errors.cart = value;
    else if (key === 'discountCodes') errors.code = value;
    else if (key.startsWith('newClient.')) errors[key.slice('newClient.'.length)] = value;
    else errors[key] = value;
  }
  return { errors, message: error.message };
}

/**
 * « Commander »: the order through the one pipeline (channel « site »: everything priced again on
 * the server), its tracking token, the buyer's SMS, then the provider's page when paying online.
 * With a points code, the code is checked again and taken for this order (given back if the order
 * is refused), and the points pay what they cover; the rest is paid as chosen.
 * The order stands even when the SMS or the provider fails: the shop has it, and the buyer's
 * confirmation page offers to pay again.
 */
export async function placeCheckout(
  db: Database,
  ctx: StorefrontContext,
  lines: CartLine[],
  form: CheckoutForm,
  options: CheckoutOptions,
  idempotencyKey: string,
): Promise<PlacedCheckout> {
  const quote = await quoteCheckout(db, ctx, lines, form);
  const codeRefused = (words: string): PlacedCheckout => ({
    kind: 'refused',
    errors: { pointsCode: words },
    message: 'Vérifiez les champs signalés.',
  });
  let points: { codeId: string; amount: number } | null = null;
  // The key's order, made or being made by a double tap's twin request, took the code: the
  // pipeline answers that order, with its points, whatever this request would check.
  let isTwin = false;
  if (form.pointsCode) {
    isTwin = Boolean(await findOrderByIdempotencyKey(db, ctx.shop.id, idempotencyKey));
    const checked = isTwin ? null : await checkoutPoints(db, ctx, form, quote.total, true);
    if (checked?.isTaken) {
      if (!(await orderOfKeyAppears(db, ctx.shop.id, idempotencyKey))) return codeRefused(CODE_TAKEN_WORDS);
      isTwin = true;
    } else if (checked && !checked.proven)
      return codeRefused(checked.error ?? 'La boutique n’a pas de programme de fidélité actif.');
    else if (checked?.proven && checked.proven.amount > 0)
      points = { codeId: checked.proven.codeId, amount: checked.proven.amount };
  }
  const due = quote.total - (points?.amount ?? 0);
  if (!isTwin && due > 0 && (!form.payment || !options.payments.includes(form.payment)))
    return {
      kind: 'refused',
      errors: {
        payment: points
          ? 'Vos points ne paient pas tout : choisissez comment payer le reste.'
          : 'Choisissez comment payer.',
      },
      message: 'Vérifiez les champs signalés.',
    };
  if (
    !isTwin &&
    form.payment === 'cash_on_delivery' &&
    ctx.store.cashOnDeliveryMax !== null &&
    due > ctx.store.cashOnDeliveryMax
  )
    return {
      kind: 'refused',
      errors: {
        payment: `Le paiement à la livraison est possible jusqu’à ${formatMoney(ctx.store.cashOnDeliveryMax, ctx.shop.currency)} : payez en ligne cette commande.`,
      },
      message: 'Choisissez un autre moyen de paiement.',
    };
  if (points && !(await claimPointsCode(db, ctx.shop.id, points.codeId))) {
    if (!(await orderOfKeyAppears(db, ctx.shop.id, idempotencyKey))) return codeRefused(CODE_TAKEN_WORDS);
    points = null;
  }
  const pickup = options.pickupPoints.find((p) => p.id === form.pickupPointId);
  let placed;
  try {
    placed = await createSiteOrder(db, ctx.shop, {
      buyer: buyerOf(form),
      lines: lines.map((l) => ({ variantId: l.item.variantId, quantity: l.item.quantity, lineDiscount: 0 })),
      deliveryAddress: addressOf(form),
      clientNote: [
        form.note,
        due > 0 && form.payment === 'cash_on_delivery' ? 'Paiement à la livraison.' : '',
      ]
        .filter(Boolean)
        .join('\n'),
      pickupNote: pickup ? `Retrait demandé à ${pickup.name} (${pickup.address}).` : undefined,
      discountCodes: form.code ? [form.code] : [],
      idempotencyKey,
      pointsUpTo: points?.amount,
    });
  } catch (error) {
    if (points) await releasePointsCode(db, ctx.shop.id, points.codeId);
    const words = error instanceof AppError ? buyerWords(error) : null;
    if (!words) throw error;
    // With points, the pipeline's refusal of the payment is of the points (the back office's words).
    if (points && words.errors.payment) {
      delete words.errors.payment;
      words.errors.pointsCode =
        'Vos points de fidélité ont changé depuis la vérification du code : vérifiez le récapitulatif et commandez à nouveau.';
    }
    return { kind: 'refused', ...words };
  }
  const { order, isNew } = placed;
  // The key's earlier order, answered again: this request's code paid nothing.
  if (!isNew && points) await releasePointsCode(db, ctx.shop.id, points.codeId);
  const token = await ensureTracking(db, ctx.shop.id, order.id);
  // A double tap answers the order already made: the buyer was told of it once.
  if (isNew) await tellBuyer(db, ctx, order, token, points ? Math.min(points.amount, order.total) : 0);
  if (form.payment === 'cash_on_delivery' || order.total - order.paidAmount <= 0)
    return { kind: 'placed', trackingToken: token, paymentUrl: null, paymentFailed: false };
  const paymentUrl = await startSitePayment(db, ctx, order).catch((error: unknown) => {
    getLogger().error({ err: error, orderId: order.id }, 'storefront checkout could not start');
    return null;
  });
  return { kind: 'placed', trackingToken: token, paymentUrl, paymentFailed: paymentUrl === null };
}

/** Their cart is no longer abandoned, and an SMS with the tracking link (counted in the plan). */
async function tellBuyer(
  db: Database,
  ctx: StorefrontContext,
  order: { id: string; number: number; total: number; clientPhone: string | null },
  token: string,
  paidWithPoints: number,
) {
  if (!order.clientPhone) return;
  await markCartOrdered(db, ctx.shop.id, order.clientPhone, order.id);
  await sendShopSms(db, ctx.shop.id, {
    phone: order.clientPhone,
    purpose: 'order_confirmation',
    what: 'les confirmations de commande',
    body: (shop) => {
      const money = (n: number) => formatMoney(n, shop.currency);
      const points = paidWithPoints > 0 ? `, dont ${money(paidWithPoints)} payés avec vos points` : '';
      return `${shop.name} : commande #${order.number} reçue (${money(order.total)}${points}). Suivi : ${trackingUrl(token)}`;
    },
  }).catch((error: unknown) =>
    getLogger().warn({ err: error, orderId: order.id }, 'order confirmation SMS not sent'),
  );
}

/** The provider's page for what the order owes (also « Payer maintenant » on the confirmation). */
export async function startSitePayment(
  db: Database,
  ctx: StorefrontContext,
  order: {
    id: string;
    number: number;
    total: number;
    paidAmount: number;
    clientPhone: string | null;
    clientName: string | null;
  },
): Promise<string> {
  const due = order.total - order.paidAmount;
  // A buyer who taps again, or comes back, is sent to the page already made for the same amount.
  const recent = await findRecentOrderCheckout(db, {
    orderId: order.id,
    amount: due,
    provider: paymentProvider(db).id,
    withinMs: 30 * 60 * 1000,
  });
  if (recent?.checkoutUrl) return recent.checkoutUrl;
  const { redirectUrl } = await startCheckout(db, {
    purpose: 'checkout',
    shopId: ctx.shop.id,
    orderId: order.id,
    amount: due,
    currency: ctx.shop.currency,
    createdByUserId: null,
    description: `Commande #${order.number} - ${ctx.shop.name}`,
    customer: { phone: order.clientPhone ?? '', firstName: order.clientName },
    payer: 'customer',
  });
  return redirectUrl;
}
