import type {
  CheckoutRequest,
  CheckoutSession,
  PaymentOutcome,
  PaymentProvider,
  PaymentStatus,
  WebhookInput,
} from './payment-provider';

/**
 * The demo and test driver: no money moves. The payer lands on our own page /paiement/sandbox/:id
 * and picks success or failure there; our code stores that choice, and this driver only reads it
 * back through `readOutcome`, so the settle use case runs exactly as it does with a real provider.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly id = 'sandbox' as const;

  constructor(private readonly readOutcome: (paymentId: string) => Promise<PaymentOutcome>) {}

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    return { redirectUrl: `/paiement/sandbox/${encodeURIComponent(request.paymentId)}` };
  }

  /** The sandbox sends no notifications, so nothing that claims to be one can be trusted. */
  async verifyWebhook(_input: WebhookInput): Promise<{ paymentId: string } | null> {
    return null;
  }

  async fetchStatus(paymentId: string): Promise<PaymentStatus> {
    return { paymentId, outcome: await this.readOutcome(paymentId) };
  }
}
