import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { signUpNewShop } from './support/auth';
import { currentUrl, openDialogWith } from './support/helpers';

const FIXTURES = path.resolve(import.meta.dirname, '../tests/fixtures/imports');

async function openImport(page: Page, shopName: string) {
  await signUpNewShop(page, shopName);
  const shopId = currentUrl(page).searchParams.get('shopId') ?? '';
  await page.goto(`/mes-produits?shopId=${shopId}`);
  return openDialogWith(page, page.getByRole('button', { name: 'Importer' }));
}

test.describe('Importer des produits depuis une autre plateforme', () => {
  test('un export Shopify avec une ligne fausse : format reconnu, erreur, images, puis inchangé au second import', async ({
    page,
  }) => {
    const dialog = await openImport(page, 'Shopify');
    await dialog.getByLabel('Fichier CSV').setInputFiles(path.join(FIXTURES, 'shopify-products.csv'));
    const preview = page.getByTestId('import-preview');
    await expect(preview).toContainText(/Format reconnu\s:\sShopify/);
    await expect(preview).toContainText('5 produits à créer, 1 produit ignoré (erreurs ci-dessous).');
    const errorRow = preview.getByRole('row').filter({ hasText: 'Variant Price' });
    await expect(errorRow).toContainText('8');
    await expect(errorRow).toContainText(/«\sdouze\s»\sn’est pas un montant valide\./);
    const images = page.getByTestId('import-images');
    await expect(images).toContainText('6 images n’ont pas été importées');
    await expect(images).toContainText(/Boubou brodé \(ligne 2\)\s:\s3 images/);

    await dialog.getByRole('button', { name: 'Importer', exact: true }).click();
    await expect(page.getByText('Import terminé')).toBeVisible();
    await expect(page.getByText('5 produits créés, 1 produit ignoré.')).toBeVisible();

    // The same file again: nothing to write, and that is not a failure. (The first dialog must be
    // gone, or its closing « Importer » would be a second button of that name.)
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'Importer', exact: true }).click();
    await page
      .getByRole('dialog')
      .getByLabel('Fichier CSV')
      .setInputFiles(path.join(FIXTURES, 'shopify-products.csv'));
    await expect(preview).toContainText('5 produits inchangés, 1 produit ignoré (erreurs ci-dessous).');
    await expect(preview).toContainText('Vos produits sont déjà à jour');
    await expect(
      page.getByRole('dialog').getByRole('button', { name: 'Importer', exact: true }),
    ).toBeDisabled();
  });

  test('un export Loyverse : le premier magasin, la ligne fausse, puis le résultat', async ({ page }) => {
    const dialog = await openImport(page, 'Loyverse');
    await dialog.getByLabel('Fichier CSV').setInputFiles(path.join(FIXTURES, 'loyverse-items.csv'));
    const preview = page.getByTestId('import-preview');
    await expect(preview).toContainText(/Format reconnu\s:\sLoyverse/);
    await expect(preview).toContainText(/2 magasins \(Plateau, Almadies\).*«\sPlateau\s»/);
    await expect(preview).toContainText('6 produits à créer, 1 produit ignoré (erreurs ci-dessous).');
    await expect(preview.getByRole('row').filter({ hasText: 'Price [Plateau]' })).toContainText('9');
    await expect(page.getByTestId('import-images')).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Importer', exact: true }).click();
    await expect(page.getByText('6 produits créés, 1 produit ignoré.')).toBeVisible();
    await page.getByLabel('Statut').selectOption('');
    await expect(page.getByTestId('product-row')).toHaveCount(6);
  });

  test('un fichier inconnu : associer ses colonnes, puis importer ; télécharger le modèle', async ({
    page,
  }) => {
    const dialog = await openImport(page, 'Associer');
    await dialog.getByLabel('Fichier CSV').setInputFiles({
      name: 'caisse.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Désignation;Tarif;Qté\nBouye;700;12\nNiébé;douze;3\n'),
    });
    const mapping = page.getByTestId('column-mapping');
    await expect(mapping).toBeVisible();
    await expect(mapping.getByRole('combobox', { name: /^Nom/ })).toHaveValue('Désignation');
    await expect(mapping.getByRole('combobox', { name: /^Prix\s*\*?$/ })).toHaveValue('Tarif');
    await mapping.getByRole('combobox', { name: /^Stock/ }).selectOption('Ignorer');
    await mapping.getByRole('combobox', { name: /^Stock/ }).selectOption('Qté');
    await dialog.getByRole('button', { name: 'Prévisualiser' }).click();
    const preview = page.getByTestId('import-preview');
    await expect(preview).toContainText(/Format\s:\scolonnes associées à la main/);
    await expect(preview).toContainText('1 produit à créer, 1 produit ignoré (erreurs ci-dessous).');
    await expect(preview.getByRole('row').filter({ hasText: 'Tarif' })).toContainText('3');

    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Télécharger le modèle' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('modele-import-produits.csv');
    const text = Buffer.concat(await (await file.createReadStream()).toArray()).toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1).split('\r\n')[0]).toMatch(/^Nom;Description;Statut;/);

    await dialog.getByRole('button', { name: 'Importer', exact: true }).click();
    await expect(page.getByText('1 produit créé, 1 produit ignoré.')).toBeVisible();
  });
});
