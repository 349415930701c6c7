import fs from 'node:fs';
import { defineConfig, devices, type LaunchOptions } from '@playwright/test';

/**
 * e2e against the built app, started as `npm run serve` does (after `npm run build`), on its own
 * data folders. A second instance with 2-second codes lets the expired-code case run for real.
 */
// E2E_PORT lets two checkouts run their browser suites at once (the second instance takes the next port).
const basePort = Number(process.env.E2E_PORT ?? 3100);
export const E2E = {
  port: basePort,
  shortTtlPort: basePort + 1,
  dataDir: '.data-e2e/main',
  shortTtlDataDir: '.data-e2e/short-ttl',
};

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

const reportDir = process.env.CI_REPORT_DIR;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: reportDir ? [['list'], ['json', { outputFile: `${reportDir}/e2e.json` }]] : [['list']],
  use: {
    baseURL: `http://localhost:${E2E.port}`,
    locale: 'fr-FR',
    timezoneId: 'Africa/Dakar',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // Debian's Chromium, with what it needs here; bench:pos launches it the same way.
    launchOptions: JSON.parse(
      fs.readFileSync(new URL('./e2e/support/chromium-launch.json', import.meta.url), 'utf8'),
    ) as LaunchOptions,
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } },
  ],
  webServer: [
    {
      command: `rm -rf ${E2E.dataDir} && node dist/server.js`,
      url: `http://localhost:${E2E.port}/login`,
      env: serverEnv(E2E.port, E2E.dataDir),
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `rm -rf ${E2E.shortTtlDataDir} && node dist/server.js`,
      url: `http://localhost:${E2E.shortTtlPort}/login`,
      env: serverEnv(E2E.shortTtlPort, E2E.shortTtlDataDir, { OTP_TTL_SECONDS: '2' }),
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
