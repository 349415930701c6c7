import { useSyncExternalStore } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { messageOf } from '@/client/forms/fields';
import { SeoFields } from '@/client/components/SeoFields';
import { textOfHtml } from '@/shared/seo-preview';
import { slugify } from '@/shared/slug';
import type { ProductFormValues } from '../product-form';

const noSubscription = () => () => {};

/**
 * The product's page in the online shop: served by this same host under the shop's address
 * (`/<shop>/p/<product>`; a shop's own domain, if it has one, is not known here). A new product's
 * address is the one its name will most likely get (`newProductSlugs`, 60 characters at most).
 */
function useProductPageUrl(shopSlug: string, productSlug: string | null, name: string): string {
  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => '',
  );
  return `${origin}/${shopSlug}/p/${productSlug ?? slugify(name, 'produit', 60)}`;
}

/** « Référencement (Google) »: the product page's title and description for search engines. */
export function ProductSeoFields({
  shopSlug,
  productSlug,
}: {
  shopSlug: string;
  productSlug: string | null;
}) {
  const { control } = useFormContext<ProductFormValues>();
  const title = useController({ control, name: 'seoTitle' });
  const description = useController({ control, name: 'seoDescription' });
  const [name, descriptionHtml] = useWatch({ control, name: ['name', 'descriptionHtml'] });
  const url = useProductPageUrl(shopSlug, productSlug, name ?? '');
  const errors: Record<string, string> = {};
  const titleError = messageOf(title.fieldState.error);
  const descriptionError = messageOf(description.fieldState.error);
  if (titleError) errors.title = titleError;
  if (descriptionError) errors.description = descriptionError;
  return (
    <SeoFields
      idPrefix="product"
      value={{ title: title.field.value ?? '', description: description.field.value ?? '' }}
      onChange={(next) => {
        if (next.title !== title.field.value) title.field.onChange(next.title);
        if (next.description !== description.field.value) description.field.onChange(next.description);
      }}
      fallbackTitle={name ?? ''}
      fallbackDescription={textOfHtml(descriptionHtml ?? '')}
      url={url}
      errors={errors}
    />
  );
}
