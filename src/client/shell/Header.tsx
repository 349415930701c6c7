import { Avatar, Box, Button, Flex, HStack, IconButton, Text, VisuallyHidden } from '@/client/ui';
import { lazy, memo, useState } from 'react';
import { LuChevronDown, LuMenu } from 'react-icons/lu';
import { LogoMark } from '../brand/LogoMark';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { DeferredPopup } from '../components/DeferredPopup';
import { refuseWhileTillUnsynced, signOutHere } from '../session/sign-out';
import { ROLE_LABELS, type AgentRole } from '@/shared/roles';
import type { UserInfo } from '@/features/user/client/user.api';
import type { Shop } from '@/features/shop/client/shop.api';
import { useAppDispatch } from '../store';
import { mobileMenuOpened } from './shell.slice';
import { NotificationBell } from '@/features/notification/client/NotificationBell';

const ShopSwitcherMenu = lazy(() => import('./header-menus').then((m) => ({ default: m.ShopSwitcherMenu })));
const UserMenu = lazy(() => import('./header-menus').then((m) => ({ default: m.UserMenu })));

function ShopSwitcher({ shop, user }: { shop: Shop | null; user: UserInfo | null }) {
  const shops = user?.shops ?? [];
  if (!shop) return null;
  if (shops.length <= 1) {
    return (
      <Text fontWeight="semibold" truncate data-testid="shop-name">
        {shop.name}
      </Text>
    );
  }
  return (
    <DeferredPopup
      trigger={
        <Button
          variant="ghost"
          size="sm"
          px="2"
          colorPalette="gray"
          fontWeight="semibold"
          maxW={{ base: '44', md: 'sm' }}
          aria-label={`Boutique : ${shop.name}. Changer de boutique`}
        >
          <Text truncate data-testid="shop-name">
            {shop.name}
          </Text>
          <LuChevronDown />
        </Button>
      }
      popup={(props) => <ShopSwitcherMenu {...props} shop={shop} shops={shops} />}
    />
  );
}

function UserMenuButton({
  name,
  role,
  shopId,
  photoUrl,
  isOperator,
  onLogout,
}: {
  name: string;
  role: AgentRole | null;
  shopId?: string;
  photoUrl?: string | null;
  isOperator: boolean;
  onLogout: () => void;
}) {
  const initials = name
    .split(' ')
    .map((p) => p[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <DeferredPopup
      trigger={
        // Its name is what it shows (initials, name, role) after what it is: no label hiding them.
        <Button variant="ghost" size="sm" px="1" colorPalette="gray">
          <VisuallyHidden>Menu du compte</VisuallyHidden>
          <Avatar.Root size="xs" colorPalette="brand">
            {photoUrl ? <Avatar.Image src={photoUrl} alt="" /> : null}
            <Avatar.Fallback>{initials || '?'}</Avatar.Fallback>
          </Avatar.Root>
          <Box display={{ base: 'none', md: 'block' }} textAlign="left" lineHeight="short">
            <Text fontSize="sm" fontWeight="medium">
              {name}
            </Text>
            {role ? (
              <Text fontSize="xs" color="fg.muted">
                {ROLE_LABELS[role].label}
              </Text>
            ) : null}
          </Box>
          <LuChevronDown />
        </Button>
      }
      popup={(props) => <UserMenu {...props} shopId={shopId} isOperator={isOperator} onLogout={onLogout} />}
    />
  );
}

/** Top bar (SPEC §2): shop name or switcher, then the user menu with Mon compte, Abonnement, Déconnexion. */
function HeaderView(props: {
  shop: Shop | null;
  user: UserInfo | null;
  agentName: string;
  role: AgentRole | null;
  photoUrl?: string | null;
  hasMenu: boolean;
}) {
  const dispatch = useAppDispatch();
  const [isLogoutOpen, setLogoutOpen] = useState(false);
  const [isLoggingOut, setLoggingOut] = useState(false);

  async function logout() {
    if (await refuseWhileTillUnsynced()) return setLogoutOpen(false);
    setLoggingOut(true);
    await signOutHere();
  }

  return (
    <Flex
      as="header"
      bg="bg"
      borderBottomWidth="1px"
      px={{ base: '3', md: '6' }}
      h="14"
      align="center"
      justify="space-between"
      gap="3"
      position="sticky"
      top="0"
      zIndex="sticky"
    >
      <HStack gap="2" minW="0">
        {props.hasMenu ? (
          <IconButton
            display={{ base: 'inline-flex', lg: 'none' }}
            variant="ghost"
            aria-label="Ouvrir le menu"
            onClick={() => dispatch(mobileMenuOpened())}
          >
            <LuMenu />
          </IconButton>
        ) : null}
        <Box flexShrink={0}>
          <LogoMark size={24} />
        </Box>
        <ShopSwitcher shop={props.shop} user={props.user} />
      </HStack>
      <HStack gap="1">
        {props.shop && !props.shop.isBlocked ? (
          <NotificationBell shopId={props.shop._id} timeZone={props.shop.timeZone} />
        ) : null}
        <UserMenuButton
          name={props.agentName}
          role={props.role}
          shopId={props.shop?._id}
          photoUrl={props.photoUrl}
          isOperator={!!props.user?.isPlatformOperator}
          onLogout={() => setLogoutOpen(true)}
        />
      </HStack>
      <ConfirmDialog
        isOpen={isLogoutOpen}
        onClose={() => setLogoutOpen(false)}
        onConfirm={() => void logout()}
        title="Demande de confirmation"
        confirmLabel="Se déconnecter"
        isLoading={isLoggingOut}
      >
        Êtes-vous sûr(e) de vouloir vous déconnecter ?
      </ConfirmDialog>
    </Flex>
  );
}

/** The top bar redraws only when its own props change, not at every answer the shell receives. */
export const Header = memo(HeaderView);
