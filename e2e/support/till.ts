import { expect, type Page } from '@playwright/test';
import { signInAs, type DEMO } from './auth';

/**
 * Signs `role` in on « Caisse 1 » and opens its session with a float of 0 unless one is open
 * already (a previous test may have left it so); answers whether this call opened it.
 */
export async function openTill(page: Page, role: keyof typeof DEMO): Promise<{ hasOpenedSession: boolean }> {
  await signInAs(page, role);
  return openTillSession(page);
}

/** The signed-in agent opens « Caisse 1 » (float 0 unless a session is open); answers whether this call opened it. */
export async function openTillSession(page: Page): Promise<{ hasOpenedSession: boolean }> {
  await page.goto('/point-de-vente');
  const choose = page.getByRole('button', { name: /Caisse 1/ });
  const floatField = page.getByLabel('Fond de caisse compté');
  const search = page.getByTestId('product-search');
  await expect(choose.or(floatField).or(search).first()).toBeVisible({ timeout: 20_000 });
  if (await choose.isVisible()) await choose.click();
  await expect(floatField.or(search).first()).toBeVisible();
  const hasOpenedSession = await floatField.isVisible();
  if (hasOpenedSession) {
    await floatField.fill('0');
    await page.getByRole('button', { name: 'Ouvrir la session' }).click();
  }
  await expect(search).toBeVisible();
  await expect(page.getByTestId('product-card').first()).toBeVisible({ timeout: 20_000 });
  return { hasOpenedSession };
}

/** Leaves the till as found: a session this test opened (float 0, nothing sold) is closed and synced. */
export async function closeSessionIfOpened(page: Page, hasOpenedSession: boolean) {
  if (!hasOpenedSession) return;
  await page.goto('/point-de-vente?vue=session');
  await expect(page.getByTestId('expected-cash')).toHaveText('0\u202fFCFA', { timeout: 20_000 });
  await page.getByTestId('close-session').click();
  await expect(page.getByText(/Session clôturée le/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('sync-badge')).toHaveAttribute('data-pending', '0', { timeout: 30_000 });
}
