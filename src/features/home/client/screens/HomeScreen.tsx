import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Heading,
  HStack,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useRouter } from 'next/router';
import { signOut } from 'next-auth/react';
import { useState } from 'react';
import { Logo } from '@/client/brand/Logo';
import { ConfirmDialog } from '@/client/components/ConfirmDialog';
import { writeAccessToken } from '@/client/api/http';
import { useApiReady } from '@/client/session/use-api-ready';
import { formatDateTime } from '@/shared/dates';
import { formatMoney } from '@/shared/money';
import { PLANS, type Limit, type PlanId } from '@/shared/plans';
import { can } from '@/shared/permissions';
import { DEFAULT_ROLE, ROLE_LABELS } from '@/shared/roles';
import { useGetUserInfoQuery } from '@/features/user/client/user.api';
import {
  useGetOneAgentQuery,
  useGetShopBalanceQuery,
  useGetShopQuery,
  type Shop,
} from '@/features/shop/client/shop.api';

const count = new Intl.NumberFormat('fr-FR');

function usage(current: number, max: Limit): { text: string; percent: number } {
  if (max === 'infinity') return { text: `${count.format(current)} / illimité`, percent: 0 };
  if (max === 0) return { text: 'non inclus', percent: current > 0 ? 100 : 0 };
  return {
    text: `${count.format(current)} / ${count.format(max)}`,
    percent: Math.min(100, Math.round((current / max) * 100)),
  };
}

function QuotaMeters({ shop }: { shop: Shop }) {
  const q = shop.planQuotas;
  const rows = [
    { label: 'Produits', ...usage(q.currentNumberOfAuthorizedProducts, q.maxNumberOfAuthorizedProducts) },
    { label: 'Commandes ce mois-ci', ...usage(q.currentNumberOfOrders, q.maxNumberOfOrders) },
    { label: 'Agents', ...usage(q.currentNumberOfAuthorizedAgents, q.maxNumberOfAuthorizedAgents) },
    { label: 'SMS ce mois-ci', ...usage(q.currentSmsQuota, q.maxSmsQuota) },
  ];
  return (
    <Stack gap="4">
      {rows.map((row) => (
        <Stack key={row.label} gap="1">
          <HStack justify="space-between" fontSize="sm">
            <Text>{row.label}</Text>
            <Text color="fg.muted">{row.text}</Text>
          </HStack>
          <Progress.Root
            value={row.percent}
            size="sm"
            colorPalette={row.percent >= 80 ? 'orange' : 'brand'}
            aria-label={row.label}
          >
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Stack>
      ))}
    </Stack>
  );
}

function PlanLine({ shop }: { shop: Shop }) {
  const now = Date.now();
  const trialEnds = shop.freeTrialExpiresAt ? Date.parse(shop.freeTrialExpiresAt) : 0;
  const paidEnds = shop.shopExpiresAt ? Date.parse(shop.shopExpiresAt) : 0;
  const plan = PLANS[shop.subscriptionPlan as PlanId]?.label ?? shop.subscriptionPlan;
  const until = (iso: string) => (
    <Text as="span" whiteSpace="nowrap">
      {formatDateTime(iso, shop.timeZone)}
    </Text>
  );
  if (paidEnds > now)
    return (
      <>
        Offre {plan} jusqu’au {until(shop.shopExpiresAt!)}
      </>
    );
  if (trialEnds > now) return <>Essai gratuit (offre Pro) jusqu’au {until(shop.freeTrialExpiresAt!)}</>;
  return <>Offre {plan}</>;
}

export function HomeScreen() {
  const router = useRouter();
  const shopId = typeof router.query.shopId === 'string' ? router.query.shopId : undefined;
  const [isLogoutOpen, setLogoutOpen] = useState(false);
  const [isLoggingOut, setLoggingOut] = useState(false);
  const isApiReady = useApiReady();
  const skip = !router.isReady || !isApiReady;
  const user = useGetUserInfoQuery(undefined, { skip });
  const shop = useGetShopQuery({ shopId }, { skip });
  const agent = useGetOneAgentQuery({ shopId }, { skip });
  const role = agent.data?.role ?? DEFAULT_ROLE;
  const currentShop = shop.data ?? null;
  const canSeeBalance = !!currentShop && !currentShop.isBlocked && can(role, 'balance:view');
  const balance = useGetShopBalanceQuery({ shopId: currentShop?._id ?? '' }, { skip: !canSeeBalance });

  async function logout() {
    setLoggingOut(true);
    writeAccessToken(null);
    await signOut({ callbackUrl: '/login' });
  }

  const firstName = agent.data?.firstName ?? user.data?.firstName ?? '';

  return (
    <Box minH="100dvh">
      <Flex
        as="header"
        bg="bg"
        borderBottomWidth="1px"
        px={{ base: '4', md: '8' }}
        py="3"
        align="center"
        justify="space-between"
        gap="4"
      >
        <HStack gap="4" minW="0">
          <Logo size={28} hideWordmarkOnPhone />
          {currentShop ? (
            <Text fontWeight="semibold" truncate data-testid="shop-name">
              {currentShop.name}
            </Text>
          ) : null}
        </HStack>
        <Button variant="outline" size="sm" onClick={() => setLogoutOpen(true)}>
          Déconnexion
        </Button>
      </Flex>

      <Stack as="main" gap="6" px={{ base: '4', md: '8' }} py="6" maxW="6xl" mx="auto">
        {shop.isError ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>Une erreur est survenue</Alert.Title>
            <Alert.Description>Verifiez votre connexion et reessayez</Alert.Description>
          </Alert.Root>
        ) : null}

        {currentShop?.isBlocked ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>Votre boutique a été bloquée. Veuillez contacter un agent Comptoir</Alert.Title>
          </Alert.Root>
        ) : (
          <>
            <Stack gap="1">
              <Skeleton loading={user.isLoading || agent.isLoading} maxW="md">
                <Heading as="h1" size="2xl">
                  Bonjour{firstName ? ` ${firstName}` : ''}
                </Heading>
              </Skeleton>
              {agent.data ? (
                <HStack>
                  <Text color="fg.muted">Connecté(e) en tant que</Text>
                  <Badge colorPalette={ROLE_LABELS[role].colorPalette}>{ROLE_LABELS[role].label}</Badge>
                </HStack>
              ) : null}
            </Stack>

            {shop.isSuccess && !currentShop ? (
              <Alert.Root status="info">
                <Alert.Indicator />
                <Alert.Title>Votre compte n’est rattaché à aucune boutique pour le moment.</Alert.Title>
              </Alert.Root>
            ) : null}

            {currentShop ? (
              <SimpleGrid columns={{ base: 1, md: canSeeBalance ? 3 : 2 }} gap="4">
                <Card.Root>
                  <Card.Header>
                    <Card.Title>Votre boutique</Card.Title>
                  </Card.Header>
                  <Card.Body>
                    <Stack gap="1">
                      <Text fontSize="xl" fontWeight="bold">
                        {currentShop.name}
                      </Text>
                      <Text color="fg.muted" fontSize="sm">
                        <PlanLine shop={currentShop} />
                      </Text>
                      <Text color="fg.muted" fontSize="sm">
                        Devise : {currentShop.currency} · Fuseau : {currentShop.timeZone}
                      </Text>
                    </Stack>
                  </Card.Body>
                </Card.Root>
                {canSeeBalance ? (
                  <Card.Root>
                    <Card.Header>
                      <Card.Title>Solde</Card.Title>
                    </Card.Header>
                    <Card.Body>
                      <Skeleton loading={balance.isLoading}>
                        <Text fontSize="3xl" fontWeight="bold" data-testid="balance">
                          {formatMoney(
                            balance.data?.balance ?? 0,
                            balance.data?.currency ?? currentShop.currency,
                          )}
                        </Text>
                      </Skeleton>
                    </Card.Body>
                  </Card.Root>
                ) : null}
                <Card.Root>
                  <Card.Header>
                    <Card.Title>Utilisation de l’offre</Card.Title>
                  </Card.Header>
                  <Card.Body>
                    <QuotaMeters shop={currentShop} />
                  </Card.Body>
                </Card.Root>
              </SimpleGrid>
            ) : null}
          </>
        )}
      </Stack>

      <ConfirmDialog
        isOpen={isLogoutOpen}
        onClose={() => setLogoutOpen(false)}
        onConfirm={() => void logout()}
        title="Demande de confirmation"
        confirmLabel="Se déconnecter"
        isLoading={isLoggingOut}
      >
        Êtes-vous sûr(e) de vouloir vous déconnecter ?
      </ConfirmDialog>
    </Box>
  );
}
