import { Button, Field, HStack, IconButton, Input, NativeSelect, Table, Text } from '@chakra-ui/react';
import { LuBarcode } from 'react-icons/lu';
import type { VariantRowState } from '../product-form';

type Errors = Record<string, string | undefined>;

const hasImages = (images?: unknown[]) => !!images && images.length > 0;
type Column = 'price' | 'compareAtPrice' | 'costPrice' | 'sku' | 'barcode' | 'stock';

function Cell(props: {
  row: VariantRowState;
  index: number;
  column: Column;
  label: string;
  errors: Errors;
  onChange: (patch: Partial<VariantRowState>) => void;
  inputMode?: 'numeric' | 'decimal' | 'text';
  width?: string;
}) {
  const error = props.errors[`variants.${props.index}.${props.column}`];
  const name = props.row.optionValues.join(' / ') || 'produit';
  return (
    <Field.Root invalid={!!error} minW={props.width ?? '24'}>
      <Input
        size="sm"
        aria-label={`${props.label} (${name})`}
        inputMode={props.inputMode}
        value={props.row[props.column]}
        onChange={(e) => props.onChange({ [props.column]: e.currentTarget.value })}
      />
      {error ? <Field.ErrorText fontSize="xs">{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

/**
 * One row per variant: prices, codes and, for a new variant, its opening stock. Existing variants
 * show their stock with « Ajuster », since a count never changes without its movement.
 */
export function VariantsTable(props: {
  rows: VariantRowState[];
  currencySymbol: string;
  errors: Errors;
  onChange: (index: number, patch: Partial<VariantRowState>) => void;
  onGenerateBarcode: (index: number) => void;
  onAdjust?: (row: VariantRowState) => void;
  /** The product's pictures a variant may point at (once the product is saved). */
  images?: Array<{ cardUrl: string; listUrl: string }>;
}) {
  const canPickImage = hasImages(props.images) && props.rows.some((r) => r.optionValues.length > 0);
  const hasOptions = props.rows.some((r) => r.optionValues.length > 0);
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
          {props.rows.map((row, index) => {
            const common = {
              row,
              index,
              errors: props.errors,
              onChange: (p: Partial<VariantRowState>) => props.onChange(index, p),
            };
            return (
              <Table.Row key={row.key} verticalAlign="top">
                {hasOptions ? (
                  <Table.Cell fontWeight="medium" whiteSpace="nowrap" pt="3">
                    {row.optionValues.join(' / ')}
                    {props.errors[`variants.${index}.optionValues`] ? (
                      <Text color="fg.error" fontSize="xs">
                        {props.errors[`variants.${index}.optionValues`]}
                      </Text>
                    ) : null}
                  </Table.Cell>
                ) : null}
                <Table.Cell>
                  <Cell {...common} column="price" label="Prix" inputMode="decimal" />
                </Table.Cell>
                <Table.Cell>
                  <Cell {...common} column="compareAtPrice" label="Prix barré" inputMode="decimal" />
                </Table.Cell>
                <Table.Cell>
                  <Cell {...common} column="costPrice" label="Prix de revient" inputMode="decimal" />
                </Table.Cell>
                <Table.Cell>
                  <Cell {...common} column="sku" label="SKU" width="28" />
                </Table.Cell>
                <Table.Cell>
                  <HStack gap="1" align="flex-start">
                    <Cell {...common} column="barcode" label="Code-barres" inputMode="numeric" width="36" />
                    <IconButton
                      size="sm"
                      variant="outline"
                      aria-label={`Générer un code-barres (${row.optionValues.join(' / ') || 'produit'})`}
                      title="Générer un code EAN-13"
                      onClick={() => props.onGenerateBarcode(index)}
                    >
                      <LuBarcode />
                    </IconButton>
                  </HStack>
                </Table.Cell>
                <Table.Cell>
                  {row.id ? (
                    <HStack gap="2" pt="1">
                      <Text data-testid="variant-stock">{row.currentStock ?? 0}</Text>
                      {props.onAdjust ? (
                        <Button size="xs" variant="outline" onClick={() => props.onAdjust!(row)}>
                          Ajuster
                        </Button>
                      ) : null}
                    </HStack>
                  ) : (
                    <Cell {...common} column="stock" label="Stock initial" inputMode="numeric" width="20" />
                  )}
                </Table.Cell>
                {canPickImage ? (
                  <Table.Cell>
                    <NativeSelect.Root size="sm" minW="28">
                      <NativeSelect.Field
                        aria-label={`Image (${row.optionValues.join(' / ')})`}
                        value={row.imageUrl}
                        onChange={(e) => props.onChange(index, { imageUrl: e.currentTarget.value })}
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
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
