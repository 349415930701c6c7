import { definePublicRoute } from '@/server/http/define-route';
import { AppError, Errors } from '@/server/http/errors';
import { getPayment, updatePayment } from '@/features/payment/server/payment.repository';
import { paymentProvider } from '@/features/payment/server/payment-gateway';
import { getShopById } from '@/features/shop/server/shop.repository';
import {
  ZPayCheckout,
  ZPayCheckoutBody,
  ZPayableOrder,
  ZPayableOrderQuery,
  ZTestPayment,
  ZTestPaymentQuery,
  ZTestPaymentReportBody,
} from '../payment-link.schemas';
import { getPayableOrder, startOrderCheckout } from './order-payment-link';
import { findOrder } from './order.repository';

// What a shop's customer opens from the link the shop sent: no account, the token is the credential.

export const getPayableOrderRoute = definePublicRoute({
  method: 'GET',
  isPublic: true,
  path: '/api/pay/getOrder',
  tag: 'pay',
  summary:
    'Page publique « Payer ma commande » : la boutique, les lignes, le total et le reste à payer de la commande du lien.',
  query: ZPayableOrderQuery,
  response: ZPayableOrder,
  handle: ({ db, query }) => getPayableOrder(db, query.token),
});

export const startPayCheckoutRoute = definePublicRoute({
  method: 'POST',
  isPublic: true,
  path: '/api/pay/checkout',
  tag: 'pay',
  summary:
    'Le client paie le reste dû de sa commande : renvoie la page du fournisseur de paiement (la même pendant 30 minutes pour le même montant).',
  body: ZPayCheckoutBody,
  response: ZPayCheckout,
  handle: ({ db, body }) => startOrderCheckout(db, body.token),
});

/** An order payment of the sandbox driver, the only kind its public test page may touch. */
async function findSandboxOrderPayment(db: Parameters<typeof getPayableOrder>[0], paymentId: string) {
  const payment = await getPayment(db, paymentId);
  const order = payment?.orderId ? await findOrder(db, payment.shopId, payment.orderId) : null;
  const shop = order ? await getShopById(db, order.shopId) : null;
  if (!payment || !order || !shop) throw Errors.notFound('Le paiement');
  if (payment.provider !== 'sandbox' || paymentProvider(db).id !== 'sandbox')
    throw new AppError('SANDBOX_DISABLED', 403, 'Le paiement de test n’est pas disponible.');
  return { payment, shopName: shop.name, orderNumber: order.number };
}

export const getTestPaymentRoute = definePublicRoute({
  method: 'GET',
  isPublic: true,
  path: '/api/pay/getTestPayment',
  tag: 'pay',
  summary: 'Page de paiement de test (fournisseur `sandbox`) du client d’une commande.',
  query: ZTestPaymentQuery,
  response: ZTestPayment,
  handle: async ({ db, query }) => {
    const { payment, shopName, orderNumber } = await findSandboxOrderPayment(db, query.paymentId);
    return {
      _id: payment.id,
      shopName,
      orderNumber,
      amount: payment.amount,
      currency: payment.currency,
      status: payment.status as 'pending' | 'succeeded' | 'failed',
    };
  },
});

export const reportTestPaymentRoute = definePublicRoute({
  method: 'POST',
  isPublic: true,
  path: '/api/pay/testReport',
  tag: 'pay',
  summary:
    'Paiement de test (fournisseur `sandbox`) : le client choisit le moyen et le résultat ; renvoie où le rediriger.',
  body: ZTestPaymentReportBody,
  response: ZPayCheckout,
  handle: async ({ db, body }) => {
    const { payment } = await findSandboxOrderPayment(db, body.paymentId);
    if (payment.status !== 'pending') throw Errors.conflict('Ce paiement a déjà été traité.');
    await updatePayment(db, payment.id, { reportedOutcome: body.outcome, reportedMethod: body.method });
    // Relative: the payer stays on the host they are on, whatever NEXTAUTH_URL says.
    return { redirectUrl: `/api/payment/return/${payment.id}` };
  },
});
