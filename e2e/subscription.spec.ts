import { expect, test } from './support/test';
import { signUpNewShop } from './support/auth';
import { currentUrl } from './support/helpers';

test.describe('Abonnement', () => {
  test('un paiement de test réussi active l’offre, émet une facture imprimable et notifie', async ({
    page,
  }) => {
    await signUpNewShop(page, 'Paie');
    // From the side menu (the account menu's own path is shell.spec's).
    await page
      .getByRole('navigation', { name: 'Paramètres' })
      .getByRole('link', { name: 'Abonnement' })
      .click();
    await expect(page.getByRole('heading', { name: 'Abonnement', exact: true })).toBeVisible();
    // Sidebar folded on this page (SPEC §2), plans side by side, trial date shown.
    await expect(page.locator('aside[data-collapsed="true"]')).toBeVisible();
    for (const plan of ['free', 'starter', 'pro', 'business'])
      await expect(page.getByTestId(`plan-${plan}`)).toBeVisible();
    // The trial runs on Pro quotas.
    await expect(page.getByTestId('plan-pro')).toContainText('Offre actuelle');
    await expect(page.getByText('Aucune facture pour le moment', { exact: false })).toBeVisible();

    await page.getByRole('button', { name: /^3 mois/ }).click();
    await expect(page.getByTestId('plan-starter')).toContainText('15 000');
    await page.getByRole('button', { name: 'Payer l’offre Starter' }).click();

    await expect(page).toHaveURL(/\/paiement\/sandbox\//);
    await expect(page.getByText('Paiement de test')).toBeVisible();
    await expect(page.getByTestId('sandbox-amount')).toHaveText(/15\s000\sFCFA/);
    await page.getByRole('button', { name: /^Payer 15/ }).click();

    await expect(page).toHaveURL(/\/parametres\/abonnement\?.*message=payment_success/);
    expect(currentUrl(page).searchParams.get('shopId')).toBeTruthy();
    await expect(page.locator('[data-banner="payment_success"]')).toHaveText(
      'Votre paiement a bien été effectué.',
    );
    await expect(page.getByTestId('plan-starter')).toContainText('Offre actuelle');
    const invoices = page.getByTestId('invoices');
    await expect(invoices).toContainText('F-000001');
    await expect(invoices).toContainText('Starter · 3 mois');

    // The bell has the « Abonnement activé » notification.
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('dialog').filter({ hasText: 'Notifications' })).toContainText(
      'Abonnement activé',
    );
    await page.keyboard.press('Escape');

    await invoices.getByRole('link', { name: 'Imprimer' }).click();
    const invoice = page.getByTestId('invoice');
    await expect(invoice).toContainText('Facture F-000001');
    await expect(invoice).toContainText('Total payé');
    await expect(invoice).toContainText(/15\s000\sFCFA/);
    await expect(page.getByRole('button', { name: 'Imprimer' })).toBeEnabled();
  });

  test('un paiement échoué ramène avec « Echec de votre paiement. » et ne change rien', async ({ page }) => {
    await signUpNewShop(page, 'Echec');
    await page.goto(`/parametres/abonnement${currentUrl(page).search}`);
    await page.getByRole('button', { name: 'Payer l’offre Pro' }).click();
    await expect(page).toHaveURL(/\/paiement\/sandbox\//);
    await page.getByRole('button', { name: 'Simuler un échec' }).click();

    await expect(page).toHaveURL(/message=payment_error/);
    await expect(page.locator('[data-banner="payment_error"]')).toContainText('Echec de votre paiement.');
    await expect(page.getByText('Aucune facture pour le moment', { exact: false })).toBeVisible();
    await expect(page.getByText('Fin de l’abonnement').locator('..')).toContainText('—');
  });
});
