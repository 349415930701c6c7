import { expect, test } from './support/test';
import { requestCode } from './support/auth';
import { currentUrl } from './support/helpers';

// Seeded seller invited by phone only: no first or last name yet.
const NAMELESS = { phone: '+221770000006', local: '77 000 00 06' };

test.describe('Agent sans nom', () => {
  test('est retenu sur /confirmer-informations, menu inactif, jusqu’à ce que son nom soit enregistré', async ({
    page,
  }) => {
    await page.goto('/login');
    const code = await requestCode(page, NAMELESS.local, NAMELESS.phone);
    await page.getByLabel('Code reçu par SMS').fill(code);
    await page.getByRole('button', { name: 'Se connecter' }).click();

    await expect(page).toHaveURL(
      (url) =>
        url.pathname === '/confirmer-informations' &&
        url.searchParams.get('message') === 'missing_agent_name',
    );
    await expect(page.getByRole('heading', { name: 'Confirmez vos informations' })).toBeVisible();

    // Menu clicks are ignored while the name is missing.
    await page.getByRole('complementary').getByRole('link', { name: 'Commandes' }).click();
    await page.waitForTimeout(500);
    expect(currentUrl(page).pathname).toBe('/confirmer-informations');
    // Typing another page's address brings the agent back.
    await page.goto('/');
    await expect(page).toHaveURL((url) => url.pathname === '/confirmer-informations');

    // Bad input: a French error under the field, nothing saved.
    await page.getByRole('textbox', { name: /^Nom/ }).fill('Gueye');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Ce champ est obligatoire.')).toBeVisible();
    expect(currentUrl(page).pathname).toBe('/confirmer-informations');

    await page.getByRole('textbox', { name: /^Prénom/ }).fill('Khady');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByRole('heading', { name: /^Bonjour Khady/ })).toBeVisible();

    // The menu works again.
    await page.getByRole('complementary').getByRole('link', { name: 'Statistiques' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/statistiques');
  });
});
