import { expect, test, type Browser, type Page } from './support/test';
import { signInAs } from './support/auth';

/*
 * The online shop of the demo shop, as a buyer on a phone finds it: no account, a cart kept in the
 * browser, a checkout by phone. The seller, signed in elsewhere, hears of each order at once.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function buyerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

async function addVariant(page: Page, product: string, variant: string) {
  await page.getByRole('link', { name: product }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: product })).toBeVisible();
  // Prices differ between the models: each choice reads « L / Bleu · 37 500 FCFA ».
  await page.getByText(new RegExp(`^${variant} ·`)).click();
  await expect(page.getByRole('radio', { name: new RegExp(`^${variant} ·`) })).toBeChecked();
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page.getByRole('heading', { name: 'Votre panier' })).toBeVisible();
}

test('boutique en ligne : un acheteur commande deux modèles avec un code et paie par mobile money', async ({
  page,
  browser,
}) => {
  // The seller watches Commandes on their desktop.
  await signInAs(page, 'seller');
  await page.goto('/mes-commandes');
  await expect(page.getByRole('heading', { name: 'Commandes', exact: true })).toBeVisible();

  const buyer = await buyerPage(browser);
  await buyer.goto('/boutique-awa');
  await expect(buyer.getByRole('heading', { level: 1 })).toContainText('Boutique Awa');
  await noSidewaysScroll(buyer);
  await buyer.getByRole('link', { name: 'Tout le catalogue' }).first().click();
  await addVariant(buyer, 'Boubou brodé homme', 'L / Bleu');
  await buyer.goBack();
  await buyer.goBack();
  await addVariant(buyer, 'Boubou brodé homme', 'XL / Blanc');
  const lines = buyer.locator('ul.lines > li');
  await expect(lines).toHaveCount(2);
  await expect(buyer.locator('[data-cart-count]')).toHaveText('2');
  await noSidewaysScroll(buyer);

  await buyer.getByRole('link', { name: 'Passer la commande' }).click();
  await expect(buyer.getByRole('heading', { name: 'Commander' })).toBeVisible();
  // Sent empty: each missing field is named, nothing is ordered.
  await buyer.getByRole('button', { name: 'Commander', exact: true }).click();
  await expect(buyer.getByText('Indiquez votre nom.')).toBeVisible();
  await expect(buyer.getByText('Choisissez votre commune.')).toBeVisible();

  await buyer.getByLabel('Nom et prénom').fill('Aïssatou Ndiaye');
  await buyer.getByLabel('Téléphone').fill('77 640 12 12');
  await buyer.getByLabel('Commune').selectOption('Ngor');
  await buyer.getByLabel('Quartier').fill('Almadies');
  await buyer.getByLabel('Point de repère').fill('Derrière la station, portail vert');
  // The fee follows the address at once, without reloading.
  await expect(buyer.locator('#resume')).toContainText('Livraison (Almadies)');
  await buyer.getByLabel('Code promo').fill('BIENVENUE');
  await expect(buyer.locator('#resume')).toContainText('Code BIENVENUE');
  const total = (await buyer.locator('[data-total]').textContent())!;
  await buyer.getByText('Mobile money', { exact: true }).click();
  await noSidewaysScroll(buyer);
  await buyer.getByRole('button', { name: 'Commander', exact: true }).click();

  // The sandbox stands where the provider's page would.
  await expect(buyer).toHaveURL(/\/payer\/test\//);
  // The seller is told at once (the toast lasts a few seconds: looked at now, not after the payment).
  await expect(page.getByText('Vous avez 1 nouvelle commande !')).toBeVisible();
  await expect(buyer.getByTestId('test-payment-amount')).toHaveText(total);
  await buyer.getByLabel('Moyen de paiement').selectOption('wave');
  await buyer.getByRole('button', { name: `Payer ${total}` }).click();
  await expect(buyer).toHaveURL(/\/boutique-awa\/merci\/[\w-]+\?message=payment_success/);
  await expect(buyer.getByText(/^Paiement reçu/)).toBeVisible();
  const number = (await buyer.locator('strong', { hasText: /^n° \d+$/ }).textContent())!.replace('n° ', '');
  await buyer.getByRole('link', { name: 'Suivre ma commande' }).click();
  await expect(buyer).toHaveURL(/\/suivi\//);
  await expect(buyer.getByText(`#${number}`).first()).toBeVisible();
  // The order became the cart's end: the cart is empty again.
  await buyer.goto('/boutique-awa/panier');
  await expect(buyer.getByText('Votre panier est vide.')).toBeVisible();
  await buyer.context().close();

  await page.reload();
  const row = page.getByRole('row').filter({ hasText: `#${number}` });
  await expect(row).toContainText('Aïssatou Ndiaye');
  await expect(row).toContainText('Payée');
});

test('boutique en ligne : paiement à la livraison', async ({ browser }) => {
  const buyer = await buyerPage(browser);
  await buyer.goto('/boutique-awa/recherche?q=bissap');
  await buyer.getByRole('link', { name: /Bissap 1 L/ }).click();
  await buyer.getByLabel('Quantité').fill('3');
  await buyer.getByRole('button', { name: 'Ajouter au panier' }).click();
  await buyer.getByRole('link', { name: 'Passer la commande' }).click();
  await buyer.getByLabel('Nom et prénom').fill('Oumar Sy');
  await buyer.getByLabel('Téléphone').fill('76 222 33 44');
  await buyer.getByLabel('Commune').selectOption('Dakar-Plateau');
  await buyer.getByLabel('Point de repère').fill('Immeuble Fayçal, 2e étage');
  await buyer.getByText('Paiement à la livraison', { exact: true }).click();
  await buyer.getByRole('button', { name: 'Commander', exact: true }).click();
  await expect(buyer).toHaveURL(/\/boutique-awa\/merci\//);
  await expect(buyer.getByRole('heading', { name: /^Merci, Oumar/ })).toBeVisible();
  await expect(buyer.getByText('Reste à payer')).toBeVisible();
  await noSidewaysScroll(buyer);
  await buyer.context().close();
});
