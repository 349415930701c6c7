import type { Database } from '@/server/db';
import { getLogger } from '@/server/logger';
import { firebaseAdminApp } from '@/server/firebase/admin-app';
import type { UserRow } from '@/features/user/server/user.repository';
import { PHONE_NEEDED } from '../sign-up-fields';
import { SignInError, signInProvenPhone, type SignUpInput } from './sign-in-user';
import { normalizePhoneOrThrow } from './send-code';

/** What a verified Firebase ID token tells of its account. */
export interface FirebaseIdentity {
  uid: string;
  /** E.164, present once the account proved a phone by SMS. */
  phone: string | null;
  email: string | null;
}

/** Verifier of ID tokens; tests of the sign-in path may hand in their own. */
export type IdTokenVerifier = (idToken: string) => Promise<FirebaseIdentity>;

/**
 * firebase-admin's check: signature by Google's keys (none against the emulator, which
 * FIREBASE_AUTH_EMULATOR_HOST names), audience and issuer of our project, not expired.
 */
export const verifyWithFirebaseAdmin: IdTokenVerifier = async (idToken) => {
  const { getAuth } = await import('firebase-admin/auth');
  try {
    const decoded = await getAuth(await firebaseAdminApp()).verifyIdToken(idToken);
    return { uid: decoded.uid, phone: decoded.phone_number ?? null, email: decoded.email ?? null };
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'auth/id-token-expired')
      throw new SignInError('Votre connexion a expiré pendant l’opération. Reconnectez-vous.');
    if (code === 'auth/user-disabled') throw new SignInError('Ce compte a été désactivé.');
    if (code.startsWith('auth/') && code !== 'auth/internal-error')
      throw new SignInError('Connexion refusée : la preuve d’identité n’est pas valable. Reconnectez-vous.');
    getLogger().error({ err: error }, 'firebase id token check failed');
    throw new SignInError('Le service de connexion ne répond pas. Réessayez dans un instant.');
  }
};

/**
 * The firebase provider's heart: the ID token proves the account; its phone (proved by SMS with
 * Firebase) names the Comptoir user, the same one the built-in code reaches for that phone. An
 * account with no phone yet gets PHONE_NEEDED.
 */
export async function signInWithFirebase(
  db: Database,
  input: SignUpInput & { idToken: string },
  verify: IdTokenVerifier = verifyWithFirebaseAdmin,
): Promise<UserRow> {
  if (!input.idToken)
    throw new SignInError('Connexion refusée : la preuve d’identité manque. Reconnectez-vous.');
  const identity = await verify(input.idToken);
  if (!identity.phone) throw new SignInError(PHONE_NEEDED);
  let phone: string;
  try {
    phone = normalizePhoneOrThrow(identity.phone, 'SN');
  } catch {
    throw new SignInError('Le numéro de ce compte n’est pas valide.');
  }
  // Firebase has already proved the phone: nothing to consume here.
  return signInProvenPhone(db, phone, input, async () => {}, { email: identity.email ?? undefined });
}
