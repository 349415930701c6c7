import { useState, type ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { SessionProvider } from 'next-auth/react';
import type { Session } from 'next-auth';
import { makeStore } from '@/client/store';
import { AccessTokenSync } from '@/client/session/AccessTokenSync';
import { MissingNameGuard } from '@/client/shell/MissingNameGuard';
import { PhoneHint } from '@/client/hooks/use-is-phone';
import { ToasterHost } from './toaster-host';
import { seedShell, type ShellData } from './shell-seed';

/**
 * Asks for the session now and then, so a page left open notices a sign-in ended elsewhere; the API
 * token's own renewal, 5 minutes before it expires, is AccessTokenSync's.
 */
const SESSION_REFETCH_SECONDS = 15 * 60;

/**
 * What every signed-in page runs in: the session, the store (RTK Query's cache), the API token kept
 * in step and the missing-name guard; Chakra's theme is the page's own. Every back-office page is
 * drawn in it (see shell-page.tsx); the light pages (sign-in) are not.
 */
export function BackOfficeProviders({
  session,
  shellData,
  children,
}: {
  session?: Session | null;
  shellData?: ShellData;
  children: ReactNode;
}) {
  // Made once, when the first back-office page opens; a page drawn on the server hands it the
  // shell's answers (a page reached inside the app finds them already there).
  const [store] = useState(() => seedShell(makeStore(), shellData));
  return (
    <SessionProvider session={session} refetchInterval={SESSION_REFETCH_SECONDS} refetchOnWindowFocus>
      <ReduxProvider store={store}>
        <PhoneHint.Provider value={shellData?.isPhone ?? false}>
          <AccessTokenSync>
            <MissingNameGuard>{children}</MissingNameGuard>
          </AccessTokenSync>
        </PhoneHint.Provider>
        <ToasterHost />
      </ReduxProvider>
    </SessionProvider>
  );
}
