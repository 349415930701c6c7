import { Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { FormDialog } from '@/client/components/FormDialog';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { SelectField, TextField, useServerErrors } from '@/client/components/form';
import { toaster } from '@/client/shell/toaster';
import { formatMoney, moneyInputValue, parseMoneyInput } from '@/shared/money';
import { PAYMENT_METHOD_LABELS } from '@/features/order/order.constants';
import { formAlert } from '../client-form';
import { BALANCE_PAYMENT_METHODS } from '../../customer.constants';
import {
  usePayClientBalanceMutation,
  type PayClientBalanceAnswer,
  type PayClientBalanceBody,
} from '../customer.api';

type Method = PayClientBalanceBody['method'];
const METHOD_OPTIONS = BALANCE_PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));

const FIELDS = ['method', 'amount', 'reference'] as const;
type Fields = (typeof FIELDS)[number];

/** « Enregistrer un paiement » on the ardoise: the whole balance proposed, a part allowed. */
export function ClientPaymentDialog(props: {
  shopId: string;
  clientId: string;
  currency: string;
  balance: number;
  isOpen: boolean;
  onClose: () => void;
}) {
  const [method, setMethod] = useState<Method>('cash');
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [pay, { isLoading }] = usePayClientBalanceMutation();
  const { fieldErrors, setFieldErrors, formError, run } = useServerErrors<Fields>();
  const money = (n: number) => formatMoney(n, props.currency);
  useEffect(() => {
    if (props.isOpen) setAmount(moneyInputValue(props.balance, props.currency));
  }, [props.isOpen, props.balance, props.currency]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const value = parseMoneyInput(amount, props.currency);
    if (value === null || value <= 0) return setFieldErrors({ amount: 'Indiquez un montant supérieur à 0.' });
    if (value > props.balance)
      return setFieldErrors({ amount: `Le montant dépasse l’ardoise (${money(props.balance)}).` });
    let answer: PayClientBalanceAnswer | null = null;
    const ok = await run(async () => {
      answer = await pay({
        shopId: props.shopId,
        clientId: props.clientId,
        method,
        amount: value,
        reference: reference.trim() || undefined,
      }).unwrap();
    });
    if (!ok || !answer) return;
    const { allocations, balance }: PayClientBalanceAnswer = answer;
    toaster.create({
      type: 'success',
      duration: 6000,
      title: 'Paiement enregistré',
      description: [
        allocations.length
          ? `${allocations.length > 1 ? 'Commandes' : 'Commande'} ${allocations
              .map((a) => `#${a.orderNumber} (${money(a.amount)})`)
              .join(', ')}.`
          : null,
        balance > 0 ? `Reste dû : ${money(balance)}.` : 'L’ardoise est soldée.',
      ]
        .filter(Boolean)
        .join(' '),
    });
    setReference('');
    props.onClose();
  }

  return (
    <FormDialog
      isOpen={props.isOpen}
      onClose={props.onClose}
      onSubmit={(e) => void onSubmit(e)}
      title="Enregistrer un paiement"
      formLabel="Enregistrer un paiement de l’ardoise"
      submitLabel="Enregistrer"
      loadingText="Enregistrement…"
      isLoading={isLoading}
    >
      <Stack gap="4">
        <FormErrorAlert message={formAlert(formError, fieldErrors, FIELDS)} />
        <Text fontSize="sm" color="fg.muted">
          Ardoise : {money(props.balance)}. Le paiement règle les commandes impayées, la plus ancienne
          d’abord.
        </Text>
        <SelectField
          label="Moyen de paiement"
          name="method"
          value={method}
          onChange={(v) => setMethod(v as Method)}
          options={METHOD_OPTIONS}
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
        <TextField
          label="Référence (facultatif)"
          name="reference"
          helper={method === 'cash' ? undefined : 'Le numéro de la transaction.'}
          value={reference}
          onChange={setReference}
          error={fieldErrors.reference}
        />
      </Stack>
    </FormDialog>
  );
}
