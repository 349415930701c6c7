import { Menu, Portal, Text } from '@chakra-ui/react';
import { useRouter } from 'next/router';
import { LuCreditCard, LuLogOut, LuShieldCheck, LuUser } from 'react-icons/lu';
import { withShopId } from '@/shared/navigation';
import { ROLE_LABELS } from '@/shared/roles';
import type { UserInfo } from '@/features/user/client/user.api';
import type { Shop } from '@/features/shop/client/shop.api';
import type { DeferredPopupProps } from '../components/DeferredPopup';
import { inChakraIsland } from './chakra-island';

/*
 * The header's two menus, loaded on first use (see DeferredPopup): their triggers are drawn by
 * Header.tsx with the page.
 */

function ShopSwitcherMenuView({
  open,
  onOpenChange,
  ids,
  shop,
  shops,
}: DeferredPopupProps & { shop: Shop; shops: UserInfo['shops'] }) {
  const router = useRouter();
  return (
    <Menu.Root lazyMount ids={ids} open={open} onOpenChange={(e) => onOpenChange(e.open)}>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>Vos boutiques</Menu.ItemGroupLabel>
              {shops.map((s) => (
                <Menu.Item
                  key={s._id}
                  value={s._id}
                  onSelect={() =>
                    void router.push({ pathname: router.pathname, query: { ...router.query, shopId: s._id } })
                  }
                  fontWeight={s._id === shop._id ? 'semibold' : 'normal'}
                >
                  <Text flex="1" truncate>
                    {s.name}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    {ROLE_LABELS[s.role].label}
                  </Text>
                </Menu.Item>
              ))}
            </Menu.ItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

function UserMenuView({
  open,
  onOpenChange,
  ids,
  shopId,
  isOperator,
  onLogout,
}: DeferredPopupProps & { shopId?: string; isOperator: boolean; onLogout: () => void }) {
  const router = useRouter();
  return (
    <Menu.Root
      lazyMount
      ids={ids}
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      positioning={{ placement: 'bottom-end' }}
    >
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="48">
            <Menu.Item
              value="account"
              onSelect={() => void router.push(withShopId('/parametres/general', shopId))}
            >
              <LuUser /> Mon compte
            </Menu.Item>
            <Menu.Item
              value="subscription"
              onSelect={() => void router.push(withShopId('/parametres/abonnement', shopId))}
            >
              <LuCreditCard /> Abonnement
            </Menu.Item>
            {isOperator ? (
              <Menu.Item value="console" onSelect={() => void router.push('/console')}>
                <LuShieldCheck /> Console plateforme
              </Menu.Item>
            ) : null}
            <Menu.Separator />
            <Menu.Item value="logout" color="fg.error" onSelect={onLogout}>
              <LuLogOut /> Déconnexion
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

export const ShopSwitcherMenu = inChakraIsland(ShopSwitcherMenuView);

export const UserMenu = inChakraIsland(UserMenuView);
