import 'next-auth';

declare module 'next-auth' {
  interface Session {
    user?: {
      id: string;
      phone: string;
      name: string | null;
      email: string | null;
      isPlatformOperator: boolean;
    };
    accessToken?: string;
    /** Seconds since the epoch. */
    accessTokenExpiresAt?: number;
  }
}
