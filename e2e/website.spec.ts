import { expect, test } from '@playwright/test';
import { signInAs } from './support/auth';

/*
 * « Site web » as the seller uses it: a colour white text cannot be read on is refused, naming the
 * field, and nothing changes; a good one and a tagline are saved; closing the shop takes it off
 * line at once, reopening brings it back.
 */

test('Site web : réglages refusés puis enregistrés, boutique fermée puis rouverte', async ({
  page,
  browser,
}) => {
  await signInAs(page, 'seller');
  await page.getByRole('complementary').getByRole('link', { name: 'Site web' }).click();
  await expect(page.getByRole('heading', { name: 'Site web', level: 1 })).toBeVisible();
  await expect(page.getByTestId('storefront-url')).toContainText('/boutique-awa');

  const colour = page.locator('input[name="primaryColor"]');
  await colour.fill('#ffee88');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText(/Cette couleur est trop claire/)).toBeVisible();
  await page.reload();
  await expect(colour).toHaveValue('#c2410c');

  await colour.fill('#1d4ed8');
  await page.getByLabel('Phrase d’accroche').fill('Le meilleur de Dakar, livré chez vous.');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Réglages de la boutique en ligne enregistrés')).toBeVisible();

  const buyer = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
  await buyer.goto('/boutique-awa');
  await expect(buyer.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1d4ed8');
  await expect(buyer.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    'Le meilleur de Dakar, livré chez vous.',
  );

  // Closed: the public pages answer « introuvable » at once; reopened, they are back.
  await page.getByText('Ouverte', { exact: true }).click();
  await expect(page.getByText('Boutique en ligne fermée')).toBeVisible();
  expect((await buyer.goto('/boutique-awa'))!.status()).toBe(404);
  await page.getByText('Fermée', { exact: true }).click();
  await expect(page.getByText('Boutique en ligne ouverte')).toBeVisible();
  expect((await buyer.goto('/boutique-awa'))!.status()).toBe(200);

  // Back to the demo's colour, as the other specs expect it.
  await colour.fill('#c2410c');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Réglages de la boutique en ligne enregistrés').first()).toBeVisible();
  await buyer.context().close();
});
