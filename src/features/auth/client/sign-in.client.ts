// What the sign-in pages call: kept apart from auth.client.ts (the back office's calls, on axios)
// so the light sign-in pages load neither axios nor zod.
import { postJson } from '@/client/api/post-json';
import { readServerSession } from '@/client/session/server-session';

export interface SendCodeResult {
  phone: string;
  expiresInSeconds: number;
}

export function requestSignInCode(phone: string, country: string): Promise<SendCodeResult> {
  return postJson<SendCodeResult>('/api/otp/sendCode', { phone, country });
}

/**
 * Whether this browser holds a live sign-in: next-auth's own session answer (the server checks the
 * sign-in was not revoked), read without its client provider, which the sign-in pages do not load.
 */
export async function hasLiveSession(): Promise<boolean> {
  return (await readServerSession()) === 'held';
}

/** French wording for next-auth's own error codes; our own refusals arrive already in French. */
export function signInErrorMessage(error: string | undefined | null): string | null {
  if (!error) return null;
  switch (error) {
    case 'SessionRequired':
      return 'Connectez-vous pour accéder à cette page.';
    case 'CredentialsSignin':
      return 'Connexion refusée. Vérifiez le code et réessayez.';
    case 'Configuration':
    case 'Callback':
    case 'OAuthCallback':
    case 'Default':
      return 'Une erreur est survenue pendant la connexion. Réessayez.';
    default:
      return /[àâçéèêëîïôûùüÿœ]|\s/i.test(error)
        ? error
        : 'Une erreur est survenue pendant la connexion. Réessayez.';
  }
}
