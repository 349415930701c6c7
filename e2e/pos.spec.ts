import fs from 'node:fs/promises';
import { expect, test, type Page } from './support/test';
import { signInAs } from './support/auth';
import { serverDataDir } from './support/server';
import { scanCode } from './support/scanner';
import { openTill } from './support/till';
import { randomSenegalPhone } from './support/helpers';

/** The demo catalogue's Bissap 1 L (1 500 FCFA) carries this barcode. */
const BISSAP_BARCODE = '2001234567893';

test.use({ viewport: { width: 1024, height: 768 } });

async function printedCount(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { printed?: number }).printed ?? 0);
}

/** A barcode scanner types like a keyboard, much faster than a person, and ends with Enter. */
const scan = (page: Page, code: string) => scanCode(page, code);

async function addByName(page: Page, name: string) {
  await page.getByTestId('product-search').fill(name);
  await page.getByTestId('product-card').filter({ hasText: name }).first().click();
  await page.getByTestId('product-search').fill('');
}

async function payCash(page: Page, tendered: string) {
  await page.getByTestId('pay-button').click();
  await page.getByLabel('Montant reçu').fill(tendered);
  await page.getByTestId('validate-sale').click();
  await expect(page.getByTestId('receipt')).toBeVisible();
}

async function attachClientByPhone(page: Page, local: string, name: string) {
  await page.getByRole('button', { name: 'Ajouter un client' }).click();
  await page.getByLabel('Rechercher un client par téléphone ou nom').fill(local.slice(-5));
  await page.getByRole('button', { name: new RegExp(name) }).click();
  await expect(page.getByTestId('cart-client')).toContainText(name);
}

test('a cashier sells online and offline, and closes the till with its Z report', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await context.addInitScript(() => {
    window.print = () => {
      const w = window as unknown as { printed?: number };
      w.printed = (w.printed ?? 0) + 1;
    };
  });
  await signInAs(page, 'cashier');
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) asked.push(pathname);
  });
  await page.goto('/point-de-vente');

  // The shop's till (the server makes « Caisse 1 » for a shop without one); its session opens with the float.
  const choose = page.getByRole('button', { name: /Caisse 1/ });
  const floatField = page.getByLabel('Fond de caisse compté');
  await expect(choose.or(floatField).first()).toBeVisible({ timeout: 20_000 });
  // That first screen came with the page (its session and boot answer drawn by the server): the
  // till asked neither, nor the four reads in a row it once waited on. The one session read left
  // is next-auth's own, for the token's renewal.
  expect(asked.filter((path) => path === '/api/pos/boot')).toEqual([]);
  expect(asked.filter((path) => path === '/api/auth/session').length).toBeLessThanOrEqual(1);
  const oldReads = [
    '/api/user/getInfo',
    '/api/shop/getShop',
    '/api/agent/getOneAgent',
    '/api/loyalty/program',
  ];
  expect(asked.filter((path) => oldReads.includes(path))).toEqual([]);
  if (await choose.isVisible()) await choose.click();
  await floatField.fill('10000');
  await page.getByRole('button', { name: 'Ouvrir la session' }).click();
  await expect(page.getByTestId('product-search')).toBeVisible();
  await expect(page.getByTestId('product-card').first()).toBeVisible({ timeout: 20_000 });

  // A scan anywhere on the screen adds the variant; a tap adds another product.
  await page.getByTestId('cart').click({ position: { x: 10, y: 300 } });
  await scan(page, BISSAP_BARCODE);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-line')).toContainText('Bissap 1 L');
  await addByName(page, 'Café Touba 250 g');
  await expect(page.getByTestId('cart-total')).toHaveText('4\u202f000\u202fFCFA');

  // Split: 2 500 by Orange Money, the rest in cash with change.
  await page.getByTestId('pay-button').click();
  await page.getByRole('radio', { name: 'Orange Money' }).click();
  await page.getByLabel('Montant', { exact: true }).fill('2500');
  await page.getByLabel('Référence de la transaction').fill('OM-55831');
  await page.getByRole('button', { name: 'Ajouter ce paiement' }).click();
  await page.getByRole('radio', { name: 'Espèces' }).click();
  await page.getByLabel('Montant reçu').fill('2000');
  await expect(page.getByTestId('entry-change')).toContainText('500');
  await page.getByTestId('validate-sale').click();

  const receipt = page.getByTestId('receipt');
  await expect(receipt).toContainText('Boutique Awa');
  await expect(receipt).toContainText('Orange Money OM-55831');
  await expect(receipt).toContainText('Monnaie rendue');
  await expect(receipt).toContainText('Merci de votre visite');
  await expect(page.getByTestId('receipt-number')).toContainText(/Commande n° \d+/, { timeout: 20_000 });
  await page.getByTestId('print-receipt').click();
  await expect.poll(() => printedCount(page)).toBe(1);
  await page.getByTestId('new-sale').click();

  // The page and its files are in the service worker's cache before the network goes.
  await expect(page.locator('html[data-pos-offline-ready="true"]')).toBeAttached({ timeout: 30_000 });
  await expect
    .poll(() => page.evaluate(async () => !!(await caches.match('/point-de-vente'))), { timeout: 20_000 })
    .toBe(true);
  await expect(page.getByTestId('sync-badge')).toHaveAttribute('data-pending', '0', { timeout: 20_000 });

  // Offline: a new client and three sales, still numbered locally.
  await context.setOffline(true);
  const phone = randomSenegalPhone();
  const clientName = `Client Hors Ligne ${phone.e164.slice(-4)}`;
  await addByName(page, 'Jus de bouye 50 cl');
  await page.getByRole('button', { name: 'Ajouter un client' }).click();
  await page.getByRole('button', { name: 'Nouveau client' }).click();
  await page.getByLabel('Nom du client').fill(clientName);
  await page.getByLabel('Téléphone').fill(phone.local);
  await page.getByRole('button', { name: 'Créer et ajouter' }).click();
  await expect(page.getByTestId('cart-client')).toContainText(clientName);
  await payCash(page, '1000');
  // The tablet's series and its number: what the order keeps and Commandes finds.
  await expect(page.getByTestId('receipt-number')).toHaveText(/^Ticket local n° [A-Z]{4}-\d+$/);
  const localTicket = (await page.getByTestId('receipt-number').textContent())!;
  await page.getByTestId('new-sale').click();

  for (let i = 0; i < 2; i++) {
    await addByName(page, 'Jus de bouye 50 cl');
    await attachClientByPhone(page, phone.local, clientName);
    await payCash(page, '1000');
    await page.getByTestId('new-sale').click();
  }
  await expect(page.getByTestId('sync-badge')).toHaveAttribute('data-pending', '4');

  // Signing out would strand them: refused.
  await page.getByRole('button', { name: 'Menu du compte' }).click();
  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page.getByText('Déconnexion impossible pour le moment')).toBeVisible();

  // Reloaded with no network, the till comes back from the cache with everything waiting.
  await page.reload();
  await expect(page.getByTestId('product-search')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('sync-badge')).toHaveAttribute('data-pending', '4');

  // Back online, the outbox empties.
  await context.setOffline(false);
  await expect(page.getByTestId('sync-badge')).toHaveAttribute('data-pending', '0', { timeout: 30_000 });

  // A receipt goes by SMS to the client's phone from the till's sales, once the sale is synced.
  await page.getByRole('button', { name: 'Ventes', exact: true }).click();
  await page.getByTestId('history-sale').first().click();
  await page.getByRole('button', { name: 'Envoyer par SMS' }).click();
  await expect(page.getByText('Reçu envoyé par SMS.')).toBeVisible();
  await expect
    .poll(async () =>
      (await fs.readFile(`${serverDataDir()}/sms.jsonl`, 'utf8')).includes(`"to":"${phone.e164}"`),
    )
    .toBe(true);
  await page.keyboard.press('Escape');

  // Exactly three new orders for the new client, in Commandes.
  await page.goto('/mes-commandes');
  await page.getByLabel('Rechercher une commande').fill(phone.e164.slice(4));
  await expect(page.getByTestId('order-row')).toHaveCount(3);
  for (const row of await page.getByTestId('order-row').all()) await expect(row).toContainText(clientName);
  await page.getByLabel('Rechercher une commande').fill(localTicket);
  await expect(page.getByTestId('order-row')).toHaveCount(1);
  await page.getByTestId('order-row').getByRole('link').first().click();
  await expect(page.getByTestId('order-local-reference')).toContainText(localTicket);

  // Closing: 14 500 expected (10 000 float + 1 500 + 3 × 1 000 cash), counted note by note.
  await page.goto('/point-de-vente?vue=session');
  await expect(page.getByTestId('expected-cash')).toHaveText('14\u202f500\u202fFCFA', { timeout: 20_000 });
  // One figure for the session, the same above: this tablet's share beside it.
  await expect(page.getByTestId('session-expected-cash')).toHaveText('14\u202f500\u202fFCFA');
  await expect(page.getByTestId('session-expected-cash-note')).toHaveText(
    'dont cette tablette\u00a0: 4\u202f500\u202fFCFA',
  );
  await page.getByLabel(/Nombre de 10\u202f000/).fill('1');
  await page.getByLabel(/Nombre de 2\u202f000/).fill('2');
  await page.getByLabel(/Nombre de 500\u202f/).fill('1');
  await expect(page.getByTestId('counted-cash')).toHaveText('14\u202f500\u202fFCFA');
  await expect(page.getByTestId('variance')).toHaveText('0\u202fFCFA');
  await page.getByTestId('close-session').click();

  // The Z report, once the session is closed (a loaded machine may still draw the X report of the
  // open session for a moment beside it).
  const report = page.getByTestId('z-report').filter({ hasText: 'RAPPORT Z' });
  await expect(report).toBeVisible({ timeout: 30_000 });
  await expect(report).toContainText(/Nombre de ventes\s*4/);
  await expect(report).toContainText('Orange Money');
  await page.getByTestId('print-z-report').click();
  await expect.poll(() => printedCount(page)).toBe(1);
});

test('a big discount and a refund at the till need a manager’s PIN, checked on the tablet', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, 'seller');
  await page.goto('/point-de-vente');
  await page.getByRole('button', { name: /Caisse 2/ }).click();
  await page.getByLabel('Fond de caisse compté').fill('0');
  await page.getByRole('button', { name: 'Ouvrir la session' }).click();
  await expect(page.getByTestId('product-card').first()).toBeVisible({ timeout: 20_000 });

  await addByName(page, 'Café Touba 250 g');
  await addByName(page, 'Café Touba 250 g');
  await page.getByRole('button', { name: 'Remise' }).click();
  await page.getByLabel('Remise en %').fill('30');
  await page.getByRole('button', { name: 'Appliquer', exact: true }).click();
  await expect(page.getByTestId('cart-total')).toHaveText('3\u202f500\u202fFCFA');

  await page.getByTestId('pay-button').click();
  await page.getByLabel('Montant reçu').fill('3500');
  await page.getByTestId('validate-sale').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Un responsable doit approuver' })).toBeVisible();
  const pin = page.getByLabel('Code PIN d’un responsable');
  await pin.fill('0000');
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await expect(
    page.getByText('Ce code PIN n’est celui d’aucun administrateur ou superviseur.'),
  ).toBeVisible();
  await pin.fill('5678');
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await expect(page.getByTestId('approval-ok')).toContainText('Moussa');
  await page.getByTestId('validate-sale').click();
  await expect(page.getByTestId('receipt-number')).toContainText(/Commande n° \d+/, { timeout: 20_000 });
  await page.getByTestId('new-sale').click();

  // Refund one of the two from the till's sales, with the admin's PIN; the stock comes back.
  await page.getByRole('button', { name: 'Ventes', exact: true }).click();
  await page.getByTestId('history-sale').first().click();
  await page.getByTestId('refund-sale').click();
  await page.getByTestId('refund-line').getByRole('button', { name: 'Un de plus' }).click();
  await page.getByLabel('Code PIN d’un responsable').fill('1234');
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await expect(page.getByTestId('approval-ok')).toBeVisible();
  await expect(page.getByTestId('confirm-refund')).toContainText('1\u202f750\u202fFCFA');
  await page.getByTestId('confirm-refund').click();
  await expect(page.getByTestId('history-sale').first()).toContainText('Remboursée');
  await expect(page.getByTestId('sync-badge')).toHaveAttribute('data-pending', '0', { timeout: 20_000 });
  await expect(page.getByTestId('sync-badge')).toContainText('À jour');

  await page.getByTestId('history-sale').first().click();
  await expect(page.getByTestId('receipt')).toContainText('Remboursé');
  await expect(page.getByTestId('receipt')).toContainText('1\u202f750\u202fFCFA');
});

test('a sale made offline past the stock is kept, flagged on the order and settled from « Conflits de stock »', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await openTill(page, 'admin');
  await expect(page.locator('html[data-pos-offline-ready="true"]')).toBeAttached({ timeout: 30_000 });
  // The page kept for offline days holds neither the session (its API token) nor the boot answer
  // it was drawn with: served later, they would pass for current.
  const kept = await page.evaluate(async () => {
    const response = await caches.match('/point-de-vente', { cacheName: 'pos-page-v2' });
    return response ? response.text() : '';
  });
  expect(kept).toContain('id="__NEXT_DATA__"');
  expect(kept).not.toContain('tillBoot');
  expect(kept).not.toContain('accessToken');

  // Offline, the tablet sells more juice than the shop had: the customer leaves with it.
  await context.setOffline(true);
  await addByName(page, 'Jus de bouye 50 cl');
  await page.getByTestId('cart-line').click();
  await page.getByTestId('cart-line').getByLabel('Quantité').fill('60');
  await page.getByTestId('cart-line').getByLabel('Quantité').blur();
  await expect(page.getByTestId('cart-total')).toHaveText('60\u202f000\u202fFCFA');
  await payCash(page, '60000');
  await page.getByTestId('new-sale').click();
  await context.setOffline(false);
  await expect(page.getByTestId('sync-badge')).toHaveAttribute('data-pending', '0', { timeout: 30_000 });

  // Everything sent, then the network goes and the page reloads: the session is still open, with
  // this tablet's sale counted.
  await context.setOffline(true);
  await page.goto('/point-de-vente?vue=session');
  await expect(page.getByTestId('session-sales')).toHaveText('1', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Vendre' }).click();
  await expect(page.getByTestId('product-search')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByTestId('sync-badge')).toContainText('À jour', { timeout: 30_000 });

  // The supervisor's list has it; settling it says what was done.
  await page.getByRole('button', { name: 'Conflits' }).click();
  const conflict = page.getByTestId('stock-conflict').filter({ hasText: 'Jus de bouye 50 cl' }).first();
  await expect(conflict).toBeVisible({ timeout: 20_000 });
  const orderNumber = (await conflict.textContent())!.match(/Commande n° (\d+)/)![1]!;
  await conflict.getByLabel('Ce qui a été fait').fill('Cartons retrouvés en réserve, stock recompté.');
  await conflict.getByRole('button', { name: 'Marquer réglé' }).click();
  await expect(
    page.getByTestId('stock-conflict').filter({ hasText: `Commande n° ${orderNumber}` }),
  ).toHaveCount(0);
  await page.getByText('Réglés', { exact: true }).click();
  await expect(
    page.getByTestId('stock-conflict').filter({ hasText: `Commande n° ${orderNumber}` }),
  ).toContainText('Cartons retrouvés en réserve');

  // The order says it too, in Commandes.
  await page.goto('/mes-commandes');
  await page.getByLabel('Rechercher une commande').fill(orderNumber);
  await page.getByRole('link', { name: `#${orderNumber}` }).click();
  await expect(page.getByTestId('stock-conflict-badge')).toHaveText('Conflit de stock réglé');
  await expect(
    page.getByText(/Conflit de stock\s: vendu hors ligne sans stock suffisant \(Jus de bouye 50 cl, /),
  ).toBeVisible();
  await expect(page.getByText(/Conflit de stock réglé \(Jus de bouye 50 cl\)/)).toBeVisible();
});
