import { newProductSlugs } from './product-slugs';
import { isForeignKeyViolation } from '@/server/db/pg-errors';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { databaseNow, type Database, type Executor } from '@/server/db';
import { productCategories, productVariants, products, stockMovements } from '@/server/db/schema/product';
import { newId } from '@/server/ids';
import { Errors } from '@/server/http/errors';
import { assertCanAddProducts } from '@/features/subscription/server/plan-quotas';
import { describeDetails } from '@/shared/validation';
import type { TProductInput, TVariantInput } from '../product.schemas';
import {
  findImagesOf,
  findProduct,
  findTakenCodes,
  findVariantsOf,
  lockShopCatalogue,
  lockVariantsOf,
  type ProductRow,
} from './product.repository';
import { recordReplacedPrices } from './price-history';
import { productSearchText, safeDescription, variantRuleErrors } from './product-rules';

function refuse(details: Record<string, string>): never {
  throw Errors.validation(details, describeDetails(details));
}

/** Rules within the product, then the shop-wide ones: category of this shop, codes not taken elsewhere. */
export async function validateProduct(
  db: Executor,
  shopId: string,
  input: TProductInput,
  productId: string | null,
): Promise<void> {
  const errors = variantRuleErrors(input);
  if (input.categoryId) {
    const [category] = await db
      .select({ id: productCategories.id })
      .from(productCategories)
      .where(and(eq(productCategories.id, input.categoryId), eq(productCategories.shopId, shopId)));
    if (!category) errors.categoryId = 'Cette catégorie n’existe pas.';
  }
  const skus = input.variants.map((v) => v.sku).filter((c): c is string => !!c);
  const barcodes = input.variants.map((v) => v.barcode).filter((c): c is string => !!c);
  const taken = await findTakenCodes(db, shopId, { skus, barcodes }, productId);
  input.variants.forEach((v, i) => {
    if (v.sku && taken.skus.has(v.sku))
      errors[`variants.${i}.sku`] = 'Ce SKU est déjà utilisé par un autre produit.';
    if (v.barcode && taken.barcodes.has(v.barcode))
      errors[`variants.${i}.barcode`] = 'Ce code-barres est déjà utilisé par un autre produit.';
  });
  // A variant's picture is one of its product's own, never an address from elsewhere.
  if (input.variants.some((v) => v.imageUrl)) {
    const allowed = new Set(productId ? (await findImagesOf(db, productId)).map((i) => i.cardUrl) : []);
    input.variants.forEach((v, i) => {
      if (v.imageUrl && !allowed.has(v.imageUrl))
        errors[`variants.${i}.imageUrl`] = 'Cette image n’appartient pas au produit.';
    });
  }
  if (Object.keys(errors).length > 0) refuse(errors);
}

function variantValues(variant: TVariantInput, position: number) {
  return {
    optionValues: variant.optionValues,
    position,
    price: variant.price,
    compareAtPrice: variant.compareAtPrice ?? null,
    costPrice: variant.costPrice ?? null,
    sku: variant.sku || null,
    barcode: variant.barcode || null,
    imageUrl: variant.imageUrl ?? null,
  };
}

function productValues(input: TProductInput) {
  return {
    name: input.name,
    descriptionHtml: safeDescription(input.descriptionHtml),
    // Left out (the CSV import knows nothing of them): the product keeps its own.
    ...(input.seoTitle === undefined ? {} : { seoTitle: input.seoTitle }),
    ...(input.seoDescription === undefined ? {} : { seoDescription: input.seoDescription }),
    status: input.status,
    categoryId: input.categoryId,
    tags: [...new Set(input.tags)],
    trackStock: input.trackStock,
    lowStockThreshold: input.lowStockThreshold,
    weightGrams: input.weightGrams,
    options: input.options,
    searchText: productSearchText(input.name, input.variants),
  };
}

type NewVariant = { input: TVariantInput; position: number };

/** Rows for new variants; those with an opening count get their « inventaire » movement. */
function newVariantRows(shopId: string, productId: string, variants: NewVariant[], userId: string | null) {
  const variantRows: Array<typeof productVariants.$inferInsert> = [];
  const movementRows: Array<typeof stockMovements.$inferInsert> = [];
  for (const { input, position } of variants) {
    const variantId = newId();
    const stock = input.stock ?? 0;
    variantRows.push({ id: variantId, shopId, productId, stock, ...variantValues(input, position) });
    if (stock > 0)
      movementRows.push({
        id: newId(),
        shopId,
        productId,
        variantId,
        quantity: stock,
        stockAfter: stock,
        reason: 'inventaire',
        note: 'Stock initial',
        userId,
      });
  }
  return { variantRows, movementRows };
}

/** Rows per INSERT: large enough to batch, small enough to stay under the bind-parameter limit. */
const INSERT_CHUNK = 500;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await insert(rows.slice(i, i + INSERT_CHUNK));
}

async function insertVariantRows(tx: Executor, rows: ReturnType<typeof newVariantRows>): Promise<void> {
  await insertChunked(rows.variantRows, (chunk) => tx.insert(productVariants).values(chunk));
  await insertChunked(rows.movementRows, (chunk) => tx.insert(stockMovements).values(chunk));
}

/** priceMin and stockTotal follow the variants, in the same transaction. */
async function refreshAggregates(tx: Executor, productId: string, updatedAt: Date): Promise<ProductRow> {
  const variants = await findVariantsOf(tx, [productId]);
  const [row] = await tx
    .update(products)
    .set({
      priceMin: Math.min(...variants.map((v) => v.price)),
      stockTotal: variants.reduce((sum, v) => sum + v.stock, 0),
      updatedAt,
    })
    .where(eq(products.id, productId))
    .returning();
  return row!;
}

/** Creates products under the shop's lock, so the products quota holds under concurrency. */
export async function createProduct(
  db: Database,
  shopId: string,
  input: TProductInput,
  userId: string | null,
): Promise<ProductRow> {
  return db.transaction(async (tx) => {
    const shop = await lockShopCatalogue(tx, shopId);
    await assertCanAddProducts(tx, shop, 1);
    await validateProduct(tx, shopId, input, null);
    return insertProduct(tx, shopId, input, userId);
  });
}

/** The insert itself, for callers that already hold the shop's lock and checked the quota. */
export async function insertProduct(
  tx: Executor,
  shopId: string,
  input: TProductInput,
  userId: string | null,
): Promise<ProductRow> {
  const [row] = await insertProducts(tx, shopId, [input], userId);
  return row!;
}

/**
 * Many new products at once (the CSV import): products, variants and opening-stock movements are
 * built here, aggregates included, and written with a few multi-row inserts instead of ~9
 * statements per product.
 */
export async function insertProducts(
  tx: Executor,
  shopId: string,
  inputs: TProductInput[],
  userId: string | null,
): Promise<ProductRow[]> {
  const productRows: Array<typeof products.$inferInsert> = [];
  const rows: ReturnType<typeof newVariantRows> = { variantRows: [], movementRows: [] };
  for (const input of inputs) {
    const id = newId();
    productRows.push({
      id,
      shopId,
      slug: '',
      ...productValues(input),
      priceMin: Math.min(...input.variants.map((v) => v.price)),
      stockTotal: input.variants.reduce((sum, v) => sum + (v.stock ?? 0), 0),
    });
    const own = newVariantRows(
      shopId,
      id,
      input.variants.map((v, position) => ({ input: v, position })),
      userId,
    );
    rows.variantRows.push(...own.variantRows);
    rows.movementRows.push(...own.movementRows);
  }
  const slugs = await newProductSlugs(
    tx,
    shopId,
    productRows.map((row) => ({ id: row.id, name: row.name })),
  );
  productRows.forEach((row, i) => (row.slug = slugs[i]!));
  const inserted: ProductRow[] = [];
  await insertChunked(productRows, async (chunk) =>
    inserted.push(...(await tx.insert(products).values(chunk).returning())),
  );
  await insertVariantRows(tx, rows);
  return inserted;
}

/**
 * Updates a product and its variants: variants named by id are updated (their stock only moves
 * through stock changes), new ones are created with their opening stock, missing ones removed.
 */
export async function updateProduct(
  db: Database,
  shopId: string,
  productId: string,
  input: TProductInput,
  userId: string | null,
): Promise<ProductRow> {
  return db.transaction(async (tx) => {
    // Codes are unique in the shop and checked before they are written: an edit takes the shop's
    // lock, as a create does, so two saves cannot both pass the check with the same SKU or barcode.
    await lockShopCatalogue(tx, shopId);
    const existing = await findProduct(tx, shopId, productId);
    if (!existing) throw Errors.notFound('Le produit');
    return applyProductUpdate(tx, existing, input, userId);
  });
}

export async function applyProductUpdate(
  tx: Executor,
  existing: ProductRow,
  input: TProductInput,
  userId: string | null,
): Promise<ProductRow> {
  // Variants before the product row, as a sale takes them (else an edit and a sale can deadlock).
  await lockVariantsOf(tx, [existing.id]);
  await validateProduct(tx, existing.shopId, input, existing.id);
  const current = await findVariantsOf(tx, [existing.id]);
  const currentIds = new Set(current.map((v) => v.id));
  const errors: Record<string, string> = {};
  input.variants.forEach((v, i) => {
    if (v.id && !currentIds.has(v.id))
      errors[`variants.${i}.id`] = 'Cette variante n’appartient pas au produit.';
  });
  if (Object.keys(errors).length) refuse(errors);

  await tx.update(products).set(productValues(input)).where(eq(products.id, existing.id));
  // The prices replaced stay known: a till offline may still sell at one of them.
  const updatedAt = await databaseNow(tx);
  const priceOf = new Map(current.map((v) => [v.id, v.price]));
  const replaced = input.variants.flatMap((v) => {
    const was = v.id ? priceOf.get(v.id) : undefined;
    return v.id && was !== undefined && was !== v.price
      ? [{ shopId: existing.shopId, variantId: v.id, price: was }]
      : [];
  });
  await recordReplacedPrices(tx, replaced, updatedAt);
  const keptIds = input.variants.map((v) => v.id).filter((id): id is string => !!id);
  // Removed first, so a kept variant may take over a removed one's SKU or barcode.
  await tx
    .delete(productVariants)
    .where(
      keptIds.length
        ? and(eq(productVariants.productId, existing.id), notInArray(productVariants.id, keptIds))
        : eq(productVariants.productId, existing.id),
    )
    .catch((error: unknown) => {
      // Order lines keep the variants they sold (on delete restrict).
      if (isForeignKeyViolation(error))
        refuse({
          variants: 'Une variante supprimée a déjà été commandée : gardez-la ou archivez le produit.',
        });
      throw error;
    });
  // Codes are cleared then set, so two kept variants may swap theirs without tripping the unique index.
  if (keptIds.length)
    await tx
      .update(productVariants)
      .set({ sku: null, barcode: null })
      .where(inArray(productVariants.id, keptIds));
  const added: NewVariant[] = [];
  for (const [position, variant] of input.variants.entries()) {
    if (variant.id)
      await tx
        .update(productVariants)
        .set(variantValues(variant, position))
        .where(eq(productVariants.id, variant.id));
    else added.push({ input: variant, position });
  }
  await insertVariantRows(tx, newVariantRows(existing.shopId, existing.id, added, userId));
  return refreshAggregates(tx, existing.id, updatedAt);
}
