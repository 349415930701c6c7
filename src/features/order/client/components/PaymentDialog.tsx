import { Stack } from '@/client/ui';
import { useEffect, useState, type FormEvent } from 'react';
import { FormDialog } from '@/client/components/FormDialog';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { SelectField, TextField, useServerErrors } from '@/client/components/form';
import { moneyInputValue, parseMoneyInput } from '@/shared/money';
import type { PaymentMethod } from '../../order.constants';
import { methodOptionsFor, NEEDS_REFERENCE } from '../payment-methods';
import { useAddOrderPaymentMutation, type Order } from '../order.api';

type Fields = 'method' | 'amount' | 'reference';

/** « Enregistrer un paiement »: what is due is proposed, never more can be recorded. */
export function PaymentDialog(props: {
  shopId: string;
  currency: string;
  order: Order;
  isOpen: boolean;
  onClose: () => void;
}) {
  const due = Math.max(0, props.order.total - props.order.paidAmount);
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [pay, { isLoading }] = useAddOrderPaymentMutation();
  const { fieldErrors, setFieldErrors, formError, run } = useServerErrors<Fields>();
  useEffect(() => {
    if (props.isOpen) setAmount(moneyInputValue(due, props.currency));
  }, [props.isOpen, due, props.currency]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const value = parseMoneyInput(amount, props.currency);
    if (value === null || value <= 0) return setFieldErrors({ amount: 'Indiquez un montant supérieur à 0.' });
    const ok = await run(() =>
      pay({
        shopId: props.shopId,
        orderId: props.order.id,
        method,
        amount: value,
        reference: reference.trim() || undefined,
      }).unwrap(),
    );
    if (ok) {
      setReference('');
      props.onClose();
    }
  }

  return (
    <FormDialog
      isOpen={props.isOpen}
      onClose={props.onClose}
      onSubmit={onSubmit}
      title="Enregistrer un paiement"
      formLabel="Enregistrer un paiement"
      submitLabel="Enregistrer"
      loadingText="Enregistrement…"
      isLoading={isLoading}
    >
      <Stack gap="4">
        <FormErrorAlert message={formError} />
        <SelectField
          label="Moyen de paiement"
          name="method"
          value={method}
          onChange={(v) => setMethod(v as PaymentMethod)}
          options={methodOptionsFor(props.order.clientId !== null)}
          error={fieldErrors.method}
        />
        <TextField
          label={`Montant (${props.currency === 'XOF' ? 'FCFA' : props.currency})`}
          name="amount"
          inputMode="numeric"
          required
          value={amount}
          onChange={setAmount}
          error={fieldErrors.amount}
        />
        {NEEDS_REFERENCE.includes(method) ? (
          <TextField
            label="Référence de la transaction"
            name="reference"
            value={reference}
            onChange={setReference}
            error={fieldErrors.reference}
          />
        ) : null}
      </Stack>
    </FormDialog>
  );
}
