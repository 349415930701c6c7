// Firebase Authentication's error codes (SPEC §8) in French, each on the field it is about; never
// the raw code. The SDK raises them as FirebaseError with `code` « auth/… ».

export type FirebaseField = 'email' | 'password' | 'phone' | 'code';

export interface FirebaseErrorText {
  /** The field the message goes under; none: above the form. */
  field: FirebaseField | null;
  message: string;
}

const FALLBACK = 'Une erreur est survenue pendant la connexion. Réessayez.';
const NOT_CONFIGURED = 'La connexion n’est pas configurée pour cette adresse. Contactez le support Comptoir.';
const BOT_CHECK = 'La vérification anti-robot a échoué. Rechargez la page et réessayez.';
const SIGN_IN_AGAIN = 'Votre connexion a expiré. Reconnectez-vous.';
const NOT_ALLOWED = 'Ce mode de connexion n’est pas activé. Choisissez-en un autre.';

const TEXTS: Record<string, FirebaseErrorText> = {
  // E-mail and password
  'auth/invalid-email': { field: 'email', message: 'Cette adresse e-mail n’est pas valide.' },
  'auth/missing-email': { field: 'email', message: 'Saisissez votre adresse e-mail.' },
  'auth/user-not-found': {
    field: 'email',
    message: 'Aucun compte n’utilise cette adresse e-mail. Vérifiez-la, ou créez un compte.',
  },
  'auth/wrong-password': {
    field: 'password',
    message: 'Mot de passe incorrect. Réessayez, ou choisissez « Mot de passe oublié ».',
  },
  // What Firebase answers for both when e-mail enumeration protection is on.
  'auth/invalid-credential': { field: null, message: 'E-mail ou mot de passe incorrect.' },
  'auth/invalid-login-credentials': { field: null, message: 'E-mail ou mot de passe incorrect.' },
  'auth/missing-password': { field: 'password', message: 'Saisissez votre mot de passe.' },
  'auth/weak-password': {
    field: 'password',
    message: 'Mot de passe trop faible : 6 caractères au moins.',
  },
  'auth/password-does-not-meet-requirements': {
    field: 'password',
    message:
      'Ce mot de passe ne respecte pas les règles demandées : choisissez-en un plus long et plus varié.',
  },
  'auth/email-already-in-use': {
    field: 'email',
    message: 'Cette adresse e-mail a déjà un compte : connectez-vous, ou choisissez « Mot de passe oublié ».',
  },
  // Phone and SMS code
  'auth/invalid-phone-number': { field: 'phone', message: 'Ce numéro de téléphone n’est pas valide.' },
  'auth/missing-phone-number': { field: 'phone', message: 'Saisissez votre numéro de téléphone.' },
  'auth/invalid-verification-code': {
    field: 'code',
    message: 'Code incorrect. Vérifiez les 6 chiffres reçus par SMS.',
  },
  'auth/missing-verification-code': { field: 'code', message: 'Saisissez le code reçu par SMS.' },
  'auth/code-expired': { field: 'code', message: 'Ce code a expiré. Demandez un nouveau code.' },
  'auth/invalid-verification-id': {
    field: 'code',
    message: 'Ce code n’est plus valable. Demandez un nouveau code.',
  },
  'auth/missing-verification-id': { field: 'code', message: 'Demandez d’abord un code.' },
  'auth/session-expired': { field: 'code', message: 'Ce code a expiré. Demandez un nouveau code.' },
  'auth/quota-exceeded': {
    field: null,
    message: 'Trop de SMS ont été envoyés pour le moment. Réessayez dans quelques minutes.',
  },
  'auth/credential-already-in-use': {
    field: 'phone',
    message: 'Ce numéro est déjà lié à un autre compte : connectez-vous avec ce numéro.',
  },
  'auth/account-exists-with-different-credential': {
    field: null,
    message:
      'Un compte existe déjà avec cette adresse : connectez-vous de la façon utilisée la première fois.',
  },
  'auth/provider-already-linked': { field: null, message: 'Un numéro est déjà lié à ce compte.' },
  'auth/captcha-check-failed': { field: null, message: BOT_CHECK },
  'auth/invalid-app-credential': { field: null, message: BOT_CHECK },
  'auth/missing-app-credential': { field: null, message: BOT_CHECK },
  // E-mail links and password reset
  'auth/expired-action-code': { field: null, message: 'Ce lien a expiré. Demandez-en un nouveau.' },
  'auth/invalid-action-code': {
    field: null,
    message:
      'Ce lien n’est plus valable : il a déjà servi ou un plus récent l’a remplacé. Demandez-en un nouveau.',
  },
  'auth/invalid-continue-uri': { field: null, message: NOT_CONFIGURED },
  'auth/unauthorized-continue-uri': { field: null, message: NOT_CONFIGURED },
  // Any way in
  'auth/too-many-requests': {
    field: null,
    message: 'Trop de tentatives. Patientez quelques minutes avant de réessayer.',
  },
  'auth/network-request-failed': {
    field: null,
    message: 'Le service de connexion est injoignable. Vérifiez votre connexion Internet et réessayez.',
  },
  'auth/timeout': {
    field: null,
    message: 'Le service de connexion met trop de temps à répondre. Réessayez.',
  },
  'auth/user-disabled': { field: null, message: 'Ce compte a été désactivé. Contactez le support Comptoir.' },
  'auth/operation-not-allowed': { field: null, message: NOT_ALLOWED },
  'auth/admin-restricted-operation': { field: null, message: NOT_ALLOWED },
  'auth/requires-recent-login': { field: null, message: SIGN_IN_AGAIN },
  'auth/user-token-expired': { field: null, message: SIGN_IN_AGAIN },
  'auth/invalid-user-token': { field: null, message: SIGN_IN_AGAIN },
  'auth/user-mismatch': {
    field: null,
    message: 'Ce code appartient à un autre compte. Recommencez la connexion.',
  },
  'auth/unauthorized-domain': { field: null, message: NOT_CONFIGURED },
  'auth/invalid-api-key': { field: null, message: NOT_CONFIGURED },
  'auth/app-not-authorized': { field: null, message: NOT_CONFIGURED },
  'auth/web-storage-unsupported': {
    field: null,
    message: 'Votre navigateur bloque le stockage local : autorisez-le pour ce site pour vous connecter.',
  },
  'auth/internal-error': { field: null, message: FALLBACK },
};

/** Every code given its own words (tests walk them). */
export const FIREBASE_ERROR_CODES = Object.keys(TEXTS);

/** The French text of anything a Firebase call threw. */
export function firebaseErrorText(error: unknown): FirebaseErrorText {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return (typeof code === 'string' && TEXTS[code]) || { field: null, message: FALLBACK };
}
