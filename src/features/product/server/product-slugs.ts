import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { products } from '@/server/db/schema/product';
import { slugify } from '@/shared/slug';

export const PRODUCT_SLUG_MAX = 60;

/**
 * The online shop's address of each new product (`/<shop>/p/<slug>`), from its name: the name's
 * slug when the shop has no product by it yet, else that slug with the end of the product's id
 * (unique, and as stable). Given once: a rename keeps it (links shared stay valid). The caller
 * holds the shop's catalogue lock, so two creations cannot take the same one.
 */
export async function newProductSlugs(
  tx: Executor,
  shopId: string,
  items: ReadonlyArray<{ id: string; name: string }>,
): Promise<string[]> {
  const bases = items.map((item) => slugify(item.name, 'produit', PRODUCT_SLUG_MAX));
  const taken = new Set<string>();
  for (let i = 0; i < bases.length; i += 1_000) {
    const rows = await tx
      .select({ slug: products.slug })
      .from(products)
      .where(
        and(eq(products.shopId, shopId), inArray(products.slug, [...new Set(bases.slice(i, i + 1_000))])),
      );
    for (const row of rows) taken.add(row.slug);
  }
  return items.map((item, i) => {
    const base = bases[i]!;
    const slug = taken.has(base) ? `${base}-${item.id.slice(-6).toLowerCase()}` : base;
    taken.add(slug);
    return slug;
  });
}

/**
 * The addresses of the given products that the online shop shows (active ones): the site's menus
 * and buttons link to products by id, and find here where they lead.
 */
export async function findActiveProductSlugs(
  db: Executor,
  shopId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(
      and(
        eq(products.shopId, shopId),
        inArray(products.id, [...new Set(ids)]),
        eq(products.status, 'active'),
      ),
    );
  return new Map(rows.map((r) => [r.id, r.slug]));
}
