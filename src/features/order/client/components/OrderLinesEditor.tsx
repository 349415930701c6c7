import {
  Field,
  FieldTextInput,
  HStack,
  IconButton,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
} from '@/client/ui';
import { Table } from '@/client/ui/table';
import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { LuTrash2 } from 'react-icons/lu';
import { messageOf } from '@/client/forms/fields';
import { ListCard, ResponsiveList, useListLayout } from '@/client/components/ResponsiveList';
import { formatMoney } from '@/shared/money';
import { typedQuantity, type OrderFormValues } from '../order-form';
import { useDraftPricing } from '../use-draft-pricing';
import { ProductPicker, type PickedVariant } from './ProductPicker';

/** The line's price: struck through when a discount lowered it, with the discounts' names. */
function LineTotal({ index, currency, isStrong }: { index: number; currency: string; isStrong?: boolean }) {
  const { priced } = useDraftPricing();
  const line = priced.lines[index];
  if (!line) return null;
  const isLowered = line.total < line.subtotal;
  return (
    <Stack gap="0" textAlign="end" data-testid="order-line-total">
      <Text
        fontWeight={isStrong ? 'semibold' : undefined}
        whiteSpace="nowrap"
        lineHeight={isStrong ? '2.5rem' : undefined}
      >
        {formatMoney(line.total, currency)}
      </Text>
      {isLowered ? (
        <Text fontSize="xs" color="fg.muted" textDecoration="line-through" whiteSpace="nowrap">
          {formatMoney(line.subtotal, currency)}
        </Text>
      ) : null}
      {line.promotions.map((a) => (
        <Text key={a.discount.id} fontSize="xs" color="fg.success" data-testid="order-line-promotion">
          {a.discount.name}
        </Text>
      ))}
    </Stack>
  );
}

function LineRow({ index, currency, onRemove }: { index: number; currency: string; onRemove: () => void }) {
  const { control, register } = useFormContext<OrderFormValues>();
  const { layout } = useListLayout();
  const line = useWatch({ control, name: `lines.${index}` });
  const { errors } = useFormState({ control, name: `lines.${index}` });
  const rowErrors = errors.lines?.[index];
  // A removed line's row may render once more before it unmounts.
  if (!line) return null;
  const error = messageOf(rowErrors?.variantId ?? rowErrors?.quantity ?? rowErrors?.lineDiscount);
  // Tied to their label inside a card's Field; named by aria-label in a table's row.
  const quantity = (
    <FieldTextInput
      size={layout === 'cards' ? 'md' : 'sm'}
      type="number"
      min={1}
      aria-label={`Quantité : ${line.label}`}
      aria-invalid={rowErrors?.quantity ? true : undefined}
      {...register(`lines.${index}.quantity`, { valueAsNumber: true })}
    />
  );
  const discount = (
    <FieldTextInput
      size={layout === 'cards' ? 'md' : 'sm'}
      inputMode="numeric"
      aria-label={`Remise : ${line.label}`}
      aria-invalid={rowErrors?.lineDiscount ? true : undefined}
      {...register(`lines.${index}.lineDiscount`)}
    />
  );
  const detail = (
    <Text fontSize="xs" color={error ? 'fg.error' : 'fg.muted'}>
      {error ??
        `${formatMoney(line.price, currency)}${line.stock !== null ? ` · ${line.stock} en stock` : ''}`}
    </Text>
  );
  const removeButton = (
    <IconButton
      size={layout === 'cards' ? 'md' : 'xs'}
      variant="ghost"
      aria-label={`Retirer ${line.label}`}
      onClick={onRemove}
    >
      <LuTrash2 />
    </IconButton>
  );
  if (layout === 'cards')
    return (
      <ListCard data-testid="order-line">
        <Stack gap="2">
          <HStack justify="space-between" align="flex-start" gap="2">
            <Stack gap="0" minW="0">
              <Text fontSize="sm" fontWeight="medium">
                {line.label}
              </Text>
              {detail}
            </Stack>
            {removeButton}
          </HStack>
          <SimpleGrid columns={3} gap="2" alignItems="start">
            <Field.Root>
              <Field.Label fontSize="xs" color="fg.muted">
                Qté
              </Field.Label>
              {quantity}
            </Field.Root>
            <Field.Root>
              <Field.Label fontSize="xs" color="fg.muted">
                Remise
              </Field.Label>
              {discount}
            </Field.Root>
            <Stack gap="1.5" textAlign="end" minW="0">
              <Text fontSize="xs" color="fg.muted">
                Total
              </Text>
              <LineTotal index={index} currency={currency} isStrong />
            </Stack>
          </SimpleGrid>
        </Stack>
      </ListCard>
    );
  return (
    <Table.Row data-testid="order-line">
      <Table.Cell whiteSpace="normal">
        <Text fontSize="sm">{line.label}</Text>
        {detail}
      </Table.Cell>
      <Table.Cell>{quantity}</Table.Cell>
      <Table.Cell>{discount}</Table.Cell>
      <Table.Cell textAlign="end">
        <LineTotal index={index} currency={currency} />
      </Table.Cell>
      <Table.Cell>{removeButton}</Table.Cell>
    </Table.Row>
  );
}

/** « Articles »: variants found in the catalogue, one line each; picking one again adds one more. */
export function OrderLinesEditor({ shopId, currency }: { shopId: string; currency: string }) {
  const { control, getValues, setValue } = useFormContext<OrderFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const { errors } = useFormState({ control, name: 'lines' });
  // A list's own refusal sits in `root` when it comes from the schema, on the list itself from the server.
  const listError = errors.lines?.root?.message ?? errors.lines?.message;

  function addLine(picked: PickedVariant) {
    const index = getValues('lines').findIndex((l) => l.variantId === picked.variantId);
    if (index < 0) return append({ ...picked, quantity: 1, lineDiscount: '' });
    // The line may come from the order being edited: its category is known now.
    setValue(`lines.${index}.categoryId`, picked.categoryId);
    const quantity = typedQuantity(getValues(`lines.${index}.quantity`)) + 1;
    setValue(`lines.${index}.quantity`, quantity, { shouldDirty: true });
  }

  return (
    <Stack gap="3">
      <ProductPicker shopId={shopId} currency={currency} onPick={addLine} />
      {listError ? (
        <Text color="fg.error" fontSize="sm">
          {listError}
        </Text>
      ) : null}
      {fields.length ? (
        <ResponsiveList
          testId="order-lines"
          columns={5}
          isBare
          cardsWhenTooWide
          header={
            <>
              <Table.ColumnHeader>Article</Table.ColumnHeader>
              <Table.ColumnHeader w="24">Qté</Table.ColumnHeader>
              <Table.ColumnHeader w="28">Remise</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
              <Table.ColumnHeader w="10">
                <VisuallyHidden>Retirer</VisuallyHidden>
              </Table.ColumnHeader>
            </>
          }
        >
          {fields.map((field, index) => (
            <LineRow key={field.id} index={index} currency={currency} onRemove={() => remove(index)} />
          ))}
        </ResponsiveList>
      ) : (
        <Text color="fg.muted" fontSize="sm">
          Aucun article pour le moment : recherchez un produit pour l’ajouter.
        </Text>
      )}
    </Stack>
  );
}
