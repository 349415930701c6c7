import fs from 'node:fs/promises';
import { expect, test } from './support/test';
import { signInAs } from './support/auth';
import { currentUrl } from './support/helpers';

/*
 * Statistiques (issue 19), as an admin reads them: the overview's figures, another period, the
 * sales by channel and its CSV, a product's row opening its orders in Commandes, the view kept in
 * the address bar, and a phone's screen without sideways scroll.
 */

test.describe('Statistiques', () => {
  test('lire les ventes, changer de période et de rapport, sur ordinateur puis sur téléphone', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInAs(page, 'admin');
    await page.getByRole('complementary').getByRole('link', { name: 'Statistiques' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/statistiques');
    await expect(page.getByRole('heading', { name: 'Statistiques', level: 1 })).toBeVisible();

    // « Ventes nettes » with an amount.
    const net = page.getByTestId('figure-net');
    await expect(net).toContainText('Ventes nettes');
    await expect(page.getByTestId('figure-net-value')).toHaveText(/^−?[\d\u202f]+\u202fFCFA$/);

    // Another period: it goes to the address bar.
    await page.getByLabel('Période').selectOption({ label: '30 derniers jours' });
    await expect(page).toHaveURL((url) => url.searchParams.get('period') === 'last30');
    await expect(page.getByTestId('figure-net-value')).toHaveText(/FCFA$/);

    // « Commandes » opens the period's sales in Commandes.
    await page.getByRole('link', { name: /^Voir les commandes\s: Commandes$/ }).click();
    await expect(page).toHaveURL(
      (url) => url.pathname === '/mes-commandes' && url.searchParams.get('fulfilment') !== null,
    );
    await expect(page.getByTestId('orders-count')).toHaveText(/^(Plus de )?[\d\u202f]+ commandes?$/);
    await page.goBack();
    await expect(page.getByTestId('figure-net-value')).toHaveText(/FCFA$/);

    // By channel: a row at least (the demo's orders come through several channels).
    await page.getByRole('tab', { name: 'Par canal' }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('report') === 'channels');
    await expect(page.getByTestId('stats-rows')).toHaveAttribute('data-layout', 'table');
    await expect(page.getByTestId('stats-row').first()).toBeVisible();
    await expect(page.getByTestId('stats-row').first()).toContainText('FCFA');

    // The report as CSV: a file named after it, its header in French.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exporter (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^statistiques-channels-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = await fs.readFile((await download.path())!, 'utf8');
    expect(csv).toMatch(/^\uFEFF?Par canal/);
    expect(csv).toMatch(/Canal;.*Ventes nettes/);

    // A product's row opens Commandes on its orders of the period: as many as the list counts.
    await page.getByRole('tab', { name: 'Par produit' }).click();
    const first = page.getByTestId('stats-row').first().getByRole('link');
    // The channels stay on screen until the products arrive: wait for a product's link.
    await expect(first).toHaveAttribute('href', /productId=/);
    const productName = (await first.textContent())!.trim();
    await first.click();
    await expect(page).toHaveURL(
      (url) => url.pathname === '/mes-commandes' && url.searchParams.has('productId'),
    );
    await expect(page.getByTestId('drill-down-filters')).toContainText(`Produit\u00a0: ${productName}`);
    await expect(page.getByTestId('orders-count')).toHaveText(/^\d+ commandes?$/);
    await expect(page.getByTestId('order-row').first()).toBeVisible();
    // Removing the filter widens the list back to the period.
    await page.getByRole('button', { name: 'Retirer le filtre Produit' }).click();
    await expect(page.getByTestId('drill-down-filters')).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === '/statistiques');
    await page.goBack();

    // « Retour » finds the overview of the same period.
    await page.goBack();
    await expect(page).toHaveURL((url) => url.searchParams.get('report') === null);
    expect(currentUrl(page).searchParams.get('period')).toBe('last30');
    await expect(page.getByTestId('figure-net')).toBeVisible();

    // Custom days: the preset's days to start with, a period ending before it starts refused.
    await page.getByLabel('Période').selectOption({ label: 'Personnalisée' });
    await expect(page).toHaveURL((url) => url.searchParams.get('period') === 'custom');
    const from = await page.getByLabel('Du', { exact: true }).inputValue();
    expect(currentUrl(page).searchParams.get('from')).toBe(from);
    await page.getByLabel('Au', { exact: true }).fill('2020-01-01');
    await expect(page.getByRole('alert').filter({ hasText: 'La date de fin précède' })).toBeVisible();
    await page.getByLabel('Au', { exact: true }).fill(from);
    await expect(page.getByTestId('figure-net-value')).toHaveText(/FCFA$/);
    await page.getByLabel('Période').selectOption({ label: '30 derniers jours' });

    // A phone: the overview and the breakdown fit the screen's width.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByTestId('figure-net-value')).toHaveText(/FCFA$/);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);

    await page.getByLabel('Rapport').selectOption({ label: 'Par canal' });
    await expect(page.getByTestId('stats-rows')).toHaveAttribute('data-layout', 'cards');
    await expect(page.getByTestId('stats-row').first()).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);

    await page.getByLabel('Rapport').selectOption({ label: 'Par produit' });
    await expect(page.getByTestId('stats-row').first()).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
