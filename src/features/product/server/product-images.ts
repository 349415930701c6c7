import sharp from 'sharp';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/server/db';
import { productImages, productVariants, products } from '@/server/db/schema/product';
import { newId } from '@/server/ids';
import { Errors } from '@/server/http/errors';
import { getFileStorage } from '@/server/storage/file-storage';
import { toWebpSizes } from '@/server/storage/images';
import { describeDetails } from '@/shared/validation';
import { findImagesOf, findProduct } from './product.repository';

export const MAX_IMAGES_PER_PRODUCT = 10;

/** List thumbnails, cards and the zoomed view, each a WebP of its own size. */
const SIZES = [
  { name: 'list', width: 160, height: 160, fit: 'cover' as const },
  { name: 'card', width: 600, height: 600, fit: 'inside' as const },
  { name: 'zoom', width: 1600, height: 1600, fit: 'inside' as const },
];

/** The first image is the cover; the list shows its small size. */
async function refreshCover(tx: Executor, productId: string): Promise<void> {
  const [first] = await findImagesOf(tx, productId);
  await tx
    .update(products)
    .set({ coverUrl: first?.listUrl ?? null, updatedAt: sql`clock_timestamp()` })
    .where(eq(products.id, productId));
}

function tooManyImages() {
  const details = { image: `Un produit a ${MAX_IMAGES_PER_PRODUCT} images au plus.` };
  return Errors.validation(details, describeDetails(details));
}

export async function addProductImage(db: Database, shopId: string, productId: string, data: Buffer) {
  const product = await findProduct(db, shopId, productId);
  if (!product) throw Errors.notFound('Le produit');
  // Checked before the resizing (no work for nothing), and again under the product's lock below.
  if ((await findImagesOf(db, productId)).length >= MAX_IMAGES_PER_PRODUCT) throw tooManyImages();
  const sized = await toWebpSizes(data, SIZES, 'image');
  // The picture's own size, upright (what Meta and Google judge a catalogue's pictures by).
  const meta = await sharp(data, { limitInputPixels: false }).metadata();
  const isTurned = (meta.orientation ?? 1) >= 5;
  const key = newId();
  const storage = getFileStorage();
  const [list, card, zoom] = await Promise.all(
    SIZES.map((s) => storage.put(`products/${shopId}/${key}-${s.name}.webp`, sized[s.name]!, 'image/webp')),
  );
  await db.transaction(async (tx) => {
    // The product row is locked, so two simultaneous uploads cannot both take the last place.
    const [locked] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.shopId, shopId)))
      .for('update');
    if (!locked) throw Errors.notFound('Le produit');
    if ((await findImagesOf(tx, productId)).length >= MAX_IMAGES_PER_PRODUCT) throw tooManyImages();
    await tx.insert(productImages).values({
      id: newId(),
      shopId,
      productId,
      position: sql`(select coalesce(max(${productImages.position}), -1) + 1 from ${productImages} where ${productImages.productId} = ${productId})`,
      listUrl: list!.url,
      cardUrl: card!.url,
      zoomUrl: zoom!.url,
      width: (isTurned ? meta.height : meta.width) ?? null,
      height: (isTurned ? meta.width : meta.height) ?? null,
    });
    await refreshCover(tx, productId);
  });
  return findImagesOf(db, productId);
}

export async function removeProductImage(db: Database, shopId: string, productId: string, imageId: string) {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(productImages)
      .where(
        and(
          eq(productImages.id, imageId),
          eq(productImages.productId, productId),
          eq(productImages.shopId, shopId),
        ),
      )
      .returning({ id: productImages.id, cardUrl: productImages.cardUrl });
    if (deleted.length === 0) throw Errors.notFound('L’image');
    // Variants that showed this picture fall back to the product's cover.
    await tx
      .update(productVariants)
      .set({ imageUrl: null })
      .where(
        and(eq(productVariants.productId, productId), eq(productVariants.imageUrl, deleted[0]!.cardUrl)),
      );
    await refreshCover(tx, productId);
  });
  return findImagesOf(db, productId);
}

/** The new order names every image of the product once; the first becomes the cover. */
export async function reorderProductImages(
  db: Database,
  shopId: string,
  productId: string,
  imageIds: string[],
) {
  await db.transaction(async (tx) => {
    // Another shop's product is not found, as everywhere else (not a 422 that tells it exists).
    if (!(await findProduct(tx, shopId, productId))) throw Errors.notFound('Le produit');
    const current = await findImagesOf(tx, productId);
    const same =
      current.length === imageIds.length &&
      current.every((i) => i.shopId === shopId && imageIds.includes(i.id)) &&
      new Set(imageIds).size === imageIds.length;
    if (!same) {
      const details = { imageIds: 'Le nouvel ordre doit reprendre chaque image du produit une fois.' };
      throw Errors.validation(details, describeDetails(details));
    }
    for (const [position, id] of imageIds.entries())
      await tx.update(productImages).set({ position }).where(eq(productImages.id, id));
    await refreshCover(tx, productId);
  });
  return findImagesOf(db, productId);
}
