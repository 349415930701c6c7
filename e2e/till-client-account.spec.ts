import { expect, test } from './support/test';
import { callApi, randomSenegalPhone } from './support/helpers';
import { signInAs } from './support/auth';
import { openTill } from './support/till';

/*
 * A client's account at the till (issue 18): their « avoir » pays part of a sale, and their credit
 * limit holds offline, judged on the tablet's copy of the client and its sales not sent yet.
 */

test.use({ viewport: { width: 1024, height: 768 } });

const PRODUCT = 'Beurre de karité 200 ml'; // 3 500 FCFA in the demo catalogue
const fcfa = (text: string) => `${text.replace(/ /g, '\u202f')}\u202fFCFA`;

test('l’avoir paie une partie de la vente, et le plafond de crédit tient hors ligne', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(150_000);
  // The shop (its admin, in another browser) gives a new client 3 000 FCFA of « avoir » (a refund
  // as credit) and a 5 000 FCFA credit limit.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAs(admin, 'admin');
  const shopId = (await callApi<{ _id: string }>(admin, 'GET', '/api/shop/getShop')).body._id;
  const phone = randomSenegalPhone();
  const name = `Mariama Avoir ${phone.e164.slice(-4)}`;
  const client = await callApi<{ id: string }>(admin, 'POST', '/api/client/create', {
    shopId,
    name,
    phone: phone.e164,
  });
  expect(client.status, JSON.stringify(client.body)).toBe(200);
  const clientId = client.body.id;
  const limit = await callApi(admin, 'POST', '/api/client/update', { shopId, clientId, creditLimit: 5000 });
  expect(limit.status, JSON.stringify(limit.body)).toBe(200);
  const products = await callApi<{ items: Array<{ variants: Array<{ _id: string }> }> }>(
    admin,
    'GET',
    `/api/product/list?shopId=${shopId}&search=karit&withVariants=true`,
  );
  const order = await callApi<{ id: string; total: number }>(admin, 'POST', '/api/order/create', {
    shopId,
    channel: 'whatsapp',
    clientId,
    lines: [{ variantId: products.body.items[0]!.variants[0]!._id, quantity: 1 }],
    payment: { method: 'cash', amount: 3500 },
    idempotencyKey: `avoir-e2e-${Date.now()}`,
  });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const refund = await callApi(admin, 'POST', '/api/order/refund', {
    shopId,
    orderId: order.body.id,
    amount: 3000,
    method: 'store_credit',
    restock: false,
  });
  expect(refund.status, JSON.stringify(refund.body)).toBe(200);

  await adminContext.close();

  // At the till, the client is found by phone; « Avoir » offers what they hold.
  await openTill(page, 'cashier');
  const addProduct = async () => {
    await page.getByTestId('product-search').fill(PRODUCT);
    await page.getByTestId('product-card').filter({ hasText: PRODUCT }).first().click();
    await page.getByTestId('product-search').fill('');
  };
  const attachClient = async () => {
    await page.getByRole('button', { name: 'Ajouter un client' }).click();
    await page.getByLabel('Rechercher un client par téléphone ou nom').fill(phone.local.slice(-5));
    await page.getByRole('button', { name: new RegExp(name) }).click();
    await expect(page.getByTestId('cart-client')).toContainText(name);
  };
  await addProduct();
  await attachClient();
  await page.getByTestId('pay-button').click();
  await page.getByRole('radio', { name: 'Avoir' }).click();
  await expect(page.getByTestId('store-credit-left')).toHaveText(`Avoir disponible\u00a0: ${fcfa('3 000')}`);
  await expect(page.getByLabel('Montant', { exact: true })).toHaveValue(/3\s?000/);
  await page.getByRole('button', { name: 'Ajouter ce paiement' }).click();
  await expect(page.getByTestId('remaining')).toHaveText(fcfa('500'));
  // All the avoir is used: the method is no longer offered.
  await page.getByRole('radio', { name: 'Espèces' }).click();
  await expect(page.getByRole('radio', { name: 'Avoir' })).toHaveCount(0);
  await page.getByLabel('Montant reçu').fill('500');
  await page.getByTestId('validate-sale').click();
  await expect(page.getByTestId('receipt')).toContainText('Avoir');
  await expect(page.getByTestId('receipt-number')).toContainText(/Commande n° \d+/, { timeout: 20_000 });
  await page.getByTestId('new-sale').click();

  // Offline: 2 × 3 500 on credit would take the ardoise past 5 000. The tablet knows it and asks a PIN.
  await context.setOffline(true);
  await addProduct();
  await addProduct();
  await attachClient();
  await page.getByTestId('pay-button').click();
  await expect(page.getByRole('radio', { name: 'Avoir' })).toHaveCount(0);
  await page.getByText('Paiement à crédit').click();
  await expect(page.getByTestId('credit-limit')).toHaveText(
    `L’ardoise de ${name} passerait à ${fcfa('7 000')}, au-delà de son plafond (${fcfa('5 000')}).`,
  );
  await page.getByTestId('validate-sale').click();
  await expect(page.getByRole('dialog').getByRole('alert')).toContainText(
    'Un responsable doit approuver ce crédit au-delà du plafond avec son code PIN.',
  );
  await page.getByRole('button', { name: 'Retour au panier' }).click();
  await context.setOffline(false);

  // The server took the avoir: the client holds none now.
  const account = () =>
    callApi<{ storeCredit: number }>(
      page,
      'GET',
      `/api/pos/clientCredit?shopId=${shopId}&clientId=${clientId}`,
    );
  await expect.poll(async () => (await account()).body.storeCredit, { timeout: 20_000 }).toBe(0);
});
