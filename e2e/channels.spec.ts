import { expect, test } from './support/test';
import { signInAs } from './support/auth';

/*
 * Canaux de vente as a seller uses it on a phone: a customer's WhatsApp message pasted, read into
 * a draft, one line corrected, confirmed, and the order found in Commandes; a product's WhatsApp
 * share link opened, its message naming the product, variant, price and link; the online shop's
 * « Commander sur WhatsApp » leading to the shop's number with the cart written out.
 */

test.describe('sur un téléphone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('Coller une conversation : lue, corrigée, confirmée, la commande est dans Commandes', async ({
    page,
  }) => {
    await signInAs(page, 'seller');
    await page.goto('/canaux-de-vente?onglet=coller');
    await expect(page.getByRole('heading', { name: 'Canaux de vente', level: 1 })).toBeVisible();
    const message = page.getByLabel('Message du client');
    await message.fill(
      'Bonjour, on dit quoi ? Je veux un bisap et 2 jus de bouye svp, livraison à Ouakam. C’est Mariama Sow 77 400 12 34. Avant 18h',
    );
    await page.getByRole('button', { name: 'Lire le message' }).click();
    const draft = page.getByTestId('paste-draft');
    await expect(draft).toBeVisible();
    const lines = draft.getByTestId('paste-line');
    await expect(lines).toHaveCount(2);
    await expect(page.getByLabel('Produit de la ligne 1')).toHaveValue(/.+/);
    await expect(page.getByLabel('Produit de la ligne 1').locator('option:checked')).toContainText(
      'Bissap 1 L',
    );
    await expect(page.getByLabel('Quantité de la ligne 1')).toHaveValue('1');
    await expect(page.getByLabel('Produit de la ligne 2').locator('option:checked')).toContainText(
      'Jus de bouye',
    );
    await expect(page.getByLabel('Quantité de la ligne 2')).toHaveValue('2');
    await expect(draft.getByLabel('Client')).toHaveValue('Mariama Sow');
    await expect(draft.getByLabel('Téléphone')).toHaveValue(/77\s?400\s?12\s?34/);
    await expect(draft.getByLabel('Commune')).toHaveValue(/Ouakam/);
    await expect(draft.getByLabel('Note')).toHaveValue(/18h/);

    // The customer wants three, not two: corrected in a tap, as the seller would.
    await page.getByLabel('Quantité de la ligne 2').fill('3');
    await page.getByRole('button', { name: 'Créer la commande' }).click();
    await expect(page).toHaveURL(/\/mes-commandes\/[^/?]+/);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toContainText(/Commande/);
    const number = (await heading.textContent())!.match(/#(\d+)/)![1]!;
    await expect(page.getByText('Mariama Sow').first()).toBeVisible();
    const quantityOf = (name: RegExp) => page.getByRole('row', { name }).getByRole('cell').nth(-2);
    await expect(quantityOf(/Jus de bouye/)).toHaveText('3');
    await expect(quantityOf(/Bissap 1 L/)).toHaveText('1');

    await page.goto('/mes-commandes');
    const row = page.getByRole('link', { name: new RegExp(number) }).first();
    await expect(row).toBeVisible();
    await expect(page.getByText('Mariama Sow').first()).toBeVisible();
  });

  test('Lien de partage WhatsApp d’un produit : le message nomme le produit, la variante, le prix et le lien', async ({
    page,
  }) => {
    await signInAs(page, 'seller');
    await page.goto('/canaux-de-vente?onglet=whatsapp');
    await page.getByLabel('Rechercher un produit à ajouter').fill('bissap');
    await page.getByRole('button', { name: /^Partager Bissap 1 L/ }).click();
    const share = page.getByTestId('share-box');
    await expect(share).toBeVisible();
    const href = await share.getByTestId('share-wa').getAttribute('href');
    const url = new URL(href!);
    expect(url.host).toBe('wa.me');
    const text = url.searchParams.get('text')!;
    // The demo shop's WhatsApp price of the bissap (10 % off its catalogue price).
    expect(text).toMatch(/^\*Bissap 1 L\*\s:\s[\d\s\u202f]+F\s?CFA/);
    expect(text).toMatch(/\/boutique-awa\/p\/bissap-1-l/);
    await expect(share.getByTestId('share-text')).toHaveText(text);
  });

  test('Boutique en ligne : « Commander sur WhatsApp » mène au numéro de la boutique avec le panier écrit', async ({
    page,
  }) => {
    await page.goto('/boutique-awa/p/boubou-brode-homme');
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await expect(page).toHaveURL(/\/boutique-awa\/panier/);
    const wa = page.getByRole('link', { name: 'Commander sur WhatsApp' });
    const href = await wa.getAttribute('href');
    const url = new URL(href!);
    expect(url.pathname).toBe('/221776543210');
    const text = url.searchParams.get('text')!;
    expect(text).toMatch(/^Bonjour Boutique Awa, je voudrais commander\s:/);
    expect(text).toMatch(/- 1 × Boubou brodé homme \([^)]+\)\s:\s[\d\s\u202f]+F\s?CFA/);
    expect(text).toMatch(/Total\s:/);
  });
});
