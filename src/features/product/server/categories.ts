import { and, eq } from 'drizzle-orm';
import type { Database } from '@/server/db';
import { productCategories, products } from '@/server/db/schema/product';
import { newId } from '@/server/ids';
import { Errors } from '@/server/http/errors';
import { describeDetails } from '@/shared/validation';
import { findCategories, withDescendants, type CategoryRow } from './product.repository';

function refuse(field: string, message: string): never {
  const details = { [field]: message };
  throw Errors.validation(details, describeDetails(details));
}

function assertNameFree(categories: CategoryRow[], name: string, parentId: string | null, exceptId?: string) {
  const clash = categories.some(
    (c) => c.id !== exceptId && c.parentId === parentId && c.name.toLowerCase() === name.toLowerCase(),
  );
  if (clash) refuse('name', 'Une catégorie porte déjà ce nom à cet endroit.');
}

export async function createCategory(
  db: Database,
  shopId: string,
  input: { name: string; parentId: string | null },
) {
  const categories = await findCategories(db, shopId);
  if (input.parentId && !categories.some((c) => c.id === input.parentId))
    refuse('parentId', 'Cette catégorie parente n’existe pas.');
  assertNameFree(categories, input.name, input.parentId);
  const [row] = await db
    .insert(productCategories)
    .values({ id: newId(), shopId, name: input.name, parentId: input.parentId })
    .returning();
  return row!;
}

/** Rename or move; a category cannot move under itself or one of its own sub-categories. */
export async function updateCategory(
  db: Database,
  shopId: string,
  input: { categoryId: string; name: string; parentId: string | null },
) {
  const categories = await findCategories(db, shopId);
  if (!categories.some((c) => c.id === input.categoryId)) throw Errors.notFound('La catégorie');
  if (input.parentId) {
    if (!categories.some((c) => c.id === input.parentId))
      refuse('parentId', 'Cette catégorie parente n’existe pas.');
    if (withDescendants(categories, input.categoryId).includes(input.parentId))
      refuse(
        'parentId',
        'Une catégorie ne peut pas être placée sous elle-même ou sous une de ses sous-catégories.',
      );
  }
  assertNameFree(categories, input.name, input.parentId, input.categoryId);
  const [row] = await db
    .update(productCategories)
    .set({ name: input.name, parentId: input.parentId })
    .where(eq(productCategories.id, input.categoryId))
    .returning();
  return row!;
}

/** Its products become uncategorised and its sub-categories move up to its parent. */
export async function deleteCategory(db: Database, shopId: string, categoryId: string) {
  await db.transaction(async (tx) => {
    const [category] = await tx
      .select()
      .from(productCategories)
      .where(and(eq(productCategories.id, categoryId), eq(productCategories.shopId, shopId)));
    if (!category) throw Errors.notFound('La catégorie');
    await tx
      .update(productCategories)
      .set({ parentId: category.parentId })
      .where(eq(productCategories.parentId, categoryId));
    await tx.update(products).set({ categoryId: null }).where(eq(products.categoryId, categoryId));
    await tx.delete(productCategories).where(eq(productCategories.id, categoryId));
  });
}
