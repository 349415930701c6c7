import type { Discount, DiscountClient, DiscountUsage } from '@/shared/discounts/types';
import { metaKey, readMeta, writeMeta } from './db';
import { posGet } from './pos-http';

/**
 * The shop's discounts as the till prices with them (GET /api/discount/pricing?channel=pos, the
 * contract's §1, typed here without loading zod), kept in IndexedDB so they apply offline.
 * Per-client usage is not in it (no clientId asked): the server flags a use past a limit made
 * offline (« Conflits »).
 */
export interface TillPricingData {
  revision: number;
  at: string;
  timeZone: string;
  currency: string;
  stackCapPercent: number;
  discounts: Discount[];
  usage: Record<string, DiscountUsage>;
  categoryAncestors: Record<string, string[]>;
  client: DiscountClient | null;
}

export function loadPricing(shopId: string): Promise<TillPricingData | undefined> {
  return readMeta<TillPricingData>(metaKey.pricing(shopId));
}

/**
 * Fetched with each refresh of the catalogue; kept (and the till told) only when it changed: a new
 * revision (discounts or cap) or new usage counts. Answers the data kept when it changed, else null.
 */
export async function refreshPricing(
  shopId: string,
  known: TillPricingData | undefined,
): Promise<TillPricingData | null> {
  const fresh = await posGet<TillPricingData>('/api/discount/pricing', { shopId, channel: 'pos' });
  if (
    known &&
    known.revision === fresh.revision &&
    JSON.stringify(known.usage) === JSON.stringify(fresh.usage)
  )
    return null;
  await writeMeta(metaKey.pricing(shopId), fresh);
  return fresh;
}
