import { ApiError } from '@/client/api/api-error';
import { DEFAULT_ROLE, isAgentRole, type AgentRole } from '@/shared/roles';
import { metaKey, readMeta, writeMeta } from './db';
import { posGet, refreshTillToken, setTillToken } from './pos-http';
import type { TillContext, TillIdentity } from './types';

export const DEFAULT_RECEIPT_FOOTER = 'Merci de votre visite !';

export type TillBoot =
  | { kind: 'ready'; identity: TillIdentity; context: TillContext; role: AgentRole; isFromCache: boolean }
  /** Offline, and this tablet never opened the till online for this user and shop. */
  | { kind: 'not-prepared' }
  /** The server, reachable, has no session for this browser. */
  | { kind: 'signed-out' }
  | { kind: 'no-shop' };

interface ShopAnswer {
  _id: string;
  name: string;
  logoUrl: string | null;
  currency: string;
  timeZone: string;
  country: string;
  address: string;
  phone: string | null;
  receiptFooter?: string | null;
  taxId?: string;
  tradeRegister?: string;
  isBlocked: boolean;
}
interface AgentAnswer {
  _id: string;
  firstName: string | null;
  lastName: string | null;
  role: string;
}
interface LoyaltyAnswer {
  isEnabled: boolean;
  pointsPerThousand: number;
  pointValue: number;
  minRedeem: number;
  expiryMonths: number | null;
}
interface UserAnswer {
  firstName: string | null;
  lastName: string | null;
  phone: string;
}

export function roleOf(context: TillContext): AgentRole {
  const role = context.agent?.role;
  return isAgentRole(role) ? role : DEFAULT_ROLE;
}

async function fetchContext(identity: TillIdentity, shopId: string | undefined): Promise<TillContext | null> {
  const params = shopId ? { shopId } : undefined;
  const [user, shop] = await Promise.all([
    posGet<UserAnswer>('/api/user/getInfo'),
    posGet<ShopAnswer | null>('/api/shop/getShop', params),
  ]);
  if (!shop) return null;
  const [agent, loyalty] = await Promise.all([
    posGet<AgentAnswer | null>('/api/agent/getOneAgent', { shopId: shop._id }),
    posGet<LoyaltyAnswer>('/api/loyalty/program', { shopId: shop._id }),
  ]);
  const first = agent?.firstName ?? user.firstName;
  const last = agent?.lastName ?? user.lastName;
  return {
    userId: identity.userId,
    shop: {
      id: shop._id,
      name: shop.name,
      logoUrl: shop.logoUrl,
      currency: shop.currency,
      timeZone: shop.timeZone,
      country: shop.country,
      address: shop.address,
      phone: shop.phone,
      receiptFooter: shop.receiptFooter?.trim() || DEFAULT_RECEIPT_FOOTER,
      taxId: shop.taxId ?? '',
      tradeRegister: shop.tradeRegister ?? '',
      isBlocked: shop.isBlocked,
    },
    loyalty: loyalty.isEnabled
      ? {
          pointsPerThousand: loyalty.pointsPerThousand,
          pointValue: loyalty.pointValue,
          minRedeem: loyalty.minRedeem,
          expiryMonths: loyalty.expiryMonths,
        }
      : null,
    agent: agent
      ? { id: agent._id, firstName: agent.firstName, lastName: agent.lastName, role: agent.role }
      : null,
    userName: [first, last].filter(Boolean).join(' ') || identity.name || user.phone,
    savedAt: new Date().toISOString(),
  };
}

/*
 * The session is asked as this module loads, with the page's script, rather than once React has
 * drawn the page: the till's first screen waits on it (and on the two rounds of requests after it).
 */
let earlyProbe: ReturnType<typeof refreshTillToken> | null =
  typeof window === 'undefined' ? null : refreshTillToken();

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
      const context = await fetchContext(identity, shopId);
      if (!context) return { kind: 'no-shop' };
      await writeMeta(metaKey.context(identity.userId, context.shop.id), context);
      await writeMeta(metaKey.lastShop(), context.shop.id);
      return { kind: 'ready', identity, context, role: roleOf(context), isFromCache: false };
    } catch (error) {
      // A shop this user does not belong to answers 404: not a network problem to wait out.
      if (error instanceof ApiError && error.status === 404 && requestedShopId) return { kind: 'no-shop' };
    }
  }
  if (!shopId) return { kind: 'not-prepared' };
  const cached = await readMeta<TillContext>(metaKey.context(identity.userId, shopId));
  if (!cached) return { kind: 'not-prepared' };
  return { kind: 'ready', identity, context: cached, role: roleOf(cached), isFromCache: true };
}
