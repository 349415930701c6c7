import type { AuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import type { CountryCode } from 'libphonenumber-js';
import { getDb } from '@/server/db';
import { authSecret } from '@/server/env';
import { getLogger } from '@/server/logger';
import { signAccessToken } from '@/server/auth/access-token';
import { SignInError, signInWithCode } from './sign-in-with-code';
import { findUserById } from '@/server/tenancy/membership';

export const PHONE_PROVIDER_ID = 'phone-otp';
const SESSION_MAX_AGE_SECONDS = 30 * 86_400;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export function buildAuthOptions(): AuthOptions {
  return {
    secret: authSecret(),
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: '/login', error: '/login' },
    providers: [
      CredentialsProvider({
        id: PHONE_PROVIDER_ID,
        name: 'Téléphone',
        credentials: {
          phone: { label: 'Téléphone', type: 'tel' },
          code: { label: 'Code', type: 'text' },
          country: { type: 'text' },
          firstName: { type: 'text' },
          lastName: { type: 'text' },
          shopName: { type: 'text' },
          signupCountry: { type: 'text' },
          currency: { type: 'text' },
        },
        async authorize(credentials) {
          try {
            const user = await signInWithCode(getDb(), {
              phone: credentials?.phone ?? '',
              code: credentials?.code ?? '',
              country: text(credentials?.country) as CountryCode | undefined,
              firstName: text(credentials?.firstName),
              lastName: text(credentials?.lastName),
              shopName: text(credentials?.shopName),
              signupCountry: text(credentials?.signupCountry),
              currency: text(credentials?.currency),
            });
            return {
              id: user.id,
              name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.phone,
            };
          } catch (error) {
            // next-auth sends the message back as `error`; the form shows it as it is.
            if (error instanceof SignInError) throw new Error(error.message);
            getLogger().error({ err: error }, 'sign-in failed');
            throw new Error('Une erreur est survenue. Vérifiez votre connexion et réessayez.');
          }
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) token.sub = user.id;
        return token;
      },
      // Runs on every GET /api/auth/session: each refetch hands out a fresh short-lived API token.
      async session({ session, token }) {
        const userId = token.sub;
        if (!userId) return session;
        const user = await findUserById(getDb(), userId);
        if (!user) return { ...session, user: undefined, accessToken: undefined } as never;
        const { token: accessToken, expiresAt } = await signAccessToken(userId);
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
    logger: {
      error: (code, metadata) => getLogger().error({ code, metadata }, 'next-auth error'),
      warn: (code) => getLogger().warn({ code }, 'next-auth warning'),
      debug: () => {},
    },
  };
}
