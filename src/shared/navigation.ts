import type { Capability } from './permissions';
import { can } from './permissions';
import type { AgentRole } from './roles';

export type MenuIcon =
  | 'home'
  | 'products'
  | 'orders'
  | 'discounts'
  | 'stats'
  | 'clients'
  | 'pos'
  | 'website'
  | 'delivery'
  | 'channels'
  | 'crm'
  | 'shop'
  | 'account'
  | 'subscription';

export interface MenuEntry {
  href: string;
  label: string;
  icon: MenuIcon;
  capability: Capability;
  /** Not included in the free plan: flagged in the menu while the shop is on free quotas. */
  isPaidFeature?: boolean;
}

/** SPEC §2 main menu, with PRODUCT.md's visibility (Clients works as intended). */
export const MAIN_MENU: MenuEntry[] = [
  { href: '/', label: 'Accueil', icon: 'home', capability: 'home:view' },
  { href: '/mes-produits', label: 'Mes produits', icon: 'products', capability: 'products:view' },
  { href: '/mes-commandes', label: 'Commandes', icon: 'orders', capability: 'orders:view' },
  { href: '/reductions', label: 'Réductions', icon: 'discounts', capability: 'discounts:manage' },
  { href: '/statistiques', label: 'Statistiques', icon: 'stats', capability: 'stats:view' },
  { href: '/mes-clients', label: 'Clients', icon: 'clients', capability: 'clients:manage' },
];

/** SPEC §2 « Vos modules ». */
export const MODULES_MENU: MenuEntry[] = [
  { href: '/point-de-vente', label: 'Point de vente', icon: 'pos', capability: 'pos:use' },
  { href: '/website', label: 'Site web', icon: 'website', capability: 'website:manage' },
  { href: '/livraison', label: 'Livraison', icon: 'delivery', capability: 'delivery:view' },
  { href: '/canaux-de-vente', label: 'Canaux de vente', icon: 'channels', capability: 'channels:view' },
  // SMS campaigns need SMS credits, which the free plan has none of.
  { href: '/crm', label: 'CRM', icon: 'crm', capability: 'crm:view', isPaidFeature: true },
];

export const SETTINGS_MENU: MenuEntry[] = [
  {
    href: '/parametres/general?section=boutique',
    label: 'Ma boutique',
    icon: 'shop',
    capability: 'shop:settings',
  },
  { href: '/parametres/general', label: 'Mon compte', icon: 'account', capability: 'home:view' },
  {
    href: '/parametres/abonnement',
    label: 'Abonnement',
    icon: 'subscription',
    capability: 'subscription:view',
  },
];

export function visibleEntries(entries: MenuEntry[], role: AgentRole): MenuEntry[] {
  return entries.filter((entry) => can(role, entry.capability));
}

/** Highlighted when the current path is the entry's page or below it ("/" only matches itself). */
export function isEntryActive(entry: MenuEntry, pathname: string): boolean {
  const path = entry.href.split('?')[0]!;
  if (path === '/') return pathname === '/';
  if (entry.href.includes('?')) return false;
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** The href with the current shopId kept (SPEC §2 navigation rule). */
export function withShopId(href: string, shopId: string | undefined): string {
  if (!shopId) return href;
  const [path, query = ''] = href.split('?');
  const params = new URLSearchParams(query);
  params.set('shopId', shopId);
  return `${path}?${params.toString()}`;
}

export const SIDEBAR_COLLAPSED_KEY = 'sidebar-collapsed';

export const TILL_PATH = '/point-de-vente';

/** Where the app opens for a role: a cashier works at the till, so `/` and sign-in lead there. */
export function landingPath(role: AgentRole): string {
  return role === 'cashier' ? TILL_PATH : '/';
}

/** « Retour au back-office » from the till: `/` would bring a cashier straight back to the till. */
export function backOfficePath(role: AgentRole): string {
  return landingPath(role) === TILL_PATH ? '/mes-commandes' : '/';
}
