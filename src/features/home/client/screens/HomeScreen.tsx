import {
  Alert,
  Badge,
  Card,
  Heading,
  HStack,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { AppShell } from '@/client/shell/AppShell';
import { formatDateTime } from '@/shared/dates';
import { formatMoney } from '@/shared/money';
import { PLANS, type Limit, type PlanId } from '@/shared/plans';
import { can } from '@/shared/permissions';
import { ROLE_LABELS, type AgentRole } from '@/shared/roles';
import { useGetShopBalanceQuery, type Shop } from '@/features/shop/client/shop.api';

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

function HomeContent({ shop, role, firstName }: { shop: Shop | null; role: AgentRole; firstName: string }) {
  const canSeeBalance = !!shop && can(role, 'balance:view');
  const balance = useGetShopBalanceQuery({ shopId: shop?._id ?? '' }, { skip: !canSeeBalance });
  return (
    <>
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Bonjour{firstName ? ` ${firstName}` : ''}
        </Heading>
        <HStack>
          <Text color="fg.muted">Connecté(e) en tant que</Text>
          <Badge colorPalette={ROLE_LABELS[role].colorPalette}>{ROLE_LABELS[role].label}</Badge>
        </HStack>
      </Stack>

      {!shop ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>Votre compte n’est rattaché à aucune boutique pour le moment.</Alert.Title>
        </Alert.Root>
      ) : (
        <SimpleGrid columns={{ base: 1, md: canSeeBalance ? 3 : 2 }} gap="4">
          <Card.Root>
            <Card.Header>
              <Card.Title>Votre boutique</Card.Title>
            </Card.Header>
            <Card.Body>
              <Stack gap="1">
                <Text fontSize="xl" fontWeight="bold">
                  {shop.name}
                </Text>
                <Text color="fg.muted" fontSize="sm">
                  <PlanLine shop={shop} />
                </Text>
                <Text color="fg.muted" fontSize="sm">
                  Devise : {shop.currency} · Fuseau : {shop.timeZone}
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
                    {formatMoney(balance.data?.balance ?? 0, balance.data?.currency ?? shop.currency)}
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
              <QuotaMeters shop={shop} />
            </Card.Body>
          </Card.Root>
        </SimpleGrid>
      )}
    </>
  );
}

/** Accueil (PRODUCT.md): greeting, the shop's key figures so far, and the banners. */
export function HomeScreen() {
  return (
    <AppShell capability="home:view" quotaPage="home">
      {({ shop, role, agent, user }) => (
        <HomeContent shop={shop} role={role} firstName={agent?.firstName ?? user?.firstName ?? ''} />
      )}
    </AppShell>
  );
}
