import { expect, test } from './support/test';
import { violationsOf } from './support/axe';
import { DEMO, requestCode, signInAs } from './support/auth';
import { closeSessionIfOpened, openTillSession } from './support/till';

/*
 * Accessibility (issue 20): axe (WCAG 2.1 A and AA rules, and its best practices: landmarks,
 * heading order, table headers with text) finds nothing on the pages a seller and a cashier work in,
 * each once its content is drawn: sign-in and its code, the lists, the forms that create, a record
 * of each list, the settings, the till. A violation is printed with its rule, its help
 * and the elements it found, so the failure says what to fix.
 */

test.describe('Accessibilité', () => {
  test('la boutique en ligne, pour un acheteur sur téléphone', async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      baseURL: test.info().project.use.baseURL,
    });
    const page = await context.newPage();
    const found: Record<string, string[]> = {};
    for (const path of ['/boutique-awa', '/boutique-awa/catalogue', '/boutique-awa/p/boubou-brode-homme']) {
      await page.goto(path);
      found[path] = await violationsOf(page);
    }
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    found['/boutique-awa/panier'] = await violationsOf(page);
    await page.getByRole('link', { name: 'Passer la commande' }).click();
    found['/boutique-awa/commande'] = await violationsOf(page);
    // Sent empty: the errors drawn by each field are judged too.
    await page.getByRole('button', { name: 'Commander', exact: true }).click();
    await expect(page.getByText('Indiquez votre nom.')).toBeVisible();
    found['/boutique-awa/commande (erreurs)'] = await violationsOf(page);
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((path) => [path, []])));
    await context.close();
  });

  test('la connexion, sans session', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: /Recevoir le code/ })).toBeVisible();
    expect(await violationsOf(page)).toEqual([]);
    // The code's page, once asked for; its button judged under the mouse too, as a hovered solid
    // button is drawn in another shade that must keep its white text readable.
    await requestCode(page, DEMO.seller.local, DEMO.seller.phone);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(await violationsOf(page)).toEqual([]);
    await page.getByRole('button', { name: 'Se connecter' }).hover();
    expect(await violationsOf(page)).toEqual([]);
  });

  test('les pages de saisie, de détail et de réglages, pour un admin', async ({ page }) => {
    test.setTimeout(240_000);
    await signInAs(page, 'admin');
    const found: Record<string, string[]> = {};
    const check = async (label: string) => {
      // Drawn: a heading in the page's main part, no skeleton left (axe itself asks for an h1).
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible({ timeout: 20_000 });
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
      found[label] = await violationsOf(page);
    };
    for (const path of [
      '/mes-commandes/nouvelle',
      '/mes-produits/nouveau',
      '/mes-produits/inventaire',
      '/mes-clients/importer',
      '/reductions/nouvelle',
      '/parametres/general',
      '/parametres/abonnement',
    ]) {
      await page.goto(path);
      await check(path);
    }
    // A record of each list, opened from it as a person does.
    for (const [list, pattern] of [
      ['/mes-commandes', /\/mes-commandes\/(?!nouvelle)[\w-]+$/],
      ['/mes-produits', /\/mes-produits\/(?!nouveau|inventaire|etiquettes)[\w-]+$/],
      ['/mes-clients', /\/mes-clients\/(?!importer)[\w-]+$/],
      ['/reductions', /\/reductions\/(?!nouvelle)[\w-]+$/],
    ] as const) {
      await page.goto(list);
      const links = page.locator('main a[href]');
      await expect
        .poll(async () =>
          (await links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname))).find((href) =>
            pattern.test(href),
          ),
        )
        .toBeTruthy();
      const hrefs = await links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname));
      const target = hrefs.find((href) => pattern.test(href));
      await page.goto(target!);
      await check(`${list}/[fiche]`);
    }
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
  });

  test('la caisse, pour un caissier', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAs(page, 'cashier');
    // Where the till stands depends on the tests before: the choice of till, the float to count,
    // or the sale screen. Whichever it is, it is read once drawn, then the sale screen itself.
    const drawn = page
      .getByRole('button', { name: /Caisse 1/ })
      .or(page.getByLabel('Fond de caisse compté'))
      .or(page.getByTestId('product-card'));
    await expect(drawn.first()).toBeVisible({ timeout: 20_000 });
    const found: Record<string, string[]> = { avant: await violationsOf(page) };
    const { hasOpenedSession } = await openTillSession(page);
    found.vente = await violationsOf(page);
    await closeSessionIfOpened(page, hasOpenedSession);
    expect(found).toEqual({ avant: [], vente: [] });
  });
});
