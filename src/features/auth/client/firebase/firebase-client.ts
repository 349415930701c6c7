// Firebase Authentication's web SDK, as the sign-in page uses it. Loaded only on a server set to
// IDENTITY_PROVIDER=firebase (the page imports this chunk on demand).
import { initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  inMemoryPersistence,
  initializeAuth,
  RecaptchaVerifier,
  type Auth,
} from 'firebase/auth';
import type { FirebaseWebConfig } from '../../identity';

const APP_NAME = 'comptoir';

let made: Auth | null = null;

/**
 * The Auth instance, made once. Its user lives in memory only: Firebase proves who signs in, then
 * Comptoir's own session (next-auth) carries on, and signing out of Comptoir leaves no Firebase
 * account signed in behind it in the browser.
 */
export function firebaseAuth(config: FirebaseWebConfig): Auth {
  if (made) return made;
  const app = initializeApp(
    {
      apiKey: config.apiKey,
      authDomain: config.authDomain,
      projectId: config.projectId,
      ...(config.appId ? { appId: config.appId } : {}),
    },
    APP_NAME,
  );
  const auth = initializeAuth(app, { persistence: inMemoryPersistence });
  // SMS and e-mails in French.
  auth.languageCode = 'fr';
  // Against the emulator the SDK also replaces reCAPTCHA by its stand-in.
  if (config.emulatorUrl) connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });
  made = auth;
  return auth;
}

/**
 * The invisible reCAPTCHA that guards each SMS Firebase sends, drawn in `container`; a new one per
 * request (the previous one cleared), as the SDK requires.
 */
export function newRecaptcha(auth: Auth, container: HTMLElement): RecaptchaVerifier {
  return new RecaptchaVerifier(auth, container, { size: 'invisible' });
}

/** Where an e-mail link sign-in remembers the address it was sent to, to finish on return. */
export const EMAIL_FOR_LINK_KEY = 'comptoir.emailForSignIn';
