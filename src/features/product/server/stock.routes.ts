import { defineRoute } from '@/server/http/define-route';
import { ZId, z } from '@/shared/validation';
import { ZAdjustStockBody, ZInventoryCountBody } from '../product.schemas';
import { adjustStock, applyInventoryCount, stockHistory } from './stock-use-cases';
import { ZStockMovement } from './product.dto';

export const adjustStockRoute = defineRoute({
  method: 'POST',
  path: '/api/product/adjustStock',
  tag: 'stock',
  summary:
    '« Ajuster le stock » d’une variante : quantité ajoutée ou retirée, motif et note ; jamais en dessous de zéro.',
  shop: { from: 'body', key: 'shopId' },
  permission: 'stock:adjust',
  body: ZAdjustStockBody,
  response: z.object({ variantId: z.string(), stock: z.number().int() }),
  handle: async ({ db, body, user }) => {
    const result = await adjustStock(db, body, user.id);
    return { variantId: body.variantId, stock: result.stockAfter };
  },
});

export const inventoryCountRoute = defineRoute({
  method: 'POST',
  path: '/api/product/inventoryCount',
  tag: 'stock',
  summary:
    'Inventaire : les quantités comptées de plusieurs variantes, appliquées ensemble ; chaque écart devient un mouvement « inventaire ».',
  shop: { from: 'body', key: 'shopId' },
  permission: 'stock:adjust',
  body: ZInventoryCountBody,
  response: z.array(
    z.object({
      variantId: z.string(),
      before: z.number().int(),
      counted: z.number().int(),
      difference: z.number().int(),
    }),
  ),
  handle: async ({ db, body, user }) => applyInventoryCount(db, body, user.id),
});

export const stockHistoryRoute = defineRoute({
  method: 'GET',
  path: '/api/product/stockHistory',
  tag: 'stock',
  summary:
    'L’historique des mouvements de stock d’un produit (ou d’une variante), du plus récent au plus ancien.',
  shop: { from: 'query', key: 'shopId' },
  permission: 'products:view',
  query: z.object({
    shopId: ZId,
    productId: ZId,
    variantId: ZId.optional(),
    after: ZId.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(30),
  }),
  response: z.object({ items: z.array(ZStockMovement), nextCursor: z.string().nullable() }),
  handle: async ({ db, query }) => stockHistory(db, query),
});
