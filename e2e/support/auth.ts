import fs from 'node:fs/promises';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { serverDataDir } from './server';

export const DEMO = {
  admin: { phone: '+221770000001', local: '77 000 00 01', firstName: 'Awa' },
  supervisor: { phone: '+221770000002', local: '77 000 00 02', firstName: 'Moussa' },
  seller: { phone: '+221770000003', local: '77 000 00 03', firstName: 'Fatou' },
  cashier: { phone: '+221770000004', local: '77 000 00 04', firstName: 'Ibrahima' },
  'inventory-manager': { phone: '+221770000005', local: '77 000 00 05', firstName: 'Aminata' },
} as const;

/** The newest code the file SMS driver wrote for `phone` after `since` (ms). */
export async function readCode(
  phone: string,
  since: number,
  dataDir: string = serverDataDir(),
): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const text = await fs.readFile(`${dataDir}/sms.jsonl`, 'utf8').catch(() => '');
    const lines = text
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { to: string; body: string; sentAt: string })
      .filter((m) => m.to === phone && Date.parse(m.sentAt) >= since - 1000);
    const last = lines.at(-1);
    const code = last?.body.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`Aucun SMS reçu pour ${phone}`);
}

/** The phone field of /login, found as a person finds it: by its label. */
export function phoneInput(page: Page) {
  return page.getByRole('textbox', { name: 'Numéro de téléphone' });
}

/** Types a phone on /login and asks for a code; returns the code sent. */
export async function requestCode(
  page: Page,
  localPhone: string,
  e164: string,
  dataDir?: string,
): Promise<string> {
  const since = Date.now();
  await phoneInput(page).fill(localPhone);
  await page.getByRole('button', { name: 'Recevoir le code' }).click();
  await expect(page).toHaveURL(/\/otp\?/);
  return readCode(e164, since, dataDir);
}

/** Where a demo agent lands once signed in: Accueil (« Bonjour … »), or the till for the cashier. */
function landed(page: Page, role: keyof typeof DEMO) {
  return role === 'cashier'
    ? page.getByTestId('shop-name')
    : page.getByRole('heading', { name: new RegExp(`Bonjour ${DEMO[role].firstName}`) });
}

type SignedIn = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Each worker signs a demo agent in through the code page once per server, then hands later tests
 * that sign-in (its cookies and access token): the code page itself is proven by signin.spec, and
 * going through it for every test cost the suite about a minute. A sign-in revoked since (a test
 * signed out everywhere) is noticed on arrival, and the agent signs in afresh.
 */
const signedIn = new Map<string, SignedIn>();

async function resumeSignIn(page: Page, role: keyof typeof DEMO, state: SignedIn): Promise<boolean> {
  await page.context().addCookies(state.cookies);
  // The access token lives in local storage: written from a static file of the same origin, before
  // any page of the app runs.
  await page.goto('/logo.svg');
  const origin = new URL(page.url()).origin;
  // Only the token: a test that folded the sidebar must not fold it for the next one.
  const storage = (state.origins.find((o) => o.origin === origin)?.localStorage ?? []).filter(
    (item) => item.name === 'accessToken',
  );
  await page.evaluate((items) => {
    for (const { name, value } of items) window.localStorage.setItem(name, value);
  }, storage);
  await page.goto(role === 'cashier' ? '/point-de-vente' : '/');
  const arrived = landed(page, role);
  await expect(arrived.or(phoneInput(page)).first()).toBeVisible({ timeout: 20_000 });
  return arrived.isVisible();
}

/**
 * Signs a demo agent in; they land where their app opens: Accueil (« Bonjour … »), or the till for
 * the cashier. `fresh` goes through the code page for a sign-in of the test's own (one it revokes).
 */
export async function signInAs(
  page: Page,
  role: keyof typeof DEMO,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<void> {
  const key = `${test.info().project.name}/${role}`;
  const saved = fresh ? undefined : signedIn.get(key);
  if (saved && (await resumeSignIn(page, role, saved))) return;

  const who = DEMO[role];
  await page.goto('/login');
  const code = await requestCode(page, who.local, who.phone);
  await page.getByLabel('Code reçu par SMS').fill(code);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  if (role === 'cashier') await expect(page).toHaveURL((url) => url.pathname === '/point-de-vente');
  await expect(landed(page, role)).toBeVisible({ timeout: 20_000 });
  if (!fresh) signedIn.set(key, await page.context().storageState());
}

/** Signs a new seller up through /login and /otp; they land on the home page of their new shop. */
export async function signUpNewShop(
  page: Page,
  prefix = 'Test',
): Promise<{ phone: { local: string; e164: string }; firstName: string; shopName: string }> {
  const digits = `78${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  const phone = {
    local: `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 7)} ${digits.slice(7, 9)}`,
    e164: `+221${digits}`,
  };
  const firstName = `${prefix}${digits.slice(-4)}`;
  const shopName = `Boutique ${firstName}`;
  await page.goto('/login');
  const code = await requestCode(page, phone.local, phone.e164);
  // The code step learns the phone is new; the sign-up fields then appear, the code kept.
  await page.getByLabel('Code reçu par SMS').fill(code);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByLabel('Prénom', { exact: true }).fill(firstName);
  await page.getByLabel('Nom', { exact: true }).fill('Diallo');
  await page.getByLabel('Nom de la boutique', { exact: true }).fill(shopName);
  await page.getByRole('button', { name: 'Créer ma boutique' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`Bonjour ${firstName}`) })).toBeVisible();
  return { phone, firstName, shopName };
}

/**
 * Signs in any phone already known (an invited agent, the demo operator); returns once the app has
 * left the code page, signed in: a `goto` right after would otherwise race the session.
 */
export async function signInWithPhone(page: Page, local: string, e164: string): Promise<void> {
  await page.goto('/login');
  const code = await requestCode(page, local, e164);
  await page.getByLabel('Code reçu par SMS').fill(code);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL((url) => !['/otp', '/login'].includes(url.pathname), { timeout: 20_000 });
}
