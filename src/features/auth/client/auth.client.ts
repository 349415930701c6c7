import { http } from '@/client/api/http';
import type { TSignOutEverywhereResult } from '../auth.schemas';

export interface SendCodeResult {
  phone: string;
  expiresInSeconds: number;
}

export async function requestSignInCode(phone: string, country: string): Promise<SendCodeResult> {
  const response = await http.post<SendCodeResult>('/api/otp/sendCode', { phone, country });
  return response.data;
}

/** Revokes every session of the caller, this browser's included (see SignOutEverywhereCard). */
export async function signOutEverywhere(): Promise<TSignOutEverywhereResult> {
  const response = await http.post<TSignOutEverywhereResult>('/api/session/signOutEverywhere');
  return response.data;
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
