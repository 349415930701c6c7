import { expect, test, type Page } from './support/test';
import { callApi, randomSenegalPhone } from './support/helpers';
import { signInAs } from './support/auth';
import { openTill } from './support/till';

/*
 * Loyalty (issue CRM): the shop sets its programme in the CRM; a client's points pay at the till,
 * the receipt prints what was spent and earned, the client's page shows the ledger; a sale made
 * offline with more points than the client still held is kept and flagged for a manager.
 */

test.use({ viewport: { width: 1024, height: 768 } });

const PRODUCT = 'Beurre de karité 200 ml'; // 3 500 FCFA in the demo catalogue
const fcfa = (text: string) => `${text.replace(/ /g, '\u202f')}\u202fFCFA`;
const nbsp = (text: string) => text.replace(/ ([:;?!])/g, '\u00a0$1');

/** A new client of the demo shop holding `points` (a manual correction, as a shop takes over a paper card). */
async function clientWithPoints(page: Page, shopId: string, label: string, points: number) {
  const phone = randomSenegalPhone();
  const name = `${label} ${phone.e164.slice(-4)}`;
  const created = await callApi<{ id: string }>(page, 'POST', '/api/client/create', {
    shopId,
    name,
    phone: phone.e164,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const adjusted = await callApi(page, 'POST', '/api/loyalty/adjust', {
    shopId,
    clientId: created.body.id,
    points,
    note: 'Reprise de la carte papier',
  });
  expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(200);
  return { id: created.body.id, name, phone };
}

async function sellWithPoints(page: Page, client: { name: string; phone: { local: string } }) {
  await page.getByTestId('product-search').fill(PRODUCT);
  await page.getByTestId('product-card').filter({ hasText: PRODUCT }).first().click();
  await page.getByTestId('product-search').fill('');
  await page.getByRole('button', { name: 'Ajouter un client' }).click();
  await page.getByLabel('Rechercher un client par téléphone ou nom').fill(client.phone.local.slice(-5));
  await page.getByRole('button', { name: new RegExp(client.name) }).click();
  await expect(page.getByTestId('cart-client')).toContainText(client.name);
  await page.getByTestId('pay-button').click();
  await page.getByRole('radio', { name: 'Points fidélité' }).click();
}

test('le programme se règle dans le CRM, les points paient à la caisse et se lisent sur le ticket et la fiche client', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // The admin, in their own browser; the cashier's tablet is `page`.
  const office = await browser.newContext();
  const admin = await office.newPage();
  await signInAs(admin, 'admin');
  const shopId = (await callApi<{ _id: string }>(admin, 'GET', '/api/shop/getShop')).body._id;

  // The CRM's « Fidélité »: the demo shop's programme, a bad rate refused in French, then saved.
  await admin.goto('/crm?onglet=fidelite');
  await expect(admin.getByTestId('loyalty-summary')).toBeVisible({ timeout: 20_000 });
  const program = admin.getByTestId('loyalty-program');
  await expect(program.getByText('Activé', { exact: true })).toBeVisible();
  const rate = program.getByLabel(/Points gagnés pour 1/);
  await rate.fill('0');
  await program.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(
    program.getByText('Indiquez les points gagnés pour 1\u202f000 FCFA entre 1 et 1\u202f000.'),
  ).toBeVisible();
  await rate.fill('10');
  await expect(admin.getByTestId('loyalty-example')).toHaveText(
    nbsp(
      `Un client qui dépense ${fcfa('10 000')} gagne 100 points, soit ${fcfa('500')} à utiliser sur un prochain achat (5 % de retour).`,
    ),
  );
  await program.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(admin.getByText('Programme de fidélité activé')).toBeVisible();

  const client = await clientWithPoints(admin, shopId, 'Fatou Fidèle', 500);

  // At the till: 500 points (2 500 FCFA) pay part of a 3 500 FCFA sale, cash the rest.
  await openTill(page, 'cashier');
  await sellWithPoints(page, client);
  await expect(page.getByTestId('points-left')).toHaveText(
    nbsp(`Points disponibles : 500 points (${fcfa('2 500')})`),
  );
  await expect(page.getByLabel('Montant', { exact: true })).toHaveValue(/2\s?500/);
  await page.getByRole('button', { name: 'Ajouter ce paiement' }).click();
  await expect(page.getByTestId('remaining')).toHaveText(fcfa('1 000'));
  // All her points are used: the method is no longer offered.
  await page.getByRole('radio', { name: 'Espèces' }).click();
  await expect(page.getByRole('radio', { name: 'Points fidélité' })).toHaveCount(0);
  await page.getByLabel('Montant reçu').fill('1000');
  await page.getByTestId('validate-sale').click();
  const loyalty = page.getByTestId('receipt-loyalty');
  await expect(loyalty).toContainText('Points utilisés−500');
  await expect(loyalty).toContainText('Points gagnés+10');
  await expect(loyalty).toContainText('Solde de points10');
  await expect(page.getByTestId('receipt-number')).toContainText(/Commande n° \d+/, { timeout: 20_000 });

  // The client's page: 10 points, the three moves of the ledger.
  await admin.goto(`/mes-clients/${client.id}`);
  const card = admin.getByTestId('client-loyalty');
  await expect(card.getByTestId('client-points')).toHaveText('10 points', { timeout: 20_000 });
  await expect(card.getByTestId('loyalty-entry')).toHaveCount(3);
  await expect(card.getByTestId('loyalty-entry').nth(0)).toContainText('Points gagnés');
  await expect(card.getByTestId('loyalty-entry').nth(1)).toContainText('Points utilisés');
  await expect(card.getByTestId('loyalty-entry').nth(2)).toContainText('Reprise de la carte papier');
  // A correction below zero is refused in French, naming the points.
  await card.getByRole('button', { name: 'Corriger les points' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel(/Points à ajouter/).fill('-50');
  await dialog.getByLabel('Raison').fill('Erreur de saisie');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(
    dialog.getByText(nbsp('Le client n’a que 10 points : vous pouvez en retirer 10 au plus.')),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Fermer', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await office.close();
});

test('une vente hors ligne avec plus de points que le client n’en a encore est gardée et signalée au responsable', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(150_000);
  // The admin's back office, in another browser: a client holding 200 points.
  const office = await browser.newContext();
  const officePage = await office.newPage();
  await signInAs(officePage, 'admin');
  const shopId = (await callApi<{ _id: string }>(officePage, 'GET', '/api/shop/getShop')).body._id;
  const client = await clientWithPoints(officePage, shopId, 'Aminata Hors Ligne', 200);

  // The tablet (a supervisor's, to settle conflicts) copies the clients, her 200 points with them.
  await openTill(page, 'supervisor');
  await expect(page.locator('html[data-pos-offline-ready="true"]')).toBeAttached({ timeout: 30_000 });
  await expect(page.getByTestId('sync-badge')).toContainText('À jour', { timeout: 30_000 });

  await context.setOffline(true);
  // Meanwhile, the back office takes 150 of her points.
  const taken = await callApi(officePage, 'POST', '/api/loyalty/adjust', {
    shopId,
    clientId: client.id,
    points: -150,
    note: 'Points utilisés sur une commande WhatsApp',
  });
  expect(taken.status, JSON.stringify(taken.body)).toBe(200);
  await office.close();

  // The till still believes in 200 points and lets them pay 1 000 FCFA.
  await sellWithPoints(page, client);
  await expect(page.getByTestId('points-left')).toHaveText(
    nbsp(`Points disponibles : 200 points (${fcfa('1 000')})`),
  );
  await page.getByRole('button', { name: 'Ajouter ce paiement' }).click();
  await page.getByRole('radio', { name: 'Espèces' }).click();
  await page.getByLabel('Montant reçu').fill('2500');
  await page.getByTestId('validate-sale').click();
  await expect(page.getByTestId('receipt-loyalty')).toContainText('Points utilisés−200');
  await page.getByTestId('new-sale').click();
  await context.setOffline(false);
  await expect(page.getByTestId('sync-badge')).toHaveAttribute('data-pending', '0', { timeout: 30_000 });

  // The manager's « Conflits »: 150 points were missing; settled, it says what was done.
  await page.getByRole('button', { name: 'Conflits' }).click();
  const conflict = page.getByTestId('loyalty-conflict').filter({ hasText: client.name }).first();
  await expect(conflict).toBeVisible({ timeout: 20_000 });
  await expect(conflict).toContainText('150 points manquants');
  await expect(conflict).toContainText(nbsp(`200 points utilisés hors ligne pour ${fcfa('1 000')}`));
  await conflict.getByLabel('Ce qui a été fait').fill('Cliente prévenue, geste accepté.');
  await conflict.getByRole('button', { name: 'Marquer réglé' }).click();
  await expect(page.getByTestId('loyalty-conflict').filter({ hasText: client.name })).toHaveCount(0);
});
