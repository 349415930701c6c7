import { Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '@/client/components/FormDialog';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { TextField, useServerErrors } from '@/client/components/form';
import { toaster } from '@/client/shell/toaster';
import { currencyLabel, formatMoney, moneyInputValue, parseMoneyInput } from '@/shared/money';
import { frenchTypography as fr } from '@/shared/typography';
import { useRecordRemittanceMutation, type RiderCash } from '../delivery.api';

/**
 * « Enregistrer une remise »: the cash a rider hands over. The code their page shows confirms
 * it on their side; without it the remittance is kept, marked unconfirmed.
 */
export function RemittanceDialog(props: {
  shopId: string;
  currency: string;
  cash: RiderCash;
  onClose: () => void;
}) {
  const { rider, owed } = props.cash;
  const [amount, setAmount] = useState(moneyInputValue(owed, props.currency));
  const [code, setCode] = useState('');
  const [note, setNote] = useState('');
  const { fieldErrors, setFieldErrors, formError, run } = useServerErrors<'amount' | 'code' | 'note'>();
  const [record, recording] = useRecordRemittanceMutation();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const value = parseMoneyInput(amount, props.currency);
    if (value === null || value <= 0)
      return setFieldErrors({ amount: 'Indiquez le montant remis, en chiffres.' });
    const answer = { current: null as { amount: number; isConfirmed: boolean; owed: number } | null };
    const ok = await run(async () => {
      answer.current = await record({
        shopId: props.shopId,
        riderId: rider.id,
        amount: value,
        code: code.trim(),
        note: note.trim(),
      }).unwrap();
    });
    const done = answer.current;
    if (!ok || !done) return;
    toaster.create({
      type: 'success',
      title: fr(
        `Remise de ${formatMoney(done.amount, props.currency)} enregistrée${done.isConfirmed ? ' et confirmée' : ''}`,
      ),
      description: fr(
        done.owed === 0
          ? `${rider.name} ne doit plus rien.`
          : `${rider.name} doit encore ${formatMoney(done.owed, props.currency)}.`,
      ),
      duration: 4000,
    });
    props.onClose();
  }

  return (
    <FormDialog
      isOpen
      onClose={props.onClose}
      onSubmit={(e) => void onSubmit(e)}
      title={`Remise de ${rider.name}`}
      formLabel="Enregistrer une remise"
      submitLabel="Enregistrer la remise"
      loadingText="Enregistrement…"
      isLoading={recording.isLoading}
    >
      <Stack gap="4">
        <FormErrorAlert message={Object.keys(fieldErrors).length ? null : formError} />
        <Text fontSize="sm">
          {rider.name} doit <strong>{formatMoney(owed, props.currency)}</strong> en espèces.
        </Text>
        <TextField
          label={`Montant remis (${currencyLabel(props.currency)})`}
          name="amount"
          required
          inputMode="decimal"
          value={amount}
          onChange={setAmount}
          error={fieldErrors.amount}
        />
        <TextField
          label="Code du livreur"
          name="code"
          inputMode="numeric"
          value={code}
          onChange={setCode}
          error={fieldErrors.code}
          helper="Le code à 4 chiffres affiché sur la page du livreur : il confirme la remise de son côté."
        />
        <TextField label="Note" name="note" value={note} onChange={setNote} error={fieldErrors.note} />
      </Stack>
    </FormDialog>
  );
}
