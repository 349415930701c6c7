import { expect, test } from './support/test';
import { signInAs, signUpNewShop } from './support/auth';
import { callApi } from './support/helpers';

/*
 * Clients (issue 18), as a shop uses them: a demo client found by typing their phone with spaces,
 * their page opened, a part of their ardoise paid; the balance drops by what was paid.
 */

interface ClientSummary {
  id: string;
  name: string;
  phone: string | null;
  balance: number;
}

/** « +221769010037 » → « 76 901 00 37 », as a seller types it. */
function typed(e164: string): string {
  const local = e164.replace(/^\+221/, '');
  return `${local.slice(0, 2)} ${local.slice(2, 5)} ${local.slice(5, 7)} ${local.slice(7, 9)}`;
}

const money = (n: number) => `${n.toLocaleString('fr-FR').replace(/\s/g, '\u202f')}\u202fFCFA`;

test.describe('Clients', () => {
  test('trouver un client par son téléphone tapé avec des espaces et payer une partie de son ardoise', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInAs(page, 'admin');
    const shopId = (await callApi<{ _id: string }>(page, 'GET', '/api/shop/getShop')).body._id;

    // One of the demo's clients (+221 76 901 …), read from the list, with an unpaid order of their own.
    const list = await callApi<{ items: ClientSummary[] }>(
      page,
      'GET',
      `/api/client/list?shopId=${shopId}&search=76901&sort=name&limit=20`,
    );
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const client = list.body.items.find((c) => c.phone?.startsWith('+22176901'))!;
    expect(client).toBeTruthy();
    const products = await callApi<{ items: Array<{ variants: Array<{ _id: string }> }> }>(
      page,
      'GET',
      `/api/product/list?shopId=${shopId}&search=bouye&withVariants=true`,
    );
    const order = await callApi<{ id: string; total: number }>(page, 'POST', '/api/order/create', {
      shopId,
      channel: 'whatsapp',
      clientId: client.id,
      lines: [{ variantId: products.body.items[0]!.variants[0]!._id, quantity: 2 }],
      idempotencyKey: `clients-e2e-${Date.now()}`,
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const detail = await callApi<{ balance: number }>(
      page,
      'GET',
      `/api/client/get?shopId=${shopId}&clientId=${client.id}`,
    );
    const balance = detail.body.balance;
    expect(balance).toBeGreaterThanOrEqual(order.body.total);

    // The list, then the search by phone typed as people type it.
    await page.getByRole('link', { name: 'Clients' }).first().click();
    await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();
    await expect(page.getByTestId('clients-count')).toContainText(/client/);
    await page.getByRole('textbox', { name: 'Rechercher un client' }).fill(typed(client.phone!));
    const rows = page.getByTestId('client-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(client.name);
    await expect(page).toHaveURL(/search=76/);
    await rows.first().getByRole('link', { name: client.name }).click();

    // The client's page: the ardoise, paid in part by Wave.
    await expect(page.getByRole('heading', { name: client.name, level: 1 })).toBeVisible();
    const ardoise = page.getByTestId('client-ardoise');
    await expect(ardoise.getByTestId('client-balance')).toHaveText(money(balance));
    await ardoise.getByRole('button', { name: 'Enregistrer un paiement' }).click();
    const form = page.getByRole('form', { name: 'Enregistrer un paiement de l’ardoise' });
    await expect(form.getByRole('textbox', { name: /^Montant/ })).toHaveValue(String(balance));
    // More than owed is refused before anything is sent.
    await form.getByRole('textbox', { name: /^Montant/ }).fill(String(balance + 1));
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(form.getByText(/Le montant dépasse l’ardoise/)).toBeVisible();
    await form.getByLabel('Moyen de paiement').selectOption({ label: 'Wave' });
    await form.getByRole('textbox', { name: /^Montant/ }).fill('500');
    await form.getByRole('textbox', { name: /^Référence/ }).fill('WV-E2E-1');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Paiement enregistré')).toBeVisible();
    await expect(form).toHaveCount(0);
    await expect(ardoise.getByTestId('client-balance')).toHaveText(money(balance - 500));
    await expect(page.getByTestId('client-timeline')).toContainText('Paiement · Wave');

    // The profile: a birthday that does not exist is refused under its field, nothing changed.
    await page.getByTestId('client-profile').getByRole('button', { name: 'Modifier' }).click();
    const profile = page.getByRole('form', { name: 'Profil du client' });
    await profile.getByRole('textbox', { name: /^Anniversaire/ }).fill('31/02');
    await profile.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(profile.getByText('Cette date d’anniversaire n’existe pas.')).toBeVisible();
    await profile.getByRole('textbox', { name: /^Anniversaire/ }).fill('5/3');
    await profile.getByRole('textbox', { name: /^Point de repère/ }).fill('Derrière la mosquée');
    await profile.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(profile).toHaveCount(0);
    await expect(page.getByTestId('client-profile')).toContainText('5 mars');
    await expect(page.getByTestId('client-profile')).toContainText('Derrière la mosquée');

    // Back to the list: the search is kept in the address, and the row's ardoise is the new one.
    await page.getByTestId('back-to-clients').click();
    await expect(page.getByRole('textbox', { name: 'Rechercher un client' })).toHaveValue(
      typed(client.phone!),
    );
    await expect(rows.first().getByTestId('client-balance')).toHaveText(money(balance - 500));

    // A tag added to the chosen clients, then found by the tag filter.
    const tag = `e2e-${Date.now() % 100_000}`;
    await rows.first().getByRole('checkbox').check({ force: true });
    await page.getByTestId('clients-bulk-bar').getByRole('button', { name: 'Ajouter une étiquette' }).click();
    const tagForm = page.getByRole('form', { name: 'Ajouter une étiquette' });
    await tagForm.getByRole('textbox', { name: /^Étiquette/ }).fill(tag);
    await tagForm.getByRole('button', { name: 'Ajouter' }).click();
    await expect(page.getByText('1 client modifié')).toBeVisible();
    await page.getByRole('textbox', { name: 'Rechercher un client' }).fill('');
    await page.getByRole('textbox', { name: 'Étiquette' }).fill(tag);
    await expect(page.getByTestId('clients-count')).toHaveText('1 client');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(client.name);
  });

  test('fusionner deux doublons, noter, et imprimer le relevé de l’ardoise', async ({ page }) => {
    test.setTimeout(120_000);
    await signUpNewShop(page, 'Doublons');
    const shopId = (await callApi<{ _id: string }>(page, 'GET', '/api/shop/getShop')).body._id;
    const make = async (name: string, phone: string) =>
      (await callApi<{ id: string }>(page, 'POST', '/api/client/create', { shopId, name, phone })).body.id;
    const keptId = await make('Awa Ndiaye', '77 311 22 33');
    const goneId = await make('Awa N.', '78 311 22 33');
    const product = await callApi<{ variants: Array<{ _id: string }> }>(page, 'POST', '/api/product/create', {
      shopId,
      name: 'Pagne wax',
      variants: [{ optionValues: [], price: 6000, stock: 10 }],
    });
    expect(product.status, JSON.stringify(product.body)).toBe(200);
    const order = await callApi(page, 'POST', '/api/order/create', {
      shopId,
      clientId: goneId,
      lines: [{ variantId: product.body.variants[0]!._id, quantity: 1 }],
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);

    await page.goto(`/mes-clients/${keptId}?shopId=${shopId}`);
    await page.getByRole('button', { name: 'Fusionner' }).click();
    const dialog = page.getByTestId('merge-clients-dialog');
    await dialog.getByLabel('Rechercher le doublon').fill('78 311');
    await dialog
      .getByTestId('merge-candidates')
      .getByRole('button', { name: /Awa N\./ })
      .click();
    await dialog.getByRole('button', { name: 'Fusionner', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    // The kept client holds the duplicate's order and what it owes, and the merge is in the history.
    await expect(page.getByTestId('client-balance')).toHaveText(money(6000));
    await expect(page.getByTestId('client-event').first()).toContainText('Fusion');

    await page.getByRole('button', { name: 'Ajouter une note' }).click();
    await page.getByRole('textbox', { name: 'Note' }).fill('Préfère être livrée le samedi.');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByTestId('client-event').first()).toContainText('Préfère être livrée le samedi.');

    const statement = await page.context().newPage();
    await statement.goto(`/mes-clients/${keptId}/releve?shopId=${shopId}`);
    await expect(statement.getByTestId('statement-lines')).toContainText('Commande #1001');
    await expect(statement.getByTestId('statement-closing')).toContainText(money(6000));
    await statement.close();
  });

  test('sur un téléphone, la liste et la fiche tiennent dans la largeur', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, 'admin');
    const shopId = (await callApi<{ _id: string }>(page, 'GET', '/api/shop/getShop')).body._id;
    await page.goto(`/mes-clients?shopId=${shopId}`);
    await expect(page.getByTestId('clients-list')).toHaveAttribute('data-layout', 'cards');
    await expect(page.getByTestId('client-row').first()).toBeVisible();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByTestId('client-row').first().locator('a').first().click();
    await expect(page.getByTestId('client-figures')).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });

  test('la caisse ne voit pas la page Clients', async ({ page }) => {
    await signInAs(page, 'cashier');
    const shopId = (await callApi<{ _id: string }>(page, 'GET', '/api/shop/getShop')).body._id;
    await page.goto(`/mes-clients?shopId=${shopId}`);
    await expect(page.getByRole('heading', { name: 'Accès refusé' })).toBeVisible();
    await expect(page.getByTestId('clients-list')).toHaveCount(0);
  });
});
