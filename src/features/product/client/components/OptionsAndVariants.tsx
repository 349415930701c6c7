import { Stack, Text } from '@/client/ui';
import { useFieldArray, useFormContext, useFormState } from 'react-hook-form';
import { toaster } from '@/client/shell/toaster';
import { useGenerateBarcodeMutation, type ProductImage } from '../product.api';
import { sameCombinations, syncVariants, type ProductFormValues } from '../product-form';
import { OptionsEditor } from './OptionsEditor';
import { VariantsTable } from './VariantsTable';

/**
 * « Options et variantes »: the one owner of the form's `variants` list, so that every change of the
 * options (a name, a value, an option added or removed) rebuilds the rows from the combinations.
 */
export function OptionsAndVariants(props: {
  shopId: string;
  currencySymbol: string;
  images?: ProductImage[];
  onAdjust?: (index: number) => void;
}) {
  const { control, getValues, setValue } = useFormContext<ProductFormValues>();
  const { fields, replace } = useFieldArray({ control, name: 'variants' });
  const { errors } = useFormState({ control, name: 'variants' });
  const [generateBarcode] = useGenerateBarcodeMutation();
  // The list's own refusal sits in `root` when it comes from the schema, on the list itself from the server.
  const listError = errors.variants?.root?.message ?? errors.variants?.message;

  function followOptions() {
    const rows = getValues('variants');
    const next = syncVariants(getValues('options'), rows);
    // Rebuilt rows mount afresh: leave them be while the combinations stay the same.
    if (!sameCombinations(next, rows)) replace(next);
  }

  async function fillBarcode(index: number) {
    try {
      const { barcode } = await generateBarcode({ shopId: props.shopId }).unwrap();
      setValue(`variants.${index}.barcode`, barcode, { shouldDirty: true });
    } catch {
      toaster.create({ title: 'Le code n’a pas pu être généré. Réessayez.', type: 'error', duration: 3000 });
    }
  }

  return (
    <Stack gap="5">
      <OptionsEditor onChange={followOptions} />
      {listError ? <Text color="fg.error">{listError}</Text> : null}
      <VariantsTable
        rows={fields}
        currencySymbol={props.currencySymbol}
        onGenerateBarcode={(i) => void fillBarcode(i)}
        onAdjust={props.onAdjust}
        images={props.images}
      />
    </Stack>
  );
}
