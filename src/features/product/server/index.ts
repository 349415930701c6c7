import type { Route } from '@/server/http/define-route';
import {
  bulkProductsRoute,
  createProductRoute,
  generateBarcodeRoute,
  getProductRoute,
  listProductsRoute,
  removeProductImageRoute,
  reorderProductImagesRoute,
  updateProductRoute,
  uploadProductImageRoute,
} from './product.routes';
import { adjustStockRoute, inventoryCountRoute, stockHistoryRoute } from './stock.routes';
import {
  createCategoryRoute,
  deleteCategoryRoute,
  listCategoriesRoute,
  updateCategoryRoute,
} from './category.routes';
import {
  exportProductsCsvRoute,
  importProductsCsvRoute,
  inspectProductsCsvRoute,
  productsCsvTemplateRoute,
} from './csv.routes';

export const routes: Route[] = [
  listProductsRoute,
  getProductRoute,
  createProductRoute,
  updateProductRoute,
  bulkProductsRoute,
  generateBarcodeRoute,
  uploadProductImageRoute,
  removeProductImageRoute,
  reorderProductImagesRoute,
  adjustStockRoute,
  inventoryCountRoute,
  stockHistoryRoute,
  listCategoriesRoute,
  createCategoryRoute,
  updateCategoryRoute,
  deleteCategoryRoute,
  exportProductsCsvRoute,
  importProductsCsvRoute,
  inspectProductsCsvRoute,
  productsCsvTemplateRoute,
];
