import { Badge, Box, Button, Flex, IconButton, Stack, Text } from '@/client/ui';
import { css } from '../../../styled-system/css';
import { PageLink } from '@/client/components/PageLink';
import { useRouter } from 'next/router';
import { memo, useEffect } from 'react';
import { LuChevronDown, LuChevronRight, LuChevronsLeft, LuChevronsRight } from 'react-icons/lu';
import {
  MAIN_MENU,
  MODULES_MENU,
  SETTINGS_MENU,
  SIDEBAR_COLLAPSED_KEY,
  isEntryActive,
  visibleEntries,
  withShopId,
  type MenuEntry,
} from '@/shared/navigation';
import type { AgentRole } from '@/shared/roles';
import { SUBSCRIPTION_PATH } from '@/shared/banners';
import { useAppDispatch, useAppSelector } from '../store';
import { mainMenuToggled, mobileMenuClosed, sidebarCollapsedRestored, sidebarToggled } from './shell.slice';
import { MENU_ICONS } from './menu-icons';

export interface SidebarProps {
  /** Null while the agent is loading: no entry is shown rather than another role's. */
  role: AgentRole | null;
  shopId?: string;
  isFreePlan: boolean;
  /** Menu clicks do nothing while the agent's name is missing (SPEC §2). */
  isLocked?: boolean;
  /** In the phone drawer the menu is always expanded. */
  variant: 'desktop' | 'drawer';
}

// A menu entry; the highlighted one is styled by its aria-current, the folded menu's by data-collapsed.
const ITEM_CLASS = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '3',
  justifyContent: 'flex-start',
  h: '10',
  borderRadius: 'md',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'fg.muted',
  bg: 'transparent',
  _hover: { bg: 'bg.muted', color: 'fg' },
  _currentPage: {
    fontWeight: 'semibold',
    color: 'brand.fg',
    bg: 'brand.subtle',
    _hover: { bg: 'brand.muted', color: 'fg' },
  },
  '&[data-collapsed]': { px: '0', justifyContent: 'center' },
});
const ICON_CLASS = css({ boxSize: '5', flexShrink: 0 });

function SidebarItem(props: {
  entry: MenuEntry;
  isHighlighted: boolean;
  isCollapsed: boolean;
  isFreePlan: boolean;
  href: string;
  isLocked?: boolean;
}) {
  const { entry, isHighlighted, isCollapsed, isFreePlan, isLocked } = props;
  const dispatch = useAppDispatch();
  const showsPlanFlag = entry.isPaidFeature && isFreePlan;
  const Icon = MENU_ICONS[entry.icon];
  return (
    <PageLink
      href={props.href}
      onClick={(event) => {
        if (isLocked) event.preventDefault();
        else dispatch(mobileMenuClosed());
      }}
      className={ITEM_CLASS}
      aria-current={isHighlighted ? 'page' : undefined}
      title={isCollapsed ? entry.label : undefined}
      data-collapsed={isCollapsed ? '' : undefined}
      data-free-plan={showsPlanFlag ? 'true' : undefined}
    >
      <Icon className={ICON_CLASS} />
      {isCollapsed ? (
        <Box as="span" srOnly>
          {entry.label}
        </Box>
      ) : (
        <Text flex="1">{entry.label}</Text>
      )}
      {showsPlanFlag && !isCollapsed ? (
        <Badge size="xs" colorPalette="purple" variant="subtle">
          Offre payante
        </Badge>
      ) : null}
    </PageLink>
  );
}

function Section({
  title,
  children,
  isCollapsed,
  action,
}: {
  title: string;
  children: React.ReactNode;
  isCollapsed: boolean;
  action?: React.ReactNode;
}) {
  return (
    <Stack gap="1" as="nav" aria-label={title}>
      {isCollapsed ? (
        <Box h="px" bg="border" mx="2" my="2" />
      ) : (
        <Flex align="center" justify="space-between" px="3" pt="3" pb="1">
          <Text
            fontSize="xs"
            fontWeight="semibold"
            textTransform="uppercase"
            letterSpacing="wider"
            color="fg.muted"
          >
            {title}
          </Text>
          {action}
        </Flex>
      )}
      {children}
    </Stack>
  );
}

export function SidebarMenu({ role, shopId, isFreePlan, isLocked, variant }: SidebarProps) {
  const router = useRouter();
  const dispatch = useAppDispatch();
  const { isSidebarCollapsed, isMainMenuCollapsed } = useAppSelector((s) => s.shell);
  // SPEC §2: the side menu auto-collapses on the subscription page (without changing the saved choice).
  const isCollapsed = variant === 'desktop' && (isSidebarCollapsed || router.pathname === SUBSCRIPTION_PATH);

  const render = (entries: MenuEntry[]) =>
    (role ? visibleEntries(entries, role) : []).map((entry) => (
      <SidebarItem
        key={entry.href}
        entry={entry}
        href={withShopId(entry.href, shopId)}
        isHighlighted={isEntryActive(entry, router.pathname)}
        isCollapsed={isCollapsed}
        isFreePlan={isFreePlan}
        isLocked={isLocked}
      />
    ));

  return (
    <Stack gap="2" flex="1" overflowY="auto" px="2" py="2">
      <Section
        title="Menu"
        isCollapsed={isCollapsed}
        action={
          <IconButton
            size="2xs"
            variant="ghost"
            aria-label={isMainMenuCollapsed ? 'Déplier le menu' : 'Replier le menu'}
            onClick={() => dispatch(mainMenuToggled())}
          >
            {isMainMenuCollapsed ? <LuChevronRight /> : <LuChevronDown />}
          </IconButton>
        }
      >
        {isMainMenuCollapsed && !isCollapsed ? null : render(MAIN_MENU)}
      </Section>
      <Section title="Vos modules" isCollapsed={isCollapsed}>
        {render(MODULES_MENU)}
      </Section>
      <Section title="Paramètres" isCollapsed={isCollapsed}>
        {render(SETTINGS_MENU)}
      </Section>
    </Stack>
  );
}

/** The desktop side menu, collapsible; the choice is kept in local storage as 'true' / 'false'. */
function DesktopSidebarView(props: Omit<SidebarProps, 'variant'>) {
  const router = useRouter();
  const dispatch = useAppDispatch();
  const isSidebarCollapsed = useAppSelector((s) => s.shell.isSidebarCollapsed);
  const isCollapsed = isSidebarCollapsed || router.pathname === SUBSCRIPTION_PATH;

  useEffect(() => {
    dispatch(sidebarCollapsedRestored(window.localStorage.getItem(SIDEBAR_COLLAPSED_KEY) === 'true'));
  }, [dispatch]);

  function toggle() {
    window.localStorage.setItem(SIDEBAR_COLLAPSED_KEY, String(!isSidebarCollapsed));
    dispatch(sidebarToggled());
  }

  return (
    <Flex
      as="aside"
      direction="column"
      display={{ base: 'none', lg: 'flex' }}
      w="248px"
      css={{ '&[data-collapsed=true]': { w: '72px' } }}
      transition="width 0.15s ease"
      flexShrink={0}
      bg="bg"
      borderRightWidth="1px"
      position="sticky"
      top="0"
      h="100dvh"
      data-collapsed={isCollapsed ? 'true' : 'false'}
    >
      <SidebarMenu {...props} variant="desktop" />
      <Box p="2" borderTopWidth="1px">
        <Button
          variant="ghost"
          size="sm"
          w="full"
          justifyContent="flex-start"
          css={{ '&[data-collapsed]': { justifyContent: 'center' } }}
          data-collapsed={isCollapsed ? '' : undefined}
          onClick={toggle}
          aria-label={isCollapsed ? 'Déplier la barre latérale' : 'Réduire la barre latérale'}
        >
          {isCollapsed ? <LuChevronsRight /> : <LuChevronsLeft />}
          {isCollapsed ? null : 'Réduire'}
        </Button>
      </Box>
    </Flex>
  );
}

/** The side menu redraws only when its own props change, not at every answer the shell receives. */
export const DesktopSidebar = memo(DesktopSidebarView);
