import { Alert, Badge, Button, Card, Flex, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useRouter } from 'next/router';
import { useState } from 'react';
import { LuShieldCheck } from 'react-icons/lu';
import { ApiError } from '@/client/api/api-error';
import { Logo } from '@/client/brand/Logo';
import { SelectField } from '@/client/components/form';
import { formatMoney } from '@/shared/money';
import { PAYMENT_METHOD_LABELS } from '../../order.schemas';
import { ONLINE_PAYMENT_METHODS } from '../../payment-link.schemas';
import { useGetTestPaymentQuery, useReportTestPaymentMutation } from '../pay.api';

type Outcome = 'succeeded' | 'failed';
type OnlineMethod = (typeof ONLINE_PAYMENT_METHODS)[number];
const METHOD_OPTIONS = ONLINE_PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));

/**
 * The `sandbox` provider's page for a shop's customer (public, like the provider's own page): the
 * payer picks a wallet and the outcome, and the whole path — return, settlement, balance — runs
 * without money. A real provider (CinetPay) shows its own page instead.
 */
export function TestPaymentScreen() {
  const router = useRouter();
  const paymentId = typeof router.query.paymentId === 'string' ? router.query.paymentId : '';
  const payment = useGetTestPaymentQuery({ paymentId }, { skip: !paymentId });
  const [report] = useReportTestPaymentMutation();
  const [method, setMethod] = useState<OnlineMethod>('orange_money');
  const [pending, setPending] = useState<Outcome | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function choose(outcome: Outcome) {
    setPending(outcome);
    setError(null);
    try {
      const { redirectUrl } = await report({ paymentId, outcome, method }).unwrap();
      window.location.assign(redirectUrl);
    } catch (e) {
      setPending(null);
      setError(e instanceof ApiError ? e.message : 'Une erreur est survenue. Réessayez.');
    }
  }

  const data = payment.data;
  const isSettled = !!data && data.status !== 'pending';
  return (
    <Flex minH="100dvh" align="center" justify="center" bg="bg.subtle" px="4" py="10">
      <Card.Root w="full" maxW="md">
        <Card.Header>
          <HStack justify="space-between">
            <Logo />
            <Badge colorPalette="orange">Paiement de test</Badge>
          </HStack>
        </Card.Header>
        <Card.Body>
          <Stack gap="5">
            {payment.isError ? (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>
                  {payment.error instanceof ApiError ? payment.error.message : 'Ce paiement est introuvable.'}
                </Alert.Title>
              </Alert.Root>
            ) : !data ? (
              <Skeleton h="32" />
            ) : (
              <>
                <Stack gap="1">
                  <Text color="fg.muted" fontSize="sm">
                    {data.shopName}
                  </Text>
                  <Text fontSize="lg" fontWeight="medium">
                    Commande #{data.orderNumber}
                  </Text>
                  <Text fontSize="3xl" fontWeight="bold" data-testid="test-payment-amount">
                    {formatMoney(data.amount, data.currency)}
                  </Text>
                </Stack>
                <Alert.Root status="info">
                  <Alert.Indicator />
                  <Alert.Description>
                    Environnement de test : aucun argent n’est prélevé. Choisissez le moyen et le résultat du
                    paiement.
                  </Alert.Description>
                </Alert.Root>
                {isSettled ? (
                  <Alert.Root status="warning">
                    <Alert.Indicator />
                    <Alert.Title>Ce paiement a déjà été traité.</Alert.Title>
                  </Alert.Root>
                ) : null}
                {error ? (
                  <Alert.Root status="error" role="alert">
                    <Alert.Indicator />
                    <Alert.Title>{error}</Alert.Title>
                  </Alert.Root>
                ) : null}
                <SelectField
                  label="Moyen de paiement"
                  name="method"
                  value={method}
                  onChange={(value) => setMethod(value as OnlineMethod)}
                  options={METHOD_OPTIONS}
                />
                <Stack gap="3">
                  <Button
                    colorPalette="green"
                    size="lg"
                    onClick={() => void choose('succeeded')}
                    loading={pending === 'succeeded'}
                    loadingText="Paiement en cours…"
                    disabled={isSettled || pending !== null}
                  >
                    <LuShieldCheck /> Payer {formatMoney(data.amount, data.currency)}
                  </Button>
                  <Button
                    variant="outline"
                    colorPalette="red"
                    onClick={() => void choose('failed')}
                    loading={pending === 'failed'}
                    loadingText="Échec en cours…"
                    disabled={isSettled || pending !== null}
                  >
                    Simuler un échec
                  </Button>
                </Stack>
              </>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Flex>
  );
}
