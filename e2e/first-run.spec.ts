import { expect, test, type Browser, type Page } from './support/test';
import { signInAs, signInWithPhone, signUpNewShop } from './support/auth';
import { callApi, clickWhenStill, currentUrl, randomSenegalPhone } from './support/helpers';

async function shopIdOf(page: Page): Promise<string> {
  const { body } = await callApi<{ _id: string }>(page, 'GET', '/api/shop/getShop');
  return body._id;
}

async function invite(
  page: Page,
  shopId: string,
  role: string,
  names: { firstName?: string; lastName?: string } = {},
): Promise<{ local: string; e164: string }> {
  const phone = randomSenegalPhone();
  const answer = await callApi(page, 'POST', '/api/agent/inviteAgent', {
    shopId,
    phone: phone.local,
    role,
    ...names,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return phone;
}

async function newBrowserPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

const checklist = (page: Page) => page.getByTestId('first-run-checklist');

test.describe('Premier pas d’une nouvelle boutique', () => {
  test('« Pour bien démarrer » : chaque étape mène où elle se fait, se coche d’elle-même, et se masque', async ({
    page,
  }) => {
    await signUpNewShop(page, 'Debut');
    const shopId = await shopIdOf(page);
    const list = checklist(page);
    await expect(list.getByText('Pour bien démarrer', { exact: true })).toBeVisible();
    await expect(page.getByTestId('first-run-progress')).toHaveText('0 étape sur 5 terminée');
    const steps = {
      'Ajouter ou importer des produits': '/mes-produits',
      'Ouvrir la caisse': '/point-de-vente',
      'Inviter l’équipe': '/parametres/general',
      'Personnaliser la boutique': '/parametres/general',
      'Configurer la livraison': '/livraison',
    };
    for (const [label, path] of Object.entries(steps)) {
      const href = await list.getByRole('link', { name: label }).getAttribute('href');
      expect(new URL(href!, 'http://x').pathname, label).toBe(path);
      expect(new URL(href!, 'http://x').searchParams.get('shopId'), label).toBe(shopId);
    }
    await expect(page.getByTestId('first-run-step-products')).toHaveAttribute('data-done', 'false');

    // The first step's link, then a product made in the editor: back home, it is ticked.
    await list.getByRole('link', { name: 'Ajouter ou importer des produits' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/mes-produits');
    await page.goto(`/mes-produits/nouveau?shopId=${shopId}`);
    const form = page.getByRole('form', { name: 'Produit' });
    await form.getByRole('textbox', { name: /^Nom\s*\*?$/ }).fill('Bissap 1 L');
    await form.getByLabel('Prix (produit)').fill('1000');
    await form.getByRole('button', { name: 'Créer le produit' }).click();
    await expect(page.getByRole('heading', { name: 'Bissap 1 L' })).toBeVisible();
    await page.getByRole('complementary').getByRole('link', { name: 'Accueil' }).click();
    await expect(page.getByTestId('first-run-step-products')).toHaveAttribute('data-done', 'true');
    await expect(page.getByTestId('first-run-progress')).toHaveText('1 étape sur 5 terminée');
    // Livraison keeps no settings yet: never ticked.
    await expect(page.getByTestId('first-run-step-delivery')).toHaveAttribute('data-done', 'false');

    // Closed by the admin: gone, and still gone after a reload.
    await list.getByRole('button', { name: /^Masquer/ }).click();
    await expect(list).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: /^Bonjour/ })).toBeVisible();
    await expect(page.getByTestId('today-sales')).toBeVisible();
    await expect(checklist(page)).toHaveCount(0);
  });

  test('la caisse sans produit le dit : lien vers Mes produits pour l’admin, « demandez à votre gérant » pour le caissier, qui arrive sur la caisse', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await signUpNewShop(page, 'Caisse');
    const shopId = await shopIdOf(page);
    const cashierPhone = await invite(page, shopId, 'cashier', { firstName: 'Binta', lastName: 'Fall' });

    await checklist(page).getByRole('link', { name: 'Ouvrir la caisse' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/point-de-vente');
    const floatField = page.getByLabel('Fond de caisse compté');
    await expect(floatField).toBeVisible({ timeout: 20_000 });
    await floatField.fill('0');
    await page.getByRole('button', { name: 'Ouvrir la session' }).click();
    const empty = page.getByTestId('till-empty-catalogue');
    await expect(empty).toContainText('Aucun produit dans le catalogue pour le moment.');
    await expect(page.getByText('Le catalogue se charge depuis le serveur…')).toHaveCount(0);
    const link = empty.getByRole('link', { name: 'Mes produits' });
    expect(await link.getAttribute('href')).toBe(`/mes-produits?shopId=${shopId}`);
    // The session opened counts for « Ouvrir la caisse ».
    await page.goto(`/?shopId=${shopId}`);
    await expect(page.getByTestId('first-run-step-till')).toHaveAttribute('data-done', 'true');

    // The cashier signs in and lands on the till, not on Accueil; the empty catalogue sends them to their manager.
    const cashier = await newBrowserPage(browser);
    await signInWithPhone(cashier, cashierPhone.local, cashierPhone.e164);
    await expect(cashier).toHaveURL((url) => url.pathname === '/point-de-vente');
    const cashierEmpty = cashier.getByTestId('till-empty-catalogue');
    await expect(cashierEmpty).toContainText('Demandez à votre gérant d’ajouter des produits.', {
      timeout: 20_000,
    });
    await expect(cashierEmpty.getByRole('link')).toHaveCount(0);
    // Typing the home page's address brings them back to the till.
    await cashier.goto('/');
    await expect(cashier).toHaveURL((url) => url.pathname === '/point-de-vente');
    await expect(cashier.getByRole('heading', { name: /^Bonjour/ })).toHaveCount(0);
    await cashier.context().close();
  });

  test('un vendeur sans nom est ramené à /confirmer-informations depuis /mes-commandes/nouvelle', async ({
    page,
    browser,
  }) => {
    await signUpNewShop(page, 'SansNom');
    const sellerPhone = await invite(page, await shopIdOf(page), 'seller');

    const seller = await newBrowserPage(browser);
    // Records whether the order editor was ever drawn, even for a moment.
    await seller.addInitScript(() => {
      new MutationObserver(() => {
        if ([...document.querySelectorAll('h1')].some((h) => h.textContent === 'Nouvelle commande'))
          (window as unknown as { sawEditor?: boolean }).sawEditor = true;
      }).observe(document, { subtree: true, childList: true });
    });
    await signInWithPhone(seller, sellerPhone.local, sellerPhone.e164);
    await expect(seller).toHaveURL((url) => url.pathname === '/confirmer-informations');
    await seller.goto('/mes-commandes/nouvelle');
    await expect(seller).toHaveURL(
      (url) =>
        url.pathname === '/confirmer-informations' &&
        url.searchParams.get('message') === 'missing_agent_name',
    );
    await expect(seller.getByRole('heading', { name: 'Confirmez vos informations' })).toBeVisible();
    expect(
      await seller.evaluate(() => (window as unknown as { sawEditor?: boolean }).sawEditor ?? false),
    ).toBe(false);
    await seller.context().close();
  });

  test('la cloche ne montre à chacun que ce qu’il peut ouvrir, et une commande s’ouvre depuis la cloche', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await signUpNewShop(page, 'Cloche');
    const shopId = await shopIdOf(page);
    const product = await callApi<{ variants: Array<{ _id: string }> }>(page, 'POST', '/api/product/create', {
      shopId,
      name: 'Attaya',
      variants: [{ optionValues: [], price: 2000, stock: 10 }],
    });
    expect(product.status).toBe(200);
    const sellerPhone = await invite(page, shopId, 'seller', { firstName: 'Fatou', lastName: 'Sow' });
    const cashierPhone = await invite(page, shopId, 'cashier', { firstName: 'Modou', lastName: 'Fall' });

    const seller = await newBrowserPage(browser);
    await signInWithPhone(seller, sellerPhone.local, sellerPhone.e164);
    await expect(seller.getByRole('heading', { name: /^Bonjour Fatou/ })).toBeVisible();
    await expect(seller.getByRole('button', { name: /^Notifications/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();
    // Both pages' sockets join their shop's rooms.
    await page.waitForTimeout(1000);

    const order = await callApi<{ id: string; number: number }>(seller, 'POST', '/api/order/create', {
      shopId,
      lines: [{ variantId: product.body.variants[0]!._id, quantity: 1 }],
      newClient: { name: 'Mariama Kane', phone: '77 123 45 67' },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);

    // The admin is told at once; the seller, who took it, is not.
    await expect(page.getByText(/Vous avez 1 nouvelle commande/)).toBeVisible();
    await page.waitForTimeout(500);
    await expect(seller.getByText(/nouvelle commande/)).toHaveCount(0);
    await seller.context().close();

    // Its bell item opens the order.
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const popover = page.getByRole('dialog').filter({ hasText: 'Notifications' });
    const link = popover.getByRole('link', { name: new RegExp(`Nouvelle commande #${order.body.number}`) });
    await clickWhenStill(page, link);
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === `/mes-commandes/${order.body.id}` && url.searchParams.get('shopId') === shopId,
    );
    await expect(page.getByText('Mariama Kane').first()).toBeVisible();

    // The cashier's bell has none of it: neither the order (a client's name) nor the team's news.
    const cashier = await newBrowserPage(browser);
    await signInWithPhone(cashier, cashierPhone.local, cashierPhone.e164);
    await expect(cashier).toHaveURL((url) => url.pathname === '/point-de-vente');
    await cashier.goto(`/mes-commandes?shopId=${shopId}`);
    await cashier.getByRole('button', { name: /^Notifications/ }).click();
    const cashierBell = cashier.getByRole('dialog').filter({ hasText: 'Notifications' });
    await expect(cashierBell.getByText('Aucune notification')).toBeVisible();
    await expect(cashierBell.getByText(/Nouvelle commande|Mariama|Nouvel agent/)).toHaveCount(0);
    await cashier.context().close();
  });

  test('un rôle sans droit de payer ouvre « Abonnement » en lecture seule, depuis le menu du compte et depuis la bannière', async ({
    page,
  }) => {
    await signInAs(page, 'seller');
    await page.getByRole('button', { name: 'Menu du compte' }).click();
    await page.getByRole('menuitem', { name: 'Abonnement' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/parametres/abonnement');
    const view = page.getByTestId('plan-read-only');
    await expect(view).toContainText('Demandez à l’administrateur de changer d’offre.');
    await expect(view).toContainText('Fin de l’essai gratuit');
    await expect(view).toContainText(/Essai gratuit \(offre Pro\) jusqu’au \d{2}-\d{2}-\d{4}, \d{2}:\d{2}/);
    await expect(page.getByTestId('access-denied')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Payer/ })).toHaveCount(0);
    await expect(page.getByText('Factures')).toHaveCount(0);

    // The trial banner's « Choisir une offre » leads to the same view, not to « Accès refusé ».
    await page.goto('/');
    await page.locator('[data-banner="free_trial"]').getByRole('link', { name: 'Choisir une offre' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/parametres/abonnement');
    await expect(page.getByTestId('plan-read-only')).toBeVisible();
    expect(currentUrl(page).searchParams.get('shopId')).toBeTruthy();
  });
});
