import { and, eq, inArray } from 'drizzle-orm';
import { defineRoute } from '@/server/http/define-route';
import { Errors } from '@/server/http/errors';
import { productVariants } from '@/server/db/schema/product';
import { ZId, z } from '@/shared/validation';
import { randomInStoreEan13 } from '@/shared/barcode';
import { MAX_UNIT_PRICE } from '@/shared/bounds';
import {
  PRODUCT_STATUSES,
  ZCreateProductBody,
  ZListProductsQuery,
  ZUpdateProductBody,
} from '../product.schemas';
import { findImagesOf, findProduct, findVariantsOf } from './product.repository';
import { listProducts } from './list-products';
import { createProduct, updateProduct } from './save-product';
import { applyBulkAction } from './bulk-products';
import { addProductImage, removeProductImage, reorderProductImages } from './product-images';
import {
  ZProduct,
  ZProductImage,
  ZProductSummary,
  toProductDto,
  toProductSummary,
  toVariantDto,
} from './product.dto';

async function productDto(db: Parameters<typeof findProduct>[0], shopId: string, productId: string) {
  const product = await findProduct(db, shopId, productId);
  if (!product) throw Errors.notFound('Le produit');
  const [variants, images] = await Promise.all([
    findVariantsOf(db, [productId]),
    findImagesOf(db, productId),
  ]);
  return toProductDto(product, variants, images);
}

export const listProductsRoute = defineRoute({
  method: 'GET',
  path: '/api/product/list',
  tag: 'product',
  summary:
    'Les produits, recherche (nom, SKU, code-barres, sans accents ni casse), filtres (statut, catégorie, stock), tri et pagination par curseur.',
  shop: { from: 'query', key: 'shopId' },
  permission: 'products:view',
  query: ZListProductsQuery,
  response: z.object({ items: z.array(ZProductSummary), nextCursor: z.string().nullable() }),
  handle: async ({ db, query }) => {
    const page = await listProducts(db, query);
    // Variants themselves only when asked (inventory, labels, till): the list needs just their figures.
    const variants = query.withVariants
      ? await findVariantsOf(
          db,
          page.items.map((p) => p.id),
        )
      : [];
    return {
      items: page.items.map((p) => ({
        ...toProductSummary(p, p.variantStats),
        ...(query.withVariants
          ? { variants: variants.filter((v) => v.productId === p.id).map(toVariantDto) }
          : {}),
      })),
      nextCursor: page.nextCursor,
    };
  },
});

export const getProductRoute = defineRoute({
  method: 'GET',
  path: '/api/product/get',
  tag: 'product',
  summary: 'Un produit avec ses options, ses variantes et ses images.',
  shop: { from: 'query', key: 'shopId' },
  permission: 'products:view',
  query: z.object({ shopId: ZId, productId: ZId }),
  response: ZProduct,
  handle: async ({ db, query }) => productDto(db, query.shopId, query.productId),
});

export const createProductRoute = defineRoute({
  method: 'POST',
  path: '/api/product/create',
  tag: 'product',
  summary: 'Crée un produit et ses variantes (dans la limite de produits du forfait).',
  shop: { from: 'body', key: 'shopId' },
  permission: 'products:edit',
  body: ZCreateProductBody,
  response: ZProduct,
  handle: async ({ db, body, user }) => {
    const { shopId, ...input } = body;
    const product = await createProduct(db, shopId, input, user.id);
    return productDto(db, shopId, product.id);
  },
});

export const updateProductRoute = defineRoute({
  method: 'POST',
  path: '/api/product/update',
  tag: 'product',
  summary:
    'Modifie un produit : les variantes nommées par id sont mises à jour, les nouvelles créées avec leur stock initial, les absentes supprimées.',
  shop: { from: 'body', key: 'shopId' },
  permission: 'products:edit',
  body: ZUpdateProductBody,
  response: ZProduct,
  handle: async ({ db, body, user }) => {
    const { shopId, productId, ...input } = body;
    await updateProduct(db, shopId, productId, input, user.id);
    return productDto(db, shopId, productId);
  },
});

export const bulkProductsRoute = defineRoute({
  method: 'POST',
  path: '/api/product/bulk',
  tag: 'product',
  summary:
    'Action groupée sur une sélection : statut, catégorie, prix (en % ou en montant), suppression (refusée pour un produit commandé).',
  shop: { from: 'body', key: 'shopId' },
  permission: 'products:edit',
  body: z.object({
    shopId: ZId,
    productIds: z.array(ZId).min(1).max(500),
    change: z.discriminatedUnion('action', [
      z.object({ action: z.literal('status'), status: z.enum(PRODUCT_STATUSES) }),
      z.object({ action: z.literal('category'), categoryId: ZId.nullable() }),
      z.object({
        action: z.literal('price'),
        mode: z.enum(['percent', 'amount']),
        /** A percentage, or an amount added to every price; a price it would carry past the bound is refused. */
        value: z.number().int().min(-MAX_UNIT_PRICE).max(MAX_UNIT_PRICE),
      }),
      z.object({ action: z.literal('delete') }),
    ]),
  }),
  response: z.object({ count: z.number().int() }),
  handle: async ({ db, body }) => ({
    count: await applyBulkAction(db, body.shopId, body.productIds, body.change),
  }),
});

export const generateBarcodeRoute = defineRoute({
  method: 'POST',
  path: '/api/product/generateBarcode',
  tag: 'product',
  summary:
    'Un code EAN-13 valide (préfixe 20 à 29, réservé à l’usage interne) que la boutique n’utilise pas encore.',
  shop: { from: 'body', key: 'shopId' },
  permission: 'products:edit',
  body: z.object({ shopId: ZId }),
  response: z.object({ barcode: z.string() }),
  handle: async ({ db, body }) => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const candidates = Array.from({ length: 5 }, () => randomInStoreEan13());
      const taken = await db
        .select({ barcode: productVariants.barcode })
        .from(productVariants)
        .where(and(eq(productVariants.shopId, body.shopId), inArray(productVariants.barcode, candidates)));
      const free = candidates.find((c) => !taken.some((t) => t.barcode === c));
      if (free) return { barcode: free };
    }
    throw new Error('no free barcode after 50 draws');
  },
});

export const uploadProductImageRoute = defineRoute({
  method: 'POST',
  path: '/api/product/uploadImage',
  tag: 'product',
  summary:
    'Ajoute une image au produit : le corps est l’image (JPEG, PNG ou WebP, contrôlée sur son contenu), enregistrée en trois tailles WebP.',
  shop: { from: 'query', key: 'shopId' },
  permission: 'products:edit',
  query: z.object({ shopId: ZId, productId: ZId }),
  upload: { field: 'image' },
  response: z.array(ZProductImage),
  handle: async ({ db, query, file }) => {
    await addProductImage(db, query.shopId, query.productId, file!);
    return (await productDto(db, query.shopId, query.productId)).images;
  },
});

export const removeProductImageRoute = defineRoute({
  method: 'POST',
  path: '/api/product/removeImage',
  tag: 'product',
  summary: 'Retire une image du produit (la suivante devient l’image principale si besoin).',
  shop: { from: 'body', key: 'shopId' },
  permission: 'products:edit',
  body: z.object({ shopId: ZId, productId: ZId, imageId: ZId }),
  response: z.array(ZProductImage),
  handle: async ({ db, body }) => {
    await removeProductImage(db, body.shopId, body.productId, body.imageId);
    return (await productDto(db, body.shopId, body.productId)).images;
  },
});

export const reorderProductImagesRoute = defineRoute({
  method: 'POST',
  path: '/api/product/reorderImages',
  tag: 'product',
  summary: 'Réordonne les images du produit ; la première devient l’image principale.',
  shop: { from: 'body', key: 'shopId' },
  permission: 'products:edit',
  body: z.object({ shopId: ZId, productId: ZId, imageIds: z.array(ZId).min(1).max(20) }),
  response: z.array(ZProductImage),
  handle: async ({ db, body }) => {
    await reorderProductImages(db, body.shopId, body.productId, body.imageIds);
    return (await productDto(db, body.shopId, body.productId)).images;
  },
});
