import crypto from 'node:crypto';
import { z } from 'zod';
import type {
  CheckoutRequest,
  CheckoutSession,
  PaymentOutcome,
  PaymentProvider,
  PaymentStatus,
  WebhookInput,
} from './payment-provider';

/**
 * CinetPay (api-checkout, v2): https://docs.cinetpay.com/api/1.0-fr/checkout/initialisation,
 * …/checkout/verification and …/checkout/hmac. Our payment id is CinetPay's transaction_id, so a
 * notification names the payment directly and the check endpoint is asked with the same id.
 */
export interface CinetPayConfig {
  /** e.g. https://api-checkout.cinetpay.com (no /v2: the paths are added here). */
  apiUrl: string;
  apiKey: string;
  siteId: string;
  /** The "Secret Key" of the merchant back-office; it signs the notifications (x-token). */
  secretKey: string;
}

/** The slice of fetch the driver uses; tests pass a fake that records the request. */
export type FetchFn = (url: string, init: RequestInit) => Promise<Response>;

/**
 * The x-token is HMAC-SHA256 (hex) over these form fields concatenated in exactly this order, a
 * missing field counting as an empty string (the documented PHP concatenates undefined variables).
 * The order comes from the formula on docs.cinetpay.com/api/1.0-fr/checkout/hmac (same in 1.0-en);
 * the field lists above that formula vary between page versions, the formula does not.
 */
const SIGNED_FIELDS = [
  'cpm_site_id',
  'cpm_trans_id',
  'cpm_trans_date',
  'cpm_amount',
  'cpm_currency',
  'signature',
  'payment_method',
  'cel_phone_num',
  'cpm_phone_prefixe',
  'cpm_language',
  'cpm_version',
  'cpm_payment_config',
  'cpm_page_action',
  'cpm_custom',
  'cpm_designation',
  'cpm_error_message',
] as const;

/** The currencies the initialisation endpoint documents. */
const CURRENCIES = new Set(['XOF', 'XAF', 'CDF', 'GNF', 'USD']);

const TIMEOUT_MS = 15_000;

/**
 * Every answer has CinetPay's own code and message; `data` is read separately because error answers
 * may carry `data: []` (PHP's empty array) and that must not hide the code from the logs.
 */
const Answer = z.object({
  code: z.union([z.string(), z.number()]).transform(String),
  message: z.string().nullish(),
  description: z.string().nullish(),
  data: z.unknown().optional(),
});

/** "201 CREATED" is the only answer that carries a payment link. */
const InitData = z.object({ payment_url: z.string(), payment_token: z.string().nullish() });

const CheckData = z.object({
  status: z.string(),
  // Documented as strings ("100"); numbers are accepted too rather than failing a real payment.
  amount: z.union([z.string(), z.number()]).nullish(),
  currency: z.string().nullish(),
  operator_id: z.string().nullish(),
  payment_method: z.string().nullish(),
});

/** Only ACCEPTED is money received; these are final refusals; anything else may still change. */
const FAILED_STATUSES = new Set(['REFUSED', 'CANCELED', 'CANCELLED', 'FAILED', 'EXPIRED']);

export function mapCinetPayStatus(status: string): PaymentOutcome {
  const normalized = status.trim().toUpperCase();
  if (normalized === 'ACCEPTED') return 'succeeded';
  if (FAILED_STATUSES.has(normalized)) return 'failed';
  // WAITING_FOR_CUSTOMER (push-confirmed operators) and unknown states: the docs warn that treating
  // a waiting payment as failed loses payments that the customer confirms a minute later.
  return 'pending';
}

export class CinetPayProvider implements PaymentProvider {
  readonly id = 'cinetpay' as const;
  private readonly fetchFn: FetchFn;

  constructor(
    private readonly config: CinetPayConfig,
    fetchFn?: FetchFn,
  ) {
    // Looked up at call time so a test that stubs the global fetch is honoured too.
    this.fetchFn = fetchFn ?? ((url, init) => fetch(url, init));
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const currency = request.currency.toUpperCase();
    if (!CURRENCIES.has(currency)) {
      throw new Error(`CinetPay n’accepte pas la devise ${request.currency} (XOF, XAF, CDF, GNF ou USD).`);
    }
    // The initialisation docs type amount as an integer that "must be a multiple of 5"; CinetPay
    // refuses the transaction otherwise, so say so here with the figure rather than relay a code.
    if (!Number.isInteger(request.amount) || request.amount <= 0) {
      throw new Error(
        `Montant invalide pour CinetPay : ${request.amount} ${currency} (entier positif attendu).`,
      );
    }
    if (request.amount % 5 !== 0) {
      throw new Error(
        `Montant invalide pour CinetPay : ${request.amount} ${currency} n’est pas un multiple de 5, ` +
          'ce que CinetPay exige.',
      );
    }

    const { customer } = request;
    const payload: Record<string, string | number> = {
      apikey: this.config.apiKey,
      site_id: this.config.siteId,
      transaction_id: request.paymentId,
      amount: request.amount,
      currency,
      description: cleanDescription(request.description),
      notify_url: request.notifyUrl,
      return_url: request.returnUrl,
      channels: 'ALL',
      lang: 'fr',
      // Shown in CinetPay's back-office, so support can find our payment from their side.
      metadata: request.paymentId,
      customer_phone_number: customer.phone,
      ...(customer.firstName ? { customer_name: customer.firstName } : {}),
      ...(customer.lastName ? { customer_surname: customer.lastName } : {}),
      ...(customer.email ? { customer_email: customer.email } : {}),
    };

    const { status, body } = await this.post('/v2/payment', payload);
    const answer = Answer.safeParse(body);
    if (!answer.success) {
      throw new Error(`Réponse inattendue de CinetPay à l’initialisation du paiement (HTTP ${status}).`);
    }
    const { code, message, description } = answer.data;
    const data = InitData.safeParse(answer.data.data).data;
    if (code !== '201' || !data?.payment_url) {
      const detail = [message, description].filter(Boolean).join(' : ');
      throw new Error(
        `CinetPay a refusé l’initialisation du paiement ${request.paymentId} (HTTP ${status}, code ${code}` +
          `${detail ? `, ${detail}` : ''}).`,
      );
    }
    // The payer's browser is sent there: never redirect to anything but an https page.
    if (!isHttpsUrl(data.payment_url)) {
      throw new Error('CinetPay a renvoyé un lien de paiement qui n’est pas une adresse https.');
    }
    return {
      redirectUrl: data.payment_url,
      ...(data.payment_token ? { providerReference: data.payment_token } : {}),
    };
  }

  async verifyWebhook(input: WebhookInput): Promise<{ paymentId: string } | null> {
    const received = singleHeader(input.headers, 'x-token');
    if (!received) return null;

    // CinetPay posts application/x-www-form-urlencoded; URLSearchParams decodes it the way PHP's
    // $_POST does (+ as space, UTF-8 percent escapes), which is what CinetPay signs.
    const form = new URLSearchParams(input.rawBody.toString('utf8'));
    // A repeated signed field would let the value we check differ from the one another reader uses.
    if (SIGNED_FIELDS.some((field) => form.getAll(field).length > 1)) return null;

    const signed = SIGNED_FIELDS.map((field) => form.get(field) ?? '').join('');
    const expected = crypto.createHmac('sha256', this.config.secretKey).update(signed, 'utf8').digest('hex');
    if (!timingSafeEqualText(received.trim().toLowerCase(), expected)) return null;

    // A correctly signed notification for another of the merchant's services is not ours to settle.
    if (form.get('cpm_site_id') !== this.config.siteId) return null;
    const paymentId = form.get('cpm_trans_id');
    if (!paymentId) return null;
    return { paymentId };
  }

  async fetchStatus(paymentId: string): Promise<PaymentStatus> {
    const { status, body } = await this.post('/v2/payment/check', {
      apikey: this.config.apiKey,
      site_id: this.config.siteId,
      transaction_id: paymentId,
    });
    const answer = Answer.safeParse(body);
    if (!answer.success) {
      throw new Error(
        `Réponse inattendue de CinetPay à la vérification du paiement ${paymentId} (HTTP ${status}).`,
      );
    }
    const { code, message } = answer.data;
    const data = CheckData.safeParse(answer.data.data).data;
    // Without a transaction status (unknown api key, unknown transaction…) we know nothing: an error
    // lets the caller retry later instead of settling the payment on a guess.
    if (!data?.status.trim()) {
      throw new Error(
        `CinetPay n’a pas donné le statut du paiement ${paymentId} (HTTP ${status}, code ${code}` +
          `${message ? `, ${message}` : ''}).`,
      );
    }

    const amount = data.amount === null || data.amount === undefined ? NaN : Number(data.amount);
    const result: PaymentStatus = { paymentId, outcome: mapCinetPayStatus(data.status) };
    if (Number.isFinite(amount) && String(data.amount).trim() !== '') result.amount = amount;
    if (data.currency?.trim()) result.currency = data.currency.trim().toUpperCase();
    if (data.operator_id?.trim()) result.providerReference = data.operator_id.trim();
    if (data.payment_method?.trim()) result.method = data.payment_method.trim();
    return result;
  }

  /**
   * CinetPay answers its own errors in JSON, sometimes with a non-2xx HTTP status, so the body is read
   * whatever the status and the callers decide from CinetPay's `code`.
   */
  private async post(path: string, payload: Record<string, string | number>) {
    const url = `${this.config.apiUrl.replace(/\/+$/, '')}${path}`;
    let response: Response;
    let text: string;
    try {
      response = await this.fetchFn(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      text = await response.text();
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      const reason = timedOut
        ? `pas de réponse en ${TIMEOUT_MS / 1000} s`
        : error instanceof Error
          ? error.message
          : String(error);
      throw new Error(`CinetPay est injoignable (${path}) : ${reason}.`, { cause: error });
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`Réponse illisible de CinetPay (${path}, HTTP ${response.status}).`);
    }
    return { status: response.status, body };
  }
}

/** The docs ask for no special characters (#, /, $, _, &) in the description. */
function cleanDescription(description: string): string {
  const cleaned = description
    .replace(/[#/$_&]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned || 'Paiement';
}

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** Header names arrive lower-cased from Node, but a caller may pass its own record. */
function singleHeader(headers: WebhookInput['headers'], name: string): string | null {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    if (typeof value === 'string') return value;
    // Two x-token headers are not something CinetPay sends: refuse rather than pick one.
    if (Array.isArray(value) && value.length === 1 && typeof value[0] === 'string') return value[0];
    return null;
  }
  return null;
}

/** timingSafeEqual throws on different lengths, so the length is compared first (it is not secret). */
function timingSafeEqualText(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
