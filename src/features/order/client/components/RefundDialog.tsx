import { Checkbox, Field, FieldTextInput, HStack, Stack, Text } from '@/client/ui';
import { useEffect, useState, type FormEvent } from 'react';
import { FormDialog } from '@/client/components/FormDialog';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { SelectField, TextField, useServerErrors } from '@/client/components/form';
import { formatMoney, moneyInputValue, parseMoneyInput } from '@/shared/money';
import { PAYMENT_METHOD_LABELS, REFUND_METHODS, type RefundMethod } from '../../order.constants';
import { useRefundOrderMutation, type Order } from '../order.api';

const REFUND_OPTIONS = REFUND_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));

/** The way the order was paid, if money can go back that way, else cash. */
function defaultRefundMethod(order: Order): RefundMethod {
  const paid = order.payments[0]?.method;
  return REFUND_METHODS.find((m) => m === paid) ?? 'cash';
}

/** The value of the units chosen, each line at what it was sold for (its discount included). */
function linesValue(order: Order, quantities: Record<string, number>): number {
  return order.lines.reduce(
    (sum, line) => sum + Math.round((line.total * (quantities[line.id] ?? 0)) / line.quantity),
    0,
  );
}

/** « Rembourser »: by line (units back in stock if chosen), the amount proposed from them. */
export function RefundDialog(props: {
  shopId: string;
  currency: string;
  order: Order;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { order } = props;
  const refundable = order.paidAmount - order.refundedAmount;
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [amount, setAmount] = useState('');
  const [isAmountEdited, setAmountEdited] = useState(false);
  const [method, setMethod] = useState<RefundMethod>(defaultRefundMethod(order));
  const [restock, setRestock] = useState(true);
  const [reason, setReason] = useState('');
  const [refund, { isLoading }] = useRefundOrderMutation();
  const { fieldErrors, setFieldErrors, formError, run } = useServerErrors<string>();

  useEffect(() => {
    if (!isAmountEdited)
      setAmount(moneyInputValue(Math.min(linesValue(order, quantities), refundable), props.currency));
  }, [quantities, isAmountEdited, order, refundable, props.currency]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const value = parseMoneyInput(amount, props.currency);
    if (value === null || value <= 0) return setFieldErrors({ amount: 'Indiquez un montant supérieur à 0.' });
    const lines = Object.entries(quantities)
      .filter(([, q]) => q > 0)
      .map(([lineId, quantity]) => ({ lineId, quantity }));
    const ok = await run(() =>
      refund({
        shopId: props.shopId,
        orderId: order.id,
        lines,
        amount: value,
        method,
        restock,
        reason,
      }).unwrap(),
    );
    if (ok) {
      setQuantities({});
      setAmountEdited(false);
      setReason('');
      props.onClose();
    }
  }

  return (
    <FormDialog
      isOpen={props.isOpen}
      onClose={props.onClose}
      onSubmit={onSubmit}
      title="Rembourser"
      formLabel="Rembourser la commande"
      submitLabel="Rembourser"
      loadingText="Remboursement…"
      isLoading={isLoading}
      width="520px"
    >
      <Stack gap="4">
        <FormErrorAlert message={formError} />
        <Text fontSize="sm" color="fg.muted">
          Remboursable : {formatMoney(refundable, props.currency)}
        </Text>
        <Stack gap="2">
          {order.lines.map((line, index) => {
            const left = line.quantity - line.refundedQuantity;
            const label = line.variantName ? `${line.productName} (${line.variantName})` : line.productName;
            return (
              <Field.Root
                key={line.id}
                invalid={!!fieldErrors[`lines.${index}.quantity`]}
                disabled={left === 0}
              >
                <HStack justify="space-between" gap="3">
                  <Field.Label flex="1" fontWeight="normal">
                    {label} — {left} sur {line.quantity}
                  </Field.Label>
                  <FieldTextInput
                    aria-label={`Quantité à rembourser : ${label}`}
                    type="number"
                    min={0}
                    max={left}
                    width="20"
                    size="sm"
                    value={quantities[line.id] ?? 0}
                    onChange={(e) =>
                      setQuantities((q) => ({
                        ...q,
                        [line.id]: Math.max(0, Math.min(left, Number(e.currentTarget.value) || 0)),
                      }))
                    }
                  />
                </HStack>
                {fieldErrors[`lines.${index}.quantity`] ? (
                  <Field.ErrorText>{fieldErrors[`lines.${index}.quantity`]}</Field.ErrorText>
                ) : null}
              </Field.Root>
            );
          })}
        </Stack>
        <Checkbox.Root checked={restock} onCheckedChange={(e) => setRestock(!!e.checked)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Remettre les articles en stock</Checkbox.Label>
        </Checkbox.Root>
        <TextField
          label={`Montant remboursé (${props.currency === 'XOF' ? 'FCFA' : props.currency})`}
          name="amount"
          inputMode="numeric"
          required
          value={amount}
          onChange={(v) => {
            setAmountEdited(true);
            setAmount(v);
          }}
          error={fieldErrors.amount}
        />
        <SelectField
          label="Remboursé par"
          name="method"
          value={method}
          onChange={(v) => setMethod(v as RefundMethod)}
          options={REFUND_OPTIONS.filter(
            (o) =>
              (order.clientId !== null || o.value !== 'store_credit') &&
              (o.value !== 'loyalty' || order.payments.some((p) => p.method === 'loyalty')),
          )}
          error={fieldErrors.method}
        />
        <TextField
          label="Motif"
          name="reason"
          value={reason}
          onChange={setReason}
          error={fieldErrors.reason}
        />
      </Stack>
    </FormDialog>
  );
}
