import { useRouter } from 'next/router';
import { useState } from 'react';
import { ApiError } from '@/client/api/api-error';
import { SandboxCheckout } from '@/client/components/SandboxCheckout';
import { Field, NativeSelect } from '@/client/ui';
import { PAYMENT_METHOD_LABELS } from '../../order.constants';
import { ONLINE_PAYMENT_METHODS } from '../../payment-link.constants';
import { useGetTestPaymentQuery, useReportTestPaymentMutation } from '../pay.api';

type OnlineMethod = (typeof ONLINE_PAYMENT_METHODS)[number];
const METHOD_OPTIONS = ONLINE_PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));

/**
 * The `sandbox` provider's page for a shop's customer paying an order (public, like the provider's
 * own page): the customer also picks the wallet, which the settled payment records.
 */
export function TestPaymentScreen() {
  const router = useRouter();
  const paymentId = typeof router.query.paymentId === 'string' ? router.query.paymentId : '';
  const payment = useGetTestPaymentQuery({ paymentId }, { skip: !paymentId });
  const [report] = useReportTestPaymentMutation();
  const [method, setMethod] = useState<OnlineMethod>('orange_money');
  const loadError =
    payment.error instanceof ApiError ? payment.error.message : 'Ce paiement est introuvable.';
  return (
    <SandboxCheckout
      payment={payment.data}
      loadError={payment.isError ? loadError : null}
      describe={(p) => `Commande #${p.orderNumber}`}
      amountTestId="test-payment-amount"
      instructions="Choisissez le moyen et le résultat du paiement."
      report={(outcome) => report({ paymentId, outcome, method }).unwrap()}
    >
      <Field.Root>
        <Field.Label>Moyen de paiement</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            name="method"
            value={method}
            onChange={(e) => setMethod(e.currentTarget.value as OnlineMethod)}
          >
            {METHOD_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </SandboxCheckout>
  );
}
