import { ApiError } from '@/client/api/api-error';
import { DEFAULT_ROLE, isAgentRole, type AgentRole } from '@/shared/roles';
import { metaKey, readMeta, writeMeta } from './db';
import { adoptSession, identityFromSession, posGet, refreshTillToken, setTillToken } from './pos-http';
import type { TillContext, TillIdentity } from './types';
import { urlWithParams } from '@/client/api/http';
import type { EmbeddedTillBoot, Till, TillBootAnswer } from '../../pos.schemas';

export const DEFAULT_RECEIPT_FOOTER = 'Merci de votre visite !';

export type TillBoot =
  | {
      kind: 'ready';
      identity: TillIdentity;
      context: TillContext;
      role: AgentRole;
      isFromCache: boolean;
      /** The shop's tills as the server just answered them; null when kept from an earlier visit. */
      freshTills: Till[] | null;
    }
  /** Offline, and this tablet never opened the till online for this user and shop. */
  | { kind: 'not-prepared' }
  /** The server, reachable, has no session for this browser. */
  | { kind: 'signed-out' }
  | { kind: 'no-shop' };

export function roleOf(context: TillContext): AgentRole {
  const role = context.agent?.role;
  return isAgentRole(role) ? role : DEFAULT_ROLE;
}

/** The till's context from its boot answer; null when the caller has no shop. */
function contextOf(identity: TillIdentity, answer: TillBootAnswer): TillContext | null {
  const { user, shop, agent, loyalty } = answer;
  if (!shop) return null;
  const first = agent?.firstName ?? user.firstName;
  const last = agent?.lastName ?? user.lastName;
  return {
    userId: identity.userId,
    shop: { ...shop, receiptFooter: shop.receiptFooter.trim() || DEFAULT_RECEIPT_FOOTER },
    loyalty,
    agent,
    userName: [first, last].filter(Boolean).join(' ') || identity.name || user.phone,
    savedAt: new Date().toISOString(),
  };
}

/*
 * The page drawn by the server brings the session and the boot answer (embeddedBoot). Otherwise
 * (a page reached inside the app, a copy kept offline) the session is asked as this module loads,
 * with the page's script, rather than once React has drawn the page; so is the boot answer, beside
 * it, with the sign-in cookie (the token comes with the session's answer). A tablet opened for the
 * first time then draws its first screen with no request after its script, or one round after it,
 * where it took four in a row (session, user and shop, agent and loyalty, tills).
 */

/**
 * How old the page's own boot answer may be to be taken as current. The service worker keeps the
 * page without it (public/pos-sw.js); this only guards against a copy kept by an older worker, and
 * leaves room for a tablet whose clock is off.
 */
const EMBEDDED_BOOT_MAX_AGE_MS = 12 * 3_600_000;

function isCurrent(boot: EmbeddedTillBoot): boolean {
  return typeof window === 'undefined' || Math.abs(Date.now() - boot.servedAt) <= EMBEDDED_BOOT_MAX_AGE_MS;
}

type NextData = { page?: string; props?: { pageProps?: { tillBoot?: EmbeddedTillBoot } } };

/**
 * The session and boot answer /point-de-vente was drawn with (server/till-page.ts), when this
 * module loads with that page and it is fresh: then the till asks neither.
 */
function embeddedBoot(): EmbeddedTillBoot | null {
  try {
    const data =
      (window as { __NEXT_DATA__?: NextData }).__NEXT_DATA__ ??
      (JSON.parse(document.getElementById('__NEXT_DATA__')?.textContent ?? '{}') as NextData);
    const boot = data.page === '/point-de-vente' ? data.props?.pageProps?.tillBoot : undefined;
    return boot && isCurrent(boot) ? boot : null;
  } catch {
    return null;
  }
}

const embedded = typeof window === 'undefined' ? null : embeddedBoot();

let earlyProbe: ReturnType<typeof refreshTillToken> | null =
  typeof window === 'undefined' ? null : embedded ? adoptSession(embedded.session) : refreshTillToken();

interface EarlyBoot {
  shopId: string | undefined;
  /** Null: not answered (offline, signed out, refused): bootTill asks again its own way. */
  answer: Promise<TillBootAnswer | null>;
}

/*
 * The last shop opened is kept in IndexedDB (the till's truth) and, as a hint, where the page's
 * first script reads it at once: IndexedDB answers once its database is open, 150 ms after the
 * script on a tablet's first visit, which the boot's request would wait for. bootTill checks the
 * hint against IndexedDB's and asks again when they differ.
 */
const LAST_SHOP_HINT = 'comptoir.pos.lastShop';

function lastShopHint(): string | undefined {
  try {
    return localStorage.getItem(LAST_SHOP_HINT) ?? undefined;
  } catch {
    return undefined;
  }
}

function keepLastShop(shopId: string): Promise<void> {
  try {
    localStorage.setItem(LAST_SHOP_HINT, shopId);
  } catch {
    // Storage refused (private browsing, full): the hint is only a head start.
  }
  return writeMeta(metaKey.lastShop(), shopId);
}

// Below the hint's key, which it reads as the module loads (above it, the key is not set yet).
let earlyBoot: EarlyBoot | null =
  typeof window === 'undefined'
    ? null
    : embedded
      ? { shopId: embedded.shopId ?? undefined, answer: Promise.resolve(embedded.answer) }
      : askBootEarly();

/** Asks for the shop bootTill will ask for: the URL's, else the last one this tablet opened. */
function askBootEarly(): EarlyBoot {
  const shopId = new URLSearchParams(window.location.search).get('shopId') || lastShopHint();
  const answer = (async () => {
    try {
      const response = await fetch(urlWithParams('/api/pos/boot', { shopId }), {
        credentials: 'same-origin',
        cache: 'no-store',
      });
      return response.ok ? ((await response.json()) as TillBootAnswer) : null;
    } catch {
      return null;
    }
  })();
  return { shopId, answer };
}

/** The early answer when it is this shop's and this user's, else the server asked now. */
async function fetchBoot(identity: TillIdentity, shopId: string | undefined): Promise<TillBootAnswer> {
  const early = earlyBoot;
  earlyBoot = null;
  if (early) {
    const answer = await early.answer;
    // Asked for this shop, or answered with it: reached inside the app (a link, the sign-in), the
    // page's module ran while the URL was still the page before, without this one's `shopId`.
    const isThisShop = early.shopId === shopId || (!!shopId && answer?.shop?.id === shopId);
    if (answer && isThisShop && answer.user.id === identity.userId) return answer;
  }
  return posGet<TillBootAnswer>('/api/pos/boot', shopId ? { shopId } : undefined);
}

/**
 * The till as the page was drawn with it (server/till-page.ts), the same on the server and in the
 * browser, so the first screen is in the page's HTML; null without it (bootTill then says). What
 * the tablet keeps is written by bootTill, which serves the same answer.
 */
export function bootFromPage(page: EmbeddedTillBoot | undefined): TillBoot | null {
  if (!page || !isCurrent(page)) return null;
  const identity = identityFromSession(page.session);
  if (!identity) return null;
  const context = contextOf(identity, page.answer);
  return context ? answeredBoot(identity, context, page.answer.tills) : { kind: 'no-shop' };
}

/** The till ready on the server's answer (not a copy kept offline). */
function answeredBoot(identity: TillIdentity, context: TillContext, tills: Till[] | null): TillBoot {
  return { kind: 'ready', identity, context, role: roleOf(context), isFromCache: false, freshTills: tills };
}

/** The same boot, in what the till draws: the page's first one need not be drawn again. */
export function isSameBoot(a: TillBoot | null, b: TillBoot): boolean {
  if (a?.kind !== 'ready' || b.kind !== 'ready') return a?.kind === b.kind && b.kind !== 'ready';
  return (
    a.identity.userId === b.identity.userId &&
    a.isFromCache === b.isFromCache &&
    JSON.stringify({ ...a.context, savedAt: null }) === JSON.stringify({ ...b.context, savedAt: null }) &&
    JSON.stringify(a.freshTills) === JSON.stringify(b.freshTills)
  );
}

/**
 * Who is at the till and for which shop: from the server when it answers (and kept for later),
 * else as last seen online on this tablet. A failed session fetch offline is not a sign-out.
 */
export async function bootTill(requestedShopId: string | undefined): Promise<TillBoot> {
  // The early answer serves the first boot only: a later one (another shop) asks again.
  const probe = await (earlyProbe ?? refreshTillToken());
  earlyProbe = null;
  if (probe === 'signed-out') return { kind: 'signed-out' };
  const identity = await readMeta<TillIdentity>(metaKey.identity());
  if (!identity) return { kind: 'not-prepared' };
  setTillToken(identity);
  const shopId = requestedShopId ?? (await readMeta<string>(metaKey.lastShop()));

  if (probe === 'ok') {
    try {
      const answer = await fetchBoot(identity, shopId);
      const context = contextOf(identity, answer);
      if (!context) return { kind: 'no-shop' };
      const shop = context.shop.id;
      await Promise.all([
        writeMeta(metaKey.context(identity.userId, shop), context),
        keepLastShop(shop),
        // Kept as the sync keeps them (refreshTills): the till's copy for offline visits.
        answer.tills && writeMeta(metaKey.tills(shop), answer.tills),
      ]);
      return answeredBoot(identity, context, answer.tills);
    } catch (error) {
      // A shop this user does not belong to answers 404: not a network problem to wait out.
      if (error instanceof ApiError && error.status === 404 && requestedShopId) return { kind: 'no-shop' };
    }
  }
  if (!shopId) return { kind: 'not-prepared' };
  const cached = await readMeta<TillContext>(metaKey.context(identity.userId, shopId));
  if (!cached) return { kind: 'not-prepared' };
  return {
    kind: 'ready',
    identity,
    context: cached,
    role: roleOf(cached),
    isFromCache: true,
    freshTills: null,
  };
}
