import { defineRawRoute } from '@/server/http/define-route';
import { handlePaymentReturn, handlePaymentWebhook } from './payment-callbacks';

export const paymentReturnRoute = defineRawRoute({
  methods: ['GET', 'POST'],
  path: '/api/payment/return/{paymentId}',
  tag: 'payment',
  summary:
    'Retour du payeur depuis la page de paiement : le statut est demandé au fournisseur, appliqué, puis redirection vers la page du paiement (/parametres/abonnement ou le lien de paiement de la commande) avec ?message=payment_success|payment_error.',
  handler: handlePaymentReturn,
});

export const paymentWebhookRoute = defineRawRoute({
  methods: ['POST'],
  path: '/api/payment/webhook/{provider}',
  tag: 'payment',
  summary:
    'Notification serveur à serveur du fournisseur de paiement ; signature vérifiée (x-token HMAC pour CinetPay), puis statut demandé au fournisseur.',
  handler: handlePaymentWebhook,
});
