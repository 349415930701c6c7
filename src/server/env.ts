import { z } from 'zod';

/**
 * The only module that reads process.env. Parsed lazily so that server.ts can first put a
 * generated secret in place (see bootstrap.ts) and so tests can set variables before first use.
 */
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1'));

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().positive().default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('.data'),
    DATABASE_URL: z.string().optional(),
    /** Several servers on one PostgreSQL: their socket.io rooms shared through this Redis. */
    REDIS_URL: z.string().optional(),
    NEXTAUTH_URL: z.string().optional(),
    NEXTAUTH_SECRET: z.string().optional(),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(3600),
    PRO_HOST: z.string().optional(),
    PRODUCT_NAME: z.string().default('Comptoir'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SEED_DEMO: bool(true),
    TRUST_PROXY: bool(false),
    PLATFORM_OPERATORS: z.string().default(''),
    SMS_DRIVER: z.enum(['console', 'http', 'file']).default('console'),
    SMS_SENDER: z.string().default('Comptoir'),
    SMS_HTTP_URL: z.string().optional(),
    SMS_HTTP_TOKEN: z.string().optional(),
    SMS_FILE_PATH: z.string().optional(),
    /** The number clients reply STOP to (the gateway's), written in every marketing SMS. */
    SMS_STOP_NUMBER: z.string().optional(),
    /** The shared secret the gateway sends with the replies it forwards (POST /api/sms/inbound). */
    SMS_INBOUND_SECRET: z.string().optional(),
    /** Campaign SMS handed to the gateway per second, by each server. */
    SMS_RATE_PER_SECOND: z.coerce.number().positive().default(10),
    /** WhatsApp status messages sent by Comptoir itself (Meta's Cloud API); none: the seller taps wa.me links. */
    WHATSAPP_DRIVER: z.enum(['none', 'cloud']).default('none'),
    WHATSAPP_CLOUD_API_URL: z.string().default('https://graph.facebook.com/v21.0'),
    WHATSAPP_CLOUD_TOKEN: z.string().optional(),
    WHATSAPP_CLOUD_PHONE_NUMBER_ID: z.string().optional(),
    /** What Meta bills one marketing WhatsApp message, in FCFA: the CRM shows a campaign's cost with it. */
    WHATSAPP_MESSAGE_COST: z.coerce.number().nonnegative().default(20),
    /** Meta's webhook: the token its subscription check echoes, and the app secret its calls are signed with. */
    WHATSAPP_VERIFY_TOKEN: z.string().optional(),
    WHATSAPP_APP_SECRET: z.string().optional(),
    OTP_TTL_SECONDS: z.coerce.number().int().positive().default(300),
    OTP_MAX_ATTEMPTS: z.coerce.number().int().positive().default(5),
    OTP_MAX_PER_PHONE: z.coerce.number().int().positive().default(3),
    OTP_MAX_PER_IP: z.coerce.number().int().positive().default(30),
    OTP_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(5 * 1024 * 1024),
    S3_ENDPOINT: z.string().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_BUCKET: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_PUBLIC_URL: z.string().optional(),
    S3_FORCE_PATH_STYLE: bool(true),
    PAYMENT_PROVIDER: z.enum(['sandbox', 'cinetpay']).default('sandbox'),
    CINETPAY_API_URL: z.string().default('https://api-checkout.cinetpay.com'),
    CINETPAY_API_KEY: z.string().optional(),
    CINETPAY_SITE_ID: z.string().optional(),
    CINETPAY_SECRET_KEY: z.string().optional(),
    PUSH_DRIVER: z.enum(['log', 'fcm']).default('log'),
    FIREBASE_SERVICE_ACCOUNT: z.string().optional(),
    /** Who proves a user's identity at /login: our own SMS code (default), or Firebase Authentication. */
    IDENTITY_PROVIDER: z.enum(['code', 'firebase']).default('code'),
    /** The Firebase project's web config (console: Paramètres du projet > Vos applications). */
    FIREBASE_API_KEY: z.string().optional(),
    FIREBASE_AUTH_DOMAIN: z.string().optional(),
    FIREBASE_PROJECT_ID: z.string().optional(),
    FIREBASE_APP_ID: z.string().optional(),
    /** host:port of the Firebase Auth emulator (tests); firebase-admin reads the same variable itself. */
    FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
    /** The host name sellers point their own domain's CNAME at (default: publicUrl()'s host). */
    STOREFRONT_CNAME_TARGET: z.string().optional(),
    /** The server's public IPv4, for the A record of a domain without sub-domain (ma-boutique.sn). */
    STOREFRONT_IPV4: z.union([z.literal(''), z.ipv4()]).optional(),
  })
  .superRefine((env, ctx) => {
    // Firebase sign-in cannot start without its project: said at boot, naming the variable.
    if (env.IDENTITY_PROVIDER !== 'firebase') return;
    for (const name of ['FIREBASE_API_KEY', 'FIREBASE_PROJECT_ID'] as const)
      if (!env[name])
        ctx.addIssue({ code: 'custom', path: [name], message: 'requis avec IDENTITY_PROVIDER=firebase' });
  });

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

export function getEnv(): Env {
  if (!cached) {
    const parsed = EnvSchema.safeParse(process.env);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      throw new Error(`Configuration invalide (${fields})`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** Tests change variables between cases; production never calls this. */
export function resetEnvCache(): void {
  cached = undefined;
}

/** Used by bootstrap.ts only: a generated secret must be visible to next-auth, which reads process.env itself. */
export function setProcessEnv(name: 'NEXTAUTH_SECRET' | 'NEXTAUTH_URL', value: string): void {
  process.env[name] = value;
  cached = undefined;
}

export function platformOperatorPhones(): string[] {
  return getEnv()
    .PLATFORM_OPERATORS.split(',')
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The app's public origin, for links handed to outside services (payment return and webhook). */
export function publicUrl(): string {
  const env = getEnv();
  return (env.NEXTAUTH_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
}

export function authSecret(): string {
  const secret = getEnv().NEXTAUTH_SECRET;
  if (!secret)
    throw new Error('NEXTAUTH_SECRET manquant : démarrez le serveur avec server.ts ou définissez-le.');
  return secret;
}
