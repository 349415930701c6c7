import { expect, test } from './support/test';
import sharp from 'sharp';
import { signInAs, signInWithPhone, signUpNewShop } from './support/auth';
import { clickWhenStill, randomSenegalPhone } from './support/helpers';

async function pngFile(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: '#e8590c' } })
    .png()
    .toBuffer();
}

test.describe('Mon compte', () => {
  test('le profil s’enregistre, la photo est vérifiée puis affichée', async ({ page }) => {
    await signUpNewShop(page, 'Profil');
    await page.getByRole('button', { name: 'Menu du compte' }).click();
    await clickWhenStill(page, page.getByRole('menuitem', { name: 'Mon compte' }));
    await expect(page.getByRole('heading', { name: 'Mon compte' })).toBeVisible();

    const profile = page.getByRole('form', { name: 'Mon profil' });
    await profile.getByLabel('Prénom').fill('');
    await profile.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(profile.getByText('Le prénom est obligatoire.')).toBeVisible();

    await profile.getByLabel('Prénom').fill('Mariama');
    await profile.getByLabel('E-mail (facultatif)').fill('pas-un-email');
    await profile.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(profile.getByRole('alert')).toContainText('E-mail');

    await profile.getByLabel('E-mail (facultatif)').fill('mariama@example.com');
    await profile.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Profil enregistré')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu du compte' })).toContainText('Mariama');

    // A text file is refused in French before anything is sent.
    const photoInput = page.getByLabel('Changer la photo');
    await photoInput.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('bonjour'),
    });
    await expect(page.getByText('Le fichier doit être une image JPEG, PNG ou WebP.')).toBeVisible();
    // A "PNG" that is not one is refused by the server, which reads the content.
    await photoInput.setInputFiles({
      name: 'faux.png',
      mimeType: 'image/png',
      buffer: Buffer.from('pas une image'),
    });
    await expect(page.getByText('Le fichier doit être une image JPEG, PNG ou WebP.')).toBeVisible();

    await photoInput.setInputFiles({ name: 'moi.png', mimeType: 'image/png', buffer: await pngFile() });
    const avatar = page.locator('#profil img');
    await expect(avatar).toHaveAttribute('src', /^\/uploads\/avatars\/.+\.webp$/);
    const src = await avatar.getAttribute('src');
    const served = await page.request.get(src!);
    expect(served.headers()['content-type']).toBe('image/webp');
    expect(served.headers()['cache-control']).toContain('immutable');
  });

  test('l’administrateur règle sa boutique ; le nom change dans la barre du haut', async ({ page }) => {
    const { shopName } = await signUpNewShop(page, 'Reglage');
    await page.getByRole('link', { name: 'Ma boutique' }).first().click();
    const form = page.getByRole('form', { name: 'Ma boutique' });
    await expect(form.getByLabel('Nom de la boutique')).toHaveValue(shopName);
    await form.getByLabel('Nom de la boutique').fill('X');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(form.getByText('Le nom de la boutique doit contenir au moins 2 caractères.')).toBeVisible();

    await form.getByLabel('Nom de la boutique').fill(`${shopName} Plateau`);
    await form.getByLabel('Pays').selectOption('CI');
    await expect(form.getByLabel('Fuseau horaire')).toHaveValue('Africa/Abidjan');
    // The legal identifiers are named as Côte d’Ivoire names them; a formula is refused.
    await form.getByLabel('NCC').fill('=1+1');
    await form.getByLabel('RCCM').fill('CI-ABJ-03-2021-B12-04567');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(
      form.getByText('Lettres, chiffres, espaces, points, tirets et barres obliques seulement.', {
        exact: true,
      }),
    ).toBeVisible();
    await form.getByLabel('NCC').fill('1234567 A');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Boutique enregistrée')).toBeVisible();
    await expect(page.locator('header')).toContainText(`${shopName} Plateau`);
    await page.reload();
    await expect(form.getByLabel('NCC')).toHaveValue('1234567 A');
    await expect(form.getByLabel('RCCM')).toHaveValue('CI-ABJ-03-2021-B12-04567');

    await page.getByLabel('Changer le logo').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await pngFile(),
    });
    await expect(page.getByRole('img', { name: `Logo de ${shopName} Plateau` })).toHaveAttribute(
      'src',
      /^\/uploads\/logos\//,
    );
  });

  test('l’équipe : inviter, changer le rôle, désactiver ; l’invité se connecte dans la boutique', async ({
    page,
    browser,
  }) => {
    const { shopName } = await signUpNewShop(page, 'Equipe');
    await page.goto(`${new URL(page.url()).pathname}parametres/general${new URL(page.url()).search}`);
    const team = page.locator('#equipe');
    await expect(team.getByTestId('team-row')).toHaveCount(1);

    // A second tab of the same admin gets the « Nouvel agent » notification live.
    const other = await page.context().newPage();
    await other.goto(page.url().replace('/parametres/general', '/'));
    const bell = other.getByRole('button', { name: /Notifications/ });
    await expect(bell).toBeVisible();
    await expect(other.getByTestId('notification-dot')).toHaveCount(0);

    const invitee = randomSenegalPhone();
    await team.getByRole('button', { name: 'Inviter un agent' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Inviter un agent' });
    await dialog.getByLabel('Téléphone').fill('12');
    await dialog.getByRole('button', { name: 'Ajouter à l’équipe' }).click();
    await expect(dialog.getByLabel('Téléphone')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('Le numéro de téléphone n’est pas valide.').first()).toBeVisible();
    await dialog.getByLabel('Téléphone').fill(invitee.local);
    await dialog.getByLabel('Rôle').selectOption('cashier');
    await dialog.getByLabel('Prénom (facultatif)', { exact: true }).fill('Binta');
    await dialog.getByLabel('Nom (facultatif)', { exact: true }).fill('Sow');
    await dialog.getByRole('button', { name: 'Ajouter à l’équipe' }).click();
    await expect(dialog).toBeHidden();
    await expect(team.getByTestId('team-row')).toHaveCount(2);
    await expect(team).toContainText('Binta Sow');

    await expect(other.getByTestId('notification-dot')).toBeVisible();
    await bell.click();
    await expect(other.getByRole('dialog').filter({ hasText: 'Notifications' })).toContainText(
      'Binta Sow a rejoint l’équipe',
    );
    await other.close();

    await team.getByLabel('Rôle de Binta Sow').selectOption('seller');
    await expect(page.getByText('Binta Sow est maintenant Vendeur')).toBeVisible();

    // The invited cashier-turned-seller signs in and lands in this shop.
    const guest = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const guestPage = await guest.newPage();
    await signInWithPhone(guestPage, invitee.local, invitee.e164);
    await expect(guestPage.getByRole('heading', { name: /Bonjour Binta/ })).toBeVisible();
    await expect(guestPage.locator('header')).toContainText(shopName);
    await guest.close();

    const row = team.getByTestId('team-row').filter({ hasText: 'Binta Sow' });
    await row.getByRole('button', { name: 'Désactiver' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('n’aura plus accès à la boutique');
    await confirm.getByRole('button', { name: 'Désactiver' }).click();
    await expect(row).toContainText('désactivé');
    await expect(row.getByRole('button', { name: 'Réactiver' })).toBeVisible();
  });

  test('un rôle sans droit voit « Accès refusé » sur une adresse tapée', async ({ page }) => {
    await signInAs(page, 'cashier');
    await page.goto('/mes-produits');
    await expect(page.getByTestId('access-denied')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Accès refusé' })).toBeVisible();
    // The supervisor sees the team but cannot change it.
    await page.context().clearCookies();
    await signInAs(page, 'supervisor');
    await page.goto('/parametres/general');
    await expect(page.locator('#equipe')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Inviter un agent' })).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Ma boutique' })).toHaveCount(0);
  });
});
