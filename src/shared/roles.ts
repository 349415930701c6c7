export const AGENT_ROLES = ['admin', 'supervisor', 'seller', 'cashier', 'inventory-manager'] as const;
export type AgentRole = (typeof AGENT_ROLES)[number];

/** SPEC §3 labels and colours; PRODUCT.md gives `seller` « Vendeur » in green. */
export const ROLE_LABELS: Record<AgentRole, { label: string; colorPalette: string }> = {
  admin: { label: 'Administrateur', colorPalette: 'red' },
  supervisor: { label: 'Superviseur', colorPalette: 'gray' },
  seller: { label: 'Vendeur', colorPalette: 'green' },
  cashier: { label: 'Chargé de caisse', colorPalette: 'orange' },
  'inventory-manager': { label: "Chargé de l'inventaire", colorPalette: 'blue' },
};

/** SPEC §3: the current agent falls back to admin when the server returns nothing. */
export const DEFAULT_ROLE: AgentRole = 'admin';

export function isAgentRole(value: unknown): value is AgentRole {
  return typeof value === 'string' && (AGENT_ROLES as readonly string[]).includes(value);
}
