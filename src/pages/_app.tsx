import type { AppProps } from 'next/app';
import Head from 'next/head';
import { useState } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { SessionProvider } from 'next-auth/react';
import type { Session } from 'next-auth';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '@/client/theme';
import { makeStore } from '@/client/store';
import { AccessTokenSync } from '@/client/session/AccessTokenSync';
import { Toaster } from '@/client/shell/toaster';
import { MissingNameGuard } from '@/client/shell/MissingNameGuard';

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
