import { Alert, Badge, Box, Button, Card, Flex, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useRouter } from 'next/router';
import { useState } from 'react';
import { LuShieldCheck } from 'react-icons/lu';
import { ApiError } from '@/client/api/api-error';
import { useApiReady } from '@/client/session/use-api-ready';
import { Logo } from '@/client/brand/Logo';
import { formatMoney } from '@/shared/money';
import { withShopId } from '@/shared/navigation';
import { PLANS, type PlanId } from '@/shared/plans';
import { useGetPaymentQuery, useReportSandboxPaymentMutation } from '../subscription.api';

type Outcome = 'succeeded' | 'failed';

/**
 * The `sandbox` provider's checkout page: it stands where CinetPay's page would, so the whole
 * payment path (return, settlement, invoice) can be tried without money. The payer picks the outcome.
 */
export function SandboxCheckoutScreen() {
  const router = useRouter();
  const paymentId = typeof router.query.paymentId === 'string' ? router.query.paymentId : '';
  const shopId = typeof router.query.shopId === 'string' ? router.query.shopId : '';
  const isApiReady = useApiReady();
  const payment = useGetPaymentQuery({ shopId, paymentId }, { skip: !isApiReady || !paymentId || !shopId });
  const [report] = useReportSandboxPaymentMutation();
  const [pending, setPending] = useState<Outcome | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function choose(outcome: Outcome) {
    setPending(outcome);
    setError(null);
    try {
      const { redirectUrl } = await report({ shopId, paymentId, outcome }).unwrap();
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
                <Alert.Title>Ce paiement est introuvable.</Alert.Title>
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
                    Abonnement {PLANS[data.plan as PlanId]?.label ?? data.plan} · {data.months} mois
                  </Text>
                  <Text fontSize="3xl" fontWeight="bold" data-testid="sandbox-amount">
                    {formatMoney(data.amount, data.currency)}
                  </Text>
                </Stack>
                <Alert.Root status="info">
                  <Alert.Indicator />
                  <Alert.Description>
                    Environnement de test : aucun argent n’est prélevé. Choisissez le résultat du paiement.
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
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => void router.push(withShopId('/parametres/abonnement', shopId))}
                  >
                    Annuler et revenir à l’abonnement
                  </Button>
                </Stack>
              </>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>
      <Box position="fixed" bottom="3" fontSize="xs" color="fg.muted">
        Paiement sécurisé simulé
      </Box>
    </Flex>
  );
}
