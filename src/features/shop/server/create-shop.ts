import type { Executor } from '@/server/db';
import { FREE_TRIAL_DAYS } from '@/shared/plans';
import { findCountry, type CurrencyCode } from '@/shared/countries';
import { insertAgent, type AgentRow } from '@/features/agent/server/agent.repository';
import type { UserRow } from '@/features/user/server/user.repository';
import { slugify } from '@/shared/slug';
import { RESERVED_SLUGS } from '../shop-slug';
import { findSlugsStartingWith, insertShop, type ShopRow } from './shop.repository';

async function freeSlug(db: Executor, name: string): Promise<string> {
  const base = slugify(name, 'boutique');
  const taken = new Set([...(await findSlugsStartingWith(db, base)), ...RESERVED_SLUGS]);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * A new shop starts on `free` with a 14-day trial on `pro` quotas (PRODUCT.md); its owner is
 * its seller and first agent, as admin. Call inside the transaction that created the owner.
 */
export async function createShopWithOwner(
  db: Executor,
  input: { owner: UserRow; name: string; country: string; currency: CurrencyCode; now?: Date },
): Promise<{ shop: ShopRow; agent: AgentRow }> {
  const now = input.now ?? new Date();
  const country = findCountry(input.country);
  const shop = await insertShop(db, {
    name: input.name,
    slug: await freeSlug(db, input.name),
    sellerId: input.owner.id,
    subscriptionPlan: 'free',
    shopExpiresAt: null,
    freeTrialExpiresAt: new Date(now.getTime() + FREE_TRIAL_DAYS * 86_400_000),
    currency: input.currency,
    country: country?.code ?? 'SN',
    timeZone: country?.timeZone ?? 'Africa/Dakar',
  });
  const agent = await insertAgent(db, {
    shopId: shop.id,
    userId: input.owner.id,
    role: 'admin',
    phone: input.owner.phone,
    firstName: input.owner.firstName,
    lastName: input.owner.lastName,
    email: input.owner.email,
  });
  return { shop, agent };
}
