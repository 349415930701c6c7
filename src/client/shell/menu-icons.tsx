import type { IconType } from 'react-icons';
import {
  LuChartBar,
  LuCreditCard,
  LuGlobe,
  LuHouse,
  LuMegaphone,
  LuPackage,
  LuShare2,
  LuShoppingCart,
  LuStore,
  LuTag,
  LuTruck,
  LuUser,
  LuUsers,
  LuSettings,
} from 'react-icons/lu';
import type { MenuIcon } from '@/shared/navigation';

export const MENU_ICONS: Record<MenuIcon, IconType> = {
  home: LuHouse,
  products: LuPackage,
  orders: LuShoppingCart,
  discounts: LuTag,
  stats: LuChartBar,
  clients: LuUsers,
  pos: LuStore,
  website: LuGlobe,
  delivery: LuTruck,
  channels: LuShare2,
  crm: LuMegaphone,
  shop: LuSettings,
  account: LuUser,
  subscription: LuCreditCard,
};
