import { HStack, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '@/client/components/FormDialog';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { SelectField, TextField, useServerErrors } from '@/client/components/form';
import { toaster } from '@/client/shell/toaster';
import { STOCK_REASONS, STOCK_REASON_LABELS, type StockReason } from '../../product.constants';
import { useAdjustStockMutation } from '../product.api';

type Fields = 'quantity' | 'reason' | 'note';

/** « Ajuster le stock »: add or remove units with a reason; the server never lets the count go below zero. */
export function AdjustStockDialog(props: {
  shopId: string;
  variant: { id: string; title: string; stock: number } | null;
  onClose: () => void;
}) {
  const [direction, setDirection] = useState<'add' | 'remove'>('add');
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState<StockReason>('reception');
  const [note, setNote] = useState('');
  const { fieldErrors, setFieldErrors, formError, run } = useServerErrors<Fields>();
  const [adjust, { isLoading }] = useAdjustStockMutation();
  const amount = Number(quantity);
  const signed = direction === 'add' ? amount : -amount;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!props.variant) return;
    if (!Number.isInteger(amount) || amount <= 0)
      return setFieldErrors({ quantity: 'Indiquez un nombre entier d’unités supérieur à zéro.' });
    const ok = await run(() =>
      adjust({
        shopId: props.shopId,
        variantId: props.variant!.id,
        quantity: signed,
        reason,
        note: note || undefined,
      }).unwrap(),
    );
    if (ok) {
      toaster.create({ title: 'Stock ajusté', type: 'success', duration: 2500 });
      setQuantity('');
      setNote('');
      props.onClose();
    }
  }

  return (
    <FormDialog
      isOpen={!!props.variant}
      onClose={props.onClose}
      onSubmit={onSubmit}
      title="Ajuster le stock"
      formLabel="Ajuster le stock"
      submitLabel="Enregistrer"
      loadingText="Enregistrement…"
      isLoading={isLoading}
    >
      <Stack gap="4">
        <Text color="fg.muted">
          {props.variant?.title || 'Produit'} · {props.variant?.stock ?? 0} en stock
        </Text>
        <FormErrorAlert message={formError} />
        <HStack gap="3" align="flex-start">
          <SelectField
            label="Opération"
            name="direction"
            value={direction}
            onChange={(v) => {
              setDirection(v as 'add' | 'remove');
              setReason(v === 'add' ? 'reception' : 'casse');
            }}
            options={[
              { value: 'add', label: 'Ajouter' },
              { value: 'remove', label: 'Retirer' },
            ]}
          />
          <TextField
            label="Quantité"
            name="quantity"
            inputMode="numeric"
            required
            value={quantity}
            onChange={setQuantity}
            error={fieldErrors.quantity}
          />
        </HStack>
        <SelectField
          label="Motif"
          name="reason"
          value={reason}
          onChange={(v) => setReason(v as StockReason)}
          error={fieldErrors.reason}
          options={STOCK_REASONS.filter((r) => r !== 'vente').map((r) => ({
            value: r,
            label: STOCK_REASON_LABELS[r],
          }))}
        />
        <TextField
          label="Note (facultative)"
          name="note"
          value={note}
          onChange={setNote}
          error={fieldErrors.note}
        />
        {Number.isInteger(amount) && amount > 0 && props.variant ? (
          <Text fontSize="sm">Nouveau stock : {props.variant.stock + signed}</Text>
        ) : null}
      </Stack>
    </FormDialog>
  );
}
