import { shopWhatsappPhone } from '@/features/channel/server/settings';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { getDb, type Database } from '@/server/db';
import { getEnv, publicUrl } from '@/server/env';
import { AppError } from '@/server/http/errors';
import { readForm, type Html } from '@/server/http/html-page';
import { createRateLimit } from '@/server/http/rate-limit';
import { clientIp } from '@/server/http/request-guards';
import { getLogger } from '@/server/logger';
import { toE164 } from '@/shared/phone';
import type { CountryCode } from 'libphonenumber-js';
import {
  findShopByFormerSlug,
  findShopBySlug,
  getShopById,
  type ShopRow,
} from '@/features/shop/server/shop.repository';
import { RESERVED_SLUGS, SLUG_PATTERN } from '@/features/shop/shop-slug';
import {
  findPublicCategories,
  findPublicProduct,
  findPublicProducts,
  findPublicProductSlugs,
  type PublicSort,
} from '@/features/product/server/public-catalogue';
import { findOrdersForDelivery } from '@/features/order/server/delivery-facts';
import { findTrackedOrder, trackingUrl } from '@/features/delivery/server/tracking';
import { cartCookie, changeCart, lineName, loadCart, readCart, MAX_QUANTITY } from './cart';
import {
  askPointsCode,
  checkForm,
  checkoutPoints,
  loadCheckoutOptions,
  placeCheckout,
  quoteCheckout,
  readCheckoutForm,
  startSitePayment,
} from './checkout';
import { pointsPaidOnOrder } from '@/features/loyalty/server/checkout-code';
import { shopPath, type ResolvedSite, type StorefrontContext } from './context';
import { findShopIdByDomain, getStorefront } from './storefront.repository';
import { cachedPage, gzippedBody, keepPage, makePage, shopSites, type CachedPage } from './page-cache';
import { recordCartContact } from './abandoned-carts';
import { ENHANCE_SCRIPT_HASH } from './pages/enhance';
import { renderHome, renderSitePage } from './pages/home';
import { loadSectionProducts } from './pages/sections';
import { PAGE_SIZE, renderListing, SORT_LABELS } from './pages/catalogue';
import { renderProduct } from './pages/product';
import { renderCart } from './pages/cart';
import { renderCheckout, renderSummary } from './pages/checkout';
import { renderNotFound, renderThanks } from './pages/thanks';
import { newsletterNotices, subscribeToNewsletter } from './newsletter';
import { linkedProductIds } from './site-links';
import { findActiveProductSlugs } from '@/features/product/server/product-slugs';
import { pageHasContent } from '@/shared/storefront/layout';
import { robotsTxt, sitemapXml } from './seo';

/*
 * The online shop, served by the same server as the back office, before Next: `/<shop-slug>/…` on
 * the pro host, or the whole of a shop's own domain. Pages are HTML written here (no framework
 * in the browser), public ones cached a while (page-cache.ts); forms post back and redirect.
 */

const CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data: https:",
  `script-src ${ENHANCE_SCRIPT_HASH}`,
  "connect-src 'self'",
  // After « Commander » the browser goes on to the payment provider's page.
  "form-action 'self' https:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/** Checkouts per address and shop: a buyer retrying is fine, a script is not. */
const checkoutLimit = createRateLimit({ name: 'checkout', max: 10, windowMs: 10 * 60 * 1000 });
/** Summaries per address (the checkout's script asks one per change). */
const quoteLimit = createRateLimit({ name: 'quote', max: 120, windowMs: 60 * 1000 });
/**
 * Loyalty codes asked per address and shop: each is an SMS the shop pays for, whatever number a
 * script types (the loyalty module also allows three per number an hour).
 */
const pointsCodeLimit = createRateLimit({ name: 'points-code', max: 6, windowMs: 10 * 60 * 1000 });

function isIpLiteral(host: string): boolean {
  return /^[\d.]+$/.test(host) || host.startsWith('[');
}

/** « https://pro.example.com » or « pro.example.com » → « pro.example.com ». */
function hostnameOf(origin: string): string {
  try {
    return new URL(origin.includes('://') ? origin : `http://${origin}`).hostname.toLowerCase();
  } catch {
    return origin.toLowerCase();
  }
}

/** Hosts of the back office itself: everything else that reaches us is a shop's own domain. */
function isProHost(hostname: string): boolean {
  const env = getEnv();
  if (hostname === 'localhost' || isIpLiteral(hostname)) return true;
  if (env.PRO_HOST && hostname === hostnameOf(env.PRO_HOST)) return true;
  return hostname === new URL(publicUrl()).hostname.toLowerCase();
}

function hostOf(req: IncomingMessage): { host: string; hostname: string } {
  const host = String(req.headers.host ?? 'localhost').toLowerCase();
  return { host, hostname: host.replace(/:\d+$/, '') };
}

function originOf(req: IncomingMessage, host: string): string {
  // Behind the reverse proxy that ends HTTPS (TRUST_PROXY), the scheme the buyer used is its word.
  const forwarded = getEnv().TRUST_PROXY ? String(req.headers['x-forwarded-proto'] ?? '') : '';
  const proto = forwarded.split(',')[0]?.trim();
  return `${proto === 'https' ? 'https' : new URL(publicUrl()).protocol.replace(':', '')}://${host}`;
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  cache: 'public' | 'private',
  extra: Record<string, string> = {},
): void {
  const started = startedAt.get(req);
  // The page's own time on this server (the figure bench:storefront reads), for whoever watches it.
  if (started !== undefined)
    res.setHeader('Server-Timing', `app;dur=${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(2)}`);
  res.statusCode = page.status;
  res.setHeader('Content-Type', page.contentType);
  res.setHeader('Content-Security-Policy', CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('Cache-Control', cache === 'public' ? 'public, max-age=0, must-revalidate' : 'no-store');
  for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
  if (cache === 'public') {
    res.setHeader('ETag', page.etag);
    if (req.headers['if-none-match'] === page.etag) {
      res.statusCode = 304;
      res.end();
      return;
    }
  }
  const gzipped =
    page.gzipped !== null && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))
      ? gzippedBody(page)
      : null;
  if (gzipped) res.setHeader('Content-Encoding', 'gzip');
  res.end(req.method === 'HEAD' ? undefined : (gzipped ?? page.body));
}

const HTML = 'text/html; charset=utf-8';
const htmlPage = (status: number, page: Html) => makePage(status, HTML, `<!doctype html>${page.text}`);

function redirect(
  res: ServerResponse,
  location: string,
  status = 303,
  extra: Record<string, string> = {},
): void {
  res.statusCode = status;
  res.setHeader('Location', location);
  res.setHeader('Cache-Control', status === 301 ? 'public, max-age=3600' : 'no-store');
  for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
  res.end();
}

/** The shop a host and a first path segment name, its settings and categories (see ResolvedSite). */
async function resolveSite(db: Database, hostname: string, slug: string | null): Promise<ResolvedSite> {
  let shop: ShopRow | null;
  if (slug === null) {
    const shopId = await findShopIdByDomain(db, hostname);
    shop = shopId ? await getShopById(db, shopId) : null;
  } else {
    shop = await findShopBySlug(db, slug);
    if (!shop) {
      const moved = await findShopByFormerSlug(db, slug);
      if (moved) return { kind: 'moved', shopId: moved.id, slug: moved.slug };
    }
  }
  if (!shop || shop.isBlocked) return { kind: 'unknown', shopId: null };
  const store = await getStorefront(db, shop);
  if (!store.isPublished) return { kind: 'unknown', shopId: shop.id };
  const [categories, productSlugs, whatsappPhone] = await Promise.all([
    findPublicCategories(db, shop.id),
    findActiveProductSlugs(db, shop.id, linkedProductIds(store.layout)),
    shopWhatsappPhone(db, shop.id),
  ]);
  return {
    kind: 'shop',
    shopId: shop.id,
    shop,
    store,
    categories,
    productSlugs,
    whatsappPhone,
    base: slug === null ? '' : `/${slug}`,
  };
}

async function siteOf(
  db: Database,
  req: IncomingMessage,
  url: URL,
): Promise<{ site: ResolvedSite; rest: string }> {
  const { hostname } = hostOf(req);
  const onOwnDomain = !isProHost(hostname);
  const [, first = '', ...others] = url.pathname.split('/');
  const slug = onOwnDomain ? null : first;
  const rest = onOwnDomain
    ? url.pathname === '/'
      ? ''
      : url.pathname
    : others.length
      ? `/${others.join('/')}`
      : '';
  const key = `${hostname}|${slug ?? ''}`;
  let site = shopSites.get(key);
  if (!site) {
    site = await resolveSite(db, hostname, slug);
    shopSites.set(key, site);
  }
  return { site, rest };
}

/**
 * Whether the request's host is a shop's own domain (open or not): server.ts asks before sending a
 * www host to the pro host, as « www.ma-boutique.sn » is the shop's, not ours.
 */
export async function isShopDomain(req: IncomingMessage): Promise<boolean> {
  const { hostname } = hostOf(req);
  if (isProHost(hostname)) return false;
  const { site } = await siteOf(getDb(), req, new URL(req.url ?? '/', 'http://localhost'));
  return site.shopId !== null;
}

/** Whether this request is the online shop's: claimed before Next looks at it. */
export function isStorefrontRequest(req: IncomingMessage): boolean {
  const { hostname } = hostOf(req);
  if (!isProHost(hostname)) return true;
  const first = (req.url ?? '/').split(/[/?#]/)[1] ?? '';
  return first !== '' && SLUG_PATTERN.test(first) && !RESERVED_SLUGS.has(first);
}

export function serveStorefront(req: IncomingMessage, res: ServerResponse): boolean {
  if (!isStorefrontRequest(req)) return false;
  handle(req, res).catch((error: unknown) => {
    const status = error instanceof AppError ? error.status : 500;
    if (status >= 500) getLogger().error({ err: error, url: req.url }, 'storefront page failed');
    if (res.headersSent) return res.end();
    const message =
      status === 413 ? 'Le formulaire est trop long.' : 'Une erreur est survenue. Réessayez dans un instant.';
    send(req, res, makePage(status, 'text/plain; charset=utf-8', message), 'private');
  });
  return true;
}

/** When each request reached the online shop, for its Server-Timing header. */
const startedAt = new WeakMap<IncomingMessage, bigint>();

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  startedAt.set(req, process.hrtime.bigint());
  const db = getDb();
  const url = new URL(req.url ?? '/', 'http://localhost');
  const { host } = hostOf(req);
  const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
  const pageKey = `${host}${url.pathname}${url.search}`;
  // A page kept a moment ago is sent before anything is looked up (a product shared on WhatsApp).
  const hit = method === 'GET' ? cachedPage(pageKey) : undefined;
  if (hit) return send(req, res, hit, 'public');

  const { site, rest } = await siteOf(db, req, url);
  if (site.kind === 'moved') return redirect(res, `/${site.slug}${rest}${url.search}`, 301);
  if (site.kind === 'unknown') return send(req, res, htmlPage(404, renderNotFound(null)), 'private');
  const { shop, store, categories, productSlugs, base, whatsappPhone } = site;
  // A trailing slash has one address: without it.
  if (rest.length > 1 && rest.endsWith('/'))
    return redirect(res, `${base}${rest.replace(/\/+$/, '')}${url.search}`, 301);
  const ctx: StorefrontContext = {
    shop,
    store,
    base,
    origin: originOf(req, host),
    categories,
    productSlugs,
    whatsappPhone,
  };

  const publicPage = async (draw: () => Promise<CachedPage | null>) => {
    const page = (await draw()) ?? htmlPage(404, renderNotFound(ctx));
    if (page.status === 200) keepPage(pageKey, shop.id, page);
    send(req, res, page, page.status === 200 ? 'public' : 'private');
  };
  const pageNumber = () =>
    Math.min(1_000, Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1));
  const sortOf = () => {
    const sort = url.searchParams.get('tri') ?? 'recent';
    return (sort in SORT_LABELS ? sort : 'recent') as PublicSort;
  };
  const listing = async (title: string, path: string, query: { categoryId?: string; search?: string }) => {
    const page = pageNumber();
    const sort = sortOf();
    const { items, total } = await findPublicProducts(db, shop.id, {
      ...query,
      sort,
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
    });
    return htmlPage(
      200,
      renderListing(ctx, {
        title,
        path,
        items,
        total,
        page,
        sort,
        search: query.search,
        canonical: !query.search,
      }),
    );
  };

  let match: RegExpMatchArray | null;
  if (method === 'GET') {
    const { home, pages } = store.layout;
    // After a sign-up to the SMS newsletter (`?inscrit=<section>`), its section says so.
    const notices = newsletterNotices(url);
    if (rest === '')
      return publicPage(async () =>
        htmlPage(200, renderHome(ctx, await loadSectionProducts(db, ctx, home.sections), notices)),
      );
    if (rest === '/catalogue') return publicPage(() => listing('Tout le catalogue', '/catalogue', {}));
    if ((match = rest.match(/^\/c\/([0-9a-z]{1,40})$/))) {
      const category = categories.find((c) => c.id === match![1]);
      return publicPage(async () =>
        category ? listing(category.name, `/c/${category.id}`, { categoryId: category.id }) : null,
      );
    }
    if (rest === '/recherche') {
      const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
      return publicPage(() => listing(q ? `Recherche : ${q}` : 'Recherche', '/recherche', { search: q }));
    }
    if ((match = rest.match(/^\/p\/([a-z0-9-]{1,80})$/))) {
      const slug = match[1]!;
      return publicPage(async () => {
        const product = await findPublicProduct(db, shop.id, slug, store.showsStockCounts);
        return product ? htmlPage(200, renderProduct(ctx, product)) : null;
      });
    }
    if ((match = rest.match(/^\/pages\/([a-z0-9-]{1,60})$/))) {
      const page = pages.find((p) => p.slug === match![1] && pageHasContent(p));
      return publicPage(async () =>
        page
          ? htmlPage(
              200,
              renderSitePage(ctx, page, await loadSectionProducts(db, ctx, page.sections), notices),
            )
          : null,
      );
    }
    if (rest === '/sitemap.xml')
      return publicPage(async () =>
        makePage(
          200,
          'application/xml; charset=utf-8',
          sitemapXml(ctx, {
            products: await findPublicProductSlugs(db, shop.id),
            categories,
            pages: pages.filter(pageHasContent),
          }),
        ),
      );
    if (rest === '/robots.txt')
      return publicPage(async () => makePage(200, 'text/plain; charset=utf-8', robotsTxt(ctx)));
    if (rest === '/panier') {
      const cart = await loadCart(db, shop.id, readCart(req));
      return send(req, res, htmlPage(200, renderCart(ctx, cart, noticeOf(url))), 'private');
    }
    if (rest === '/commande') return checkoutPage(req, res, db, ctx, null);
    if ((match = rest.match(/^\/merci\/([\w-]{10,64})$/)))
      return thanksPage(req, res, db, ctx, match[1]!, url);
  }
  if (method === 'POST') {
    if (rest === '/panier/ajouter' || rest === '/panier/modifier')
      return changeCartLine(req, res, db, ctx, rest === '/panier/modifier');
    if (rest === '/commande') return checkoutPage(req, res, db, ctx, await readForm(req));
    if (rest === '/commande/code-fidelite')
      return checkoutPage(req, res, db, ctx, await readForm(req), 'send-points-code');
    if (rest === '/commande/resume') return summary(req, res, db, ctx);
    if ((match = rest.match(/^\/merci\/([\w-]{10,64})\/payer$/))) return payAgain(res, db, ctx, match[1]!);
    if (rest === '/newsletter') return subscribeToNewsletter(req, res, db, ctx);
  }
  send(req, res, htmlPage(404, renderNotFound(ctx)), 'private');
}

const NOTICES: Record<string, string> = {
  stock: 'Un article de votre panier n’a plus assez de stock : ajustez la quantité.',
  vide: 'Votre panier est vide : ajoutez un article pour commander.',
};
function noticeOf(url: URL): string | null {
  return NOTICES[url.searchParams.get('erreur') ?? ''] ?? null;
}

async function changeCartLine(
  req: IncomingMessage,
  res: ServerResponse,
  db: Database,
  ctx: StorefrontContext,
  replace: boolean,
) {
  const form = await readForm(req);
  const variantId = (form.get('variantId') ?? '').trim();
  const quantity = Number.parseInt(form.get('quantity') ?? '1', 10);
  const items = readCart(req);
  const [found] = (await loadCart(db, ctx.shop.id, [{ variantId, quantity: 1 }])).lines;
  if (!found && !(replace && quantity === 0)) return redirect(res, shopPath(ctx, '/panier'));
  if (!Number.isInteger(quantity) || quantity < (replace ? 0 : 1) || quantity > MAX_QUANTITY)
    return redirect(res, found ? shopPath(ctx, `/p/${found.variant.productSlug}`) : shopPath(ctx, '/panier'));
  const next = changeCart(items, variantId, quantity, replace);
  const line = next.find((i) => i.variantId === variantId);
  // Stock is checked as the article goes in: the buyer learns now, not at checkout.
  if (found && line && found.variant.stock !== null && line.quantity > found.variant.stock) {
    const capped = changeCart(items, variantId, found.variant.stock, true);
    return redirect(res, `${shopPath(ctx, '/panier')}?erreur=stock`, 303, {
      'Set-Cookie': cartCookie(ctx, capped),
    });
  }
  redirect(res, shopPath(ctx, '/panier'), 303, { 'Set-Cookie': cartCookie(ctx, next) });
}

function clientAddress(req: IncomingMessage): string {
  return clientIp(req, getEnv().TRUST_PROXY);
}

/**
 * The checkout, drawn again after each post with what the buyer typed. `send-points-code`:
 * « Recevoir un code » (its own address, the same form), which sends the loyalty code by SMS.
 */
async function checkoutPage(
  req: IncomingMessage,
  res: ServerResponse,
  db: Database,
  ctx: StorefrontContext,
  posted: URLSearchParams | null,
  action: 'page' | 'send-points-code' = 'page',
) {
  const cart = await loadCart(db, ctx.shop.id, readCart(req));
  if (cart.lines.length === 0) return redirect(res, `${shopPath(ctx, '/panier')}?erreur=vide`);
  if (cart.lines.some((l) => l.problem)) return redirect(res, `${shopPath(ctx, '/panier')}?erreur=stock`);
  const form = readCheckoutForm(posted ?? new URLSearchParams());
  const options = await loadCheckoutOptions(db, ctx);
  if (!options.communes.length && options.pickupPoints.length) form.mode = 'retrait';
  const key = /^[\w-]{16,64}$/.test(posted?.get('key') ?? '')
    ? posted!.get('key')!
    : randomBytes(16).toString('base64url');
  let errors: Record<string, string> = {};
  let message: string | null = null;
  let pointsCodeMinutes: number | null = null;
  // « Ne pas utiliser mes points »; a new code replaces the one typed.
  if (posted?.get('intent') === 'sans-points' || action === 'send-points-code') form.pointsCode = '';
  if (action === 'send-points-code') {
    if (!(await pointsCodeLimit.take(`${ctx.shop.id} ${clientAddress(req)}`)))
      errors.pointsCode = 'Trop de codes demandés depuis cette connexion. Réessayez dans quelques minutes.';
    else {
      const asked = await askPointsCode(db, ctx, form);
      errors = asked.errors;
      pointsCodeMinutes = asked.minutes;
    }
  } else if (posted?.get('intent') === 'commander') {
    errors = checkForm(ctx, form, options);
    if (Object.keys(errors).length === 0) {
      if (!(await checkoutLimit.take(`${ctx.shop.id} ${clientAddress(req)}`)))
        message =
          'Trop de commandes depuis cette connexion. Patientez quelques minutes, ou contactez la boutique.';
      else {
        const placed = await placeCheckout(db, ctx, cart.lines, form, options, key);
        if (placed.kind === 'placed') {
          const thanks = shopPath(ctx, `/merci/${placed.trackingToken}`);
          return redirect(
            res,
            placed.paymentUrl ?? (placed.paymentFailed ? `${thanks}?ouverture=echec` : thanks),
            303,
            {
              // The cart became the order.
              'Set-Cookie': cartCookie(ctx, []),
            },
          );
        }
        errors = placed.errors;
        message = placed.message;
      }
    } else message = 'Vérifiez les champs signalés.';
  }
  await keepCartContact(db, ctx, form, cart.lines);
  const quote = await quoteCheckout(db, ctx, cart.lines, form);
  if (quote.refusals.discountCodes && !errors.code) errors.code = quote.refusals.discountCodes;
  // A code the buyer sent is checked once per post: one refused already (placing the order) is
  // not tried again, and the field comes back empty so that no later post tries it again.
  if (errors.pointsCode) form.pointsCode = '';
  const points = await checkoutPoints(db, ctx, form, quote.total, Boolean(posted));
  if (points?.error) {
    // Said at the field, not again in the summary.
    errors.pointsCode = points.error;
    form.pointsCode = '';
    points.error = null;
  }
  // No programme, so no points block to show it at: the page says it.
  if (!points && errors.pointsCode) message ??= errors.pointsCode;
  const status = Object.keys(errors).length || message ? 422 : 200;
  send(
    req,
    res,
    htmlPage(
      status,
      renderCheckout(ctx, {
        lines: cart.lines,
        quote,
        form,
        options,
        errors,
        message,
        idempotencyKey: key,
        points,
        pointsCodeMinutes,
      }),
    ),
    'private',
  );
}

/** A valid phone at checkout keeps the cart for « Paniers abandonnés ». */
async function keepCartContact(
  db: Database,
  ctx: StorefrontContext,
  form: ReturnType<typeof readCheckoutForm>,
  lines: Awaited<ReturnType<typeof loadCart>>['lines'],
) {
  const phone = form.phone ? toE164(form.phone, ctx.shop.country as CountryCode) : null;
  if (!phone) return;
  await recordCartContact(db, ctx.shop.id, {
    phone,
    name: form.name,
    lines: lines.map((l) => ({
      variantId: l.item.variantId,
      name: lineName(l.variant),
      quantity: l.item.quantity,
      unitPrice: l.variant.price,
    })),
    total: lines.reduce((sum, l) => sum + l.variant.price * l.item.quantity, 0),
  });
}

async function summary(req: IncomingMessage, res: ServerResponse, db: Database, ctx: StorefrontContext) {
  if (!(await quoteLimit.take(clientAddress(req)))) return send(req, res, makePage(429, HTML, ''), 'private');
  const form = readCheckoutForm(await readForm(req));
  const cart = await loadCart(db, ctx.shop.id, readCart(req));
  if (!cart.lines.length) return send(req, res, makePage(409, HTML, ''), 'private');
  await keepCartContact(db, ctx, form, cart.lines);
  const quote = await quoteCheckout(db, ctx, cart.lines, form);
  // Only a code the page proved is checked again: a code half typed would cost the buyer tries.
  const points = await checkoutPoints(db, ctx, form, quote.total, form.pointsVerified);
  send(req, res, makePage(200, HTML, renderSummary(ctx, quote, form, points).text), 'private');
}

async function loadThanks(db: Database, ctx: StorefrontContext, token: string) {
  const tracked = await findTrackedOrder(db, token);
  if (!tracked || tracked.shopId !== ctx.shop.id) return null;
  return (await findOrdersForDelivery(db, ctx.shop.id, [tracked.orderId])).get(tracked.orderId) ?? null;
}

async function thanksPage(
  req: IncomingMessage,
  res: ServerResponse,
  db: Database,
  ctx: StorefrontContext,
  token: string,
  url: URL,
) {
  const order = await loadThanks(db, ctx, token);
  if (!order) return send(req, res, htmlPage(404, renderNotFound(ctx, 'Cette commande')), 'private');
  const paidWithPoints = await pointsPaidOnOrder(db, ctx.shop.id, order.id);
  const payment = url.searchParams.get('message');
  send(
    req,
    res,
    htmlPage(
      200,
      renderThanks(ctx, {
        order,
        token,
        trackingUrl: trackingUrl(token),
        payment,
        paymentFailed: url.searchParams.get('ouverture') === 'echec',
        paidWithPoints,
      }),
    ),
    'private',
  );
}

async function payAgain(res: ServerResponse, db: Database, ctx: StorefrontContext, token: string) {
  const order = await loadThanks(db, ctx, token);
  const thanks = shopPath(ctx, `/merci/${token}`);
  if (!order || order.total - order.paidAmount <= 0 || order.fulfilmentStatus === 'cancelled')
    return redirect(res, thanks);
  const url = await startSitePayment(db, ctx, order).catch((error: unknown) => {
    getLogger().error({ err: error, orderId: order.id }, 'storefront payment could not start');
    return null;
  });
  redirect(res, url ?? `${thanks}?ouverture=echec`);
}
