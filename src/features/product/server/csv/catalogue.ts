import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { productCategories, productVariants, products } from '@/server/db/schema/product';
import { newId } from '@/server/ids';
import { findVariantsOf, type CategoryRow, type ProductRow, type VariantRow } from '../product.repository';
import type { ImportGroup } from './read-rows';

const categoryKey = (parentId: string | null, name: string) => `${parentId ?? ''}\u0000${name.toLowerCase()}`;

/** The shop's category tree by « Parent > Enfant » path; missing levels are created at write time. */
export class CategoryTree {
  private readonly ids = new Map<string, string>();
  constructor(categories: CategoryRow[]) {
    for (const c of categories) this.ids.set(categoryKey(c.parentId, c.name), c.id);
  }
  /** The category when every level exists; undefined when the import has to create some. */
  find(path: string[]): string | undefined {
    let parent: string | null = null;
    for (const name of path) {
      const id = this.ids.get(categoryKey(parent, name));
      if (!id) return undefined;
      parent = id;
    }
    return parent ?? undefined;
  }
  async ensure(tx: Executor, shopId: string, path: string[]): Promise<string> {
    let parent: string | null = null;
    for (const name of path) {
      const key = categoryKey(parent, name);
      let id = this.ids.get(key);
      if (!id) {
        id = newId();
        await tx.insert(productCategories).values({ id, shopId, name, parentId: parent });
        this.ids.set(key, id);
      }
      parent = id;
    }
    return parent!;
  }
}

/** What the shop already has that the file's codes point at, read in a few queries for the whole file. */
export async function loadExisting(db: Executor, shopId: string, groups: ImportGroup[]) {
  const skus = new Set<string>();
  const barcodes = new Set<string>();
  for (const row of groups.flatMap((g) => g.rows)) {
    if (row.cell('sku')) skus.add(row.cell('sku'));
    if (row.cell('barcode')) barcodes.add(row.cell('barcode'));
  }
  const chunks = (values: Set<string>) => {
    const list = [...values];
    return Array.from({ length: Math.ceil(list.length / 1000) }, (_, i) =>
      list.slice(i * 1000, i * 1000 + 1000),
    );
  };
  const productOfSku = new Map<string, string>();
  const productOfBarcode = new Map<string, string>();
  for (const chunk of chunks(skus)) {
    const rows = await db
      .select({ code: productVariants.sku, productId: productVariants.productId })
      .from(productVariants)
      .where(and(eq(productVariants.shopId, shopId), inArray(productVariants.sku, chunk)));
    for (const r of rows) productOfSku.set(r.code!, r.productId);
  }
  for (const chunk of chunks(barcodes)) {
    const rows = await db
      .select({ code: productVariants.barcode, productId: productVariants.productId })
      .from(productVariants)
      .where(and(eq(productVariants.shopId, shopId), inArray(productVariants.barcode, chunk)));
    for (const r of rows) productOfBarcode.set(r.code!, r.productId);
  }
  // The products the groups may update: the one owning each group's first SKU, and for groups
  // without any SKU the products of the same name (only those without SKUs will qualify).
  const matched = new Set<string>();
  const namesWithoutSku = new Set<string>();
  for (const { rows } of groups) {
    const firstSku = rows.map((r) => r.cell('sku')).find(Boolean);
    const productId = firstSku ? productOfSku.get(firstSku) : undefined;
    if (productId) matched.add(productId);
    if (!firstSku && rows[0]!.cell('name')) namesWithoutSku.add(rows[0]!.cell('name'));
  }
  for (const chunk of chunks(namesWithoutSku)) {
    const namesakes = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.shopId, shopId), inArray(products.name, chunk)));
    for (const p of namesakes) matched.add(p.id);
  }
  const productsById = new Map<string, ProductRow>();
  const variantsOf = new Map<string, VariantRow[]>();
  for (const chunk of chunks(matched)) {
    for (const p of await db.select().from(products).where(inArray(products.id, chunk)))
      productsById.set(p.id, p);
    for (const v of await findVariantsOf(db, chunk))
      variantsOf.set(v.productId, [...(variantsOf.get(v.productId) ?? []), v]);
  }
  const withoutSkuByName = new Map<string, ProductRow[]>();
  for (const p of productsById.values())
    if (namesWithoutSku.has(p.name) && !(variantsOf.get(p.id) ?? []).some((v) => v.sku))
      withoutSkuByName.set(p.name, [...(withoutSkuByName.get(p.name) ?? []), p]);
  return { productOfSku, productOfBarcode, productsById, variantsOf, withoutSkuByName };
}

export type Existing = Awaited<ReturnType<typeof loadExisting>>;
