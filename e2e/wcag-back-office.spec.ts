import { expect, test } from './support/test';
import { violationsOf } from './support/axe';
import { signInAs } from './support/auth';

/*
 * Accessibility (issue 20), the back office's lists and views, as accessibility.spec.ts judges the
 * rest: axe finds nothing on each page once its content is drawn. Its own file, only reading, so
 * that it runs on the first server (the two servers' files then take about the same time), last
 * there.
 */

const BACK_OFFICE: Array<{ path: string; heading: string | RegExp }> = [
  { path: '/', heading: /Bonjour/ },
  { path: '/mes-commandes', heading: 'Commandes' },
  { path: '/mes-produits', heading: 'Produits' },
  { path: '/reductions', heading: 'Réductions' },
  { path: '/mes-clients', heading: 'Clients' },
  { path: '/statistiques', heading: 'Statistiques' },
  { path: '/livraison', heading: 'Livraison' },
  { path: '/website', heading: 'Site web' },
  { path: '/canaux-de-vente', heading: 'Canaux de vente' },
  { path: '/canaux-de-vente?onglet=coller', heading: 'Canaux de vente' },
  { path: '/canaux-de-vente?onglet=whatsapp', heading: 'Canaux de vente' },
  { path: '/canaux-de-vente?onglet=produits', heading: 'Canaux de vente' },
  { path: '/canaux-de-vente?onglet=catalogues', heading: 'Canaux de vente' },
  { path: '/crm', heading: 'CRM' },
  { path: '/crm?onglet=automatisations', heading: 'CRM' },
  { path: '/crm?onglet=fidelite', heading: 'CRM' },
];

test.describe('Accessibilité', () => {
  // In two halves, each with its own time: under a loaded CI the sixteen pages (the site builder
  // with its preview, the channels' four views) outgrew one test's three minutes.
  const HALF = Math.ceil(BACK_OFFICE.length / 2);
  for (const [part, pages] of [
    ['1/2', BACK_OFFICE.slice(0, HALF)],
    ['2/2', BACK_OFFICE.slice(HALF)],
  ] as const)
    test(`les pages du back-office, pour un admin (${part})`, async ({ page }) => {
      test.setTimeout(180_000);
      await signInAs(page, 'admin');
      // Every page's violations, then one assertion: a failure lists them all.
      const found: Record<string, string[]> = {};
      for (const { path, heading } of pages) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: heading, level: 1 }).first()).toBeVisible();
        // The page's data drawn (no skeleton or spinner left), as a person reads it.
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
        found[path] = await violationsOf(page);
      }
      expect(found).toEqual(Object.fromEntries(pages.map(({ path }) => [path, []])));
    });
});
