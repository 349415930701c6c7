import { getEnv } from '@/server/env';
import { CinetPayProvider } from './cinetpay-provider';
import type { PaymentProvider } from './payment-provider';
import { SandboxPaymentProvider, type SandboxReport } from './sandbox-provider';

export interface PaymentProviderDeps {
  /** Where the sandbox reads the outcome (and method) the payer chose on its test page. */
  readSandboxOutcome: (paymentId: string) => Promise<SandboxReport>;
}

const CINETPAY_REQUIRED = ['CINETPAY_API_KEY', 'CINETPAY_SITE_ID', 'CINETPAY_SECRET_KEY'] as const;

/** Configuration (PAYMENT_PROVIDER) chooses the driver; the use cases only see PaymentProvider. */
export function createPaymentProvider(deps: PaymentProviderDeps): PaymentProvider {
  const env = getEnv();
  if (env.PAYMENT_PROVIDER !== 'cinetpay') return new SandboxPaymentProvider(deps.readSandboxOutcome);

  // Checked at start-up rather than at the first payment, and all missing names at once, so whoever
  // deploys fixes the configuration in one go. Blank values count as missing (a stray `KEY=` line).
  const missing = CINETPAY_REQUIRED.filter((name) => !env[name]?.trim());
  if (missing.length > 0) {
    throw new Error(
      `Configuration CinetPay incomplète : ${frenchList(missing)} ` +
        `${missing.length > 1 ? 'sont obligatoires' : 'est obligatoire'}.`,
    );
  }
  return new CinetPayProvider({
    apiUrl: env.CINETPAY_API_URL,
    apiKey: env.CINETPAY_API_KEY?.trim() ?? '',
    siteId: env.CINETPAY_SITE_ID?.trim() ?? '',
    secretKey: env.CINETPAY_SECRET_KEY?.trim() ?? '',
  });
}

/** "A", "A et B", "A, B et C". */
function frenchList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} et ${items[items.length - 1]}`;
}
