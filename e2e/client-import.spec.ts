import { expect, test } from './support/test';
import { signUpNewShop } from './support/auth';
import { currentUrl, randomSenegalPhone } from './support/helpers';

const SHOPIFY_HEADER =
  'Customer ID,First Name,Last Name,Email,Accepts Email Marketing,Default Address Company,Default Address Address1,Default Address Address2,Default Address City,Default Address Province Code,Default Address Country Code,Default Address Zip,Default Address Phone,Phone,Accepts SMS Marketing,Total Spent,Total Orders,Note,Tax Exempt,Tags';

test.describe('Importer des clients', () => {
  test('un export clients Shopify avec une ligne fausse : aperçu ligne par ligne, puis import', async ({
    page,
  }) => {
    await signUpNewShop(page, 'Clients');
    const shopId = currentUrl(page).searchParams.get('shopId') ?? '';
    await page.goto(`/mes-clients/importer?shopId=${shopId}`);
    await expect(page.getByRole('heading', { name: 'Importer des clients' })).toBeVisible();

    const awa = randomSenegalPhone();
    const moussa = randomSenegalPhone();
    const file = [
      SHOPIFY_HEADER,
      `1,Awa,Diop,awa@example.com,yes,,Rue 10,,Pikine,,SN,,,'${awa.e164},yes,125000.00,4,,no,VIP`,
      `2,Moussa,Ba,,no,,,,Dakar,,SN,,,${moussa.local},no,0.00,0,,no,`,
      `3,Fatou,Sow,,no,,,,,,SN,,,12345,no,0,0,,no,`,
    ].join('\n');
    await page.getByLabel('Fichier CSV').setInputFiles({
      name: 'customers_export.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(file),
    });
    const report = page.getByTestId('client-import-report');
    await expect(report).toContainText('Export clients Shopify');
    await expect(report).toContainText(
      '2 clients à créer, 0 client à mettre à jour (même téléphone), 1 ligne en erreur.',
    );
    const bad = page.getByTestId('import-row').filter({ hasText: 'Fatou Sow' });
    await expect(bad).toContainText('4');
    await expect(bad).toContainText(/Phone\s:\sNuméro de téléphone invalide\./);

    await page.getByRole('button', { name: 'Importer 2 clients' }).click();
    await expect(report).toContainText('2 clients créés, 0 client mis à jour, 1 ligne en erreur ignorée.');
    await expect(page.getByTestId('import-row').filter({ hasText: 'Awa Diop' })).toContainText('Créé');

    // On a phone the lines are cards: nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('client-import-rows')).toHaveAttribute('data-layout', 'cards');
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  });
});
