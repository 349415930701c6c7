import { Alert, Badge, Box, Button, Card, Flex, HStack, Skeleton, Stack, Text } from '@/client/ui';
import { useState, type ReactNode } from 'react';
import { LuShieldCheck } from 'react-icons/lu';
import { ApiError } from '@/client/api/api-error';
import { Logo } from '@/client/brand/Logo';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { formatMoney } from '@/shared/money';

export type SandboxOutcome = 'succeeded' | 'failed';

interface SandboxPayment {
  shopName: string;
  amount: number;
  currency: string;
  status: string;
}

interface SandboxCheckoutProps<P extends SandboxPayment> {
  /** Undefined while it loads. */
  payment: P | undefined;
  /** Why the payment could not be loaded, if it could not. */
  loadError: string | null;
  /** What is paid for, under the shop's name. */
  describe: (payment: P) => string;
  amountTestId: string;
  /** What the payer chooses here, after « aucun argent n’est prélevé. » */
  instructions: string;
  /** Tells the server the chosen outcome; answers where the provider would send the payer back. */
  report: (outcome: SandboxOutcome) => Promise<{ redirectUrl: string }>;
  /** Fields above the buttons (a customer's wallet). */
  children?: ReactNode;
  /** A way back without paying, below the buttons. */
  cancel?: { label: string; onClick: () => void };
  /** Small print at the foot of the page. */
  footer?: string;
}

/**
 * The `sandbox` payment provider's page, standing where a real provider's (CinetPay) would, so the
 * whole payment path (return, settlement and what follows) runs without money: the payer picks the
 * outcome. One page for every kind of payment; the subscription and the order payment link each
 * give it their payment and their words.
 */
export function SandboxCheckout<P extends SandboxPayment>({
  payment,
  loadError,
  describe,
  amountTestId,
  instructions,
  report,
  children,
  cancel,
  footer,
}: SandboxCheckoutProps<P>) {
  const [pending, setPending] = useState<SandboxOutcome | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function choose(outcome: SandboxOutcome) {
    setPending(outcome);
    setError(null);
    try {
      const { redirectUrl } = await report(outcome);
      window.location.assign(redirectUrl);
    } catch (e) {
      setPending(null);
      setError(e instanceof ApiError ? e.message : 'Une erreur est survenue. Réessayez.');
    }
  }

  const isSettled = !!payment && payment.status !== 'pending';
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
            {loadError !== null ? (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>{loadError}</Alert.Title>
              </Alert.Root>
            ) : !payment ? (
              <Skeleton h="32" />
            ) : (
              <>
                <Stack gap="1">
                  <Text color="fg.muted" fontSize="sm">
                    {payment.shopName}
                  </Text>
                  <Text fontSize="lg" fontWeight="medium">
                    {describe(payment)}
                  </Text>
                  <Text fontSize="3xl" fontWeight="bold" data-testid={amountTestId}>
                    {formatMoney(payment.amount, payment.currency)}
                  </Text>
                </Stack>
                <Alert.Root status="info">
                  <Alert.Indicator />
                  <Alert.Description>
                    Environnement de test : aucun argent n’est prélevé. {instructions}
                  </Alert.Description>
                </Alert.Root>
                {isSettled ? (
                  <Alert.Root status="warning">
                    <Alert.Indicator />
                    <Alert.Title>Ce paiement a déjà été traité.</Alert.Title>
                  </Alert.Root>
                ) : null}
                <FormErrorAlert message={error} />
                {children}
                <Stack gap="3">
                  <Button
                    colorPalette="green"
                    size="lg"
                    onClick={() => void choose('succeeded')}
                    loading={pending === 'succeeded'}
                    loadingText="Paiement en cours…"
                    disabled={isSettled || pending !== null}
                  >
                    <LuShieldCheck /> Payer {formatMoney(payment.amount, payment.currency)}
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
                  {cancel ? (
                    <Button variant="ghost" size="sm" onClick={cancel.onClick}>
                      {cancel.label}
                    </Button>
                  ) : null}
                </Stack>
              </>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>
      {footer ? (
        <Box position="fixed" bottom="3" fontSize="xs" color="fg.muted">
          {footer}
        </Box>
      ) : null}
    </Flex>
  );
}
