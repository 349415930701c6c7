import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import next from 'next';
import { ensureAuthConfig, openConfiguredDatabase } from './src/server/bootstrap';
import { getEnv } from './src/server/env';
import { getLogger } from './src/server/logger';
import { runtime } from './src/server/runtime';
import { attachRealtime } from './src/server/realtime/socket-server';
import { redisAdapter } from './src/server/realtime/redis-adapter';
import { markStopping, serveHealth } from './src/server/http/health';
import { watchCallerChanges } from './src/server/tenancy/caller-cache';
import { wwwRedirectLocation } from './src/server/http/www-redirect';
import { serveUpload } from './src/server/storage/uploads-handler';
import { serveResizedImage } from './src/server/storage/resized-images';
import { createStaticAssets } from './src/server/http/static-assets';
import { createApiDispatcher } from './src/server/http/api-dispatch';
import { createHttpServer } from './src/server/http/http-server';
import { strictTransportSecurity } from './src/server/http/security-headers';
import { ROUTES } from './src/features/routes';
import { serveDeliveryPages } from './src/features/delivery/server/pages/serve';
import { isShopDomain, serveStorefront } from './src/features/storefront/server/serve';
import { watchStorefrontChanges } from './src/features/storefront/server/page-cache';
import { seedDemoShop } from './src/features/demo/seed';
import { startStatsRollUp } from './src/features/stats/server';
import { startJobs } from './src/server/jobs';
import { JOBS } from './src/features/jobs';
import { formatPhone } from './src/shared/phone-format';

/**
 * One HTTP server for Next and socket.io. The database is opened (and migrated, and seeded)
 * before the port is listened on, so no request ever finds it missing.
 */
async function main() {
  const startedAt = Date.now();
  process.env.NEXT_TELEMETRY_DISABLED = '1';
  ensureAuthConfig();
  const env = getEnv();
  const log = getLogger();

  const database = await openConfiguredDatabase();
  // Background jobs live in the database every server shares; this server runs its share of them.
  const stopJobs = await startJobs(database, JOBS);
  // Several servers starting at once seed the demo shop once: the others find it made.
  const demo = env.SEED_DEMO ? await database.exclusive('seed', () => seedDemoShop(database.db)) : null;
  const stopStatsRollUp = startStatsRollUp(database.db);
  // Requests find their caller in memory while this server hears the changes (tenancy/caller-cache).
  const stopWatchingCallers = await watchCallerChanges(database);
  // A shop's site changed through another server: its pages kept here are dropped too.
  const stopWatchingStorefronts = await watchStorefrontChanges(database);
  if (env.NODE_ENV === 'production' && env.PAYMENT_PROVIDER === 'sandbox')
    log.warn(
      'PAYMENT_PROVIDER=sandbox : les paiements d’abonnement sont simulés (le payeur choisit le résultat). Configurez CinetPay avant d’ouvrir au public.',
    );
  const app = next({
    dev: env.NODE_ENV === 'development',
    dir: process.cwd(),
    hostname: 'localhost',
    port: env.PORT,
  });
  const handle = app.getRequestHandler();
  // All of /api but next-auth is answered before Next, in development as in production.
  const dispatchApi = createApiDispatcher(ROUTES);
  // The build's files as the build compressed them (Brotli, gzip); in development Next serves its own.
  const serveStaticAsset =
    env.NODE_ENV === 'production'
      ? createStaticAssets(path.join(process.cwd(), '.next/static'))
      : () => false;
  await app.prepare();

  const server = createHttpServer((req, res) => {
    // Pages too: the API's dispatcher sets its own headers, Next's pages get HSTS here.
    const hsts = strictTransportSecurity(req);
    if (hsts) res.setHeader('Strict-Transport-Security', hsts);
    const wwwTarget = wwwRedirectLocation(req.headers.host, req.url ?? '/', env.PRO_HOST);
    if (wwwTarget) {
      // A www host goes to the pro host, unless it is a shop's own domain (its online shop).
      void isShopDomain(req).then(
        (isShops) => (isShops ? route(req, res) : redirectWww(res, wwwTarget)),
        () => redirectWww(res, wwwTarget),
      );
      return;
    }
    route(req, res);
  });
  function redirectWww(res: ServerResponse, location: string) {
    res.writeHead(308, { Location: location });
    res.end();
  }
  function route(req: IncomingMessage, res: ServerResponse) {
    const requestId = randomUUID();
    req.headers['x-request-id'] = requestId;
    const begin = process.hrtime.bigint();
    if (!req.url?.startsWith('/_next/')) {
      res.on('finish', () => {
        const ms = Number(process.hrtime.bigint() - begin) / 1e6;
        log.info(
          {
            requestId,
            method: req.method,
            url: req.url,
            status: res.statusCode,
            ms: Math.round(ms * 10) / 10,
          },
          'request',
        );
      });
    }
    if (
      serveHealth(req, res) ||
      serveStaticAsset(req, res) ||
      serveUpload(req, res) ||
      serveResizedImage(req, res) ||
      dispatchApi(req, res) ||
      serveDeliveryPages(req, res) ||
      serveStorefront(req, res)
    )
      return;
    void handle(req, res);
  }
  // Several servers behind a proxy share their socket.io rooms through Redis; one needs none.
  const shared = env.REDIS_URL ? await redisAdapter(env.REDIS_URL) : null;
  // The same Redis keeps the rate limits, so they hold whichever server a request reaches.
  if (shared) runtime.redis = shared.client;
  const io = attachRealtime(server, shared?.adapter);

  server.listen(env.PORT, env.HOST, () => {
    const url = `http://localhost:${env.PORT}`;
    const lines = [
      '',
      `  Comptoir est prêt : ${url}  (base ${database.kind}, démarré en ${((Date.now() - startedAt) / 1000).toFixed(1)} s)`,
    ];
    if (demo) {
      lines.push(
        '',
        '  Comptes de démonstration (le code de connexion s’affiche ici, dans le journal du serveur) :',
      );
      for (const login of demo)
        lines.push(`    ${formatPhone(login.phone).padEnd(20)} ${login.role.padEnd(18)} ${login.name}`);
    }
    // Plain console so the URL and logins read well above the JSON log lines.
    console.log(`${lines.join('\n')}\n`);
  });

  let stopping = false;
  /**
   * A graceful stop (SIGTERM from the proxy's orchestrator, or Ctrl-C): not ready any more, so the
   * proxy sends nothing new; no new connection; the browsers' sockets closed, so they reconnect to
   * another server; the requests in flight finished (10 s at most); the running jobs finished (20 s
   * at most: one cut short is retried by another server once it expires); then the database closed.
   */
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    markStopping();
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    io.disconnectSockets(true);
    const late = setTimeout(() => server.closeAllConnections(), 10_000);
    await drained;
    clearTimeout(late);
    stopStatsRollUp();
    await stopJobs(20_000).catch((error: unknown) => log.warn({ err: error }, 'job queue stop failed'));
    await stopWatchingCallers();
    await stopWatchingStorefronts();
    await shared?.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
