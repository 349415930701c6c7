import { expect, test, type Page } from './support/test';
import { signInAs, signUpNewShop } from './support/auth';
import { callApi, watchRequests } from './support/helpers';

/*
 * Réductions (issue 17), as a shop builds them: the automatic « 3 pour 2 » (buy 2 drinks, get 1
 * free, repeating) and the code « BIENVENUE10 » (−10 % on the order), in a shop of their own so that
 * the demo shop's discounts (and the other specs' sales) are left as they are.
 */

function editor(page: Page) {
  return page.getByRole('form', { name: 'Réduction' });
}

async function addCategory(page: Page, set: string, category: string) {
  const group = editor(page).getByRole('group', { name: set, exact: true });
  await group.getByLabel(`Catégorie à ajouter (${set})`).selectOption({ label: category });
  await group.getByRole('button', { name: 'Ajouter la catégorie' }).click();
  await expect(group.getByTestId('picked-items')).toContainText(category);
}

function row(page: Page, name: string) {
  return page.getByTestId('discount-row').filter({ has: page.getByText(name, { exact: true }) });
}

test.describe('Réductions', () => {
  test('une boutique crée « 3 pour 2 » et « BIENVENUE10 » ; les erreurs ne sauvent rien ; dupliquer et archiver', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUpNewShop(page, 'Remises');
    const shopId = (await callApi<{ _id: string }>(page, 'GET', '/api/shop/getShop')).body._id;
    const drinks = await callApi(page, 'POST', '/api/product/createCategory', { shopId, name: 'Boissons' });
    expect(drinks.status).toBe(200);
    await page.getByRole('link', { name: 'Réductions' }).first().click();
    await expect(page.getByRole('heading', { name: 'Réductions', level: 1 })).toBeVisible();
    // A shop without discounts says what they are for, with « Créer une réduction », and no cap card yet.
    await expect(page.getByTestId('no-discounts-yet')).toBeVisible();
    await expect(page.getByTestId('stacking-rules')).toHaveCount(0);
    await page.getByRole('link', { name: 'Créer une réduction' }).first().click();
    await expect(page).toHaveURL(/\/reductions\/nouvelle/);

    // « 3 pour 2 »: automatic, buy 2 drinks, get 1 drink free, as often as the cart allows.
    const form = editor(page);
    await form.getByText('Automatique (dès que les conditions sont remplies)').click();
    await form.getByRole('textbox', { name: /^Nom/ }).fill('3 pour 2');
    await form.getByLabel('Type de réduction').selectOption({ label: 'Achetez X, obtenez Y' });
    await expect(form.getByLabel(/^Quantité achetée/)).toHaveValue('2');
    await addCategory(page, 'Produits achetés', 'Boissons');
    await expect(form.getByLabel(/^Quantité obtenue/)).toHaveValue('1');
    await expect(form.getByLabel(/^Réduction sur ces articles/)).toHaveValue('100');
    await addCategory(page, 'Produits obtenus', 'Boissons');
    await expect(form.getByText('Se répète (autant de fois que le panier le permet)')).toBeVisible();
    await expect(page.getByTestId('discount-summary')).toContainText('3 pour le prix de 2');
    await form.getByRole('button', { name: 'Activer' }).click();
    await expect(page).toHaveURL(/\/reductions\/[a-z0-9]+\?shopId=/);
    await expect(page.getByRole('heading', { name: '3 pour 2', level: 1 })).toBeVisible();
    await expect(page.getByTestId('discount-state')).toHaveText('Active');
    // The saved sets come back named.
    await expect(
      editor(page).getByRole('group', { name: 'Produits achetés', exact: true }).getByTestId('picked-items'),
    ).toContainText('Boissons');

    // « BIENVENUE10 »: bad input first, each refused under its field, nothing sent or saved.
    await page.getByRole('link', { name: 'Réductions' }).first().click();
    await page.getByRole('link', { name: 'Créer une réduction' }).click();
    const creates = watchRequests(page, '/api/discount/create');
    await form.getByRole('textbox', { name: /^Nom/ }).fill('BIENVENUE10');
    await form.getByRole('textbox', { name: /^Code/ }).fill('BIENVENUE10');
    await form.getByLabel(/^Pourcentage de réduction/).fill('120');
    await form.getByRole('button', { name: 'Activer' }).click();
    await expect(form.getByText('Le pourcentage doit être compris entre 0 et 100.')).toBeVisible();
    await form.getByLabel(/^Pourcentage de réduction/).fill('10');
    await form.getByLabel(/^Début/).fill('2026-12-31T00:00');
    await form.getByLabel(/^Fin/).fill('2026-12-01T00:00');
    await form.getByRole('button', { name: 'Activer' }).click();
    await expect(form.getByText('La fin doit venir après le début.')).toBeVisible();
    expect(creates).toHaveLength(0);
    // Dates are read in the shop's zone: an end at midnight closes the day before.
    await form.getByLabel(/^Début/).fill('2031-01-05T00:00');
    await form.getByLabel(/^Fin/).fill('2031-01-10T00:00');
    await expect(page.getByTestId('discount-summary')).toContainText('du 5 au 9 janvier 2031');
    await form.getByLabel(/^Début/).fill('');
    await form.getByLabel(/^Fin/).fill('');
    // Chosen clients: the search comes with the choice, and goes with it.
    await form.getByText('Clients choisis', { exact: true }).click();
    await expect(form.getByRole('textbox', { name: 'Rechercher un client' })).toBeVisible();
    await form.getByText('Tous', { exact: true }).click();
    await expect(form.getByRole('textbox', { name: 'Rechercher un client' })).toHaveCount(0);
    await form.getByLabel(/^Montant minimum d’achat/).fill('10000');
    await expect(page.getByTestId('discount-summary')).toContainText(
      /−10\s%\ssur la commande dès 10\s000\sFCFA/,
    );
    await form.getByLabel(/^Montant minimum d’achat/).fill('');
    await form.getByRole('button', { name: 'Activer' }).click();
    await expect(page.getByRole('heading', { name: 'BIENVENUE10', level: 1 })).toBeVisible();
    await expect(page.getByTestId('discount-state')).toHaveText('Active');

    // A code already used in the shop (any case): the server refuses it under « Code ».
    await page.getByRole('link', { name: 'Réductions' }).first().click();
    await page.getByRole('link', { name: 'Créer une réduction' }).click();
    await form.getByRole('textbox', { name: /^Nom/ }).fill('Doublon');
    await form.getByRole('textbox', { name: /^Code/ }).fill('bienvenue10');
    await form.getByLabel(/^Pourcentage de réduction/).fill('5');
    await form.getByRole('button', { name: 'Activer' }).click();
    await expect(form.getByText('Ce code est déjà utilisé dans la boutique.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/reductions\/nouvelle/);

    // The list: both active, with their value; nothing else was saved.
    await page.getByRole('link', { name: 'Réductions' }).first().click();
    const list = page.getByTestId('discounts-list');
    await expect(list.getByTestId('discount-row')).toHaveCount(2);
    await expect(row(page, '3 pour 2')).toContainText('Active');
    await expect(row(page, '3 pour 2')).toContainText('3 pour le prix de 2');
    await expect(row(page, '3 pour 2')).toContainText('Automatique');
    await expect(row(page, 'BIENVENUE10')).toContainText('Active');
    await expect(row(page, 'BIENVENUE10')).toContainText(/−10\s%\ssur la commande/);
    await expect(row(page, 'BIENVENUE10').getByTestId('discount-code')).toHaveText('BIENVENUE10');
    await expect(row(page, 'BIENVENUE10').getByTestId('discount-usage')).toHaveText('Aucune commande');

    // Filters by state and type.
    await page.getByLabel('État').selectOption({ label: 'Brouillon' });
    await expect(list).toContainText('Aucune réduction ne correspond.');
    await page.getByLabel('État').selectOption({ label: 'Tous les états' });
    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Achetez X, obtenez Y' });
    await expect(list.getByTestId('discount-row')).toHaveCount(1);
    await expect(row(page, '3 pour 2')).toBeVisible();
    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Tous les types' });

    // Duplicate « 3 pour 2 » (a draft copy), then archive the copy.
    await row(page, '3 pour 2').getByRole('link', { name: '3 pour 2' }).click();
    await page.getByRole('button', { name: 'Dupliquer' }).click();
    await expect(page.getByRole('heading', { name: '3 pour 2 (copie)', level: 1 })).toBeVisible();
    await expect(page.getByTestId('discount-state')).toHaveText('Brouillon');
    await page.getByRole('button', { name: 'Archiver' }).click();
    const confirm = page.getByRole('alertdialog').filter({ hasText: 'Archiver la réduction' });
    await confirm.getByRole('button', { name: 'Archiver' }).click();
    await expect(page).toHaveURL(/\/reductions\?shopId=/);
    await expect(list.getByTestId('discount-row')).toHaveCount(2);
    await expect(row(page, '3 pour 2 (copie)')).toHaveCount(0);
    await page.getByText('Afficher les archivées').click();
    await expect(row(page, '3 pour 2 (copie)')).toContainText('Archivée');
    await expect(list.getByTestId('discount-row')).toHaveCount(1);
    await page.getByText('Afficher les archivées').click();

    // Unique codes for BIENVENUE10, then their CSV.
    await row(page, 'BIENVENUE10').getByRole('link', { name: 'BIENVENUE10' }).click();
    await page.getByRole('button', { name: 'Générer des codes uniques' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Générer des codes uniques' });
    await dialog.getByLabel('Nombre de codes').fill('20000');
    await dialog.getByRole('button', { name: 'Générer' }).click();
    await expect(dialog.getByText('Indiquez un nombre de codes entre 1 et 10 000.')).toBeVisible();
    await dialog.getByLabel('Nombre de codes').fill('5');
    await dialog.getByLabel('Préfixe (facultatif)').fill('vip');
    await dialog.getByRole('button', { name: 'Générer' }).click();
    await expect(page.getByText('5 codes générés')).toBeVisible();
    await expect(page.getByTestId('discount-codes')).toContainText('5 codes à usage unique');
    const codes = page.getByTestId('generated-codes').locator('tbody tr');
    await expect(codes).toHaveCount(5);
    await expect(codes.first()).toContainText(/^VIP-[A-Z0-9]+Pas encore utilisé$/);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter les codes (CSV)' }).click();
    expect((await download).suggestedFilename()).toMatch(/^codes-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  test('l’administrateur règle le plafond des réductions cumulées', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.getByRole('link', { name: 'Réductions' }).first().click();
    const card = page.getByTestId('stacking-rules');
    await expect(card.getByTestId('stack-cap')).toHaveText(
      /^Plafond des réductions cumulées\s:\s100\s% du montant des articles$/,
    );
    await card.getByRole('button', { name: 'Modifier' }).click();
    const field = card.getByLabel('Plafond des réductions cumulées (% du montant des articles)');
    const saves = watchRequests(page, '/api/discount/settings');
    await field.fill('0');
    await card.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(card.getByText(/^Le plafond doit être supérieur à 0\s%\.$/)).toBeVisible();
    await field.fill('150');
    await card.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(card.getByText(/^Le plafond ne peut pas dépasser 100\s%\.$/)).toBeVisible();
    expect(saves).toHaveLength(0);
    await field.fill('80');
    await card.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(card.getByTestId('stack-cap')).toContainText(/\s80\s% du montant/);
    await page.reload();
    await expect(card.getByTestId('stack-cap')).toContainText(/\s80\s% du montant/);
    // Back to 100 %, as the specs after this one expect.
    await card.getByRole('button', { name: 'Modifier' }).click();
    await field.fill('100');
    await card.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(card.getByTestId('stack-cap')).toContainText(/\s100\s% du montant/);
  });

  test('la caisse n’a pas d’entrée « Réductions » et l’adresse tapée est refusée', async ({ page }) => {
    await signInAs(page, 'cashier');
    await page.goto('/mes-commandes');
    await expect(page.getByRole('heading', { name: 'Commandes', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Commandes' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Réductions' })).toHaveCount(0);
    await page.goto('/reductions');
    await expect(page.getByTestId('access-denied')).toBeVisible();
    await page.goto('/reductions/nouvelle');
    await expect(page.getByTestId('access-denied')).toBeVisible();
  });

  test('sur un téléphone : des cartes, les filtres en feuille, pas de défilement de côté', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, 'supervisor');
    await page.goto('/reductions');
    const list = page.getByTestId('discounts-list');
    await expect(list).toHaveAttribute('data-layout', 'cards');
    await expect(list.getByTestId('discount-row').first()).toBeVisible();
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await sideways()).toBeLessThanOrEqual(0);
    await page.getByTestId('filters-button').click();
    await page.getByTestId('filters-sheet').getByLabel('État').selectOption({ label: 'Active' });
    await page.getByRole('button', { name: 'Voir les résultats' }).click();
    await expect(page.getByTestId('filters-count')).toHaveText('1');
    await list.getByTestId('discount-row').first().getByRole('link').click();
    await expect(editor(page)).toBeVisible();
    expect(await sideways()).toBeLessThanOrEqual(0);
  });
});
