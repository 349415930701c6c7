import { Field, HStack, IconButton, Input, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { LuTrash2 } from 'react-icons/lu';
import { messageOf } from '@/client/forms/fields';
import { ListCard, ResponsiveList, useListLayout } from '@/client/components/ResponsiveList';
import { formatMoney } from '@/shared/money';
import { typedAmount, typedQuantity, type OrderFormValues } from '../order-form';
import { ProductPicker, type PickedVariant } from './ProductPicker';

function LineRow({ index, currency, onRemove }: { index: number; currency: string; onRemove: () => void }) {
  const { control, register } = useFormContext<OrderFormValues>();
  const { layout } = useListLayout();
  const line = useWatch({ control, name: `lines.${index}` });
  const { errors } = useFormState({ control, name: `lines.${index}` });
  const rowErrors = errors.lines?.[index];
  // A removed line's row may render once more before it unmounts.
  if (!line) return null;
  const error = messageOf(rowErrors?.variantId ?? rowErrors?.quantity ?? rowErrors?.lineDiscount);
  const total = line.price * typedQuantity(line.quantity) - typedAmount(line.lineDiscount, currency);
  const quantity = (
    <Input
      size={layout === 'cards' ? 'md' : 'sm'}
      type="number"
      min={1}
      aria-label={`Quantité : ${line.label}`}
      aria-invalid={rowErrors?.quantity ? true : undefined}
      {...register(`lines.${index}.quantity`, { valueAsNumber: true })}
    />
  );
  const discount = (
    <Input
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
  const lineTotal = formatMoney(Math.max(0, total), currency);
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
            <Stack gap="1.5" textAlign="end">
              <Text fontSize="xs" color="fg.muted">
                Total
              </Text>
              <Text fontWeight="semibold" whiteSpace="nowrap" lineHeight="2.5rem">
                {lineTotal}
              </Text>
            </Stack>
          </SimpleGrid>
        </Stack>
      </ListCard>
    );
  return (
    <Table.Row data-testid="order-line">
      <Table.Cell>
        <Text fontSize="sm">{line.label}</Text>
        {detail}
      </Table.Cell>
      <Table.Cell>{quantity}</Table.Cell>
      <Table.Cell>{discount}</Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap">
        {lineTotal}
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
          header={
            <>
              <Table.ColumnHeader>Article</Table.ColumnHeader>
              <Table.ColumnHeader w="24">Qté</Table.ColumnHeader>
              <Table.ColumnHeader w="28">Remise</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
              <Table.ColumnHeader w="10" aria-label="Retirer" />
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
