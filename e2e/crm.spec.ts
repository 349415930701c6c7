import { expect, test } from './support/test';
import { signInAs, signUpNewShop } from './support/auth';
import { currentUrl } from './support/helpers';

/*
 * CRM's segments as a seller uses them: a ready-made segment opened and counted live, a rule
 * added and a wrong value named, the segment saved under its own name and found among « Vos
 * segments »; a cashier reads them but saves nothing; on a phone nothing scrolls sideways.
 */

test('un segment « À risque » ouvert, compté, affiné, enregistré ; la caissière le lit seulement', async ({
  page,
  browser,
}) => {
  await signInAs(page, 'seller');
  await page.goto('/crm');
  await expect(page.getByRole('heading', { name: 'CRM', level: 1 })).toBeVisible();
  // The saved segments load above the models and push them down: press once they are in place.
  await expect(
    page.getByTestId('saved-segment').or(page.getByText('Aucun segment enregistré')).first(),
  ).toBeVisible();
  const preset = page.getByTestId('preset-segment').filter({ hasText: 'À risque' });
  await preset.getByRole('button', { name: 'Ouvrir' }).click();
  const editor = page.getByTestId('segment-editor');
  await expect(editor.getByLabel('Nom du segment')).toHaveValue('À risque');
  await expect(editor.getByTestId('segment-rule')).toHaveCount(2);
  await expect(editor.getByTestId('segment-count')).toContainText(/\d+ clients?/);
  await expect(editor.getByTestId('segment-count')).toContainText('joignable');

  // A rule more: who has an SMS consent; a value left empty is named by the server on save.
  await editor.getByRole('button', { name: 'Ajouter une règle' }).click();
  await page.getByRole('menuitem', { name: 'Nombre de commandes' }).click();
  await expect(editor.getByTestId('segment-rule')).toHaveCount(3);
  await editor.getByLabel('Nombre de commandes', { exact: true }).nth(1).fill('');
  await expect(editor.getByLabel('Nombre de commandes', { exact: true }).nth(1)).toHaveValue('');
  await editor.getByLabel('Nom du segment').fill(`À relancer ${Date.now().toString(36)}`);
  await editor.getByRole('button', { name: 'Enregistrer le segment' }).click();
  await expect(editor.getByText('Indiquez un nombre de commandes.')).toBeVisible();
  await editor.getByRole('button', { name: 'Retirer la règle « Nombre de commandes »' }).nth(1).click();
  await editor.getByRole('button', { name: 'Ajouter une règle' }).click();
  await page.getByRole('menuitem', { name: 'Accord marketing' }).click();
  const name = await editor.getByLabel('Nom du segment').inputValue();
  await editor.getByRole('button', { name: 'Enregistrer le segment' }).click();
  const saved = page.getByTestId('saved-segment').filter({ hasText: name });
  await expect(saved).toContainText('Toutes ces règles');
  await expect(saved).toContainText('A donné son accord SMS');
  await expect(saved).toContainText(/\d+ clients?/);

  // The cashier reads the shop's segments and counts, but saves nothing.
  const cashierContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const cashier = await cashierContext.newPage();
  await signInAs(cashier, 'cashier');
  await cashier.goto('/crm');
  // A new context opens the CRM cold (every chunk fetched, the till booted just before by the
  // sign-in): on a loaded CI that took past the usual 10 s once. The page first, then its list.
  await expect(cashier.getByRole('heading', { name: 'CRM', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(cashier.getByTestId('saved-segment').filter({ hasText: name })).toBeVisible({
    timeout: 20_000,
  });
  await expect(cashier.getByRole('button', { name: 'Nouveau segment' })).toHaveCount(0);
  await cashier
    .getByTestId('saved-segment')
    .filter({ hasText: name })
    .getByRole('button', { name: 'Ouvrir' })
    .click();
  await expect(cashier.getByTestId('segment-count')).toContainText(/\d+ clients?/);
  await expect(cashier.getByRole('button', { name: 'Enregistrer le segment' })).toHaveCount(0);
  await cashierContext.close();
});

test.describe('sur un téléphone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('les modèles et l’éditeur tiennent dans la largeur', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.goto('/crm');
    await page
      .getByTestId('preset-segment')
      .filter({ hasText: 'Meilleurs clients' })
      .getByRole('button', { name: 'Ouvrir' })
      .click();
    await expect(page.getByTestId('segment-count')).toContainText(/\d+ clients?/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBe(0);
  });
});

test('une campagne SMS : message réécrit sans accents, essai, envoi, états par destinataire', async ({
  page,
}) => {
  await signInAs(page, 'admin');
  await page.goto('/crm?onglet=campagnes');
  await expect(page.getByRole('link', { name: 'Campagnes SMS' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('button', { name: 'Nouvelle campagne' }).click();
  const composer = page.getByTestId('campaign-composer');
  await composer.getByLabel('Nom de la campagne').fill(`Fête ${Date.now().toString(36)}`);
  await composer.getByLabel('Destinataires').selectOption({ label: 'Clients fidèles (modèle)' });
  await composer
    .getByLabel('Message')
    .fill(
      'Bonjour {prénom}, la fête continue chez {boutique} : -15 % ce week-end ! Venez vite, c’est bientôt fini.',
    );
  await expect(composer.getByTestId('sms-counter')).toContainText('Unicode');
  await composer.getByRole('button', { name: /Sans accents/ }).click();
  await expect(composer.getByLabel('Message')).toHaveValue(/la fete continue/);
  await expect(composer.getByTestId('sms-counter')).toContainText('(GSM)');
  const preview = composer.getByTestId('campaign-preview');
  await expect(preview).toContainText(/\d+ destinataires? · \d+ SMS/);
  await expect(preview).toContainText('Répondez STOP pour vous désinscrire');
  await composer.getByRole('button', { name: 'M’envoyer un essai' }).click();
  await expect(page.getByText('SMS d’essai envoyé')).toBeVisible();
  await composer.getByRole('button', { name: 'Envoyer la campagne' }).click();
  const detail = page.getByTestId('campaign-detail');
  await expect(detail).toBeVisible();
  await expect(detail.getByTestId('campaign-message').first()).toBeVisible();
  await expect(detail.getByTestId('campaign-figures')).toContainText(/[1-9]\d* envoyés? · 0 en file/, {
    timeout: 20_000,
  });
  await expect(detail.getByTestId('campaign-message').first()).toContainText('Envoyé');
});

test('les automatisations : trois activées dans la boutique de démo, un délai refusé puis corrigé ; la caissière les lit', async ({
  page,
  browser,
}) => {
  await signInAs(page, 'admin');
  await page.goto('/crm?onglet=automatisations');
  await expect(page.getByRole('link', { name: 'Automatisations' })).toHaveAttribute('aria-current', 'page');
  for (const [kind, state] of [
    ['anniversaire', 'Activée'],
    ['merci', 'Activée'],
    ['ardoise', 'Activée'],
    ['a-risque', 'Désactivée'],
  ] as const)
    await expect(page.getByTestId(`automation-${kind}`)).toContainText(state);
  // The birthday message gives a code of its own discount.
  await expect(page.getByTestId('automation-anniversaire').getByLabel('Réduction des codes')).toHaveValue(
    /.+/,
  );

  const atRisk = page.getByTestId('automation-a-risque');
  await atRisk.getByRole('checkbox', { name: 'Activer « Client à risque »' }).check({ force: true });
  await atRisk.getByLabel('Jours sans commande').fill('3');
  await atRisk.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(atRisk.getByText('Indiquez entre 14 et 365 jours.')).toBeVisible();
  await expect(atRisk).toContainText('Désactivée');
  await atRisk.getByLabel('Jours sans commande').fill('45');
  await atRisk.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('automation-a-risque')).toContainText('Activée');
  await expect(page.getByTestId('automation-a-risque')).toContainText('depuis 45 jours');

  const cashierContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const cashier = await cashierContext.newPage();
  await signInAs(cashier, 'cashier');
  await cashier.goto('/crm?onglet=automatisations');
  const card = cashier.getByTestId('automation-merci');
  await expect(card).toContainText('Activée');
  // What it sent lately, read by anyone.
  await card.getByRole('button', { name: 'Derniers envois' }).click();
  await expect(card.getByTestId('automation-messages-merci')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Enregistrer' })).toHaveCount(0);
  await expect(card.getByLabel('Message')).toBeDisabled();
  await cashierContext.close();
});

test('le bandeau de quota SMS sur la page CRM, une fois 80 % du forfait envoyés', async ({ page }) => {
  test.setTimeout(120_000);
  // A new shop on Starter (100 SMS a month): six tests of a 15-part message spend 90 of them.
  await signUpNewShop(page, 'Quota');
  await page.goto(`/parametres/abonnement${currentUrl(page).search}`);
  await page.getByRole('button', { name: 'Payer l’offre Starter' }).click();
  await expect(page).toHaveURL(/\/paiement\/sandbox\//);
  await page.getByRole('button', { name: /^Payer / }).click();
  await expect(page.getByTestId('plan-starter')).toContainText('Offre actuelle');

  await page.goto(`/crm?onglet=campagnes&${currentUrl(page).searchParams}`);
  await expect(page.locator('[data-banner="quota_sms"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Nouvelle campagne' }).click();
  const composer = page.getByTestId('campaign-composer');
  // 960 accented characters, and the STOP line: 996, fifteen Unicode parts of 67.
  await composer.getByLabel('Message').fill('Fête à la boutique ! '.repeat(46).slice(0, 960));
  await expect(composer.getByTestId('sms-counter')).toContainText('15 SMS par message');
  const sendTest = composer.getByRole('button', { name: 'M’envoyer un essai' });
  for (let sent = 0; sent < 6; sent++) {
    // The button is busy until the last test's answer is drawn: a key pressed then does nothing
    // (under load, the answer reached the test before the page had drawn it).
    await expect(sendTest).toBeEnabled();
    const answered = page.waitForResponse((r) => r.url().includes('/api/crm/sendTestSms'));
    // From the keyboard: the toast of the last test lies over the button for a few seconds.
    await sendTest.press('Enter');
    expect((await answered).status()).toBe(200);
  }
  await page.reload();
  const banner = page.locator('[data-banner="quota_sms"]');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Vous avez utilisé 90 SMS sur 100 autorisés par votre offre.');
  await expect(banner.getByRole('link', { name: 'Mettre à niveau' })).toHaveAttribute(
    'href',
    /\/parametres\/abonnement/,
  );
});
