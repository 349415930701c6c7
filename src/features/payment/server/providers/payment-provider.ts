/**
 * The one seam between Comptoir and whoever collects the subscription money. The use cases
 * (start a checkout, settle a payment) never know which driver runs: configuration chooses it.
 */
export type PaymentProviderId = 'sandbox' | 'cinetpay';

export interface CheckoutRequest {
  /** Our payment id; drivers pass it to the provider as the transaction id. */
  paymentId: string;
  /** Whole units of `currency` (XOF has no minor unit). */
  amount: number;
  currency: string;
  /** Shown to the payer on the provider's page. */
  description: string;
  customer: { phone: string; firstName?: string | null; lastName?: string | null; email?: string | null };
  /**
   * Who pays: the shop itself (its subscription, signed in) or the shop's customer from an order's
   * public link (no account). Only the sandbox cares: it sends a customer to a public test page.
   */
  payer?: 'shop' | 'customer';
  /** Where the payer's browser comes back (GET or POST); we then ask the provider for the outcome. */
  returnUrl: string;
  /** Server-to-server notification (webhook) URL. */
  notifyUrl: string;
}

export interface CheckoutSession {
  /** Where to send the payer's browser. */
  redirectUrl: string;
  /** The provider's own reference, when it gives one at creation. */
  providerReference?: string;
}

export type PaymentOutcome = 'succeeded' | 'failed' | 'pending';

export interface PaymentStatus {
  paymentId: string;
  outcome: PaymentOutcome;
  providerReference?: string;
  /** The amount and currency the provider says were paid, to check against ours. */
  amount?: number;
  currency?: string;
  /** How the payer paid, in the provider's own words (« OM », « WAVECI », « VISAM »…). */
  method?: string;
}

export interface WebhookInput {
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as received: signatures are computed on what was sent. */
  rawBody: Buffer;
}

export interface PaymentProvider {
  id: PaymentProviderId;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * Checks the notification's signature and says which payment it is about. Returns null when the
   * signature is missing or wrong, so the caller refuses it without touching anything.
   */
  verifyWebhook(input: WebhookInput): Promise<{ paymentId: string } | null>;
  /** Asks the provider for the truth about a payment (never trust a browser redirect alone). */
  fetchStatus(paymentId: string): Promise<PaymentStatus>;
}
