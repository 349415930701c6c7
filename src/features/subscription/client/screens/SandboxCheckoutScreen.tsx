import { useRouter } from 'next/router';
import { SandboxCheckout } from '@/client/components/SandboxCheckout';
import { useApiReady } from '@/client/session/use-api-ready';
import { withShopId } from '@/shared/navigation';
import { PLANS, type PlanId } from '@/shared/plans';
import { useGetPaymentQuery, useReportSandboxPaymentMutation } from '../subscription.api';

/** The `sandbox` provider's page for a subscription payment, made by the shop's own agent (signed in). */
export function SandboxCheckoutScreen() {
  const router = useRouter();
  const paymentId = typeof router.query.paymentId === 'string' ? router.query.paymentId : '';
  const shopId = typeof router.query.shopId === 'string' ? router.query.shopId : '';
  const isApiReady = useApiReady();
  const payment = useGetPaymentQuery({ shopId, paymentId }, { skip: !isApiReady || !paymentId || !shopId });
  const [report] = useReportSandboxPaymentMutation();
  return (
    <SandboxCheckout
      payment={payment.data}
      loadError={payment.isError ? 'Ce paiement est introuvable.' : null}
      describe={(p) => `Abonnement ${PLANS[p.plan as PlanId]?.label ?? p.plan} · ${p.months} mois`}
      amountTestId="sandbox-amount"
      instructions="Choisissez le résultat du paiement."
      report={(outcome) => report({ shopId, paymentId, outcome }).unwrap()}
      cancel={{
        label: 'Annuler et revenir à l’abonnement',
        onClick: () => void router.push(withShopId('/parametres/abonnement', shopId)),
      }}
      footer="Paiement sécurisé simulé"
    />
  );
}
