import { expect, test, type Page } from './support/test';
import { signInAs } from './support/auth';

/*
 * « Site web » as the seller uses it. On a phone, the builder: a pale colour is refused naming the
 * field and nothing can be published; theme and colour changed, a « Produits mis en avant »
 * section added and moved up to the top, published and seen on the public home page; then the
 * previous version restored, as the demo had it. In Réglages, closing the shop takes it off line
 * at once, reopening brings it back.
 */

async function buyerPage(page: Page) {
  const context = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

test.describe('sur un téléphone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('Éditeur : thème, couleur, section ajoutée et remontée, publiée, puis version précédente restaurée', async ({
    page,
  }) => {
    await signInAs(page, 'seller');
    await page.goto('/website');
    await expect(page.getByRole('heading', { name: 'Site web', level: 1 })).toBeVisible();
    await expect(page.getByText('Le site en ligne est à jour')).toBeVisible();

    // Theme and colour; a pale colour first, refused by the server, naming the field.
    await page.getByRole('tab', { name: 'Thème et marque' }).click();
    const colour = page.locator('input[name="primaryColor"]');
    await colour.fill('#ffee88');
    await expect(page.getByText(/Cette couleur est trop claire/).first()).toBeVisible();
    await expect(page.getByText(/Brouillon non enregistré/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Publier' })).toBeDisabled();
    await colour.fill('#1d4ed8');
    await page.getByText('Audacieux', { exact: true }).click();
    await expect(page.getByText('Brouillon enregistré')).toBeVisible();

    // A « Produits mis en avant » section, added at the end, then moved up to the top.
    await page.getByRole('tab', { name: 'Sections' }).click();
    await page.getByRole('button', { name: 'Ajouter une section' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Produits mis en avant/ })
      .click();
    const rows = page.getByTestId('section-row');
    const added = rows.last();
    await added.getByLabel('Titre').fill('Coups de cœur e2e');
    const count = await rows.count();
    for (let i = 0; i < count - 1; i += 1)
      await page
        .getByRole('button', { name: /^Monter\s*:\s*Produits mis en avant\s*«\s*Coups de cœur e2e/ })
        .click();
    await expect(rows.first()).toContainText('Coups de cœur e2e');
    await expect(
      page.getByRole('button', { name: /^Monter\s*:\s*Produits mis en avant\s*«\s*Coups de cœur e2e/ }),
    ).toBeDisabled();
    await expect(page.getByText('Brouillon enregistré')).toBeVisible();
    await expect(page.getByText('Modifications pas encore publiées')).toBeVisible();

    // The preview, its own tab on a phone, with the page's weight.
    await page.getByRole('tab', { name: 'Aperçu' }).click();
    await expect(
      page.frameLocator('iframe[title="Aperçu du site"]').getByRole('heading', { name: 'Coups de cœur e2e' }),
    ).toBeVisible();
    await expect(page.getByTestId('page-weight')).toContainText('Poids de la page');
    await page.getByRole('tab', { name: 'Modifier' }).click();

    // Buyers see nothing of it until it is published.
    const buyer = await buyerPage(page);
    await buyer.goto('/boutique-awa');
    await expect(buyer.getByRole('heading', { name: 'Coups de cœur e2e' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Publier' }).click();
    await expect(page.getByText('Site publié')).toBeVisible();
    await expect(page.getByText('Le site en ligne est à jour')).toBeVisible();
    await buyer.reload();
    const firstSection = buyer.locator('main section').first();
    await expect(firstSection.getByRole('heading', { name: 'Coups de cœur e2e' })).toBeVisible();
    await expect(buyer.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1d4ed8');

    // « Historique »: the version before comes back, for buyers too.
    await page.getByRole('button', { name: 'Historique' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('En ligne')).toBeVisible();
    await dialog.getByRole('button', { name: 'Restaurer' }).first().click();
    await expect(page.getByText(/Version \d+ republiée/)).toBeVisible();
    await expect(page.getByTestId('section-row').first()).not.toContainText('Coups de cœur e2e');
    await buyer.reload();
    await expect(buyer.getByRole('heading', { name: 'Coups de cœur e2e' })).toHaveCount(0);
    await expect(buyer.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#9a3412');
    await buyer.context().close();
  });
});

test('Réglages : boutique fermée puis rouverte', async ({ page }) => {
  await signInAs(page, 'seller');
  await page.getByRole('complementary').getByRole('link', { name: 'Site web' }).click();
  await page.getByRole('tab', { name: 'Réglages' }).click();
  await expect(page.getByTestId('storefront-url')).toContainText('/boutique-awa');
  const buyer = await buyerPage(page);

  await page.getByText('Ouverte', { exact: true }).click();
  await expect(page.getByText('Boutique en ligne fermée')).toBeVisible();
  expect((await buyer.goto('/boutique-awa'))!.status()).toBe(404);
  await page.getByText('Fermée', { exact: true }).click();
  await expect(page.getByText('Boutique en ligne ouverte')).toBeVisible();
  expect((await buyer.goto('/boutique-awa'))!.status()).toBe(200);
  await buyer.context().close();
});
