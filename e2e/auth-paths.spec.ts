import { expect, test } from './support/test';
import { serverPort } from './support/server';

const origin = () => `http://localhost:${serverPort()}`;

/** SPEC §2 "Authentication paths" and §7 "Session service calls", against the real next-auth. */
test.describe('Chemins du service de session (/api/auth)', () => {
  test('session, csrf, providers, _log et error répondent', async ({ request }) => {
    const session = await request.get('/api/auth/session');
    expect(session.status()).toBe(200);
    expect(await session.json()).toEqual({});

    const csrf = await (await request.get('/api/auth/csrf')).json();
    expect(csrf.csrfToken).toMatch(/^[0-9a-f]{64}$/);

    const providers = await (await request.get('/api/auth/providers')).json();
    expect(providers['phone-otp']).toMatchObject({ id: 'phone-otp', type: 'credentials' });

    const log = await request.post('/api/auth/_log', {
      form: { level: 'error', code: 'CLIENT_FETCH_ERROR', details: '{}' },
    });
    expect(log.status()).toBe(200);

    const error = await request.get('/api/auth/error?error=Verification', { maxRedirects: 0 });
    expect(error.status()).toBe(302);
    expect(error.headers()['location']).toBe('/login?error=Verification');
  });

  test('la redirection « connexion requise » porte error=SessionRequired et callbackUrl', async ({
    request,
  }) => {
    const answer = await request.get('/api/auth/signin?error=SessionRequired&callbackUrl=%2Fmes-produits', {
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(302);
    const location = new URL(answer.headers()['location']!, origin());
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('error')).toBe('SessionRequired');
    expect(location.searchParams.get('callbackUrl')).toBe(`${origin()}/mes-produits`);
  });

  test('un fournisseur inconnu renvoie vers la page de connexion avec un callbackUrl', async ({
    page,
    request,
  }) => {
    const { csrfToken } = await (await request.get('/api/auth/csrf')).json();
    const answer = await request.post('/api/auth/signin/inconnu', {
      form: { csrfToken, callbackUrl: '/mes-commandes', json: 'true' },
    });
    const { url } = await answer.json();
    await page.goto(url);
    await expect(page).toHaveURL((u) => u.pathname === '/login' && u.searchParams.has('callbackUrl'));
    await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  });

  test('signout et session (POST) répondent avec le jeton CSRF', async ({ request }) => {
    const { csrfToken } = await (await request.get('/api/auth/csrf')).json();
    const signout = await request.post('/api/auth/signout', {
      form: { csrfToken, callbackUrl: '/login', json: 'true' },
    });
    expect(await signout.json()).toEqual({ url: `${origin()}/login` });
    const update = await request.post('/api/auth/session', { data: { csrfToken, data: {} } });
    expect(update.status()).toBe(200);
  });

  test('une demande de code sans numéro est refusée en français, champ nommé', async ({ page }) => {
    const answer = await page.request.post('/api/otp/sendCode', { data: { phone: '' } });
    expect(answer.status()).toBe(422);
    expect((await answer.json()).error.details.phone).toBe('Ce champ est obligatoire.');
  });
});
