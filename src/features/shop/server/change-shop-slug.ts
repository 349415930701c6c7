import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '@/server/db';
import { shopSlugRedirects, shops } from '@/server/db/schema/shop';
import { Errors } from '@/server/http/errors';
import { isUniqueViolation } from '@/server/db/pg-errors';
import { forgetCallers } from '@/server/tenancy/caller-cache';
import { shopSlugError } from '../shop-slug';
import { lockShop, type ShopRow } from './shop.repository';

/**
 * A new address for the shop's online shop. The old one keeps leading there (a permanent
 * redirect), so links already shared on WhatsApp or printed on a flyer keep working; a shop may
 * take back one of its own former addresses, never another shop's, present or past.
 */
export async function changeShopSlug(
  db: Database,
  shopId: string,
  slug: string,
  field = 'slug',
): Promise<ShopRow> {
  const error = shopSlugError(slug);
  if (error) throw Errors.validation({ [field]: error });
  const taken = () =>
    Errors.validation({ [field]: `L’adresse « ${slug} » est déjà prise : choisissez-en une autre.` });
  return (
    db
      .transaction(async (tx) => {
        // Two shops asking for one address at once: the second waits here, then sees the first's.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`shop-slug:${slug}`}))`);
        const shop = await lockShop(tx, shopId);
        if (shop.slug === slug) return shop;
        const [takenNow] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.slug, slug));
        const [takenBefore] = await tx
          .select({ shopId: shopSlugRedirects.shopId })
          .from(shopSlugRedirects)
          .where(and(eq(shopSlugRedirects.slug, slug), ne(shopSlugRedirects.shopId, shopId)));
        if (takenNow || takenBefore)
          throw Errors.validation({
            [field]: `L’adresse « ${slug} » est déjà prise : choisissez-en une autre.`,
          });
        await tx.delete(shopSlugRedirects).where(eq(shopSlugRedirects.slug, slug));
        await tx.insert(shopSlugRedirects).values({ slug: shop.slug, shopId }).onConflictDoNothing();
        const [row] = await tx.update(shops).set({ slug }).where(eq(shops.id, shopId)).returning();
        forgetCallers({ shopId });
        return row!;
      })
      // A new shop created at that instant under the same address (sign-up takes no such lock).
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? taken() : error;
      })
  );
}
