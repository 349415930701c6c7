import { NextResponse, type NextRequest } from 'next/server';
import { getToken } from 'next-auth/jwt';
import { getEnv } from '@/server/env';

/** Pages a visitor without a session may see: the sign-in steps, and a customer's payment link. */
const PUBLIC_PAGES = ['/login', '/otp', '/payer'];

export async function middleware(request: NextRequest) {
  // www → pro host happens in server.ts, before Next (see src/server/http/www-redirect.ts).
  const { pathname, search } = request.nextUrl;
  if (PUBLIC_PAGES.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return NextResponse.next();

  const token = await getToken({ req: request, secret: getEnv().NEXTAUTH_SECRET });
  if (!token) {
    const login = request.nextUrl.clone();
    login.pathname = '/login';
    // Keep the query (shopId, message…) and remember where to come back to.
    if (pathname !== '/' && !login.searchParams.has('callbackUrl'))
      login.searchParams.set('callbackUrl', `${pathname}${search}`);
    return NextResponse.redirect(login);
  }
  return NextResponse.next();
}

export const config = {
  // API routes answer 401 themselves; assets, Next internals and the till's service worker and
  // manifest (a redirect would fail the worker's registration) need no session.
  matcher: [
    '/((?!api/|_next/|favicon.ico|logo.svg|robots.txt|manifest.webmanifest|pos-sw.js|pos.webmanifest).*)',
  ],
};
