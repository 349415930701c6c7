import fs from 'node:fs';
import { defineConfig, devices, type LaunchOptions } from '@playwright/test';

/**
 * e2e against the built app, started as `npm run serve` does (after `npm run build`), on its own
 * data folders. A second instance with 2-second codes lets the expired-code case run for real.
 */
// E2E_PORT lets two checkouts run their browser suites at once (each takes ten ports from it).
const basePort = Number(process.env.E2E_PORT ?? 3100);

/*
 * Two servers, each with its own data folder and demo shop, and the spec files split between them:
 * two workers (one per server) run at once, and no spec ever sees another's changes to its shop.
 * The split balances the files' durations; a new file goes to the second server.
 */
const FIRST_SERVER_FILES = [
  'phone-layouts.spec.ts',
  'pos.spec.ts',
  'discounts.spec.ts',
  'product-import.spec.ts',
  'signin.spec.ts',
  'orders.spec.ts',
  'payment-link.spec.ts',
  'navigation.spec.ts',
  'confirm-information.spec.ts',
  'signup.spec.ts',
  // Its own server (IDENTITY_PROVIDER=firebase) and the Auth emulator.
  'firebase-auth.spec.ts',
  'auth-paths.spec.ts',
  'clients.spec.ts',
  'till-scans.spec.ts',
  // Its own new shops: it can run beside any other file.
  'first-run.spec.ts',
  // Its own new shops too; here so that the two servers take about the same time.
  'console.spec.ts',
  // Only reads the back office's pages; named to run last here, while the second server is past
  // accessibility.spec.ts (two axe runs at once would each take twice as long).
  'wcag-back-office.spec.ts',
];
const SERVERS = [
  { name: 'chromium', port: basePort, dataDir: '.data-e2e/main' },
  { name: 'chromium-2', port: basePort + 2, dataDir: '.data-e2e/second' },
];
export const E2E = {
  /** The server of the first project (its demo shop); a spec asks for its own with e2eServer(). */
  port: basePort,
  shortTtlPort: basePort + 1,
  dataDir: SERVERS[0]!.dataDir,
  shortTtlDataDir: '.data-e2e/short-ttl',
  /** A server signing in through Firebase Authentication, with no demo shop, and its emulator. */
  firebasePort: basePort + 3,
  firebaseEmulator: `127.0.0.1:${basePort + 6}`,
  firebaseProjectId: 'demo-comptoir',
};

/*
 * The Firebase Auth emulator (firebase-tools, from npm: Node only, offline) on loopback ports of
 * this run; a demo project id, so it never reaches Google. Its config is written where it runs.
 */
const emulatorDir = '.data-e2e/firebase-emulator';
fs.mkdirSync(emulatorDir, { recursive: true });
fs.writeFileSync(
  `${emulatorDir}/firebase.json`,
  JSON.stringify({
    emulators: {
      auth: { host: '127.0.0.1', port: basePort + 6 },
      hub: { host: '127.0.0.1', port: basePort + 7 },
      logging: { host: '127.0.0.1', port: basePort + 8 },
      ui: { enabled: false },
    },
  }),
);

function serverEnv(port: number, dataDir: string, extra: Record<string, string> = {}) {
  return {
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    NEXTAUTH_URL: `http://localhost:${port}`,
    PRO_HOST: `http://localhost:${port}`,
    SMS_DRIVER: 'file',
    SMS_FILE_PATH: `${dataDir}/sms.jsonl`,
    // The limits themselves are proven by the API suite; here many sign-ins share one IP and phone.
    OTP_MAX_PER_IP: '100000',
    OTP_MAX_PER_PHONE: '1000',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/**
 * The servers the suite talks to, started together (e2e/support/start-servers.mjs): those with a
 * demo shop on copies of the template's folder, opened and seeded once.
 */
const templateDir = '.data-e2e/template';
const E2E_TEMPLATE = {
  name: 'template',
  // `exec`: the script's SIGTERM reaches the server itself, which then closes its database.
  command: `rm -rf ${templateDir} && exec node dist/server.js`,
  url: `http://localhost:${basePort + 4}/login`,
  dataDir: templateDir,
  env: serverEnv(basePort + 4, templateDir),
};
const E2E_SERVERS = [
  ...SERVERS.map((server) => ({
    name: server.name,
    command: 'node dist/server.js',
    url: `http://localhost:${server.port}/login`,
    dataDir: server.dataDir,
    fromTemplate: true,
    env: serverEnv(server.port, server.dataDir),
  })),
  {
    name: 'firebase-emulator',
    command: `node ../../node_modules/firebase-tools/lib/bin/firebase.js emulators:start --only auth --project ${E2E.firebaseProjectId} --config firebase.json`,
    cwd: emulatorDir,
    url: `http://${E2E.firebaseEmulator}/`,
    env: { FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
  },
  {
    name: 'firebase',
    command: `rm -rf .data-e2e/firebase && node dist/server.js`,
    url: `http://localhost:${E2E.firebasePort}/login`,
    env: serverEnv(E2E.firebasePort, '.data-e2e/firebase', {
      SEED_DEMO: 'false',
      IDENTITY_PROVIDER: 'firebase',
      FIREBASE_API_KEY: 'demo-api-key',
      FIREBASE_PROJECT_ID: E2E.firebaseProjectId,
      FIREBASE_AUTH_EMULATOR_HOST: E2E.firebaseEmulator,
      // API tokens good for 5 min 5 s: renewed (5 min before expiry) 5 s after each sign-in.
      ACCESS_TOKEN_TTL_SECONDS: '305',
    }),
  },
  {
    name: 'short-ttl',
    command: 'node dist/server.js',
    url: `http://localhost:${E2E.shortTtlPort}/login`,
    dataDir: E2E.shortTtlDataDir,
    // Only an expired code is tried here: the same refusal whether the phone has an account or
    // not; a copy of the template's folder is the quickest to open.
    fromTemplate: true,
    env: serverEnv(E2E.shortTtlPort, E2E.shortTtlDataDir, { OTP_TTL_SECONDS: '2' }),
  },
];

const reportDir = process.env.CI_REPORT_DIR;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: SERVERS.length,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: reportDir ? [['list'], ['json', { outputFile: `${reportDir}/e2e.json` }]] : [['list']],
  use: {
    locale: 'fr-FR',
    timezoneId: 'Africa/Dakar',
    // No trace: recording one costs about a third of each test's time on this 2-core machine; the
    // failure's screenshot and the list reporter's step say where it broke.
    trace: 'off',
    screenshot: 'only-on-failure',
    // Debian's Chromium with the arguments bench:pos gives it too, run as its « headless shell »
    // (the same Blink without the full browser's windows, as Playwright runs by default). Measured
    // on this 2-core machine, the suite took 8.4 min against 12–13 with the full browser:
    // Chromium's renderers 335 CPU-s against 493, its browser process 92 against 252.
    launchOptions: {
      ...(JSON.parse(
        fs.readFileSync(new URL('./e2e/support/chromium-launch.json', import.meta.url), 'utf8'),
      ) as LaunchOptions),
      executablePath: '/usr/bin/chromium-headless-shell',
    },
  },
  projects: SERVERS.map((server, i) => ({
    name: server.name,
    // One worker per server: a server's files run one after the other, as with a single server.
    workers: 1,
    ...(i === 0
      ? { testMatch: FIRST_SERVER_FILES.map((f) => `**/${f}`) }
      : { testIgnore: FIRST_SERVER_FILES.map((f) => `**/${f}`) }),
    metadata: { port: server.port, dataDir: server.dataDir },
    use: {
      ...devices['Desktop Chrome'],
      viewport: { width: 1440, height: 900 },
      baseURL: `http://localhost:${server.port}`,
    },
  })),
  // One entry starting them all at once (e2e/support/start-servers.mjs says why).
  webServer: {
    command: 'node e2e/support/start-servers.mjs',
    url: `http://127.0.0.1:${basePort + 9}/`,
    env: {
      E2E_READY_PORT: String(basePort + 9),
      E2E_SERVERS: JSON.stringify(E2E_SERVERS),
      E2E_TEMPLATE: JSON.stringify(E2E_TEMPLATE),
    },
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
