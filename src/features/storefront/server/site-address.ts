import type { Executor } from '@/server/db';
import { publicUrl } from '@/server/env';
import { getStorefront } from './storefront.repository';

/**
 * Where a shop's online shop answers, for links sent outside it (WhatsApp, catalogue feeds): its
 * own domain when it has one, else its path on ours. `isPublished` false: the links lead to a
 * closed shop. `color`: the site's main colour, for what is shared of it.
 */
export async function siteAddress(
  db: Executor,
  shop: { id: string; name: string; slug: string },
): Promise<{ url: string; isPublished: boolean; color: string }> {
  const store = await getStorefront(db, shop);
  const url = store.customDomain ? `https://${store.customDomain}` : `${publicUrl()}/${shop.slug}`;
  return { url, isPublished: store.isPublished, color: store.layout.primaryColor };
}
