import { expect, test, type Page } from './support/test';
import { signInAs } from './support/auth';

/** « 12 500 FCFA » → 12500. */
const amountOf = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

async function homeBalance(page: Page): Promise<number> {
  const balance = page.getByTestId('balance');
  await expect(balance).toHaveText(/FCFA/);
  return amountOf(await balance.textContent());
}

test('lien de paiement : le client paie en ligne sans compte, la commande est payée et le solde crédité', async ({
  page,
  browser,
}) => {
  await signInAs(page, 'admin');
  const balanceBefore = await homeBalance(page);

  await page.getByRole('complementary').getByRole('link', { name: 'Commandes' }).click();
  await page.getByRole('link', { name: 'Nouvelle commande' }).click();
  await page.getByLabel('Rechercher un produit à ajouter').fill('cafe touba');
  await page.getByRole('button', { name: 'Ajouter Café Touba 250 g' }).click();
  // The product's results close once it is added, moving the client card up: a click aimed at
  // « Nouveau client » before then could land beside it (a loaded CI saw it).
  await expect(page.getByRole('button', { name: 'Ajouter Café Touba 250 g' })).toBeHidden();
  await page.getByLabel('Rechercher un client').fill('Khady');
  await page.getByRole('button', { name: 'Nouveau client' }).click();
  await page.getByLabel('Nom du client').fill('Khady Sow');
  await page.getByLabel('Téléphone du client').fill('77 123 45 67');
  await page.getByRole('button', { name: 'Créer la commande' }).click();
  const heading = page.getByRole('heading', { name: /^Commande #\d+$/ });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent())!.replace('Commande ', '');
  await expect(page.getByTestId('payment-status')).toHaveText('En attente');

  await page.getByRole('button', { name: 'Lien de paiement' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Lien de paiement' });
  const linkField = dialog.getByLabel('Lien de paiement');
  await expect(linkField).toHaveValue(/\/payer\/[\w-]{32}$/);
  const url = await linkField.inputValue();
  const whatsApp = dialog.getByRole('link', { name: 'Envoyer sur WhatsApp' });
  await expect(whatsApp).toHaveAttribute('href', /^https:\/\/wa\.me\/221771234567\?text=/);
  expect(decodeURIComponent((await whatsApp.getAttribute('href'))!.split('text=')[1]!)).toBe(
    `Bonjour Khady Sow, voici le lien pour payer votre commande ${number} chez Boutique Awa (2\u202f500\u202fFCFA) : ${url}`,
  );
  await dialog.getByRole('button', { name: 'Fermer la fenêtre' }).click();
  // Opened and closed, nothing was shared: the timeline says nothing (read afresh).
  await page.reload();
  await expect(page.getByTestId('order-timeline')).toContainText('Commande créée');
  await expect(page.getByTestId('order-timeline')).not.toContainText('Lien de paiement');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Lien de paiement' }).click();
  await dialog.getByRole('button', { name: 'Copier le lien' }).click();
  await expect(dialog.getByRole('button', { name: 'Copié' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Fermer la fenêtre' }).click();
  await expect(page.getByTestId('order-timeline')).toContainText(
    'Lien de paiement copié pour le client (2\u202f500\u202fFCFA à payer)',
  );

  // The customer: another browser, no account.
  const customerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const customer = await customerContext.newPage();
  await customer.goto(new URL(url).pathname);
  await expect(customer.getByText('Boutique Awa')).toBeVisible();
  await expect(customer.getByText(`Commande ${number} · Khady Sow`)).toBeVisible();
  await expect(customer.getByTestId('pay-summary')).toContainText('1 × Café Touba 250 g');
  await customer.getByRole('button', { name: 'Payer 2\u202f500\u202fFCFA' }).click();

  // The sandbox stands where the provider's page would.
  await expect(customer).toHaveURL(/\/payer\/test\//);
  await expect(customer.getByTestId('test-payment-amount')).toHaveText('2\u202f500\u202fFCFA');
  await customer.getByLabel('Moyen de paiement').selectOption('wave');
  await customer.getByRole('button', { name: 'Payer 2\u202f500\u202fFCFA' }).click();
  await expect(customer).toHaveURL(/message=payment_success/);
  await expect(customer.getByText('Votre paiement a bien été effectué.')).toBeVisible();
  await expect(customer.getByText('Cette commande est entièrement payée. Merci !')).toBeVisible();
  await expect(customer.getByRole('button', { name: /^Payer/ })).toHaveCount(0);
  await customerContext.close();

  // The shop sees it without reloading: the notification refetches the order.
  await expect(page.getByTestId('payment-status')).toHaveText('Payée');
  await expect(page.getByTestId('order-payments')).toContainText('Wave');
  await expect(page.getByTestId('order-payments')).toContainText('en ligne');
  await expect(page.getByTestId('order-timeline')).toContainText(
    'Paiement en ligne de 2\u202f500\u202fFCFA par Wave',
  );
  await expect(page.getByTestId('order-timeline')).toContainText('Le client ·');
  await expect(page.getByRole('button', { name: 'Lien de paiement' })).toHaveCount(0);

  await page.getByRole('complementary').getByRole('link', { name: 'Accueil' }).click();
  await expect(page.getByTestId('balance')).toHaveText(/FCFA/);
  await expect.poll(() => homeBalance(page)).toBe(balanceBefore + 2500);
});
