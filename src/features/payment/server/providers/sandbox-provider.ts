import type {
  CheckoutRequest,
  CheckoutSession,
  PaymentOutcome,
  PaymentProvider,
  PaymentStatus,
  WebhookInput,
} from './payment-provider';

/**
 * The demo and test driver: no money moves. The payer lands on our own page (/paiement/sandbox/:id
 * for the shop, the public /payer/test/:id for a shop's customer) and picks success or failure
 * there; our code stores that choice, and this driver only reads it back through `readOutcome`, so
 * the settle use case runs exactly as it does with a real provider.
 */
export interface SandboxReport {
  outcome: PaymentOutcome;
  method?: string;
}

export class SandboxPaymentProvider implements PaymentProvider {
  readonly id = 'sandbox' as const;

  constructor(private readonly readOutcome: (paymentId: string) => Promise<SandboxReport>) {}

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const page = request.payer === 'customer' ? '/payer/test' : '/paiement/sandbox';
    return { redirectUrl: `${page}/${encodeURIComponent(request.paymentId)}` };
  }

  /** The sandbox sends no notifications, so nothing that claims to be one can be trusted. */
  async verifyWebhook(_input: WebhookInput): Promise<{ paymentId: string } | null> {
    return null;
  }

  async fetchStatus(paymentId: string): Promise<PaymentStatus> {
    const report = await this.readOutcome(paymentId);
    return { paymentId, outcome: report.outcome, ...(report.method ? { method: report.method } : {}) };
  }
}
