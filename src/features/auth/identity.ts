// What the sign-in page is told of the identity provider, by the server (src/pages/login.tsx): a
// run-time setting, so one build serves both the built-in code and Firebase.

/** The Firebase project's web config; the browser's SDK needs nothing more. */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId: string | null;
  /** « http://127.0.0.1:9099 » when the Auth emulator stands in for Firebase (tests). */
  emulatorUrl: string | null;
}

export interface LoginPageProps {
  /** Set when IDENTITY_PROVIDER=firebase; null: the built-in SMS code. */
  firebase: FirebaseWebConfig | null;
}
