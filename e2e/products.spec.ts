import { expect, test } from './support/test';
import sharp from 'sharp';
import { signUpNewShop } from './support/auth';
import { currentUrl } from './support/helpers';

const CSV_HEADER =
  'Nom;Description;Statut;Catégorie;Étiquettes;Suivi du stock;Seuil de stock faible;Poids (g);Option 1 nom;Option 1 valeur;Option 2 nom;Option 2 valeur;Option 3 nom;Option 3 valeur;SKU;Code-barres;Prix;Prix barré;Prix de revient;Stock';

test.describe('Mes produits', () => {
  test('créer un produit à deux options avec une image, le retrouver par code-barres, ajuster son stock', async ({
    page,
  }) => {
    await signUpNewShop(page, 'Prod');
    const shopId = currentUrl(page).searchParams.get('shopId') ?? '';
    await page.getByRole('link', { name: 'Mes produits' }).first().click();
    await expect(page.getByRole('heading', { name: 'Mes produits' })).toBeVisible();
    await page.getByRole('link', { name: 'Nouveau produit' }).click();

    const form = page.getByRole('form', { name: 'Produit' });
    // An empty name and price are refused in French, nothing is sent.
    await form.getByRole('button', { name: 'Créer le produit' }).click();
    await expect(form.getByText('Le nom du produit est obligatoire.')).toBeVisible();

    await form.getByRole('textbox', { name: /^Nom\s*\*?$/ }).fill('Pagne wax Thiès');
    await form.getByRole('button', { name: 'Ajouter une option' }).click();
    await form.getByLabel('Nom de l’option 1').fill('Taille');
    await form.getByLabel('Valeurs de l’option 1').fill('M, L');
    await form.getByLabel('Valeurs de l’option 1').press('Enter');
    await form.getByRole('button', { name: 'Ajouter une option' }).click();
    await form.getByLabel('Nom de l’option 2').fill('Couleur');
    await form.getByLabel('Valeurs de l’option 2').fill('Bleu, Or');
    await form.getByLabel('Valeurs de l’option 2').press('Enter');
    const variants = page.getByTestId('variants-table');
    await expect(variants.locator('tbody tr')).toHaveCount(4);

    for (const combo of ['M / Bleu', 'M / Or', 'L / Bleu', 'L / Or']) {
      await form.getByLabel(`Prix (${combo})`).fill('7500');
      await form.getByLabel(`Stock initial (${combo})`).fill('5');
    }
    await form.getByLabel('Prix barré (M / Bleu)').fill('5000');
    await form.getByRole('button', { name: 'Générer un code-barres (M / Bleu)' }).click();
    await expect(form.getByLabel('Code-barres (M / Bleu)', { exact: true })).toHaveValue(/^2\d{12}$/);
    const barcode = await form.getByLabel('Code-barres (M / Bleu)', { exact: true }).inputValue();
    await form.getByLabel('Seuil de stock faible').fill('3');
    await form.getByRole('button', { name: 'Créer le produit' }).click();
    // The server refuses a compare-at price below the price, naming the field.
    await expect(form.getByText('Le prix barré doit être supérieur ou égal au prix.').first()).toBeVisible();
    await form.getByLabel('Prix barré (M / Bleu)').fill('9000');
    await form.getByRole('button', { name: 'Créer le produit' }).click();
    await expect(page).toHaveURL(/\/mes-produits\/[a-z0-9]+\?shopId=/);
    await expect(page.getByRole('heading', { name: 'Pagne wax Thiès' })).toBeVisible();

    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#1c7ed6' } })
      .png()
      .toBuffer();
    await page
      .getByLabel('Ajouter une image')
      .setInputFiles({ name: 'pagne.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByTestId('product-images').locator('img')).toHaveCount(1);
    // The blue M shows that picture.
    await page.getByLabel('Image (M / Bleu)').selectOption({ label: 'Image 1' });
    await page.getByRole('form', { name: 'Produit' }).getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Produit enregistré')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Image (M / Bleu)')).toHaveValue(/^\/uploads\/products\//);

    // Adjust: remove 3 units of M / Bleu as breakage; the history shows it.
    await page
      .getByTestId('variants-table')
      .locator('tbody tr')
      .first()
      .getByRole('button', { name: 'Ajuster' })
      .click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Ajuster le stock' });
    await dialog.getByLabel('Opération').selectOption('remove');
    await dialog.getByLabel('Quantité').fill('9');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog.getByText(/Stock insuffisant/).first()).toBeVisible();
    await dialog.getByLabel('Quantité').fill('3');
    await dialog.getByLabel('Note (facultative)').fill('Rouleau taché');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('variant-stock').first()).toHaveText('2');
    const history = page.getByTestId('stock-history');
    await expect(history.locator('tbody tr').first()).toContainText('Casse');
    await expect(history.locator('tbody tr').first()).toContainText('-3');
    await expect(history.locator('tbody tr').first()).toContainText('Rouleau taché');

    // Crossing the threshold (3) downwards rang the bell.
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('dialog').filter({ hasText: 'Notifications' })).toContainText(
      'Pagne wax Thiès',
    );
    await page.keyboard.press('Escape');

    // Found by its barcode in the list, thumbnail shown.
    await page.goto(`/mes-produits?shopId=${shopId}`);
    await page.getByLabel('Rechercher un produit').fill(barcode);
    const rows = page.getByTestId('product-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Pagne wax Thiès');
    await expect(rows.first().locator('img')).toHaveAttribute('src', /^\/uploads\/products\//);
    await expect(rows.first()).toContainText('17 en stock');
  });

  test('importer un CSV avec une ligne fausse, exporter, imprimer des étiquettes', async ({ page }) => {
    await signUpNewShop(page, 'Csv');
    const shopId = currentUrl(page).searchParams.get('shopId') ?? '';
    await page.goto(`/mes-produits?shopId=${shopId}`);
    const csv = [
      CSV_HEADER,
      'Café Touba 250 g;;Actif;Épicerie;;Oui;2;250;;;;;;;CAFE-250;2000000000008;1500;;900;20',
      'Thé Ataya;;Actif;Épicerie;;Oui;2;;;;;;;;THE-01;;pas-un-prix;;;10',
      'Savon noir;;Brouillon;;;Oui;0;;;;;;;;SAV-01;;800;;;4',
    ].join('\n');
    await page.getByRole('button', { name: 'Importer' }).click();
    await page
      .getByLabel('Fichier CSV')
      .setInputFiles({ name: 'produits.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const preview = page.getByTestId('import-preview');
    await expect(preview).toContainText('2 produits à créer');
    await expect(preview).toContainText('Prix');
    await expect(preview.getByRole('row').filter({ hasText: '3' }).first()).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Importer' }).click();
    await expect(page.getByText('Import terminé')).toBeVisible();
    await page.getByLabel('Statut').selectOption('');
    await expect(page.getByTestId('product-row')).toHaveCount(2);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter' }).click();
    await page.getByRole('menuitem', { name: /séparateur « ; »/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^produits-\d{4}-\d{2}-\d{2}\.csv$/);
    const content = await (await file.createReadStream()).toArray();
    const text = Buffer.concat(content).toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain('Café Touba 250 g');

    await page.getByRole('link', { name: 'Étiquettes' }).click();
    await page.getByRole('button', { name: 'Ajouter Café Touba 250 g' }).click();
    await page.getByLabel('Nombre d’étiquettes (Café Touba 250 g)').fill('3');
    await expect(page.getByTestId('label')).toHaveCount(3);
    await expect(page.getByTestId('label').first()).toContainText('1 500');
    await expect(
      page.getByTestId('label').first().getByRole('img', { name: 'Code-barres 2000000000008' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Imprimer 3 étiquettes' })).toBeEnabled();
  });
});
