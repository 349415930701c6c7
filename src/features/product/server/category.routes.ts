import { defineRoute } from '@/server/http/define-route';
import { ZId, z } from '@/shared/validation';
import { findCategories } from './product.repository';
import { createCategory, deleteCategory, updateCategory } from './categories';
import { ZCategory, toCategoryDto } from './product.dto';

const ZName = z.string().trim().min(1).max(60);

export const listCategoriesRoute = defineRoute({
  method: 'GET',
  path: '/api/product/categories',
  tag: 'product',
  summary: 'L’arbre des catégories de la boutique (chaque catégorie nomme sa parente).',
  shop: { from: 'query', key: 'shopId' },
  permission: 'products:view',
  query: z.object({ shopId: ZId }),
  response: z.array(ZCategory),
  handle: async ({ db, query }) => (await findCategories(db, query.shopId)).map(toCategoryDto),
});

export const createCategoryRoute = defineRoute({
  method: 'POST',
  path: '/api/product/createCategory',
  tag: 'product',
  summary: 'Crée une catégorie, à la racine ou sous une autre.',
  shop: { from: 'body', key: 'shopId' },
  permission: 'products:edit',
  body: z.object({ shopId: ZId, name: ZName, parentId: ZId.nullable().default(null) }),
  response: ZCategory,
  handle: async ({ db, body }) => toCategoryDto(await createCategory(db, body.shopId, body)),
});

export const updateCategoryRoute = defineRoute({
  method: 'POST',
  path: '/api/product/updateCategory',
  tag: 'product',
  summary: 'Renomme ou déplace une catégorie (jamais sous elle-même).',
  shop: { from: 'body', key: 'shopId' },
  permission: 'products:edit',
  body: z.object({ shopId: ZId, categoryId: ZId, name: ZName, parentId: ZId.nullable().default(null) }),
  response: ZCategory,
  handle: async ({ db, body }) => toCategoryDto(await updateCategory(db, body.shopId, body)),
});

export const deleteCategoryRoute = defineRoute({
  method: 'POST',
  path: '/api/product/deleteCategory',
  tag: 'product',
  summary: 'Supprime une catégorie : ses produits deviennent sans catégorie, ses sous-catégories remontent.',
  shop: { from: 'body', key: 'shopId' },
  permission: 'products:edit',
  body: z.object({ shopId: ZId, categoryId: ZId }),
  response: z.object({ success: z.literal(true) }),
  handle: async ({ db, body }) => {
    await deleteCategory(db, body.shopId, body.categoryId);
    return { success: true as const };
  },
});
