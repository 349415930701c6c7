import {
  Button,
  Field,
  FieldTextInput,
  HStack,
  IconButton,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@/client/ui';
import { Table } from '@/client/ui/table';
import { css } from '../../../../../styled-system/css';
import { useFormContext, useFormState, useWatch, type FieldArrayWithId } from 'react-hook-form';
import { LuBarcode } from 'react-icons/lu';
import { messageOf } from '@/client/forms/fields';
import { ListCard, ResponsiveList, useListLayout } from '@/client/components/ResponsiveList';
import type { ProductFormValues } from '../product-form';

type Row = FieldArrayWithId<ProductFormValues, 'variants'>;
// Written out, for Panda to see each.
const MIN_WIDTHS = {
  '20': css({ minW: '20' }),
  '24': css({ minW: '24' }),
  '28': css({ minW: '28' }),
  '36': css({ minW: '36' }),
};
const MIN_WIDTH_NONE = css({ minW: '0' });

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
  /** The column's title, shown above the field on a phone's card. */
  heading?: string;
  inputMode?: 'numeric' | 'decimal' | 'text';
  /** Its least width in a table row (a size token): 24 unless told. */
  width?: keyof typeof MIN_WIDTHS;
}) {
  const { register } = useFormContext<ProductFormValues>();
  const { layout } = useListLayout();
  const error = useRowError(props.index, props.column);
  const isCard = layout === 'cards';
  return (
    <Field.Root invalid={!!error} className={isCard ? MIN_WIDTH_NONE : MIN_WIDTHS[props.width ?? '24']}>
      {isCard ? (
        <Field.Label fontSize="xs" color="fg.muted">
          {props.heading ?? props.label}
        </Field.Label>
      ) : null}
      <FieldTextInput
        size={isCard ? 'md' : 'sm'}
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
  const { layout } = useListLayout();
  if (!savedId)
    return (
      <Cell row={row} index={index} column="stock" label="Stock initial" inputMode="numeric" width="20" />
    );
  return (
    <HStack gap="2" pt="1">
      {layout === 'cards' ? (
        <Text fontSize="sm" color="fg.muted">
          Stock
        </Text>
      ) : null}
      <Text data-testid="variant-stock" fontWeight={layout === 'cards' ? 'semibold' : undefined}>
        {stock ?? 0}
      </Text>
      {onAdjust ? (
        <Button size={layout === 'cards' ? 'sm' : 'xs'} variant="outline" onClick={onAdjust}>
          Ajuster
        </Button>
      ) : null}
    </HStack>
  );
}

interface VariantsProps {
  rows: Row[];
  currencySymbol: string;
  onGenerateBarcode: (index: number) => void;
  onAdjust?: (index: number) => void;
  /** The product's pictures a variant may point at (once the product is saved). */
  images?: Array<{ cardUrl: string; listUrl: string }>;
}

/** One variant's fields, laid out by the row (a table's cells) or the card (a phone's grid). */
function useVariantFields(props: VariantsProps, row: Row, index: number) {
  const { register } = useFormContext<ProductFormValues>();
  const { layout } = useListLayout();
  const title = titleOf(row) || 'produit';
  return {
    price: (
      <Cell
        row={row}
        index={index}
        column="price"
        label="Prix"
        heading={`Prix (${props.currencySymbol})`}
        inputMode="decimal"
      />
    ),
    compareAt: (
      <Cell row={row} index={index} column="compareAtPrice" label="Prix barré" inputMode="decimal" />
    ),
    cost: <Cell row={row} index={index} column="costPrice" label="Prix de revient" inputMode="decimal" />,
    sku: <Cell row={row} index={index} column="sku" label="SKU" width="28" />,
    barcode: (
      <HStack gap="1" align={layout === 'cards' ? 'flex-end' : 'flex-start'}>
        <Cell row={row} index={index} column="barcode" label="Code-barres" inputMode="numeric" width="36" />
        <IconButton
          size={layout === 'cards' ? 'md' : 'sm'}
          variant="outline"
          aria-label={`Générer un code-barres (${title})`}
          title="Générer un code EAN-13"
          onClick={() => props.onGenerateBarcode(index)}
        >
          <LuBarcode />
        </IconButton>
      </HStack>
    ),
    stock: (
      <StockCell
        row={row}
        index={index}
        onAdjust={props.onAdjust ? () => props.onAdjust!(index) : undefined}
      />
    ),
    image: (
      <NativeSelect.Root size={layout === 'cards' ? 'md' : 'sm'} minW={layout === 'cards' ? '0' : '28'}>
        <NativeSelect.Field
          aria-label={`Image (${titleOf(row)})`}
          {...register(`variants.${index}.imageUrl`)}
        >
          <option value="">Image principale</option>
          {props.images?.map((image, i) => (
            <option key={image.cardUrl} value={image.cardUrl}>
              Image {i + 1}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    ),
  };
}

function VariantRow(
  props: VariantsProps & { row: Row; index: number; hasOptions: boolean; canPickImage: boolean },
) {
  const fields = useVariantFields(props, props.row, props.index);
  return (
    <Table.Row verticalAlign="top">
      {props.hasOptions ? <OptionValuesCell row={props.row} index={props.index} /> : null}
      <Table.Cell>{fields.price}</Table.Cell>
      <Table.Cell>{fields.compareAt}</Table.Cell>
      <Table.Cell>{fields.cost}</Table.Cell>
      <Table.Cell>{fields.sku}</Table.Cell>
      <Table.Cell>{fields.barcode}</Table.Cell>
      <Table.Cell>{fields.stock}</Table.Cell>
      {props.canPickImage ? <Table.Cell>{fields.image}</Table.Cell> : null}
    </Table.Row>
  );
}

/** A variant on a phone: its name, then its fields two by two, stock and « Ajuster » last. */
function VariantCard(
  props: VariantsProps & { row: Row; index: number; hasOptions: boolean; canPickImage: boolean },
) {
  const fields = useVariantFields(props, props.row, props.index);
  const error = useRowError(props.index, 'optionValues');
  return (
    <ListCard data-testid="variant-row">
      <Stack gap="3">
        {props.hasOptions ? (
          <Stack gap="0">
            <Text fontWeight="semibold">{titleOf(props.row)}</Text>
            {error ? (
              <Text color="fg.error" fontSize="xs">
                {error}
              </Text>
            ) : null}
          </Stack>
        ) : null}
        <SimpleGrid columns={2} gap="3">
          {fields.price}
          {fields.compareAt}
          {fields.cost}
          {fields.sku}
        </SimpleGrid>
        {fields.barcode}
        <HStack justify="space-between" gap="3" flexWrap="wrap">
          {fields.stock}
          {props.canPickImage ? (
            <Stack flex="1" maxW="48">
              {fields.image}
            </Stack>
          ) : null}
        </HStack>
      </Stack>
    </ListCard>
  );
}

function VariantItem(
  props: VariantsProps & { row: Row; index: number; hasOptions: boolean; canPickImage: boolean },
) {
  const { layout } = useListLayout();
  return layout === 'cards' ? <VariantCard {...props} /> : <VariantRow {...props} />;
}

/**
 * One row per variant (one card on a phone): prices, codes and, for a new variant, its opening
 * stock. Existing variants show their stock with « Ajuster », since a count never changes without
 * its movement. The rows are the form's `variants` list, owned by the caller (which keeps it in
 * step with the options).
 */
export function VariantsTable(props: VariantsProps) {
  const hasOptions = props.rows.some((r) => r.optionValues.length > 0);
  const canPickImage = !!props.images?.length && hasOptions;
  const columns = 6 + (hasOptions ? 1 : 0) + (canPickImage ? 1 : 0);
  return (
    <ResponsiveList
      testId="variants-table"
      columns={columns}
      cardsWhenTooWide
      header={
        <>
          {hasOptions ? <Table.ColumnHeader>Variante</Table.ColumnHeader> : null}
          <Table.ColumnHeader>Prix ({props.currencySymbol})</Table.ColumnHeader>
          <Table.ColumnHeader>Prix barré</Table.ColumnHeader>
          <Table.ColumnHeader>Prix de revient</Table.ColumnHeader>
          <Table.ColumnHeader>SKU</Table.ColumnHeader>
          <Table.ColumnHeader>Code-barres</Table.ColumnHeader>
          <Table.ColumnHeader>Stock</Table.ColumnHeader>
          {canPickImage ? <Table.ColumnHeader>Image</Table.ColumnHeader> : null}
        </>
      }
    >
      {props.rows.map((row, index) => (
        <VariantItem
          key={row.id}
          {...props}
          row={row}
          index={index}
          hasOptions={hasOptions}
          canPickImage={canPickImage}
        />
      ))}
    </ResponsiveList>
  );
}
