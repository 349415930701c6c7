import 'next-auth';
import 'next-auth/jwt';

declare module 'next-auth' {
  /** What `authorize` returns: the user, and the sign-in it just opened (auth_sessions). */
  interface User {
    sid?: string;
  }

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

declare module 'next-auth/jwt' {
  interface JWT {
    /** The sign-in (auth_sessions) this cookie belongs to; revoked, the cookie no longer answers. */
    sid?: string;
  }
}
