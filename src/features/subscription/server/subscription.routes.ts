import type { Database } from '@/server/db';
import { defineRoute } from '@/server/http/define-route';
import { AppError, Errors } from '@/server/http/errors';
import { z } from '@/shared/validation';
import { getPayment, updatePayment } from '@/features/payment/server/payment.repository';
import { paymentProvider } from '@/features/payment/server/payment-gateway';
import { findInvoiceOfShop, listInvoicesOfShop } from './invoice.repository';
import { startSubscriptionCheckout } from './start-subscription-checkout';
import { toInvoiceDto, toPaymentDto } from './subscription.dto';
import {
  ZCheckout,
  ZInvoice,
  ZInvoiceQuery,
  ZPayment,
  ZPaymentQuery,
  ZSandboxReportBody,
  ZShopIdQuery,
  ZStartCheckoutBody,
} from './subscription.schemas';

/** A subscription payment of the caller's shop (an order's payment is its customer's, on /payer/test). */
async function subscriptionPaymentOf(db: Database, shopId: string, paymentId: string) {
  const payment = await getPayment(db, paymentId);
  if (!payment || payment.shopId !== shopId || payment.purpose !== 'subscription')
    throw Errors.notFound('Le paiement');
  return payment;
}

export const startCheckoutRoute = defineRoute({
  method: 'POST',
  path: '/api/subscription/checkout',
  tag: 'subscription',
  summary:
    '« Payer » : crée le paiement d’un forfait pour 1, 3 ou 12 mois et renvoie la page de paiement du fournisseur (administrateur).',
  shop: { from: 'body', key: 'shopId' },
  // A blocked shop sees only the blocked screen (SPEC §2) and pays nothing through it: blocking is
  // the operators' decision, lifted by them, not a lapse a payment would cure.
  permission: 'subscription:manage',
  body: ZStartCheckoutBody,
  response: ZCheckout,
  handle: async ({ db, membership, user, body }) => startSubscriptionCheckout(db, membership!, user, body),
});

export const listInvoicesRoute = defineRoute({
  method: 'GET',
  path: '/api/subscription/listInvoices',
  tag: 'subscription',
  summary: 'Les factures d’abonnement de la boutique, les plus récentes d’abord.',
  shop: { from: 'query', key: 'shopId' },
  permission: 'subscription:view',
  query: ZShopIdQuery,
  response: z.array(ZInvoice),
  handle: async ({ db, membership }) => (await listInvoicesOfShop(db, membership!.shop.id)).map(toInvoiceDto),
});

export const getInvoiceRoute = defineRoute({
  method: 'GET',
  path: '/api/subscription/getInvoice',
  tag: 'subscription',
  summary: 'Une facture d’abonnement (pour l’imprimer).',
  shop: { from: 'query', key: 'shopId' },
  permission: 'subscription:view',
  query: ZInvoiceQuery,
  response: ZInvoice,
  handle: async ({ db, membership, query }) => {
    const row = await findInvoiceOfShop(db, membership!.shop.id, query.invoiceId);
    if (!row) throw Errors.notFound('La facture');
    return toInvoiceDto(row);
  },
});

export const getPaymentRoute = defineRoute({
  method: 'GET',
  path: '/api/payment/getPayment',
  tag: 'subscription',
  summary: 'Un paiement d’abonnement de la boutique (page de paiement de test).',
  shop: { from: 'query', key: 'shopId' },
  // Read access to Abonnement is a supervisor's too (PRODUCT.md).
  permission: 'subscription:view',
  query: ZPaymentQuery,
  response: ZPayment,
  handle: async ({ db, membership, query }) => {
    const payment = await subscriptionPaymentOf(db, membership!.shop.id, query.paymentId);
    return toPaymentDto(payment, membership!.shop.name);
  },
});

export const sandboxReportRoute = defineRoute({
  method: 'POST',
  path: '/api/payment/sandboxReport',
  tag: 'subscription',
  summary:
    'Paiement de test (fournisseur `sandbox` seulement) : le payeur choisit réussite ou échec ; renvoie où le rediriger.',
  shop: { from: 'body', key: 'shopId' },
  permission: 'subscription:manage',
  body: ZSandboxReportBody,
  response: z.object({ redirectUrl: z.string() }),
  handle: async ({ db, membership, body }) => {
    const payment = await subscriptionPaymentOf(db, membership!.shop.id, body.paymentId);
    if (payment.provider !== 'sandbox' || paymentProvider(db).id !== 'sandbox')
      throw new AppError('SANDBOX_DISABLED', 403, 'Le paiement de test n’est pas disponible.');
    if (payment.status !== 'pending') throw Errors.conflict('Ce paiement a déjà été traité.');
    await updatePayment(db, payment.id, { reportedOutcome: body.outcome });
    // Relative: the payer stays on the host they are on, whatever NEXTAUTH_URL says.
    return { redirectUrl: `/api/payment/return/${payment.id}` };
  },
});
