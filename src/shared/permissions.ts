import type { AgentRole } from './roles';

/**
 * The one permissions map (PRODUCT.md). The server checks it on every route and the menu is
 * derived from it, so the two can never disagree.
 */
export const PERMISSIONS = {
  'home:view': ['admin', 'supervisor', 'seller', 'cashier', 'inventory-manager'],
  'stats:view': ['admin', 'supervisor', 'seller', 'cashier', 'inventory-manager'],
  'orders:view': ['admin', 'supervisor', 'seller', 'cashier', 'inventory-manager'],
  /** Every order of the shop (a cashier sees only their own sales): the bell's order news. */
  'orders:view-all': ['admin', 'supervisor', 'seller', 'inventory-manager'],
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
  /** The plan in force and its dates, read-only (Abonnement opened from the banner or the account menu). */
  'plan:view': ['admin', 'supervisor', 'seller', 'cashier', 'inventory-manager'],
  'subscription:view': ['admin', 'supervisor'],
  'subscription:manage': ['admin'],
  'balance:view': ['admin', 'supervisor'],
  'shop:settings': ['admin'],
  /** « Pour bien démarrer » on Accueil: team, shop settings and plan are the admin's to set up. */
  'shop:checklist': ['admin'],
} as const satisfies Record<string, readonly AgentRole[]>;

export type Capability = keyof typeof PERMISSIONS;

export function can(role: AgentRole, capability: Capability): boolean {
  return (PERMISSIONS[capability] as readonly AgentRole[]).includes(role);
}

export function isCapability(value: string): value is Capability {
  return Object.hasOwn(PERMISSIONS, value);
}

/** Every capability the role holds: what a stored audience (a notification's) is checked against. */
export function capabilitiesOf(role: AgentRole): Capability[] {
  return (Object.keys(PERMISSIONS) as Capability[]).filter((capability) => can(role, capability));
}

/** The roles holding a capability. */
export function rolesWith(capability: Capability): readonly AgentRole[] {
  return PERMISSIONS[capability];
}
