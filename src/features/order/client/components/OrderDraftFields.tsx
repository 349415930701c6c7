import { Grid, HStack, Stack, Text } from '@chakra-ui/react';
import { useFormContext, useWatch } from 'react-hook-form';
import { FormSelectField, FormTextField } from '@/client/forms/fields';
import { formatMoney, moneyInputValue } from '@/shared/money';
import { CHANNEL_LABELS, MANUAL_CHANNELS, type PaymentMethod } from '../../order.schemas';
import { draftTotals, type OrderFormValues } from '../order-form';
import { METHOD_OPTIONS, NEEDS_REFERENCE } from './PaymentDialog';

// The order editor's panels besides its lines and client; each reads the form it sits in (FormProvider).

function useDraftTotals(currency: string) {
  const { control } = useFormContext<OrderFormValues>();
  const [lines, orderDiscount, deliveryFee] = useWatch({
    control,
    name: ['lines', 'orderDiscount', 'deliveryFee'],
  });
  return draftTotals({ lines, orderDiscount, deliveryFee }, currency);
}

export function DeliveryAddressFields() {
  const { control } = useFormContext<OrderFormValues>();
  return (
    <>
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr 1fr' }} gap="3">
        <FormTextField control={control} name="deliveryAddress.quartier" label="Quartier" />
        <FormTextField control={control} name="deliveryAddress.commune" label="Commune" />
        <FormTextField control={control} name="deliveryAddress.ville" label="Ville" />
      </Grid>
      <Stack mt="3">
        <FormTextField
          control={control}
          name="deliveryAddress.indications"
          label="Indications"
          placeholder="Repère, couleur du portail…"
        />
      </Stack>
    </>
  );
}

/** « Récapitulatif »: the channel (a new order only), the fee and discount, and the totals as typed. */
export function OrderSummaryFields({ currency, isEdit }: { currency: string; isEdit: boolean }) {
  const { control } = useFormContext<OrderFormValues>();
  const totals = useDraftTotals(currency);
  return (
    <Stack gap="3">
      {!isEdit ? (
        <FormSelectField
          control={control}
          name="channel"
          label="Canal"
          options={MANUAL_CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABELS[c] }))}
        />
      ) : null}
      <FormTextField control={control} name="deliveryFee" label="Frais de livraison" inputMode="numeric" />
      <FormTextField
        control={control}
        name="orderDiscount"
        label="Remise sur la commande"
        inputMode="numeric"
      />
      <Stack gap="1" pt="2" borderTopWidth="1px" fontSize="sm" data-testid="draft-totals">
        <HStack justify="space-between">
          <Text>Sous-total</Text>
          <Text>{formatMoney(totals.subtotal, currency)}</Text>
        </HStack>
        {totals.discounts > 0 ? (
          <HStack justify="space-between">
            <Text>Remises</Text>
            <Text>− {formatMoney(totals.discounts, currency)}</Text>
          </HStack>
        ) : null}
        <HStack justify="space-between">
          <Text>Livraison</Text>
          <Text>{formatMoney(totals.fee, currency)}</Text>
        </HStack>
        <HStack justify="space-between" fontWeight="semibold" fontSize="md">
          <Text>Total</Text>
          <Text>{formatMoney(totals.total, currency)}</Text>
        </HStack>
      </Stack>
    </Stack>
  );
}

/** « Paiement reçu »: choosing a method proposes the total as the amount received. */
export function PaymentFields({ currency }: { currency: string }) {
  const { control, getValues, setValue } = useFormContext<OrderFormValues>();
  const method = useWatch({ control, name: 'payment.method' });
  const totals = useDraftTotals(currency);
  return (
    <Stack gap="3">
      <FormSelectField
        control={control}
        name="payment.method"
        label="Moyen de paiement"
        options={[{ value: '', label: 'Pas encore payé' }, ...METHOD_OPTIONS]}
        onPicked={(picked) => {
          if (picked && !getValues('payment.amount'))
            setValue('payment.amount', moneyInputValue(totals.total, currency));
        }}
      />
      {method ? (
        <FormTextField control={control} name="payment.amount" label="Montant reçu" inputMode="numeric" />
      ) : null}
      {method && NEEDS_REFERENCE.includes(method as PaymentMethod) ? (
        <FormTextField control={control} name="payment.reference" label="Référence de la transaction" />
      ) : null}
    </Stack>
  );
}

export function NotesFields() {
  const { control } = useFormContext<OrderFormValues>();
  return (
    <Stack gap="3">
      <FormTextField control={control} name="clientNote" label="Note du client" />
      <FormTextField control={control} name="internalNote" label="Note interne" />
    </Stack>
  );
}
