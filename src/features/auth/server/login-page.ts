import type { ServerResponse } from 'node:http';
import type { GetServerSidePropsResult } from 'next';
import { getEnv } from '@/server/env';
import type { FirebaseWebConfig, LoginPageProps } from '../identity';

function firebaseWebConfig(): FirebaseWebConfig | null {
  const env = getEnv();
  if (env.IDENTITY_PROVIDER !== 'firebase') return null;
  const projectId = env.FIREBASE_PROJECT_ID!;
  return {
    apiKey: env.FIREBASE_API_KEY!,
    authDomain: env.FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
    projectId,
    appId: env.FIREBASE_APP_ID || null,
    emulatorUrl: env.FIREBASE_AUTH_EMULATOR_HOST ? `http://${env.FIREBASE_AUTH_EMULATOR_HOST}` : null,
  };
}

/**
 * The hosts Firebase's web SDK talks to from /login: its REST APIs, and reCAPTCHA (script and frames)
 * that guards phone sign-in; against the emulator, the emulator alone.
 */
function firebaseSources(config: FirebaseWebConfig): Record<string, string[]> {
  if (config.emulatorUrl) return { 'connect-src': [config.emulatorUrl] };
  return {
    'script-src': ['https://www.google.com', 'https://www.gstatic.com', 'https://apis.google.com'],
    'frame-src': ['https://www.google.com', 'https://recaptcha.google.com', `https://${config.authDomain}`],
    'connect-src': [
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://www.googleapis.com',
    ],
    'img-src': ['https://www.gstatic.com'],
  };
}

/** The policy with more sources per directive; a directive it lacks starts from 'self'. */
function widenContentSecurityPolicy(policy: string, sources: Record<string, string[]>): string {
  const directives = policy
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);
  for (const [name, extra] of Object.entries(sources)) {
    const index = directives.findIndex((d) => d === name || d.startsWith(`${name} `));
    if (index === -1) directives.push([name, "'self'", ...extra].join(' '));
    else directives[index] = [directives[index], ...extra].join(' ');
  }
  return directives.join('; ');
}

/**
 * /login is drawn on the server so the provider is read at run time. On Firebase its
 * Content-Security-Policy (next.config.mjs's, set before this runs) lets the SDK reach its hosts.
 */
export function loginPageProps(res: ServerResponse): GetServerSidePropsResult<LoginPageProps> {
  const firebase = firebaseWebConfig();
  if (firebase) {
    const policy = res.getHeader('Content-Security-Policy');
    if (typeof policy === 'string')
      res.setHeader('Content-Security-Policy', widenContentSecurityPolicy(policy, firebaseSources(firebase)));
  }
  return { props: { firebase } };
}
