import { Alert, Badge, Button, Card, Grid, Heading, HStack, Skeleton, Stack, Text } from '@/client/ui';
import { PageLink } from '@/client/components/PageLink';
import { useRouter } from 'next/router';
import { useEffect } from 'react';
import { AppShell } from '@/client/shell/AppShell';
import { formatMoney } from '@/shared/money';
import { can } from '@/shared/permissions';
import { landingPath, withShopId } from '@/shared/navigation';
import { ROLE_LABELS, type AgentRole } from '@/shared/roles';
import { useGetShopBalanceQuery, type Shop } from '@/features/shop/client/shop.api';
import { useGetHomeSummaryQuery } from '@/features/order/client/order.api';
import { useGetHomeChecklistQuery } from '../home.api';
import { TodayCards } from '../components/TodayCards';
import { FirstRunChecklist } from '../components/FirstRunChecklist';
import { PlanLine, QuotaMeters } from '@/features/subscription/client/components/PlanUsage';

/** A checklist read this many seconds ago or less is not read again when Accueil opens. */
const CHECKLIST_FRESH_S = 5;

function HomeContent({
  shop,
  role,
  firstName,
  shopFailed,
}: {
  shop: Shop | null;
  role: AgentRole;
  firstName: string;
  /** getShop failed: not the same as a user with no shop. */
  shopFailed: { retry: () => void; isDenied: boolean } | null;
}) {
  const canSeeBalance = !!shop && can(role, 'balance:view');
  const balance = useGetShopBalanceQuery({ shopId: shop?._id ?? '' }, { skip: !canSeeBalance });
  // What sits above the shop's cards (the checklist, today's figures) is read before any of them is
  // drawn: arriving later, it pushed them down the screen (CLS 0.144 on a phone).
  const showsChecklist = !!shop && can(role, 'shop:checklist');
  // Read again at each visit of Accueil (the checklist's steps are done on other pages), unless just
  // read: the answer the server drew this page with is seconds old.
  const checklist = useGetHomeChecklistQuery(
    { shopId: shop?._id ?? '' },
    { skip: !showsChecklist, refetchOnMountOrArgChange: CHECKLIST_FRESH_S },
  );
  const summary = useGetHomeSummaryQuery({ shopId: shop?._id ?? '' }, { skip: !shop });
  const settled = (q: { data?: unknown; isError: boolean }) => q.data !== undefined || q.isError;
  const isReady = (!showsChecklist || settled(checklist)) && settled(summary);
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

      {!shop && shopFailed?.isDenied ? (
        <Alert.Root status="warning" alignItems="center">
          <Alert.Indicator />
          <Alert.Title flex="1">Cette boutique est introuvable, ou vous n’y avez pas accès.</Alert.Title>
          <Button asChild size="sm" variant="outline">
            <PageLink href="/">Aller à ma boutique</PageLink>
          </Button>
        </Alert.Root>
      ) : !shop && shopFailed ? (
        <Alert.Root status="error" alignItems="center">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Votre boutique n’a pas pu être chargée.</Alert.Title>
            <Alert.Description>Vérifiez votre connexion, puis réessayez.</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" colorPalette="red" onClick={shopFailed.retry}>
            Réessayer
          </Button>
        </Alert.Root>
      ) : !shop ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>Votre compte n’est rattaché à aucune boutique pour le moment.</Alert.Title>
        </Alert.Root>
      ) : !isReady ? (
        <Skeleton h="64" />
      ) : (
        <>
          {showsChecklist ? <FirstRunChecklist shopId={shop._id} data={checklist.data} /> : null}
          <TodayCards shop={shop} role={role} />
          <Grid columns={canSeeBalance ? { base: 1, md: 3 } : { base: 1, md: 2 }} gap="4">
            <Card.Root>
              <Card.Header>
                <Card.Title as="h2">Votre boutique</Card.Title>
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
                    Devise : {shop.currency} · Fuseau : {shop.timeZone}
                  </Text>
                </Stack>
              </Card.Body>
            </Card.Root>
            {canSeeBalance ? (
              <Card.Root>
                <Card.Header>
                  <Card.Title as="h2">Solde</Card.Title>
                </Card.Header>
                <Card.Body>
                  {/* No figure before the server's: a « 0 FCFA » while loading reads as a real balance. */}
                  <Skeleton loading={!balance.data && !balance.isError}>
                    <Text fontSize="3xl" fontWeight="bold" data-testid="balance">
                      {balance.data
                        ? formatMoney(balance.data.balance, balance.data.currency ?? shop.currency)
                        : balance.isError
                          ? 'Indisponible'
                          : '\u00a0'}
                    </Text>
                  </Skeleton>
                </Card.Body>
              </Card.Root>
            ) : null}
            <Card.Root>
              <Card.Header>
                <Card.Title as="h2">Utilisation de l’offre</Card.Title>
              </Card.Header>
              <Card.Body>
                <QuotaMeters shop={shop} />
              </Card.Body>
            </Card.Root>
          </Grid>
        </>
      )}
    </>
  );
}

/** A role whose app opens elsewhere (a cashier: the till) is taken there, the shop kept. */
function ToLanding({ path, shopId }: { path: string; shopId?: string }) {
  const router = useRouter();
  useEffect(() => {
    void router.replace(withShopId(path, shopId));
  }, [router, path, shopId]);
  return <Skeleton h="40" />;
}

/** Accueil (PRODUCT.md): greeting, the shop's key figures so far, and the banners. */
export function HomeScreen() {
  return (
    <AppShell capability="home:view" quotaPage="home">
      {({ shop, role, agent, user, shopErrorStatus, retryShop }) =>
        shop && landingPath(role) !== '/' ? (
          <ToLanding path={landingPath(role)} shopId={shop._id} />
        ) : (
          <HomeContent
            shop={shop}
            role={role}
            firstName={agent?.firstName ?? user?.firstName ?? ''}
            shopFailed={
              shopErrorStatus === null
                ? null
                : {
                    retry: () => void retryShop(),
                    isDenied: shopErrorStatus === 403 || shopErrorStatus === 404,
                  }
            }
          />
        )
      }
    </AppShell>
  );
}
