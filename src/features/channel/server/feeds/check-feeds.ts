import type { Database } from '@/server/db';
import type { ShopRow } from '@/features/shop/server/shop.repository';
import type { TFeedProblems } from '../../channel.schemas';
import { channelSettingsOf } from '../settings';
import { feedContext, feedItems } from './feed-source';
import { checkFeedItem, dedupeProblems, type FeedProblem } from './feed-check';
import type { FeedPlatform } from './feed-item';

/** Enough to fix for a while; the count says how many there are in all. */
const MAX_LISTED = 300;

/**
 * Before a shop gives its feed addresses away: every product Meta or Google would refuse (or show
 * less), read from the feeds as they would be written now, one line per product and problem; and
 * what is wrong with the shop's settings, said once rather than under every product.
 */
export async function checkFeeds(db: Database, shop: ShopRow): Promise<TFeedProblems> {
  const settings = await channelSettingsOf(db, shop.id);
  const ctx = await feedContext(db, shop, settings.feedBrand);
  const shopProblems: string[] = [];
  if (!ctx.isSitePublished)
    shopProblems.push(
      'Votre boutique en ligne n’est pas publiée : les liens du catalogue mèneraient à une page fermée. Publiez-la dans Website.',
    );
  if (!ctx.brand)
    shopProblems.push(
      'Aucune marque indiquée : Google demande la marque des produits sans code-barres. Indiquez-la ci-dessous (souvent le nom de la boutique).',
    );
  const found: FeedProblem[] = [];
  const checked = new Set<string>();
  for (const platform of ['meta', 'google'] as FeedPlatform[]) {
    for await (const { item, product } of feedItems(db, ctx, platform)) {
      checked.add(product.id);
      for (const problem of checkFeedItem(item, product.name)) {
        // Said once for the shop above, not under each product.
        if (problem.field === 'brand' && !ctx.brand) continue;
        if (problem.field === 'link' && !ctx.isSitePublished) continue;
        const platforms = problem.platforms.filter((p) => p === platform);
        if (platforms.length) found.push({ ...problem, platforms });
      }
    }
  }
  const problems = dedupeProblems(found).sort(
    (a, b) =>
      (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1) ||
      a.productName.localeCompare(b.productName, 'fr'),
  );
  return {
    checkedProducts: checked.size,
    totalProblems: problems.length,
    problems: problems.slice(0, MAX_LISTED),
    shopProblems,
  };
}
