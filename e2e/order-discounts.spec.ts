import { expect, test, type Page } from './support/test';
import { signInWithPhone, signUpNewShop } from './support/auth';
import { callApi, randomSenegalPhone } from './support/helpers';

async function post<T = Record<string, unknown>>(page: Page, path: string, body: Record<string, unknown>) {
  const answer = await callApi<T>(page, 'POST', path, body);
  expect(answer.status, `${path} ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
}

/** « 2 395 FCFA » as formatMoney writes it, whatever the spaces. */
const fcfa = (text: string) => new RegExp(`${text.replace(/ /g, '\\s')}\\sFCFA`);

test.describe('Réductions dans une commande manuelle', () => {
  test('« 3 pour 2 » et le code BIENVENUE10 : totaux en direct, arrondi, « Pourquoi ce prix ? », mêmes chiffres sur la commande ; « FAUX » est un code inconnu', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    // A shop of its own, so its discounts touch no other test's orders.
    await signUpNewShop(page, 'Remise');
    const shopId = (await callApi<{ _id: string }>(page, 'GET', '/api/shop/getShop')).body._id;
    const product = await post<{ _id: string }>(page, '/api/product/create', {
      shopId,
      name: 'Savon karité',
      variants: [{ optionValues: [], price: 1333, stock: 50 }],
    });
    await post(page, '/api/discount/create', {
      shopId,
      name: '3 pour 2',
      kind: 'automatic',
      value: {
        target: 'buy-x-get-y',
        buy: { quantity: 2, products: { productIds: [product._id] } },
        get: { quantity: 1, products: { productIds: [product._id] }, percentage: 100 },
        repeats: true,
      },
      combinesWith: { order: true },
    });
    await post(page, '/api/discount/create', {
      shopId,
      name: 'Bienvenue',
      kind: 'code',
      code: 'BIENVENUE10',
      value: { target: 'order', reduction: { type: 'percentage', percentage: 10 } },
      combinesWith: { product: true },
    });
    const sellerPhone = randomSenegalPhone();
    await post(page, '/api/agent/inviteAgent', {
      shopId,
      phone: sellerPhone.local,
      role: 'seller',
      firstName: 'Coumba',
      lastName: 'Ndiaye',
    });

    // The seller takes the order.
    const sellerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const seller = await sellerContext.newPage();
    await signInWithPhone(seller, sellerPhone.local, sellerPhone.e164);
    await expect(seller.getByRole('heading', { name: /^Bonjour Coumba/ })).toBeVisible();
    await seller.goto(`/mes-commandes/nouvelle?shopId=${shopId}`);
    await expect(seller.getByRole('heading', { name: 'Nouvelle commande' })).toBeVisible();
    await seller.getByLabel('Rechercher un produit à ajouter').fill('savon');
    await seller.getByRole('button', { name: 'Ajouter Savon karité' }).click();
    await seller.getByLabel('Quantité : Savon karité').fill('3');

    const totals = seller.getByTestId('draft-totals');
    // The automatic « 3 pour 2 » applies alone: 3 × 1 333, one given.
    await expect(totals.getByTestId('draft-promotion')).toHaveText([/3 pour 2.*−\s1\s333\sFCFA/]);
    await expect(seller.getByTestId('order-line-promotion')).toHaveText(['3 pour 2']);

    // An unknown code says so, and stops the order from being sent while it stays.
    const codeField = seller.getByLabel('Code promo');
    await codeField.fill('FAUX');
    await seller.getByRole('button', { name: 'Appliquer' }).click();
    const codes = seller.getByTestId('discount-code');
    await expect(codes.filter({ hasText: 'FAUX' })).toContainText('Code inconnu');
    await expect(codes.filter({ hasText: 'FAUX' })).toHaveAttribute('data-state', 'refused');
    await seller.getByRole('button', { name: 'Créer la commande' }).click();
    await expect(seller.getByText(/FAUX\s:\sCode inconnu/)).toBeVisible();
    await expect(seller.getByRole('heading', { name: 'Nouvelle commande' })).toBeVisible();
    await seller.getByRole('button', { name: 'Retirer le code FAUX' }).click();
    await expect(codes).toHaveCount(0);

    // The welcome code, typed in lower case: 2 666 − 10 % (267) = 2 399, rounded down to 2 395.
    await codeField.fill('bienvenue10');
    await codeField.press('Enter');
    await expect(codes.filter({ hasText: 'BIENVENUE10' })).toHaveAttribute('data-state', 'applied');
    await expect(totals.getByTestId('draft-promotion')).toHaveText([
      /3 pour 2.*−\s1\s333\sFCFA/,
      /Bienvenue \(BIENVENUE10\).*−\s267\sFCFA/,
    ]);
    await expect(totals.getByTestId('draft-rounding')).toHaveText(/Arrondi.*−\s4\sFCFA/);
    await expect(totals.getByTestId('draft-total')).toHaveText(fcfa('2 395'));

    await totals.getByRole('button', { name: /Pourquoi ce prix/ }).click();
    const why = seller.getByTestId('why-price');
    await expect(why.getByTestId('why-line')).toContainText(/3 pour 2\s:\s1 article offert/);
    await expect(why.getByTestId('why-order')).toContainText(
      /Bienvenue \(code BIENVENUE10\)\s:\s−10\s%\ssur la commande/,
    );
    await expect(why.getByTestId('why-rounding')).toContainText(/−\s4\sFCFA/);
    await why.getByRole('button', { name: 'Fermer' }).click();
    await expect(why).toBeHidden();

    await seller.getByRole('button', { name: 'Créer la commande' }).click();
    await expect(seller.getByRole('heading', { name: /^Commande #\d+$/ })).toBeVisible();
    const orderTotals = seller.getByTestId('order-totals');
    await expect(orderTotals.getByTestId('order-promotion')).toHaveText([
      /3 pour 2.*−\s1\s333\sFCFA/,
      /Bienvenue \(BIENVENUE10\).*−\s267\sFCFA/,
    ]);
    await expect(orderTotals.getByTestId('order-rounding')).toHaveText(/Arrondi.*−\s4\sFCFA/);
    await expect(orderTotals.getByTestId('order-total')).toHaveText(fcfa('2 395'));
    await orderTotals.getByRole('button', { name: /Pourquoi ce prix/ }).click();
    await expect(why.getByTestId('why-line')).toContainText(/3 pour 2/);
    await expect(why.getByTestId('why-order')).toContainText(/Bienvenue \(code BIENVENUE10\)/);
    await expect(why.getByTestId('why-rounding')).toContainText(/−\s4\sFCFA/);
    await why.getByRole('button', { name: 'Fermer' }).click();

    // Edited, the order keeps its code and is priced again: 6 units, 2 given, −10 % (533), 4 799 → 4 795.
    await seller.getByRole('link', { name: 'Modifier' }).click();
    await expect(seller.getByRole('heading', { name: /^Modifier la commande/ })).toBeVisible();
    await expect(codes).toHaveText([/BIENVENUE10/]);
    await expect(seller.getByTestId('draft-total')).toHaveText(fcfa('2 395'));
    await seller.getByLabel('Quantité : Savon karité').fill('6');
    await expect(seller.getByTestId('draft-total')).toHaveText(fcfa('4 795'));
    await seller.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await expect(seller.getByRole('heading', { name: /^Commande #\d+$/ })).toBeVisible();
    await expect(orderTotals.getByTestId('order-promotion')).toHaveText([
      /3 pour 2.*−\s2\s666\sFCFA/,
      /Bienvenue \(BIENVENUE10\).*−\s533\sFCFA/,
    ]);
    await expect(orderTotals.getByTestId('order-total')).toHaveText(fcfa('4 795'));
    await sellerContext.close();
  });
});
