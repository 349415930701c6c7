import { Button, Card, Checkbox, Field, Grid, Stack } from '@/client/ui';
import { Controller, useFormContext } from 'react-hook-form';
import { FormSelectField, FormTextField, messageOf } from '@/client/forms/fields';
import { PRODUCT_STATUSES, PRODUCT_STATUS_LABELS } from '../../product.constants';
import { useListCategoriesQuery } from '../product.api';
import type { ProductFormValues } from '../product-form';
import { categoryOptions } from '../category-options';
import { RichTextEditor } from '@/client/components/RichTextEditor';

// The product editor's fields outside « Options et variantes »; each reads the form it sits in.

/** Name and description beside status, category and tags. */
export function ProductDetailsFields({
  shopId,
  onManageCategories,
}: {
  shopId: string;
  onManageCategories: () => void;
}) {
  const { control } = useFormContext<ProductFormValues>();
  const categories = useListCategoriesQuery({ shopId });
  return (
    <Grid gridTemplateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="5" alignItems="start">
      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <FormTextField control={control} name="name" label="Nom" required />
            <Controller
              control={control}
              name="descriptionHtml"
              render={({ field, fieldState }) => (
                <Field.Root invalid={!!fieldState.error}>
                  <Field.Label>Description</Field.Label>
                  <RichTextEditor value={field.value ?? ''} onChange={field.onChange} label="Description" />
                  {fieldState.error ? <Field.ErrorText>{messageOf(fieldState.error)}</Field.ErrorText> : null}
                </Field.Root>
              )}
            />
          </Stack>
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <FormSelectField
              control={control}
              name="status"
              label="Statut"
              options={PRODUCT_STATUSES.map((s) => ({ value: s, label: PRODUCT_STATUS_LABELS[s] }))}
            />
            <Stack gap="1">
              <FormSelectField
                control={control}
                name="categoryId"
                label="Catégorie"
                options={[{ value: '', label: 'Sans catégorie' }, ...categoryOptions(categories.data ?? [])]}
              />
              <Button size="xs" variant="ghost" alignSelf="flex-start" onClick={onManageCategories}>
                Gérer les catégories
              </Button>
            </Stack>
            <FormTextField
              control={control}
              name="tags"
              label="Étiquettes"
              helper="Séparées par des virgules"
            />
          </Stack>
        </Card.Body>
      </Card.Root>
    </Grid>
  );
}

/** « Stock et expédition ». */
export function StockAndShippingFields() {
  const { control } = useFormContext<ProductFormValues>();
  return (
    <Grid gridTemplateColumns={{ base: '1fr', md: '1fr 1fr 1fr' }} gap="4" alignItems="end">
      <Controller
        control={control}
        name="trackStock"
        render={({ field }) => (
          <Checkbox.Root checked={field.value ?? true} onCheckedChange={(e) => field.onChange(!!e.checked)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Suivre le stock</Checkbox.Label>
          </Checkbox.Root>
        )}
      />
      <FormTextField
        control={control}
        name="lowStockThreshold"
        label="Seuil de stock faible"
        inputMode="numeric"
      />
      <FormTextField control={control} name="weightGrams" label="Poids (g)" inputMode="numeric" />
    </Grid>
  );
}
