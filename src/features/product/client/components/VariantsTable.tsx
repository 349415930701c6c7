import { Button, Field, HStack, IconButton, Input, NativeSelect, Table, Text } from '@chakra-ui/react';
import { useFormContext, useFormState, useWatch, type FieldArrayWithId } from 'react-hook-form';
import { LuBarcode } from 'react-icons/lu';
import { messageOf } from '@/client/forms/fields';
import type { ProductFormValues } from '../product-form';

type Row = FieldArrayWithId<ProductFormValues, 'variants'>;
type Column = 'price' | 'compareAtPrice' | 'costPrice' | 'sku' | 'barcode' | 'stock';

const titleOf = (row: Row) => row.optionValues.join(' / ');

function useRowError(index: number, key: Column | 'optionValues'): string | undefined {
  const { control } = useFormContext<ProductFormValues>();
  const { errors } = useFormState({ control, name: `variants.${index}.${key}` });
  return messageOf(errors.variants?.[index]?.[key]);
}

function Cell(props: {
  row: Row;
  index: number;
  column: Column;
  label: string;
  inputMode?: 'numeric' | 'decimal' | 'text';
  width?: string;
}) {
  const { register } = useFormContext<ProductFormValues>();
  const error = useRowError(props.index, props.column);
  return (
    <Field.Root invalid={!!error} minW={props.width ?? '24'}>
      <Input
        size="sm"
        aria-label={`${props.label} (${titleOf(props.row) || 'produit'})`}
        inputMode={props.inputMode}
        {...register(`variants.${props.index}.${props.column}`)}
      />
      {error ? <Field.ErrorText fontSize="xs">{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

function OptionValuesCell({ row, index }: { row: Row; index: number }) {
  const error = useRowError(index, 'optionValues');
  return (
    <Table.Cell fontWeight="medium" whiteSpace="nowrap" pt="3">
      {titleOf(row)}
      {error ? (
        <Text color="fg.error" fontSize="xs">
          {error}
        </Text>
      ) : null}
    </Table.Cell>
  );
}

/** A saved variant shows its count (with « Ajuster »); a new one takes its opening stock. */
function StockCell({ row, index, onAdjust }: { row: Row; index: number; onAdjust?: () => void }) {
  const { control } = useFormContext<ProductFormValues>();
  // The saved variant's id is read from the values: the field array's `id` is its own React key.
  const [savedId, stock] = useWatch({
    control,
    name: [`variants.${index}.id`, `variants.${index}.currentStock`],
  });
  if (!savedId)
    return (
      <Cell row={row} index={index} column="stock" label="Stock initial" inputMode="numeric" width="20" />
    );
  return (
    <HStack gap="2" pt="1">
      <Text data-testid="variant-stock">{stock ?? 0}</Text>
      {onAdjust ? (
        <Button size="xs" variant="outline" onClick={onAdjust}>
          Ajuster
        </Button>
      ) : null}
    </HStack>
  );
}

/**
 * One row per variant: prices, codes and, for a new variant, its opening stock. Existing variants
 * show their stock with « Ajuster », since a count never changes without its movement. The rows are
 * the form's `variants` list, owned by the caller (which keeps it in step with the options).
 */
export function VariantsTable(props: {
  rows: Row[];
  currencySymbol: string;
  onGenerateBarcode: (index: number) => void;
  onAdjust?: (index: number) => void;
  /** The product's pictures a variant may point at (once the product is saved). */
  images?: Array<{ cardUrl: string; listUrl: string }>;
}) {
  const { register } = useFormContext<ProductFormValues>();
  const hasOptions = props.rows.some((r) => r.optionValues.length > 0);
  const canPickImage = !!props.images?.length && hasOptions;
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" data-testid="variants-table">
        <Table.Header>
          <Table.Row>
            {hasOptions ? <Table.ColumnHeader>Variante</Table.ColumnHeader> : null}
            <Table.ColumnHeader>Prix ({props.currencySymbol})</Table.ColumnHeader>
            <Table.ColumnHeader>Prix barré</Table.ColumnHeader>
            <Table.ColumnHeader>Prix de revient</Table.ColumnHeader>
            <Table.ColumnHeader>SKU</Table.ColumnHeader>
            <Table.ColumnHeader>Code-barres</Table.ColumnHeader>
            <Table.ColumnHeader>Stock</Table.ColumnHeader>
            {canPickImage ? <Table.ColumnHeader>Image</Table.ColumnHeader> : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {props.rows.map((row, index) => (
            <Table.Row key={row.id} verticalAlign="top">
              {hasOptions ? <OptionValuesCell row={row} index={index} /> : null}
              <Table.Cell>
                <Cell row={row} index={index} column="price" label="Prix" inputMode="decimal" />
              </Table.Cell>
              <Table.Cell>
                <Cell
                  row={row}
                  index={index}
                  column="compareAtPrice"
                  label="Prix barré"
                  inputMode="decimal"
                />
              </Table.Cell>
              <Table.Cell>
                <Cell
                  row={row}
                  index={index}
                  column="costPrice"
                  label="Prix de revient"
                  inputMode="decimal"
                />
              </Table.Cell>
              <Table.Cell>
                <Cell row={row} index={index} column="sku" label="SKU" width="28" />
              </Table.Cell>
              <Table.Cell>
                <HStack gap="1" align="flex-start">
                  <Cell
                    row={row}
                    index={index}
                    column="barcode"
                    label="Code-barres"
                    inputMode="numeric"
                    width="36"
                  />
                  <IconButton
                    size="sm"
                    variant="outline"
                    aria-label={`Générer un code-barres (${titleOf(row) || 'produit'})`}
                    title="Générer un code EAN-13"
                    onClick={() => props.onGenerateBarcode(index)}
                  >
                    <LuBarcode />
                  </IconButton>
                </HStack>
              </Table.Cell>
              <Table.Cell>
                <StockCell
                  row={row}
                  index={index}
                  onAdjust={props.onAdjust ? () => props.onAdjust!(index) : undefined}
                />
              </Table.Cell>
              {canPickImage ? (
                <Table.Cell>
                  <NativeSelect.Root size="sm" minW="28">
                    <NativeSelect.Field
                      aria-label={`Image (${titleOf(row)})`}
                      {...register(`variants.${index}.imageUrl`)}
                    >
                      <option value="">Image principale</option>
                      {props.images!.map((image, i) => (
                        <option key={image.cardUrl} value={image.cardUrl}>
                          Image {i + 1}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Table.Cell>
              ) : null}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
