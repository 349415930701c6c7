import { moneyInputValue, parseMoneyInput } from '@/shared/money';
import type { ProductStatus, TProductInput } from '../product.schemas';
import type { Product } from './product.api';

export interface VariantRowState {
  /** Stable React key: the variant id, or its combination for a new one. */
  key: string;
  id?: string;
  optionValues: string[];
  price: string;
  compareAtPrice: string;
  costPrice: string;
  sku: string;
  barcode: string;
  /** Opening stock of a new variant; existing ones move through « Ajuster le stock ». */
  stock: string;
  currentStock?: number;
  /** One of the product's images (its card size), shown when this variant is chosen. */
  imageUrl: string;
}

export interface ProductFormState {
  name: string;
  descriptionHtml: string;
  status: ProductStatus;
  categoryId: string;
  tags: string;
  trackStock: boolean;
  lowStockThreshold: string;
  weightGrams: string;
  options: Array<{ name: string; values: string[] }>;
  variants: VariantRowState[];
}

const comboKey = (values: string[]) => `new:${values.join('\u0000')}`;

export function emptyVariant(optionValues: string[] = []): VariantRowState {
  return {
    key: comboKey(optionValues),
    optionValues,
    price: '',
    compareAtPrice: '',
    costPrice: '',
    sku: '',
    barcode: '',
    stock: '',
    imageUrl: '',
  };
}

export function emptyForm(): ProductFormState {
  return {
    name: '',
    descriptionHtml: '',
    status: 'active',
    categoryId: '',
    tags: '',
    trackStock: true,
    lowStockThreshold: '0',
    weightGrams: '',
    options: [],
    variants: [emptyVariant()],
  };
}

export function formFromProduct(product: Product, currency: string): ProductFormState {
  return {
    name: product.name,
    descriptionHtml: product.descriptionHtml,
    status: product.status,
    categoryId: product.categoryId ?? '',
    tags: product.tags.join(', '),
    trackStock: product.trackStock,
    lowStockThreshold: String(product.lowStockThreshold),
    weightGrams: product.weightGrams === null ? '' : String(product.weightGrams),
    options: product.options,
    variants: product.variants.map((v) => ({
      key: v._id,
      id: v._id,
      optionValues: v.optionValues,
      price: moneyInputValue(v.price, currency),
      compareAtPrice: moneyInputValue(v.compareAtPrice, currency),
      costPrice: moneyInputValue(v.costPrice, currency),
      sku: v.sku ?? '',
      barcode: v.barcode ?? '',
      stock: '',
      currentStock: v.stock,
      imageUrl: v.imageUrl ?? '',
    })),
  };
}

/** Every combination of the options' values, in option order (Taille × Couleur…). */
export function combinations(options: Array<{ values: string[] }>): string[][] {
  return options.reduce<string[][]>(
    (acc, option) => acc.flatMap((combo) => option.values.map((value) => [...combo, value])),
    [[]],
  );
}

/**
 * The variant rows after the options changed: a combination that existed keeps its row (prices,
 * codes, id); new combinations get empty rows; combinations no longer possible are dropped.
 */
export function syncVariants(
  options: ProductFormState['options'],
  rows: VariantRowState[],
): VariantRowState[] {
  const usable = options.filter((o) => o.name.trim() && o.values.length > 0);
  const byCombo = new Map(rows.map((r) => [r.optionValues.join('\u0000'), r]));
  if (usable.length === 0)
    return [rows.find((r) => r.optionValues.length === 0) ?? rows[0] ?? emptyVariant()].map((r) => ({
      ...r,
      optionValues: [],
    }));
  return combinations(usable).map((combo) => byCombo.get(combo.join('\u0000')) ?? emptyVariant(combo));
}

const intOrNull = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/** What the API receives. Unparseable numbers are sent as-is (NaN → refused by the server with its French message). */
export function toProductInput(form: ProductFormState, currency: string): TProductInput {
  const usableOptions = form.options.filter((o) => o.name.trim() && o.values.length > 0);
  return {
    name: form.name,
    descriptionHtml: form.descriptionHtml,
    status: form.status,
    categoryId: form.categoryId || null,
    tags: form.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    trackStock: form.trackStock,
    lowStockThreshold: Number(form.lowStockThreshold || 0),
    weightGrams: intOrNull(form.weightGrams),
    options: usableOptions,
    variants: form.variants.map((v) => ({
      ...(v.id ? { id: v.id } : { stock: Number(v.stock || 0) }),
      optionValues: v.optionValues,
      price: parseMoneyInput(v.price, currency) ?? -1,
      compareAtPrice: v.compareAtPrice.trim() ? (parseMoneyInput(v.compareAtPrice, currency) ?? -1) : null,
      costPrice: v.costPrice.trim() ? (parseMoneyInput(v.costPrice, currency) ?? -1) : null,
      sku: v.sku.trim() || null,
      barcode: v.barcode.trim() || null,
      imageUrl: v.imageUrl || null,
    })),
  };
}
