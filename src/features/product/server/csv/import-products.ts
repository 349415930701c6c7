import { and, eq, inArray } from 'drizzle-orm';
import type { Database, Executor } from '@/server/db';
import { productVariants } from '@/server/db/schema/product';
import { assertCanAddProducts } from '@/features/subscription/server/plan-quotas';
import { frenchTypography } from '@/shared/typography';
import type { ShopRow } from '@/features/shop/server/shop.repository';
import type { TProductInput } from '../../product.schemas';
import type { CsvImportReport, TImportMapping } from '../../product-csv.schemas';
import { lockShopCatalogue, lockVariantsOf } from '../product.repository';
import { applyProductUpdate, insertProducts } from '../save-product';
import { changeStockBatch, notifyLowStock, type LowStockCrossing } from '../stock';
import { planImport, type ImportPlan, type PlannedProduct, type StockTarget } from './plan-import';
import { readImportFile, type ImportFile } from './read-rows';

/** Past this many, the list would be longer than anyone reads; `skipped` still counts them all. */
const MAX_LISTED_ERRORS = 1000;
const STOCK_NOTE = 'Import CSV';

export type CsvImportResult = CsvImportReport;

/**
 * Counted stock on existing variants, as one batch: each variant moves by the difference with its
 * current figure, read under the lock the import already holds, so a sale before it is counted.
 */
async function applyStockTargets(
  tx: Executor,
  shopId: string,
  targets: StockTarget[],
  userId: string | null,
): Promise<LowStockCrossing[]> {
  if (targets.length === 0) return [];
  const variantIds = targets.map((t) => t.variantId);
  const current = await tx
    .select({ id: productVariants.id, stock: productVariants.stock })
    .from(productVariants)
    .where(and(eq(productVariants.shopId, shopId), inArray(productVariants.id, variantIds)));
  const stockOf = new Map(current.map((r) => [r.id, r.stock]));
  const moves = targets.map((target) => ({
    variantId: target.variantId,
    quantity: target.stock - (stockOf.get(target.variantId) ?? target.stock),
  }));
  const { crossings } = await changeStockBatch(
    tx,
    { shopId, userId, reason: 'inventaire', note: STOCK_NOTE, lockedVariantIds: new Set(variantIds) },
    moves,
  );
  return crossings;
}

function summary(file: ImportFile, plan: ImportPlan): CsvImportResult {
  const count = (kind: PlannedProduct['kind']) => plan.products.filter((p) => p.kind === kind).length;
  const errors = plan.errors.slice(0, MAX_LISTED_ERRORS);
  const omitted = plan.errors.length - errors.length;
  if (omitted > 0)
    errors.push({
      row: plan.errors[MAX_LISTED_ERRORS]!.row,
      field: 'Fichier',
      message: frenchTypography(
        `… et ${omitted.toLocaleString('fr-FR')} autres erreurs, non listées\u00a0: corrigez celles-ci puis importez de nouveau.`,
      ),
    });
  return {
    layout: file.layout,
    created: count('create'),
    updated: count('update'),
    unchanged: count('unchanged'),
    skipped: plan.skipped,
    errors,
    notes: file.notes.map(frenchTypography),
    images: plan.products
      .filter((p) => p.imageUrls.length > 0)
      .slice(0, MAX_LISTED_ERRORS)
      .map((p) => ({ row: p.productLine, product: p.input.name, urls: p.imageUrls })),
  };
}

/**
 * Imports a product CSV: our format (one row per variant; see exportProductsCsv), a Shopify,
 * Loyverse or WooCommerce export, or any file with a mapping (read-rows.ts). A product
 * whose first SKU belongs to a product of the shop updates it (one without any SKU updates the
 * shop's only product of that name without SKUs); any other creates one. The file describes whole
 * products: existing variants missing from a product's rows are removed, as the form does.
 *
 * DECISION: a product with an error in any of its rows is skipped and its errors listed (row,
 * column, French message); every valid product is written in ONE transaction, so the import
 * lands whole or not at all and a failure midway never leaves half a file. `dryRun` runs the same
 * reading and checks (quota included) and writes nothing, answering what would happen. New
 * products past the plan's room refuse the whole import with the quota's message, checked under
 * the shop's catalogue lock so two imports (or an import and the form) cannot both take the last
 * places.
 *
 * `canAdjustStock`: whether the caller may change existing stock (stock:adjust); without it, a
 * differing Stock cell on an existing variant is an error rather than a way around the permission.
 */
export async function importProductsCsv(
  db: Database,
  shop: ShopRow,
  userId: string | null,
  csvText: string,
  options: { dryRun: boolean; canAdjustStock?: boolean; mapping?: TImportMapping },
): Promise<CsvImportResult> {
  const file = readImportFile(csvText, options.mapping);
  const canAdjustStock = options.canAdjustStock ?? false;
  const creating = (plan: ImportPlan) => plan.products.filter((p) => p.kind === 'create').length;

  if (options.dryRun) {
    const plan = await planImport(db, shop, file, canAdjustStock);
    if (creating(plan) > 0) await assertCanAddProducts(db, shop, creating(plan));
    return summary(file, plan);
  }

  const written = await db.transaction(async (tx) => {
    // The catalogue's lock, as the form's saves take it: it queues them and other imports (quota,
    // free codes) but not the sales inserting stock movements, which lockShop would block, or
    // deadlock with, for the length of a big import.
    const locked = await lockShopCatalogue(tx, shop.id);
    const plan = await planImport(tx, locked, file, canAdjustStock);
    if (creating(plan) > 0) await assertCanAddProducts(tx, locked, creating(plan));
    // All the updated products' variants at once, in id order as an inventory count takes them:
    // locked product by product, an import and a count could each hold what the other waits for.
    await lockVariantsOf(
      tx,
      plan.products.filter((p) => p.kind === 'update').map((p) => p.existing!.id),
    );
    // New products are written together, in a few multi-row inserts (the import's bulk).
    const creations: TProductInput[] = [];
    for (const product of plan.products) {
      if (product.kind === 'unchanged') continue;
      const categoryId = product.categoryPath
        ? await plan.categories.ensure(tx, locked.id, product.categoryPath)
        : null;
      const input = { ...product.input, categoryId };
      if (product.kind === 'create') creations.push(input);
      else await applyProductUpdate(tx, product.existing!, input, userId);
    }
    await insertProducts(tx, locked.id, creations, userId);
    const targets = plan.products.flatMap((p) => (p.kind === 'update' ? p.stockTargets : []));
    return { plan, crossings: await applyStockTargets(tx, locked.id, targets, userId) };
  });
  await notifyLowStock(db, written.crossings);
  return summary(file, written.plan);
}
