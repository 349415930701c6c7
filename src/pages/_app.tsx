import type { AppProps } from 'next/app';
import Head from 'next/head';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { SessionProvider } from 'next-auth/react';
import type { Session } from 'next-auth';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '@/client/theme';
import { makeStore } from '@/client/store';
import { AccessTokenSync } from '@/client/session/AccessTokenSync';
import { MissingNameGuard } from '@/client/shell/MissingNameGuard';

/** The toasts' view and its state machine come after the first paint: no page opens on a toast. */
const Toaster = dynamic(() => import('@/client/shell/toaster-view').then((m) => m.Toaster), { ssr: false });

/** Renews the short-lived API token well before it expires (ACCESS_TOKEN_TTL_SECONDS, 1 h by default). */
const SESSION_REFETCH_SECONDS = 15 * 60;

export default function App({ Component, pageProps }: AppProps<{ session?: Session | null }>) {
  const [store] = useState(makeStore);
  const { session, ...rest } = pageProps;
  return (
    <SessionProvider session={session} refetchInterval={SESSION_REFETCH_SECONDS} refetchOnWindowFocus>
      <ReduxProvider store={store}>
        <ChakraProvider value={system}>
          <Head>
            <title>Comptoir</title>
            <meta name="viewport" content="width=device-width, initial-scale=1" />
          </Head>
          <AccessTokenSync>
            <MissingNameGuard>
              <Component {...rest} />
            </MissingNameGuard>
          </AccessTokenSync>
          <Toaster />
        </ChakraProvider>
      </ReduxProvider>
    </SessionProvider>
  );
}
