import { Box, Button, Flex, HStack, Stack, Text } from '@/client/ui';
import { memo, Suspense, useEffect, useState } from 'react';
import { LuArrowLeft, LuChevronDown, LuKeyRound, LuLogOut, LuStore } from 'react-icons/lu';
import { LogoMark } from '@/client/brand/LogoMark';
import { ROLE_LABELS } from '@/shared/roles';
import { backOfficePath, withShopId } from '@/shared/navigation';
import { useTill } from '../till/TillProvider';
import { TILL_VIEW_LABELS, type TillView } from '../till/views';
import { SyncBadge } from './SyncBadge';
import { LazyConflictsBadge } from '../till/lazy';

/** After the till's first load: the badge's part is fetched then, not with the till. */
const BADGE_DELAY_MS = 4_000;

function AccountMenu(props: { onSetPin: () => void; onChangeTill: () => void; onSignOut: () => void }) {
  const { context, role, canApprove, shopId } = useTill();
  const [isOpen, setOpen] = useState(false);
  const item = (label: string, icon: React.ReactNode, action: () => void) => (
    <Button
      variant="ghost"
      justifyContent="flex-start"
      size="md"
      onClick={() => {
        setOpen(false);
        action();
      }}
    >
      {icon} {label}
    </Button>
  );
  return (
    <Box position="relative">
      <Button
        variant="ghost"
        colorPalette="gray"
        size="sm"
        px="2"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={isOpen}
        aria-label="Menu du compte"
      >
        <Stack gap="0" textAlign="right" lineHeight="short" display={{ base: 'none', md: 'flex' }}>
          <Text fontSize="sm" fontWeight="medium" truncate maxW="40">
            {context.userName}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {ROLE_LABELS[role].label}
          </Text>
        </Stack>
        <Text display={{ base: 'block', md: 'none' }} fontSize="sm">
          Compte
        </Text>
        <LuChevronDown />
      </Button>
      {isOpen ? (
        <Stack
          position="absolute"
          right="0"
          top="calc(100% + 4px)"
          bg="bg"
          borderWidth="1px"
          rounded="md"
          shadow="lg"
          p="1"
          gap="0"
          minW="60"
          zIndex="dropdown"
          role="menu"
        >
          <Button asChild variant="ghost" justifyContent="flex-start" size="md">
            <a href={withShopId(backOfficePath(role), shopId)}>
              <LuArrowLeft /> Retour au back-office
            </a>
          </Button>
          {item('Changer de caisse', <LuStore />, props.onChangeTill)}
          {canApprove ? item('Mon code PIN', <LuKeyRound />, props.onSetPin) : null}
          {item('Déconnexion', <LuLogOut />, props.onSignOut)}
        </Stack>
      ) : null}
    </Box>
  );
}

/** The sync's counter: the one part of the bar that follows each step of a sync. */
function HeaderSyncBadge({ onOpen }: { onOpen: () => void }) {
  const { syncState } = useTill();
  return <SyncBadge state={syncState} onOpen={onOpen} />;
}

/** The till's top bar: shop and till, its screens, the sync counter, the account (memoized: its actions are stable). */
export const TillHeader = memo(function TillHeader(props: {
  view: TillView;
  onView: (view: TillView) => void;
  onSetPin: () => void;
  onChangeTill: () => void;
  onSignOut: () => void;
}) {
  const { context, till, canApprove, shopId } = useTill();
  const [isBadgeDue, setBadgeDue] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setBadgeDue(true), BADGE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const views: TillView[] = ['caisse', 'ventes', 'session', ...(canApprove ? (['conflits'] as const) : [])];
  return (
    <Flex
      as="header"
      data-print-hide
      bg="bg"
      borderBottomWidth="1px"
      px={{ base: '2', md: '4' }}
      py="1.5"
      gap="2"
      align="center"
      wrap="wrap"
      position="sticky"
      top="0"
      zIndex="sticky"
    >
      <HStack gap="2" minW="0" flex={{ base: '1', lg: '0 1 auto' }}>
        <Box flexShrink={0}>
          <LogoMark size={20} />
        </Box>
        <Stack gap="0" minW="0" lineHeight="short">
          <Text fontWeight="semibold" truncate data-testid="shop-name">
            {context.shop.name}
          </Text>
          {till ? (
            <Text fontSize="xs" color="fg.muted" truncate data-testid="till-name">
              {till.name}
            </Text>
          ) : null}
        </Stack>
      </HStack>
      <HStack
        as="nav"
        aria-label="Écrans de la caisse"
        gap="1"
        order={{ base: 3, lg: 0 }}
        w={{ base: 'full', lg: 'auto' }}
        flex={{ lg: '1' }}
        justify={{ lg: 'center' }}
        overflowX="auto"
      >
        {views.map((v) => (
          <Button
            key={v}
            size="sm"
            variant={props.view === v ? 'solid' : 'ghost'}
            colorPalette={props.view === v ? 'brand' : 'gray'}
            onClick={() => props.onView(v)}
            aria-current={props.view === v ? 'page' : undefined}
            flexShrink={0}
          >
            {TILL_VIEW_LABELS[v]}
            {v === 'conflits' && isBadgeDue ? (
              <Suspense fallback={null}>
                <LazyConflictsBadge shopId={shopId} />
              </Suspense>
            ) : null}
          </Button>
        ))}
      </HStack>
      <HStack gap="1" flexShrink={0}>
        <HeaderSyncBadge onOpen={() => props.onView('envois')} />
        <AccountMenu
          onSetPin={props.onSetPin}
          onChangeTill={props.onChangeTill}
          onSignOut={props.onSignOut}
        />
      </HStack>
    </Flex>
  );
});
