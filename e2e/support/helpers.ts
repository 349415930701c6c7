import { expect, type Locator, type Page, type Request } from '@playwright/test';

/** The home heading « Bonjour <prénom> », the wave emoji being optional. */
export function greeting(firstName: string): RegExp {
  return new RegExp(`^Bonjour ${firstName}(\\s*👋)?$`, 'u');
}

/** A fresh, valid Senegalese mobile number (78 + 7 digits): local « 78 123 45 67 » and E.164 « +221781234567 ». */
export function randomSenegalPhone(): { local: string; e164: string } {
  const digits = `78${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  const local = `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 7)} ${digits.slice(7, 9)}`;
  return { local, e164: `+221${digits}` };
}

/** A 6-digit code that is surely not `code`. */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

/** Records the requests the page sends whose path starts with `pathPrefix`. */
export function watchRequests(page: Page, pathPrefix: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith(pathPrefix)) seen.push(request);
  });
  return seen;
}

/** The visible alert carrying `text` (Next's route announcer is another, hidden, role=alert). */
export function alertWith(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

/** Path and query of the current page, parsed. */
export function currentUrl(page: Page): URL {
  return new URL(page.url());
}

/** The session next-auth hands to the browser (cookies of the page's context). */
export async function readSession(
  page: Page,
): Promise<{ user?: { phone?: string; name?: string | null }; accessToken?: string }> {
  const response = await page.request.get('/api/auth/session');
  expect(response.ok()).toBe(true);
  return (await response.json()) as { user?: { phone?: string; name?: string | null }; accessToken?: string };
}

export async function readLocalAccessToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('accessToken'));
}

/** Déconnexion lives in the account menu of the top bar (SPEC §2). */
export async function openLogoutDialog(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Menu du compte' }).click();
  await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
}

/** An API call as the signed-in page makes it (its access token), answering the status and body. */
export async function callApi<T = Record<string, unknown>>(
  page: Page,
  method: 'GET' | 'POST',
  path: string,
  body?: Record<string, unknown>,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${localStorage.getItem('accessToken')}`,
          'content-type': 'application/json',
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, body: await response.json() };
    },
    { method, path, body },
  );
}

/**
 * Clicks an item of a popover or menu once it stands still. Such a layer mounts on first opening
 * and is then placed beside its button (a frame or more on a slow machine): clicked too early, the
 * click lands where the item was drawn first, and misses.
 */
export async function clickWhenStill(page: Page, item: Locator): Promise<void> {
  await expect(async () => {
    const before = await item.boundingBox();
    await page.waitForTimeout(150);
    expect(before).not.toBeNull();
    expect(await item.boundingBox()).toEqual(before);
  }).toPass();
  await item.click();
}

/**
 * Presses `button` until the dialog it opens is on screen. The page is drawn on the server: a press
 * that lands before its code has started (a slow machine, a loaded CI) finds no handler yet, and
 * the dialog's own code loads on the first press that counts.
 */
export async function openDialogWith(page: Page, button: Locator): Promise<Locator> {
  const dialog = page.getByRole('dialog');
  await expect(async () => {
    if (!(await dialog.isVisible())) await button.click();
    await expect(dialog).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  return dialog;
}
