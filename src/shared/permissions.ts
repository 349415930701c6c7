import type { AgentRole } from './roles';

/**
 * The one permissions map (PRODUCT.md). The server checks it on every route and the menu is
 * derived from it, so the two can never disagree.
 */
export const PERMISSIONS = {
  'home:view': ['admin', 'supervisor', 'seller', 'cashier', 'inventory-manager'],
  'stats:view': ['admin', 'supervisor', 'seller', 'cashier', 'inventory-manager'],
  'orders:view': ['admin', 'supervisor', 'seller', 'cashier', 'inventory-manager'],
  /** Orders by hand, their statuses, payments, edits and notes; a cashier sells through the till. */
  'orders:create': ['admin', 'supervisor', 'seller'],
  'orders:manage': ['admin', 'supervisor', 'seller'],
  'orders:refund': ['admin', 'supervisor'],
  'products:view': ['admin', 'supervisor', 'seller', 'inventory-manager'],
  'products:edit': ['admin', 'supervisor', 'seller', 'inventory-manager'],
  'stock:adjust': ['admin', 'supervisor', 'inventory-manager'],
  'discounts:manage': ['admin', 'supervisor', 'seller'],
  'clients:manage': ['admin', 'supervisor', 'seller'],
  'pos:use': ['admin', 'supervisor', 'seller', 'cashier'],
  'pos:approve': ['admin', 'supervisor'],
  'website:manage': ['admin', 'seller'],
  'delivery:view': ['admin', 'supervisor', 'seller', 'cashier', 'inventory-manager'],
  'delivery:manage': ['admin', 'supervisor', 'seller'],
  'channels:view': ['admin', 'supervisor', 'seller', 'cashier', 'inventory-manager'],
  'channels:manage': ['admin', 'supervisor', 'seller'],
  'crm:view': ['admin', 'supervisor', 'seller', 'cashier', 'inventory-manager'],
  'crm:manage': ['admin', 'supervisor', 'seller'],
  'notifications:view': ['admin', 'supervisor', 'seller', 'cashier', 'inventory-manager'],
  'team:view': ['admin', 'supervisor'],
  'team:manage': ['admin'],
  'subscription:view': ['admin', 'supervisor'],
  'subscription:manage': ['admin'],
  'balance:view': ['admin', 'supervisor'],
  'shop:settings': ['admin'],
} as const satisfies Record<string, readonly AgentRole[]>;

export type Capability = keyof typeof PERMISSIONS;

export function can(role: AgentRole, capability: Capability): boolean {
  return (PERMISSIONS[capability] as readonly AgentRole[]).includes(role);
}
