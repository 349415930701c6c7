import type { AuthOptions } from 'next-auth';
import type { JWT } from 'next-auth/jwt';
import CredentialsProvider from 'next-auth/providers/credentials';
import type { CountryCode } from 'libphonenumber-js';
import { getDb } from '@/server/db';
import { authSecret, getEnv } from '@/server/env';
import type { UserRow } from '@/features/user/server/user.repository';
import { getLogger } from '@/server/logger';
import { signAccessToken, type SessionRef } from '@/server/auth/access-token';
import { findSessionUser } from '@/server/tenancy/membership';
import { signInWithCode } from './sign-in-with-code';
import { SignInError, type SignUpInput } from './sign-in-user';
import { signInWithFirebase } from './sign-in-with-firebase';
import { openSession } from './open-session';
import { signOutSession } from './sign-out';

export const PHONE_PROVIDER_ID = 'phone-otp';
export const FIREBASE_PROVIDER_ID = 'firebase';
const SESSION_MAX_AGE_SECONDS = 30 * 86_400;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The sign-in a session cookie names; none for a cookie made before sessions were recorded. */
function sessionOf(token: JWT | null): SessionRef | null {
  return typeof token?.sub === 'string' && typeof token.sid === 'string' && token.sid
    ? { userId: token.sub, sessionId: token.sid }
    : null;
}

/**
 * Thrown by the session callback when the cookie's sign-in is over (signed out, revoked, user
 * gone): next-auth then answers an empty session and clears the cookie, so the browser is signed out.
 */
class SessionEndedError extends Error {
  override name = 'SessionEndedError';
  constructor() {
    super('Cette session a pris fin.');
  }
}

const SIGN_UP_CREDENTIALS = {
  firstName: { type: 'text' },
  lastName: { type: 'text' },
  shopName: { type: 'text' },
  signupCountry: { type: 'text' },
  currency: { type: 'text' },
} as const;

function signUpInput(credentials: Record<string, string> | undefined): SignUpInput {
  return {
    firstName: text(credentials?.firstName),
    lastName: text(credentials?.lastName),
    shopName: text(credentials?.shopName),
    signupCountry: text(credentials?.signupCountry),
    currency: text(credentials?.currency),
  };
}

/** What both providers do once the user is known: open the sign-in; and how they refuse. */
async function authorizeWith(signIn: () => Promise<UserRow>) {
  try {
    const user = await signIn();
    return {
      id: user.id,
      name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.phone,
      sid: await openSession(getDb(), user.id),
    };
  } catch (error) {
    // next-auth sends the message back as `error`; the form shows it as it is.
    if (error instanceof SignInError) throw new Error(error.message);
    getLogger().error({ err: error }, 'sign-in failed');
    throw new Error('Une erreur est survenue. Vérifiez votre connexion et réessayez.');
  }
}

/**
 * The one way in that IDENTITY_PROVIDER names: our phone code (default), or a Firebase ID token
 * that the browser got from Firebase Authentication. Only that one is served, so a deployment on
 * Firebase cannot be entered by the other door.
 */
function identityProvider() {
  if (getEnv().IDENTITY_PROVIDER === 'firebase')
    return CredentialsProvider({
      id: FIREBASE_PROVIDER_ID,
      name: 'Firebase',
      credentials: { idToken: { type: 'text' }, ...SIGN_UP_CREDENTIALS },
      authorize: (credentials) =>
        authorizeWith(() =>
          signInWithFirebase(getDb(), { idToken: credentials?.idToken ?? '', ...signUpInput(credentials) }),
        ),
    });
  return CredentialsProvider({
    id: PHONE_PROVIDER_ID,
    name: 'Téléphone',
    credentials: {
      phone: { label: 'Téléphone', type: 'tel' },
      code: { label: 'Code', type: 'text' },
      country: { type: 'text' },
      ...SIGN_UP_CREDENTIALS,
    },
    authorize: (credentials) =>
      authorizeWith(() =>
        signInWithCode(getDb(), {
          phone: credentials?.phone ?? '',
          code: credentials?.code ?? '',
          country: text(credentials?.country) as CountryCode | undefined,
          ...signUpInput(credentials),
        }),
      ),
  });
}

export function buildAuthOptions(): AuthOptions {
  return {
    secret: authSecret(),
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: '/login', error: '/login' },
    providers: [identityProvider()],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          token.sub = user.id;
          token.sid = user.sid;
        }
        return token;
      },
      // Runs on every GET /api/auth/session: each refetch hands out a fresh short-lived API token,
      // as long as the cookie's sign-in is still open (one query: the user with their session).
      async session({ session, token }) {
        const ref = sessionOf(token);
        const user = ref ? await findSessionUser(getDb(), ref) : null;
        if (!ref || !user) throw new SessionEndedError();
        const { token: accessToken, expiresAt } = await signAccessToken(ref);
        return {
          ...session,
          user: {
            id: user.id,
            phone: user.phone,
            name: [user.firstName, user.lastName].filter(Boolean).join(' ') || null,
            email: user.email,
            isPlatformOperator: user.isPlatformOperator,
          },
          accessToken,
          accessTokenExpiresAt: expiresAt,
        };
      },
    },
    events: {
      // « Déconnexion » (POST /api/auth/signout): next-auth clears the cookie, we end the sign-in.
      async signOut({ token }) {
        const ref = sessionOf(token);
        if (ref) await signOutSession(getDb(), ref);
      },
    },
    logger: {
      error: (code, metadata) => {
        // A session refetch after a sign-out elsewhere is expected, not a failure.
        if (metadata instanceof SessionEndedError) getLogger().info({ code }, 'session ended');
        else getLogger().error({ code, metadata }, 'next-auth error');
      },
      warn: (code) => getLogger().warn({ code }, 'next-auth warning'),
      debug: () => {},
    },
  };
}
