import fs from 'node:fs';
import type { TestServer } from './test-server';

/** The newest sign-in code the file SMS driver wrote for `phone` (tests/helpers/setup-env.ts). */
export function lastCodeSentTo(phone: string): string {
  const lines = fs
    .readFileSync(process.env.SMS_FILE_PATH!, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { to: string; body: string });
  const body = lines.filter((m) => m.to === phone).at(-1)?.body ?? '';
  return body.match(/\b(\d{6})\b/)![1]!;
}

export interface BrowserSession {
  user?: { id: string; phone: string };
  accessToken?: string;
}

/**
 * One browser (a device) talking to next-auth as next-auth/react does: its own cookie jar, the
 * CSRF token, the credentials callback, the session refetch that mints the API token, sign-out.
 */
export class SignedInBrowser {
  private readonly jar = new Map<string, string>();

  private constructor(private readonly server: TestServer) {}

  /** Asks a code for `phone` and signs in with it, as /login and /otp do. */
  static async signIn(server: TestServer, phone: string): Promise<SignedInBrowser> {
    const browser = new SignedInBrowser(server);
    const sent = await server.call('POST', '/api/otp/sendCode', { body: { phone } });
    if (sent.status !== 200) throw new Error(`sendCode: ${sent.status} ${JSON.stringify(sent.body)}`);
    const answer = await browser.postForm('/api/auth/callback/phone-otp', {
      phone,
      code: lastCodeSentTo(phone),
    });
    if (answer.url.includes('error=')) throw new Error(`sign-in refused: ${answer.url}`);
    return browser;
  }

  /**
   * Hands a Firebase ID token to next-auth's `firebase` provider, as /login does on a server set to
   * IDENTITY_PROVIDER=firebase; `error` is next-auth's refusal (its `error` query), if any.
   */
  static async signInWithFirebase(
    server: TestServer,
    idToken: string,
    fields: Record<string, string> = {},
  ): Promise<{ browser: SignedInBrowser; error: string | null }> {
    const browser = new SignedInBrowser(server);
    const answer = await browser.postForm('/api/auth/callback/firebase', { idToken, ...fields });
    return { browser, error: new URL(answer.url, server.url).searchParams.get('error') };
  }

  /** The Cookie header this browser sends: copy it to act as someone who stole it. */
  get cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** GET /api/auth/session: the session and a freshly minted access token, or {} once it is over. */
  async session(): Promise<BrowserSession> {
    return (await (await this.fetch('/api/auth/session')).json()) as BrowserSession;
  }

  /** « Déconnexion »: next-auth's sign-out, as next-auth/react's signOut() posts it. */
  async signOut(): Promise<void> {
    await this.postForm('/api/auth/signout', {});
  }

  private async postForm(path: string, fields: Record<string, string>): Promise<{ url: string }> {
    const { csrfToken } = (await (await this.fetch('/api/auth/csrf')).json()) as { csrfToken: string };
    const response = await this.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, csrfToken, callbackUrl: '/', json: 'true' }).toString(),
    });
    return (await response.json()) as { url: string };
  }

  private async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(`${this.server.url}${path}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), cookie: this.cookie },
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const [name, value] = [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()];
      const isCleared = !value || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (isCleared) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return response;
  }
}
