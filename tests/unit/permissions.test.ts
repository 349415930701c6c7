import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS } from '@/shared/permissions';
import { AGENT_ROLES, DEFAULT_ROLE, ROLE_LABELS, isAgentRole } from '@/shared/roles';

describe('the permissions map (PRODUCT.md)', () => {
  it('hides products from the cashier but gives them to the inventory manager', () => {
    expect(can('cashier', 'products:view')).toBe(false);
    expect(can('inventory-manager', 'products:edit')).toBe(true);
    expect(can('seller', 'stock:adjust')).toBe(false);
  });

  it('matches SPEC §2 menus for discounts, point of sale and website', () => {
    expect(AGENT_ROLES.filter((r) => can(r, 'discounts:manage'))).toEqual(['admin', 'supervisor', 'seller']);
    expect(AGENT_ROLES.filter((r) => can(r, 'pos:use'))).toEqual([
      'admin',
      'supervisor',
      'seller',
      'cashier',
    ]);
    expect(AGENT_ROLES.filter((r) => can(r, 'website:manage'))).toEqual(['admin', 'seller']);
    for (const cap of ['delivery:view', 'channels:view', 'crm:view', 'orders:view', 'stats:view'] as const) {
      expect(AGENT_ROLES.every((r) => can(r, cap))).toBe(true);
    }
  });

  it('works as intended for clients (the spec’s faulty check is not reproduced)', () => {
    expect(AGENT_ROLES.filter((r) => can(r, 'clients:manage'))).toEqual(['admin', 'supervisor', 'seller']);
  });

  it('keeps team, subscription and money to admin (supervisor reads)', () => {
    expect(AGENT_ROLES.filter((r) => can(r, 'team:manage'))).toEqual(['admin']);
    expect(AGENT_ROLES.filter((r) => can(r, 'balance:view'))).toEqual(['admin', 'supervisor']);
    expect(AGENT_ROLES.filter((r) => can(r, 'subscription:manage'))).toEqual(['admin']);
  });

  it('names only known roles, labels every role, and defaults to admin', () => {
    for (const roles of Object.values(PERMISSIONS)) for (const r of roles) expect(isAgentRole(r)).toBe(true);
    expect(ROLE_LABELS.cashier).toEqual({ label: 'Chargé de caisse', colorPalette: 'orange' });
    expect(ROLE_LABELS['inventory-manager'].label).toBe("Chargé de l'inventaire");
    expect(ROLE_LABELS.seller).toEqual({ label: 'Vendeur', colorPalette: 'green' });
    expect(DEFAULT_ROLE).toBe('admin');
    expect(isAgentRole('owner')).toBe(false);
  });
});

describe('the menu derived from the permissions map', () => {
  it('shows each role exactly its SPEC §2 entries', async () => {
    const { MAIN_MENU, MODULES_MENU, visibleEntries } = await import('@/shared/navigation');
    const labels = (role: Parameters<typeof visibleEntries>[1]) => [
      ...visibleEntries(MAIN_MENU, role).map((e) => e.label),
      ...visibleEntries(MODULES_MENU, role).map((e) => e.label),
    ];
    const all = ['Livraison', 'Canaux de vente', 'CRM'];
    expect(labels('admin')).toEqual([
      'Accueil',
      'Mes produits',
      'Commandes',
      'Réductions',
      'Statistiques',
      'Clients',
      'Point de vente',
      'Site web',
      ...all,
    ]);
    expect(labels('supervisor')).toEqual([
      'Accueil',
      'Mes produits',
      'Commandes',
      'Réductions',
      'Statistiques',
      'Clients',
      'Point de vente',
      ...all,
    ]);
    expect(labels('seller')).toEqual([
      'Accueil',
      'Mes produits',
      'Commandes',
      'Réductions',
      'Statistiques',
      'Clients',
      'Point de vente',
      'Site web',
      ...all,
    ]);
    expect(labels('cashier')).toEqual(['Accueil', 'Commandes', 'Statistiques', 'Point de vente', ...all]);
    expect(labels('inventory-manager')).toEqual([
      'Accueil',
      'Mes produits',
      'Commandes',
      'Statistiques',
      ...all,
    ]);
  });

  it('keeps shopId on links and highlights the current entry', async () => {
    const { withShopId, isEntryActive, MAIN_MENU } = await import('@/shared/navigation');
    expect(withShopId('/mes-produits', 'abc')).toBe('/mes-produits?shopId=abc');
    expect(withShopId('/parametres/general?section=boutique', 'abc')).toBe(
      '/parametres/general?section=boutique&shopId=abc',
    );
    expect(withShopId('/', undefined)).toBe('/');
    const [home, products] = MAIN_MENU;
    expect(isEntryActive(home!, '/')).toBe(true);
    expect(isEntryActive(home!, '/mes-produits')).toBe(false);
    expect(isEntryActive(products!, '/mes-produits/123')).toBe(true);
  });
});
