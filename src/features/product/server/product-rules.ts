import { safeRichText } from '@/server/http/rich-text';
import { normalizeForSearch } from '@/shared/search';
import type { TProductInput } from '../product.schemas';

/** A product's description keeps the formatting any seller's rich text may keep. */
export const safeDescription = safeRichText;

export function productSearchText(
  name: string,
  variants: Array<{ sku?: string | null; barcode?: string | null }>,
) {
  const codes = variants.flatMap((v) => [v.sku, v.barcode]).filter(Boolean);
  return normalizeForSearch([name, ...codes].join(' '));
}

/**
 * The checks zod cannot express alone: option names and values unique, each variant naming one
 * value of every option, no combination twice, SKUs and barcodes unique within the product, and a
 * compare-at price above the price. Answers French messages keyed by field path.
 */
export function variantRuleErrors(input: TProductInput): Record<string, string> {
  const errors: Record<string, string> = {};
  const optionNames = new Set<string>();
  input.options.forEach((option, i) => {
    const key = option.name.toLowerCase();
    if (optionNames.has(key)) errors[`options.${i}.name`] = 'Deux options portent ce nom.';
    optionNames.add(key);
    if (new Set(option.values.map((v) => v.toLowerCase())).size !== option.values.length)
      errors[`options.${i}.values`] = 'Une valeur est répétée.';
  });
  if (input.options.length === 0 && input.variants.length !== 1)
    errors.variants = 'Un produit sans option a exactement une variante.';
  const combos = new Set<string>();
  const skus = new Map<string, number>();
  const barcodes = new Map<string, number>();
  input.variants.forEach((variant, i) => {
    if (variant.optionValues.length !== input.options.length) {
      errors[`variants.${i}.optionValues`] = 'Choisissez une valeur pour chaque option.';
    } else {
      variant.optionValues.forEach((value, o) => {
        if (!input.options[o]!.values.includes(value))
          errors[`variants.${i}.optionValues`] =
            `« ${value} » n’est pas une valeur de l’option ${input.options[o]!.name}.`;
      });
      const combo = variant.optionValues.join('\u0000').toLowerCase();
      if (combos.has(combo)) errors[`variants.${i}.optionValues`] = 'Cette combinaison existe déjà.';
      combos.add(combo);
    }
    if (variant.compareAtPrice != null && variant.compareAtPrice < variant.price)
      errors[`variants.${i}.compareAtPrice`] = 'Le prix barré doit être supérieur ou égal au prix.';
    if (variant.sku) {
      if (skus.has(variant.sku))
        errors[`variants.${i}.sku`] = 'Ce SKU est déjà utilisé par une autre variante.';
      skus.set(variant.sku, i);
    }
    if (variant.barcode) {
      if (barcodes.has(variant.barcode))
        errors[`variants.${i}.barcode`] = 'Ce code-barres est déjà utilisé par une autre variante.';
      barcodes.set(variant.barcode, i);
    }
  });
  return errors;
}
