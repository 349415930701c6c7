import { devices, expect, test, type Page } from './support/test';
import { signInAs, signInWithPhone, signUpNewShop } from './support/auth';
import { openTill } from './support/till';

/**
 * Lists on a phone (cards, filters in a sheet, nothing past the right edge), tables that fit a
 * tablet, empty lists that say what to do, and the till's controls big enough for a finger.
 * Screenshots of each page at the three sizes go to test-results/ (or SHOTS_DIR) to be looked at;
 * CI takes them only when SHOTS_DIR is set.
 */

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 1024, height: 768 };
const DESKTOP = { width: 1440, height: 900 };
const OPERATOR = { local: '77 000 00 09', e164: '+221770000009' };

async function shoot(page: Page, name: string) {
  // In CI nobody looks at them, and each full-page screenshot costs a second or two on 2 cores.
  if (process.env.CI && !process.env.SHOTS_DIR) return;
  const size = page.viewportSize()!;
  const file = `${name}-${size.width}x${size.height}.png`;
  const dir = process.env.SHOTS_DIR;
  await page.screenshot({ path: dir ? `${dir}/${file}` : test.info().outputPath(file), fullPage: true });
}

/** Neither the page nor the list scrolls sideways; the list is drawn as `layout`. */
async function expectFits(page: Page, listTestId: string, layout: 'cards' | 'table') {
  const list = page.getByTestId(listTestId);
  await expect(list).toHaveAttribute('data-layout', layout);
  const widths = await list.evaluate((element) => {
    const root = document.scrollingElement!;
    return {
      page: [root.scrollWidth, root.clientWidth],
      list: [element.scrollWidth, element.clientWidth],
      right: element.getBoundingClientRect().right,
    };
  });
  expect(widths.page[0], `la page défile de côté (${widths.page.join(' > ')})`).toBeLessThanOrEqual(
    widths.page[1]!,
  );
  expect(widths.list[0], `la liste défile de côté (${widths.list.join(' > ')})`).toBeLessThanOrEqual(
    widths.list[1]!,
  );
  expect(widths.right).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** An element lies wholly inside the screen's width (a total, a button, nothing cut). */
async function expectOnScreen(page: Page, locator: ReturnType<Page['locator']>) {
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** The demo shop's orders: a few by API, of every kind the list shows. Answers their ids. */
async function createOrders(page: Page): Promise<{ shopId: string; ids: string[] }> {
  return page.evaluate(async () => {
    const headers = {
      authorization: `Bearer ${localStorage.getItem('accessToken')}`,
      'content-type': 'application/json',
    };
    const call = async (path: string, body?: unknown) => {
      const response = await fetch(
        path,
        body ? { method: 'POST', headers, body: JSON.stringify(body) } : { headers },
      );
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return response.json();
    };
    const shop = (await call('/api/shop/getShop')) as { _id: string };
    const list = (await call(`/api/product/list?shopId=${shop._id}&search=bouye&withVariants=true`)) as {
      items: Array<{ variants: Array<{ _id: string }> }>;
    };
    const variantId = list.items[0]!.variants[0]!._id;
    const kinds = [
      { channel: 'whatsapp', name: 'Mariama Ndiaye Diallo Sarr', status: 'confirmed' },
      { channel: 'phone', name: 'Ousmane Fall', status: null },
      { channel: 'instagram', name: null, status: 'preparing' },
      { channel: 'manual', name: 'Aïssatou Ba', status: null },
    ] as const;
    const ids: string[] = [];
    for (const [i, kind] of kinds.entries()) {
      const order = (await call('/api/order/create', {
        shopId: shop._id,
        channel: kind.channel,
        lines: [{ variantId, quantity: 1 }],
        ...(kind.name ? { newClient: { name: kind.name, phone: `77${6601234 + i * 11}` } } : {}),
        ...(i % 2 === 0 ? { payment: { method: 'wave', amount: 500 } } : {}),
        idempotencyKey: `phone-layouts-${Date.now()}-${i}`,
      })) as { id: string };
      if (kind.status)
        await call('/api/order/changeStatus', { shopId: shop._id, orderId: order.id, status: kind.status });
      ids.push(order.id);
    }
    return { shopId: shop._id, ids };
  });
}

/** Cancels the orders this file made: their units go back to the stock other files count on. */
async function cancelOrders(page: Page, created: { shopId: string; ids: string[] }) {
  await page.evaluate(async ({ shopId, ids }) => {
    const headers = {
      authorization: `Bearer ${localStorage.getItem('accessToken')}`,
      'content-type': 'application/json',
    };
    for (const orderId of ids)
      await fetch('/api/order/changeStatus', {
        method: 'POST',
        headers,
        body: JSON.stringify({ shopId, orderId, status: 'cancelled' }),
      });
  }, created);
}

/** Every control of the till in view (or in `scope`) that is smaller than 44 × 44 px. */
async function smallControls(page: Page, scope = 'body'): Promise<string[]> {
  const root = page.locator(scope).first();
  // A dialog grows in from 95 %: measure once it has finished.
  await root.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
  return root.evaluate((root) => {
    const selector = [
      'button',
      'a[href]',
      'input:not([type=hidden]):not([type=checkbox]):not([type=radio])',
      'select',
      'textarea',
      '[role=tab]',
      '[data-scope=segment-group][data-part=item]',
      '[data-scope=checkbox][data-part=root]',
      '[data-scope=switch][data-part=root]',
    ].join(', ');
    return [...root.querySelectorAll<HTMLElement>(selector)].flatMap((element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      const isShown = box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
      const isInView = box.bottom > 0 && box.top < window.innerHeight;
      if (!isShown || !isInView || (box.width >= 44 && box.height >= 44)) return [];
      const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30);
      return [
        `${element.tagName.toLowerCase()} «\u00a0${name}\u00a0» ${Math.round(box.width)}×${Math.round(box.height)}`,
      ];
    });
  });
}

async function expectTouchSized(page: Page, locator: ReturnType<Page['locator']>) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  expect(box.width, await locator.evaluate((e) => e.textContent)).toBeGreaterThanOrEqual(44);
  expect(box.height, await locator.evaluate((e) => e.textContent)).toBeGreaterThanOrEqual(44);
}

async function openProductWithVariants(page: Page) {
  await page.goto('/mes-produits');
  await page.getByRole('link', { name: 'Boubou brodé homme' }).click();
  await expect(page.getByRole('heading', { name: 'Boubou brodé homme' })).toBeVisible();
  await expect(page.getByTestId('variants-table')).toBeVisible();
}

async function fillNewOrder(page: Page) {
  await page.goto('/mes-commandes/nouvelle');
  for (const [search, name] of [
    ['bouye', 'Jus de bouye 50 cl'],
    ['karite', 'Beurre de karité 200 ml'],
  ] as const) {
    await page.getByLabel('Rechercher un produit à ajouter').fill(search);
    await page.getByRole('button', { name: `Ajouter ${name}` }).click();
  }
  await expect(page.getByTestId('order-line')).toHaveCount(2);
}

test.describe('Listes et caisse à trois tailles d’écran', () => {
  let created: { shopId: string; ids: string[] } | null = null;

  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage({ baseURL: test.info().project.use.baseURL });
    await signInAs(page, 'admin');
    created = await createOrders(page);
    await page.close();
  });

  test.afterAll(async ({ browser }) => {
    if (!created) return;
    const page = await browser.newPage({ baseURL: test.info().project.use.baseURL });
    await signInAs(page, 'admin');
    await cancelOrders(page, created);
    await page.close();
  });

  test('sur un téléphone : des cartes sans défilement de côté, les filtres dans un panneau', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(PHONE);
    await signInAs(page, 'admin');

    // Orders: cards with their number, client, badges and total in view; filters folded away.
    await page.goto('/mes-commandes');
    const orders = page.getByTestId('order-row');
    await expect(orders.first()).toBeVisible();
    await expectFits(page, 'orders-list', 'cards');
    const longName = orders.filter({ hasText: 'Mariama Ndiaye Diallo Sarr' });
    await expectOnScreen(page, longName.getByTestId('order-total'));
    await expectOnScreen(page, longName.getByTestId('payment-status'));
    await expect(page.getByRole('combobox', { name: 'Canal' })).toBeHidden();
    // The first order is near the top, not under a wall of filters.
    expect((await orders.first().boundingBox())!.y).toBeLessThan(700);
    await shoot(page, 'orders');

    await page.getByRole('button', { name: 'Filtres' }).click();
    const sheet = page.getByTestId('filters-sheet');
    await expect(sheet).toBeVisible();
    await sheet.getByRole('combobox', { name: 'Statut' }).selectOption('confirmed');
    await sheet.getByRole('button', { name: 'Voir les résultats' }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filtres (1 actif)' })).toBeVisible();
    await expect(orders.filter({ hasText: 'Mariama Ndiaye Diallo Sarr' })).toHaveCount(1);
    for (const row of await orders.all())
      await expect(row.getByTestId('fulfilment-status')).toHaveText('Confirmée');
    await page.getByRole('button', { name: 'Filtres (1 actif)' }).click();
    await sheet.getByRole('button', { name: 'Effacer les filtres' }).click();
    await sheet.getByRole('button', { name: 'Voir les résultats' }).click();
    await expect(page.getByRole('button', { name: 'Filtres', exact: true })).toBeVisible();

    // Products: cards, and the stock filter in the sheet.
    await page.goto('/mes-produits');
    const products = page.getByTestId('product-row');
    await expect(products.first()).toBeVisible();
    await expectFits(page, 'products-list', 'cards');
    await shoot(page, 'products');
    await page.getByRole('button', { name: 'Filtres' }).click();
    await sheet.getByRole('combobox', { name: 'Stock' }).selectOption('out');
    await sheet.getByRole('button', { name: 'Voir les résultats' }).click();
    await expect(products.filter({ hasText: 'Thé vert Ataya' })).toHaveCount(1);
    for (const row of await products.all())
      await expect(row.getByTestId('stock-figure')).toHaveText('Rupture');

    // A product's variants: one card each, « Ajuster » within reach; its stock history too.
    await openProductWithVariants(page);
    await expectFits(page, 'variants-table', 'cards');
    await expectOnScreen(page, page.getByRole('button', { name: 'Ajuster' }).first());
    await expectFits(page, 'stock-history', 'cards');
    await shoot(page, 'variants');

    await page.goto('/mes-produits/inventaire');
    await expect(page.getByLabel(/^Quantité comptée/).first()).toBeVisible();
    await expectFits(page, 'inventory-list', 'cards');

    // A new order's lines: quantity, discount, total and removal all on screen.
    await fillNewOrder(page);
    await expectFits(page, 'order-lines', 'cards');
    for (const line of await page.getByTestId('order-line').all()) {
      await expectOnScreen(page, line.getByRole('button', { name: /^Retirer/ }));
      await expectOnScreen(page, line.getByLabel(/^Remise/));
    }
    await shoot(page, 'new-order');

    await page.goto('/parametres/general');
    await expect(page.getByTestId('team-row').first()).toBeVisible();
    const widths = await page.evaluate(() => [
      document.scrollingElement!.scrollWidth,
      document.scrollingElement!.clientWidth,
    ]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
    for (const row of await page.getByTestId('team-row').all()) {
      const box = (await row.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
  });

  test('la console sur un téléphone : des cartes avec leurs deux actions', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signInWithPhone(page, OPERATOR.local, OPERATOR.e164);
    await page.goto('/console');
    await expect(page.getByTestId('console-shop').first()).toBeVisible();
    await expectFits(page, 'console-shops', 'cards');
    await expectOnScreen(
      page,
      page
        .getByTestId('console-shop')
        .first()
        .getByRole('button', { name: /Bloquer|Débloquer/ }),
    );
  });

  test('sur une tablette et un ordinateur : les tableaux tiennent dans la largeur', async ({ page }) => {
    test.setTimeout(180_000);
    await signInAs(page, 'admin');
    for (const size of [TABLET, DESKTOP]) {
      await page.setViewportSize(size);
      await page.goto('/mes-commandes');
      await expect(page.getByTestId('order-row').first()).toBeVisible();
      await expectFits(page, 'orders-list', 'table');
      // The filters stay in the page.
      await expect(page.getByRole('combobox', { name: 'Canal' })).toBeVisible();
      await shoot(page, 'orders');

      await page.goto('/mes-produits');
      await expect(page.getByTestId('product-row').first()).toBeVisible();
      await expectFits(page, 'products-list', 'table');
      await shoot(page, 'products');

      await page.goto('/mes-produits/inventaire');
      await expect(page.getByLabel(/^Quantité comptée/).first()).toBeVisible();
      await expectFits(page, 'inventory-list', 'table');

      // The variants' fields are a table where it fits (a computer), cards side by side elsewhere.
      await openProductWithVariants(page);
      await expectFits(page, 'variants-table', size === DESKTOP ? 'table' : 'cards');
      await expectOnScreen(page, page.getByRole('button', { name: 'Ajuster' }).first());
      await expectFits(page, 'stock-history', 'table');
      await shoot(page, 'variants');

      await fillNewOrder(page);
      await expectFits(page, 'order-lines', 'table');
      await shoot(page, 'new-order');
    }
  });

  test('la caisse sur une tablette : chaque commande mesure au moins 44 × 44 px', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(TABLET);
    const { hasOpenedSession } = await openTill(page, 'admin');

    await page.getByTestId('product-card').filter({ hasText: 'Jus de bouye 50 cl' }).click();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    for (const name of ['Vendre', 'Ventes', 'Session'])
      await expectTouchSized(page, page.getByRole('button', { name, exact: true }));
    await expectTouchSized(page, page.getByRole('tab', { name: 'Tout' }));
    for (const tab of await page.getByRole('tablist', { name: 'Catégories' }).getByRole('tab').all())
      await expectTouchSized(page, tab);
    for (const name of ['Ajouter un client', 'Remise', 'Note', 'Mettre en attente', 'Vider'])
      await expectTouchSized(page, page.getByRole('button', { name, exact: true }));
    await page.getByTestId('cart-line').getByRole('button').first().click();
    expect(await smallControls(page)).toEqual([]);
    await shoot(page, 'till');
    // The same till on a phone in portrait (the cart behind its bar) and on a computer.
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await expect(page.getByTestId('product-card').first()).toBeVisible();
      const widths = await page.evaluate(() => [
        document.scrollingElement!.scrollWidth,
        document.scrollingElement!.clientWidth,
      ]);
      expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
      await shoot(page, 'till');
    }
    await page.setViewportSize(TABLET);
    await expect(page.getByRole('button', { name: 'Ajouter un client' })).toBeVisible();

    for (const button of ['Ajouter un client', 'Remise', 'Note']) {
      await page.getByRole('button', { name: button, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      expect(await smallControls(page, '[role=dialog]'), button).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    await page.getByTestId('pay-button').click();
    await expect(page.getByLabel('Montant reçu')).toBeVisible();
    expect(await smallControls(page, '[role=dialog]')).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Vider', exact: true }).click();
    await expect(page.getByTestId('cart-line')).toHaveCount(0);

    // The session screen: cash in and out, and the cash count note by note.
    await page.getByRole('button', { name: 'Session', exact: true }).click();
    const cashCount = page.getByRole('group', { name: 'Comptage par billet et pièce' });
    await expect(cashCount.getByRole('textbox').first()).toBeVisible({ timeout: 20_000 });
    for (const field of await cashCount.getByRole('textbox').all()) await expectTouchSized(page, field);
    expect(await smallControls(page)).toEqual([]);

    // Leaves the till as found: a session this test opened (nothing sold) is closed.
    if (hasOpenedSession) {
      await expect(page.getByTestId('expected-cash')).toHaveText('0\u202fFCFA', { timeout: 20_000 });
      await page.getByTestId('close-session').click();
      await expect(page.getByText(/Session clôturée le/)).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('sync-badge')).toHaveAttribute('data-pending', '0', { timeout: 30_000 });
    }
  });
});

test.describe('Listes vides', () => {
  test('une nouvelle boutique : ses listes disent quoi faire', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signUpNewShop(page, 'Vide');

    await page.goto('/mes-produits');
    const empty = page.getByTestId('no-products-yet');
    await expect(empty).toContainText('Ajoutez votre premier produit');
    await expect(page.getByText('Aucun produit ne correspond.')).toHaveCount(0);
    await expect(empty.getByRole('link', { name: 'Ajouter un produit' })).toBeVisible();
    await expectFits(page, 'products-list', 'cards');
    await empty.getByRole('button', { name: 'Importer' }).click();
    await expect(page.getByRole('dialog').filter({ hasText: 'Importer des produits' })).toBeVisible();
    await page.keyboard.press('Escape');
    // A search that finds nothing is not an empty catalogue.
    await page.getByLabel('Rechercher un produit').fill('introuvable');
    await expect(page.getByText('Aucun produit ne correspond.')).toBeVisible();
    await expect(empty).toHaveCount(0);

    await page.goto('/mes-commandes');
    const noOrders = page.getByTestId('no-orders-yet');
    await expect(noOrders).toContainText('Aucune commande pour le moment');
    await expect(noOrders).toContainText('ventes de la caisse');
    await expect(noOrders.getByRole('link', { name: 'Nouvelle commande' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nouvelle commande' })).toHaveCount(1);

    await page.goto('/mes-produits/inventaire');
    await expect(page.getByText('Aucun article à compter')).toBeVisible();
  });

  test('une caissière sans vente : pas de « Nouvelle commande », ses ventes viendront de la caisse', async ({
    page,
  }) => {
    await signInAs(page, 'cashier');
    await page.goto('/mes-commandes');
    // The demo cashier may have sold in another file of this run; the message is for an empty list.
    const rows = page.getByTestId('order-row');
    const noOrders = page.getByTestId('no-orders-yet');
    await expect(rows.first().or(noOrders)).toBeVisible();
    if (await noOrders.isVisible()) {
      await expect(noOrders).toContainText('Vos ventes à la caisse apparaîtront ici.');
      await expect(noOrders.getByRole('link', { name: 'Ouvrir la caisse' })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Nouvelle commande' })).toHaveCount(0);
  });
});

test.describe('Sur le navigateur d’un téléphone', () => {
  // A phone's user agent, touch and screen: the server guesses a phone as it draws the page.
  const { userAgent, viewport, deviceScaleFactor, isMobile, hasTouch } = devices['Pixel 7'];
  test.use({ userAgent, viewport, deviceScaleFactor, isMobile, hasTouch });

  test('Commandes arrive avec ses 25 premières commandes sans les redemander ; « Afficher plus » donne les 50 suivantes', async ({
    page,
  }) => {
    await signInAs(page, 'admin');
    const html = await (await page.request.get('/mes-commandes')).text();
    expect(html.match(/data-testid="order-row"/g)).toHaveLength(25);
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/order/list') asked.push(url.search);
    });
    await page.goto('/mes-commandes');
    const orders = page.getByTestId('order-row');
    await expect(page.getByTestId('orders-list')).toHaveAttribute('data-layout', 'cards');
    await expect(orders).toHaveCount(25);
    await page.waitForLoadState('networkidle');
    expect(asked, 'la première page est venue avec la page').toEqual([]);

    await page.getByRole('button', { name: 'Afficher plus' }).click();
    await expect(orders).toHaveCount(75);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('after=');
    expect(asked[0]).not.toContain('limit=');
  });
});
