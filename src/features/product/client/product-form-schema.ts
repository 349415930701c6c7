import { zodResolver } from '@hookform/resolvers/zod';
import { z } from '@/shared/validation';
import { integerText, moneyText, textOrNull, wording } from '@/client/forms/text-inputs';
import { ZOptionInput, ZProductInput, ZVariantInput } from '../product.schemas';
import { isUsable, type OptionValues } from './option-rows';

/*
 * The product editor's form: `ZProductInput` with its numbers as typed and the saved stock shown
 * beside each variant. Every rule is the server's own, reached through the schemas' `.shape`; this file
 * reads text and leaves out the options still being written. Loaded when the form is first used.
 */

const product = ZProductInput.shape;
const variant = ZVariantInput.shape;

function variantRow(currency: string) {
  return ZVariantInput.extend({
    price: moneyText(currency, variant.price, { required: 'Indiquez un prix valide.' }),
    compareAtPrice: moneyText(currency, variant.compareAtPrice, { blank: null }),
    costPrice: moneyText(currency, variant.costPrice, { blank: null }),
    sku: textOrNull(variant.sku),
    barcode: textOrNull(variant.barcode),
    /** Opening stock of a new variant; existing ones move through « Ajuster le stock ». */
    stock: integerText(variant.stock, { blank: 0 }),
    /** One of the product's images (its card size), shown when this variant is chosen. */
    imageUrl: textOrNull(variant.imageUrl),
    /** The count saved, shown beside « Ajuster »; never sent. */
    currentStock: z.number().optional(),
  }).transform(({ currentStock: _, id, stock, ...row }) => (id ? { id, ...row } : { ...row, stock }));
}
type VariantOutput = z.output<ReturnType<typeof variantRow>>;

type OptionOutput = z.output<typeof ZOptionInput>;

const optionRow = z.preprocess(
  (option: OptionValues) => (isUsable(option) ? option : undefined),
  ZOptionInput.optional(),
);

export function productFormSchema(currency: string) {
  return ZProductInput.extend({
    categoryId: textOrNull(product.categoryId),
    tags: z.preprocess(
      (text: string) =>
        text
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      product.tags,
    ),
    lowStockThreshold: integerText(product.lowStockThreshold),
    weightGrams: integerText(product.weightGrams),
    // Rows first (an error keeps its row's index), then the body's rule for each whole list.
    options: z
      .array(optionRow)
      .pipe(
        z.preprocess(
          (rows: Array<OptionOutput | undefined>) => rows.filter((o): o is OptionOutput => !!o),
          product.options,
        ),
      ),
    variants: z
      .array(variantRow(currency))
      .pipe(z.preprocess((rows: VariantOutput[]) => rows, product.variants)),
  });
}

type ProductFormSchema = ReturnType<typeof productFormSchema>;
export type ProductFormValues = z.input<ProductFormSchema>;

/** Where a refusal is not the shared rule's own words. */
const productFormWording = wording({ 'name:too_small': 'Le nom du produit est obligatoire.' });

/** The editor's resolver: the rules above, in the shop's currency, with the form's own wording. */
export function productFormResolver(currency: string) {
  return zodResolver(productFormSchema(currency), { error: productFormWording });
}
