import { api } from '@/client/api/api';
import type { ProductSort, ProductStatus, StockReason, TProductInput } from '../product.schemas';

export interface ProductSummary {
  _id: string;
  name: string;
  status: ProductStatus;
  categoryId: string | null;
  tags: string[];
  trackStock: boolean;
  lowStockThreshold: number;
  priceMin: number;
  priceMax: number;
  stockTotal: number;
  coverUrl: string | null;
  variantsCount: number;
  sku: string | null;
  barcode: string | null;
  updatedAt: string;
  variants?: Variant[];
}

export interface Variant {
  _id: string;
  optionValues: string[];
  title: string;
  price: number;
  compareAtPrice: number | null;
  costPrice: number | null;
  sku: string | null;
  barcode: string | null;
  stock: number;
  imageUrl: string | null;
}

export interface ProductImage {
  _id: string;
  listUrl: string;
  cardUrl: string;
  zoomUrl: string;
}

export interface Product extends Omit<ProductSummary, 'variantsCount' | 'priceMax' | 'sku' | 'barcode'> {
  /** Its address in the online shop: `/<shop>/p/<slug>`. */
  slug: string;
  descriptionHtml: string;
  /** Empty: the online shop uses the name and the description. */
  seoTitle: string;
  seoDescription: string;
  weightGrams: number | null;
  options: Array<{ name: string; values: string[] }>;
  variants: Variant[];
  images: ProductImage[];
}

export interface Category {
  _id: string;
  name: string;
  parentId: string | null;
}

export interface StockMovement {
  _id: string;
  variantTitle: string;
  quantity: number;
  stockAfter: number;
  reason: StockReason;
  note: string | null;
  author: string | null;
  createdAt: string;
}

export interface ProductListArgs {
  shopId: string;
  search?: string;
  status?: ProductStatus;
  categoryId?: string;
  stock?: 'out' | 'low' | 'available';
  sort?: ProductSort;
  after?: string;
  withVariants?: boolean;
  limit?: number;
}

type BulkChange =
  | { action: 'status'; status: ProductStatus }
  | { action: 'category'; categoryId: string | null }
  | { action: 'price'; mode: 'percent' | 'amount'; value: number }
  | { action: 'delete' };

const clean = (args: object) =>
  Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined && v !== ''));

export const productApi = api.injectEndpoints({
  endpoints: (build) => ({
    listProducts: build.query<{ items: ProductSummary[]; nextCursor: string | null }, ProductListArgs>({
      query: (args) => ({ url: '/api/product/list', params: clean(args) }),
      providesTags: ['Product'],
    }),
    getProduct: build.query<Product, { shopId: string; productId: string }>({
      query: (params) => ({ url: '/api/product/get', params }),
      providesTags: ['Product'],
    }),
    createProduct: build.mutation<Product, TProductInput & { shopId: string }>({
      query: (body) => ({ url: '/api/product/create', method: 'POST', data: body }),
      invalidatesTags: ['Product', 'Shop'],
    }),
    updateProduct: build.mutation<Product, TProductInput & { shopId: string; productId: string }>({
      query: (body) => ({ url: '/api/product/update', method: 'POST', data: body }),
      invalidatesTags: ['Product', 'StockHistory'],
    }),
    bulkProducts: build.mutation<
      { count: number },
      { shopId: string; productIds: string[]; change: BulkChange }
    >({
      query: (body) => ({ url: '/api/product/bulk', method: 'POST', data: body }),
      invalidatesTags: ['Product', 'Shop'],
    }),
    generateBarcode: build.mutation<{ barcode: string }, { shopId: string }>({
      query: (body) => ({ url: '/api/product/generateBarcode', method: 'POST', data: body }),
    }),
    uploadProductImage: build.mutation<ProductImage[], { shopId: string; productId: string; file: File }>({
      query: ({ shopId, productId, file }) => ({
        url: '/api/product/uploadImage',
        method: 'POST',
        params: { shopId, productId },
        data: file,
        headers: { 'Content-Type': file.type || 'application/octet-stream' },
      }),
      invalidatesTags: ['Product'],
    }),
    removeProductImage: build.mutation<
      ProductImage[],
      { shopId: string; productId: string; imageId: string }
    >({
      query: (body) => ({ url: '/api/product/removeImage', method: 'POST', data: body }),
      invalidatesTags: ['Product'],
    }),
    reorderProductImages: build.mutation<
      ProductImage[],
      { shopId: string; productId: string; imageIds: string[] }
    >({
      query: (body) => ({ url: '/api/product/reorderImages', method: 'POST', data: body }),
      invalidatesTags: ['Product'],
    }),
    inventoryCount: build.mutation<
      Array<{ variantId: string; before: number; counted: number; difference: number }>,
      { shopId: string; counts: Array<{ variantId: string; counted: number }>; note?: string }
    >({
      query: (body) => ({ url: '/api/product/inventoryCount', method: 'POST', data: body }),
      invalidatesTags: ['Product', 'StockHistory'],
    }),
    adjustStock: build.mutation<
      { variantId: string; stock: number },
      { shopId: string; variantId: string; quantity: number; reason: StockReason; note?: string }
    >({
      query: (body) => ({ url: '/api/product/adjustStock', method: 'POST', data: body }),
      invalidatesTags: ['Product', 'StockHistory'],
    }),
    stockHistory: build.query<
      { items: StockMovement[]; nextCursor: string | null },
      { shopId: string; productId: string; after?: string }
    >({
      query: (args) => ({ url: '/api/product/stockHistory', params: clean(args) }),
      providesTags: ['StockHistory'],
    }),
    listCategories: build.query<Category[], { shopId: string }>({
      query: (params) => ({ url: '/api/product/categories', params }),
      providesTags: ['Category'],
    }),
    createCategory: build.mutation<Category, { shopId: string; name: string; parentId: string | null }>({
      query: (body) => ({ url: '/api/product/createCategory', method: 'POST', data: body }),
      invalidatesTags: ['Category'],
    }),
    updateCategory: build.mutation<
      Category,
      { shopId: string; categoryId: string; name: string; parentId: string | null }
    >({
      query: (body) => ({ url: '/api/product/updateCategory', method: 'POST', data: body }),
      invalidatesTags: ['Category'],
    }),
    deleteCategory: build.mutation<{ success: true }, { shopId: string; categoryId: string }>({
      query: (body) => ({ url: '/api/product/deleteCategory', method: 'POST', data: body }),
      invalidatesTags: ['Category', 'Product'],
    }),
  }),
});

export const {
  useListProductsQuery,
  useGetProductQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useBulkProductsMutation,
  useGenerateBarcodeMutation,
  useUploadProductImageMutation,
  useRemoveProductImageMutation,
  useReorderProductImagesMutation,
  useAdjustStockMutation,
  useInventoryCountMutation,
  useStockHistoryQuery,
  useListCategoriesQuery,
  useCreateCategoryMutation,
  useUpdateCategoryMutation,
  useDeleteCategoryMutation,
} = productApi;
