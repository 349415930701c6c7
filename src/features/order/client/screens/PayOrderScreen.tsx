import { Alert, Button, Card, Flex, HStack, Image, Separator, Skeleton, Stack, Text } from '@chakra-ui/react';
import Head from 'next/head';
import { useRouter } from 'next/router';
import { useState } from 'react';
import { LuLock } from 'react-icons/lu';
import { ApiError } from '@/client/api/api-error';
import { LogoMark } from '@/client/brand/LogoMark';
import { formatMoney } from '@/shared/money';
import { formatPhone } from '@/shared/phone-format';
import { useGetPayableOrderQuery, useStartPayCheckoutMutation, type PayableOrder } from '../pay.api';

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <HStack justify="space-between" fontSize={strong ? 'md' : 'sm'} fontWeight={strong ? 'bold' : 'normal'}>
      <Text color={strong ? undefined : 'fg.muted'}>{label}</Text>
      <Text>{value}</Text>
    </HStack>
  );
}

function Summary({ data }: { data: PayableOrder }) {
  const money = (n: number) => formatMoney(n, data.shop.currency);
  const { order } = data;
  return (
    <Stack gap="2" data-testid="pay-summary">
      {order.lines.map((l, i) => (
        <HStack key={i} justify="space-between" fontSize="sm" gap="4">
          <Text>
            {l.quantity} × {l.name}
          </Text>
          <Text flexShrink={0}>{money(l.total)}</Text>
        </HStack>
      ))}
      <Separator />
      {order.discount > 0 ? <Row label="Remise" value={`− ${money(order.discount)}`} /> : null}
      {order.deliveryFee > 0 ? <Row label="Livraison" value={money(order.deliveryFee)} /> : null}
      <Row label="Total" value={money(order.total)} />
      {order.paidAmount > 0 ? <Row label="Déjà payé" value={money(order.paidAmount)} /> : null}
      <Row label="Reste à payer" value={money(order.amountDue)} strong />
    </Stack>
  );
}

/**
 * /payer/:token — the page a shop's customer opens from the link sent on WhatsApp or SMS: no
 * account, the shop's name and the order, and one button to pay what is due by mobile money or card.
 */
export function PayOrderScreen() {
  const router = useRouter();
  const token = typeof router.query.token === 'string' ? router.query.token : '';
  const message = router.query.message;
  const payable = useGetPayableOrderQuery({ token }, { skip: !token });
  const [start, { isLoading }] = useStartPayCheckoutMutation();
  const [error, setError] = useState<string | null>(null);
  const data = payable.data;

  async function pay() {
    setError(null);
    try {
      const { redirectUrl } = await start({ token }).unwrap();
      window.location.assign(redirectUrl);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Une erreur est survenue. Réessayez.');
      void payable.refetch();
    }
  }

  const isPaid = !!data && data.order.amountDue === 0;
  return (
    <Flex
      minH="100dvh"
      direction="column"
      align="center"
      justify="center"
      gap="4"
      bg="bg.subtle"
      px="4"
      py="8"
    >
      <Head>
        <title>{data ? `Payer la commande #${data.order.number} · ${data.shop.name}` : 'Paiement'}</title>
      </Head>
      <Card.Root w="full" maxW="md">
        <Card.Body>
          <Stack gap="5">
            {payable.isError ? (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>
                  {payable.error instanceof ApiError
                    ? payable.error.message
                    : 'Ce lien de paiement n’a pas pu être ouvert.'}
                </Alert.Title>
              </Alert.Root>
            ) : !data ? (
              <Skeleton h="64" />
            ) : (
              <>
                <HStack gap="3">
                  {data.shop.logoUrl ? (
                    <Image src={data.shop.logoUrl} alt="" boxSize="12" borderRadius="md" objectFit="cover" />
                  ) : null}
                  <Stack gap="0">
                    <Text fontWeight="bold" fontSize="lg">
                      {data.shop.name}
                    </Text>
                    <Text color="fg.muted" fontSize="sm">
                      Commande #{data.order.number}
                      {data.order.clientName ? ` · ${data.order.clientName}` : ''}
                    </Text>
                  </Stack>
                </HStack>
                {message === 'payment_success' ? (
                  <Alert.Root status="success" role="status">
                    <Alert.Indicator />
                    <Alert.Title>Votre paiement a bien été effectué.</Alert.Title>
                  </Alert.Root>
                ) : message === 'payment_error' ? (
                  <Alert.Root status="error" role="alert">
                    <Alert.Indicator />
                    <Alert.Title>Echec de votre paiement. Vous pouvez réessayer.</Alert.Title>
                  </Alert.Root>
                ) : null}
                <Summary data={data} />
                {error ? (
                  <Alert.Root status="error" role="alert">
                    <Alert.Indicator />
                    <Alert.Title>{error}</Alert.Title>
                  </Alert.Root>
                ) : null}
                {isPaid ? (
                  <Alert.Root status="success">
                    <Alert.Indicator />
                    <Alert.Title>Cette commande est entièrement payée. Merci !</Alert.Title>
                  </Alert.Root>
                ) : data.refusal ? (
                  <Alert.Root status="info">
                    <Alert.Indicator />
                    <Alert.Title>{data.refusal}</Alert.Title>
                  </Alert.Root>
                ) : (
                  <Stack gap="2">
                    <Button
                      size="lg"
                      colorPalette="brand"
                      onClick={() => void pay()}
                      loading={isLoading}
                      loadingText="Ouverture du paiement…"
                    >
                      <LuLock /> Payer {formatMoney(data.order.amountDue, data.shop.currency)}
                    </Button>
                    <Text fontSize="xs" color="fg.muted" textAlign="center">
                      Orange Money, Wave, MTN MoMo, Moov Money ou carte bancaire
                    </Text>
                  </Stack>
                )}
                {data.shop.phone ? (
                  <Text fontSize="sm" color="fg.muted">
                    {`Une question\u202f? Appelez la boutique au ${formatPhone(data.shop.phone)}.`}
                  </Text>
                ) : null}
              </>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>
      <HStack gap="1" fontSize="xs" color="fg.muted">
        <LogoMark size={12} /> <Text>Paiement sécurisé par Comptoir</Text>
      </HStack>
    </Flex>
  );
}
