import { Box, Button, Flex, Heading, Skeleton, Stack, Text } from '@/client/ui';
import { PageLink } from '@/client/components/PageLink';
import type { ReactNode } from 'react';
import { LuShieldAlert } from 'react-icons/lu';
import { can, type Capability } from '@/shared/permissions';
import { effectivePlan } from '@/shared/plans';
import { withShopId } from '@/shared/navigation';
import type { QuotaPage } from '@/shared/banners';
import { useAppDispatch, useAppSelector } from '../store';
import { Header } from './Header';
import { DesktopSidebar } from './Sidebar';
import { MobileMenu } from './MobileMenu';
import { ShellBanners } from './ShellBanners';
import { mobileMenuClosed } from './shell.slice';
import { useCurrentShop } from './use-current-shop';
import { useIsPhone } from '../hooks/use-is-phone';
import { isMissingName } from './MissingNameGuard';
import { useShopRealtime } from '../realtime/use-shop-realtime';
import { usePushTokenBridge } from '../native/push-token-bridge';
import { useLeaveEndedSession } from '../session/use-ended-session';
import { analyticsProfile, useAnalyticsIdentify } from '../analytics/analytics';
import { shopDates, type Shop } from '@/features/shop/client/shop.api';

function AccessDenied({ shopId }: { shopId?: string }) {
  return (
    <Stack align="center" textAlign="center" gap="4" py="16" maxW="md" mx="auto" data-testid="access-denied">
      <Box color="fg.error" fontSize="4xl">
        <LuShieldAlert />
      </Box>
      <Heading as="h1" size="xl">
        Accès refusé
      </Heading>
      <Text color="fg.muted">
        Votre rôle ne vous permet pas d’ouvrir cette page. Demandez à l’administrateur de la boutique si vous
        en avez besoin.
      </Text>
      <Button asChild colorPalette="brand">
        <PageLink href={withShopId('/', shopId)}>Retour à l’accueil</PageLink>
      </Button>
    </Stack>
  );
}

function isOnFreeQuotas(shop: Shop | null): boolean {
  return !!shop && effectivePlan(shopDates(shop)) === 'free';
}

export interface AppShellProps {
  /** What the role must be allowed to do to see this page; others get « Accès refusé ». */
  capability: Capability;
  /** Which quota banners this page shows (SPEC §9). */
  quotaPage?: QuotaPage;
  children: (context: ReturnType<typeof useCurrentShop>) => ReactNode;
}

/** The signed-in layout: header, side menu (drawer on phones), banners, and the page. */
export function AppShell({ capability, quotaPage, children }: AppShellProps) {
  const context = useCurrentShop();
  const { shop, user, agent, role, isLoading } = context;
  const dispatch = useAppDispatch();
  const isMobileMenuOpen = useAppSelector((s) => s.shell.isMobileMenuOpen);
  const isPhone = useIsPhone();
  // The agent's names in this shop win over the user's own.
  const firstName = agent?.firstName ?? user?.firstName ?? null;
  const lastName = agent?.lastName ?? user?.lastName ?? null;
  const agentName = [firstName, lastName].filter(Boolean).join(' ') || (user?.phone ?? '');
  const isFreePlan = isOnFreeQuotas(shop);
  const productName = user?.productName ?? 'Comptoir';
  // Stays connected while blocked, so an unblock shows at once too.
  useLeaveEndedSession();
  useShopRealtime(shop?._id, !!shop);
  usePushTokenBridge(!!user);
  useAnalyticsIdentify(
    user
      ? analyticsProfile({
          phone: user.phone,
          firstName,
          lastName,
          email: agent?.email ?? user.email,
          role,
          shop,
        })
      : null,
  );
  // SPEC §2: menu clicks are ignored while the name is missing; every other page is held by
  // MissingNameGuard (`_app`) on /confirmer-informations until it is saved.
  const isNameMissing = isMissingName(agent);

  if (shop?.isBlocked) {
    // SPEC §2: a blocked shop sees only the header and the message.
    return (
      <Box minH="100dvh">
        <Header
          shop={shop}
          user={user}
          agentName={agentName}
          role={agent?.role ?? null}
          photoUrl={agent?.profilePictureUrl}
          hasMenu={false}
        />
        <Flex justify="center" px="4" py="20">
          <Stack align="center" textAlign="center" gap="3" maxW="lg" data-testid="shop-blocked">
            <Box color="fg.error" fontSize="4xl">
              <LuShieldAlert />
            </Box>
            <Heading as="h1" size="lg">
              Votre boutique a été bloquée. Veuillez contacter un agent {productName}
            </Heading>
          </Stack>
        </Flex>
      </Box>
    );
  }

  // Until the agent is known, the menu shows no entry: never the default role's to a cashier.
  const sidebarProps = {
    role: isLoading ? null : role,
    shopId: shop?._id,
    isFreePlan,
    isLocked: isNameMissing,
  };
  return (
    <Flex minH="100dvh">
      {/* Hidden below 1024 px by its own styles: on a phone, not drawn (nor hydrated) at all. */}
      {isPhone ? null : <DesktopSidebar {...sidebarProps} />}
      <MobileMenu
        isOpen={isMobileMenuOpen}
        onClose={() => dispatch(mobileMenuClosed())}
        title={shop?.name ?? productName}
        menu={sidebarProps}
      />
      <Flex direction="column" flex="1" minW="0">
        <Header
          shop={shop}
          user={user}
          agentName={agentName}
          role={agent?.role ?? null}
          photoUrl={agent?.profilePictureUrl}
          hasMenu
        />
        <Stack as="main" gap="6" px={{ base: '4', md: '8' }} py="6" w="full" maxW="7xl" mx="auto">
          {isLoading ? (
            <Stack gap="4">
              <Skeleton h="10" maxW="sm" />
              <Skeleton h="40" />
            </Stack>
          ) : !can(role, capability) ? (
            <AccessDenied shopId={shop?._id} />
          ) : (
            <>
              {shop ? <ShellBanners shop={shop} page={quotaPage} /> : null}
              {children(context)}
            </>
          )}
        </Stack>
      </Flex>
    </Flex>
  );
}
