import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from '@/server/env';
import {
  CinetPayProvider,
  type CinetPayConfig,
  type FetchFn,
} from '@/features/payment/server/providers/cinetpay-provider';
import type { CheckoutRequest } from '@/features/payment/server/providers/payment-provider';
import { createPaymentProvider } from '@/features/payment/server/providers/payment-providers';
import {
  SandboxPaymentProvider,
  type SandboxReport,
} from '@/features/payment/server/providers/sandbox-provider';

// Recorded payloads (shapes from docs.cinetpay.com); the x-token values in notifications.json were
// computed once and frozen, so a change of algorithm or field order makes these tests fail.
interface NotificationFixture {
  secretKey: string;
  siteId: string;
  notifications: Record<'accepted' | 'failed' | 'otherSite', { body: string; xToken: string }>;
}
interface RecordedAnswer {
  httpStatus: number;
  body: unknown;
}

function fixture<T>(name: string): T {
  return JSON.parse(fs.readFileSync(new URL(`../fixtures/cinetpay/${name}`, import.meta.url), 'utf8'));
}

const recorded = fixture<NotificationFixture>('notifications.json');
const config: CinetPayConfig = {
  apiUrl: 'https://api-checkout.cinetpay.com/',
  apiKey: 'test-apikey-12912847765bc0db748fdd44',
  siteId: recorded.siteId,
  secretKey: recorded.secretKey,
};

interface RecordedRequest {
  url: string;
  method?: string;
  headers: Record<string, string>;
  json: unknown;
  hasSignal: boolean;
}

/** A fetch that answers from a recorded file and keeps what it was sent. */
function fakeFetch(answerFile: string) {
  const requests: RecordedRequest[] = [];
  const answer = fixture<RecordedAnswer>(answerFile);
  const fetchFn: FetchFn = async (url, init) => {
    requests.push({
      url,
      method: init.method,
      headers: { ...(init.headers as Record<string, string>) },
      json: JSON.parse(String(init.body)),
      hasSignal: init.signal instanceof AbortSignal,
    });
    return new Response(JSON.stringify(answer.body), {
      status: answer.httpStatus,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { fetchFn, requests };
}

function notification(name: keyof NotificationFixture['notifications']) {
  const { body, xToken } = recorded.notifications[name];
  return { body: Buffer.from(body, 'utf8'), xToken };
}

const checkout: CheckoutRequest = {
  paymentId: '3f1c2a9e-8b7d-4e61-9a0f-5c2d7e4b1a63',
  amount: 5000,
  currency: 'XOF',
  description: 'Abonnement Comptoir Pro - 1 mois',
  customer: { phone: '+2250707070707', firstName: 'Awa', lastName: 'Koné', email: null },
  returnUrl: 'https://pro.comptoir.example/paiement/retour',
  notifyUrl: 'https://pro.comptoir.example/api/payments/cinetpay/notify',
};

describe('CinetPay: notification (webhook) signature', () => {
  const provider = new CinetPayProvider(config);

  it('accepts a recorded notification with its x-token and names our payment', async () => {
    const { body, xToken } = notification('accepted');
    await expect(provider.verifyWebhook({ headers: { 'x-token': xToken }, rawBody: body })).resolves.toEqual({
      paymentId: '3f1c2a9e-8b7d-4e61-9a0f-5c2d7e4b1a63',
    });
  });

  it('accepts a correctly signed failure notification too: the outcome comes from fetchStatus', async () => {
    const { body, xToken } = notification('failed');
    await expect(provider.verifyWebhook({ headers: { 'x-token': xToken }, rawBody: body })).resolves.toEqual({
      paymentId: '9b2e7c41-0d3a-4f85-b6e2-1a7c9d3f5e80',
    });
  });

  it('accepts an upper-case hex token and a header name in another case', async () => {
    const { body, xToken } = notification('accepted');
    const result = await provider.verifyWebhook({
      headers: { 'X-Token': xToken.toUpperCase() },
      rawBody: body,
    });
    expect(result).toEqual({ paymentId: '3f1c2a9e-8b7d-4e61-9a0f-5c2d7e4b1a63' });
  });

  it('refuses a tampered amount', async () => {
    const { body, xToken } = notification('accepted');
    const tampered = Buffer.from(body.toString('utf8').replace('cpm_amount=5000', 'cpm_amount=50000'));
    expect(tampered.equals(body)).toBe(false);
    await expect(
      provider.verifyWebhook({ headers: { 'x-token': xToken }, rawBody: tampered }),
    ).resolves.toBeNull();
  });

  it('refuses a notification signed with another secret', async () => {
    const { body, xToken } = notification('accepted');
    const other = new CinetPayProvider({ ...config, secretKey: 'not-the-secret' });
    await expect(other.verifyWebhook({ headers: { 'x-token': xToken }, rawBody: body })).resolves.toBeNull();
  });

  it('refuses a missing, empty, doubled or wrong-length x-token without throwing', async () => {
    const { body, xToken } = notification('accepted');
    for (const headers of [
      {},
      { 'x-token': '' },
      { 'x-token': undefined },
      { 'x-token': [xToken, xToken] },
      { 'x-token': xToken.slice(0, 20) },
      { 'x-token': `${xToken}00` },
    ]) {
      await expect(provider.verifyWebhook({ headers, rawBody: body })).resolves.toBeNull();
    }
  });

  it('refuses a correctly signed notification for another site id', async () => {
    const { body, xToken } = notification('otherSite');
    await expect(
      provider.verifyWebhook({ headers: { 'x-token': xToken }, rawBody: body }),
    ).resolves.toBeNull();
  });

  it('refuses a body that repeats a signed field', async () => {
    const { body, xToken } = notification('accepted');
    const doubled = Buffer.from(`${body.toString('utf8')}&cpm_trans_id=someone-else`);
    await expect(
      provider.verifyWebhook({ headers: { 'x-token': xToken }, rawBody: doubled }),
    ).resolves.toBeNull();
  });
});

describe('CinetPay: payment initialisation', () => {
  it('POSTs the documented JSON to /v2/payment and returns payment_url', async () => {
    const { fetchFn, requests } = fakeFetch('init-created.json');
    const session = await new CinetPayProvider(config, fetchFn).createCheckout(checkout);

    expect(session).toEqual({
      redirectUrl:
        'https://checkout.cinetpay.com/payment/a9c1b3c58c0b5f8d2b7e3c4a9f1d6e2b0c7a8f3d1e5b9c2a4f6d8e0b1c3a5e7d9f',
      providerReference: 'a9c1b3c58c0b5f8d2b7e3c4a9f1d6e2b0c7a8f3d1e5b9c2a4f6d8e0b1c3a5e7d9f',
    });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.url).toBe('https://api-checkout.cinetpay.com/v2/payment');
    expect(request?.method).toBe('POST');
    expect(request?.headers['Content-Type']).toBe('application/json');
    expect(request?.hasSignal).toBe(true);
    expect(request?.json).toEqual({
      apikey: config.apiKey,
      site_id: '445160',
      transaction_id: checkout.paymentId,
      amount: 5000,
      currency: 'XOF',
      // The docs ask for no # / $ _ & in the description.
      description: 'Abonnement Comptoir Pro - 1 mois',
      notify_url: checkout.notifyUrl,
      return_url: checkout.returnUrl,
      channels: 'ALL',
      lang: 'fr',
      metadata: checkout.paymentId,
      customer_phone_number: '+2250707070707',
      customer_name: 'Awa',
      customer_surname: 'Koné',
    });
  });

  it('strips the characters CinetPay forbids from the description', async () => {
    const { fetchFn, requests } = fakeFetch('init-created.json');
    await new CinetPayProvider(config, fetchFn).createCheckout({
      ...checkout,
      description: 'Plan #2 / mois & plus_',
    });
    expect((requests[0]?.json as { description: string }).description).toBe('Plan 2 mois plus');
  });

  it('throws a French error on any answer but 201, with CinetPay’s code for the logs', async () => {
    const { fetchFn } = fakeFetch('init-minimum-required-fields.json');
    await expect(new CinetPayProvider(config, fetchFn).createCheckout(checkout)).rejects.toThrow(
      /CinetPay a refusé l’initialisation du paiement .*code 608, MINIMUM_REQUIRED_FIELDS/,
    );
  });

  it('refuses an amount that is not a multiple of 5 before calling CinetPay', async () => {
    const { fetchFn, requests } = fakeFetch('init-created.json');
    const provider = new CinetPayProvider(config, fetchFn);
    await expect(provider.createCheckout({ ...checkout, amount: 5002 })).rejects.toThrow(
      /5002 XOF n’est pas un multiple de 5/,
    );
    await expect(provider.createCheckout({ ...checkout, amount: 99.5 })).rejects.toThrow(/Montant invalide/);
    await expect(provider.createCheckout({ ...checkout, currency: 'EUR' })).rejects.toThrow(/devise EUR/);
    expect(requests).toHaveLength(0);
  });

  it('turns a timeout into a French error', async () => {
    const fetchFn: FetchFn = async () => {
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    };
    await expect(new CinetPayProvider(config, fetchFn).createCheckout(checkout)).rejects.toThrow(
      'CinetPay est injoignable (/v2/payment) : pas de réponse en 15 s.',
    );
  });

  it('refuses a payment link that is not https', async () => {
    const fetchFn: FetchFn = async () =>
      Response.json({ code: '201', message: 'CREATED', data: { payment_url: 'http://evil.example/pay' } });
    await expect(new CinetPayProvider(config, fetchFn).createCheckout(checkout)).rejects.toThrow(/https/);
  });
});

describe('CinetPay: transaction check', () => {
  it.each([
    ['check-accepted.json', 'succeeded', 5000, 'MP240312.1015.A76307', 'OM'],
    ['check-refused.json', 'failed', 15000, undefined, 'WAVECI'],
    ['check-waiting.json', 'pending', 5000, undefined, 'OMCIV2'],
  ] as const)(
    '%s → %s, with amount, currency and method',
    async (file, outcome, amount, providerReference, method) => {
      const { fetchFn, requests } = fakeFetch(file);
      const status = await new CinetPayProvider(config, fetchFn).fetchStatus('pay-1');
      expect(status).toEqual({
        paymentId: 'pay-1',
        outcome,
        amount,
        currency: 'XOF',
        ...(providerReference ? { providerReference } : {}),
        ...(method ? { method } : {}),
      });
      expect(requests[0]?.url).toBe('https://api-checkout.cinetpay.com/v2/payment/check');
      expect(requests[0]?.json).toEqual({
        apikey: config.apiKey,
        site_id: '445160',
        transaction_id: 'pay-1',
      });
      expect(requests[0]?.hasSignal).toBe(true);
    },
  );

  it('throws when CinetPay gives no transaction status (e.g. unknown api key)', async () => {
    const { fetchFn } = fakeFetch('check-auth-not-found.json');
    await expect(new CinetPayProvider(config, fetchFn).fetchStatus('pay-1')).rejects.toThrow(
      /n’a pas donné le statut du paiement pay-1 \(HTTP 400, code 609, AUTH_NOT_FOUND\)/,
    );
  });

  it('throws on a body that is not JSON', async () => {
    const fetchFn: FetchFn = async () => new Response('<html>502 Bad Gateway</html>', { status: 502 });
    await expect(new CinetPayProvider(config, fetchFn).fetchStatus('pay-1')).rejects.toThrow(
      'Réponse illisible de CinetPay (/v2/payment/check, HTTP 502).',
    );
  });
});

describe('the sandbox provider', () => {
  it('sends the payer to our sandbox page, reads the stored choice, and has no webhooks', async () => {
    const choices = new Map<string, SandboxReport>([
      ['pay-ok', { outcome: 'succeeded' }],
      ['pay-wave', { outcome: 'succeeded', method: 'wave' }],
    ]);
    const sandbox = new SandboxPaymentProvider(async (id) => choices.get(id) ?? { outcome: 'pending' });
    expect(sandbox.id).toBe('sandbox');
    await expect(sandbox.createCheckout({ ...checkout, paymentId: 'pay-ok' })).resolves.toEqual({
      redirectUrl: '/paiement/sandbox/pay-ok',
    });
    // A shop's customer has no account: their test page is public.
    await expect(
      sandbox.createCheckout({ ...checkout, paymentId: 'pay-wave', payer: 'customer' }),
    ).resolves.toEqual({ redirectUrl: '/payer/test/pay-wave' });
    await expect(sandbox.fetchStatus('pay-ok')).resolves.toEqual({
      paymentId: 'pay-ok',
      outcome: 'succeeded',
    });
    await expect(sandbox.fetchStatus('pay-wave')).resolves.toEqual({
      paymentId: 'pay-wave',
      outcome: 'succeeded',
      method: 'wave',
    });
    await expect(sandbox.fetchStatus('pay-other')).resolves.toEqual({
      paymentId: 'pay-other',
      outcome: 'pending',
    });
    const { body, xToken } = notification('accepted');
    await expect(
      sandbox.verifyWebhook({ headers: { 'x-token': xToken }, rawBody: body }),
    ).resolves.toBeNull();
  });
});

describe('createPaymentProvider', () => {
  const names = [
    'PAYMENT_PROVIDER',
    'CINETPAY_API_URL',
    'CINETPAY_API_KEY',
    'CINETPAY_SITE_ID',
    'CINETPAY_SECRET_KEY',
  ] as const;
  const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
  afterEach(() => {
    for (const name of names) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    resetEnvCache();
  });

  function configure(vars: Partial<Record<(typeof names)[number], string>>) {
    for (const name of names) delete process.env[name];
    Object.assign(process.env, vars);
    resetEnvCache();
  }
  const deps = { readSandboxOutcome: async (): Promise<SandboxReport> => ({ outcome: 'pending' }) };

  it('defaults to the sandbox', () => {
    configure({});
    expect(createPaymentProvider(deps).id).toBe('sandbox');
  });

  it('builds CinetPay from the configuration', async () => {
    configure({
      PAYMENT_PROVIDER: 'cinetpay',
      CINETPAY_API_KEY: 'key',
      CINETPAY_SITE_ID: recorded.siteId,
      CINETPAY_SECRET_KEY: recorded.secretKey,
    });
    const provider = createPaymentProvider(deps);
    expect(provider.id).toBe('cinetpay');
    // The configured secret and site id are the ones used to check notifications.
    const { body, xToken } = notification('accepted');
    await expect(provider.verifyWebhook({ headers: { 'x-token': xToken }, rawBody: body })).resolves.toEqual({
      paymentId: '3f1c2a9e-8b7d-4e61-9a0f-5c2d7e4b1a63',
    });
  });

  it('names exactly the missing CinetPay settings', () => {
    configure({ PAYMENT_PROVIDER: 'cinetpay' });
    expect(() => createPaymentProvider(deps)).toThrow(
      'Configuration CinetPay incomplète : CINETPAY_API_KEY, CINETPAY_SITE_ID et CINETPAY_SECRET_KEY sont obligatoires.',
    );
    configure({ PAYMENT_PROVIDER: 'cinetpay', CINETPAY_API_KEY: 'key', CINETPAY_SITE_ID: '  ' });
    expect(() => createPaymentProvider(deps)).toThrow(
      'Configuration CinetPay incomplète : CINETPAY_SITE_ID et CINETPAY_SECRET_KEY sont obligatoires.',
    );
    configure({ PAYMENT_PROVIDER: 'cinetpay', CINETPAY_API_KEY: 'key', CINETPAY_SITE_ID: '445160' });
    expect(() => createPaymentProvider(deps)).toThrow(
      'Configuration CinetPay incomplète : CINETPAY_SECRET_KEY est obligatoire.',
    );
  });
});
