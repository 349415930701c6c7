import '@/client/shell/sliced-hydration';
import '@/client/ui/panda.css';
import type { AppProps } from 'next/app';
import Head from 'next/head';
import type { Session } from 'next-auth';
import type { PageShell } from '@/client/shell/shell-page';
import type { ShellData } from '@/client/shell/shell-seed';

/**
 * Only what every page needs. A back-office page brings its providers with it (`backOfficePage`),
 * so the light pages (sign-in) load neither Chakra, nor the store, nor next-auth's provider. The
 * shell is the same component from one back-office page to the next: React keeps it mounted, and
 * the session and the store's cache with it.
 */
export default function App({
  Component,
  pageProps,
}: AppProps<{ session?: Session | null; shellData?: ShellData }>) {
  const { session, shellData, ...rest } = pageProps;
  const Shell = (Component as typeof Component & { shell?: PageShell }).shell;
  const page = <Component {...rest} />;
  return (
    <>
      <Head>
        <title>Comptoir</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      {Shell ? (
        <Shell session={session} shellData={shellData}>
          {page}
        </Shell>
      ) : (
        page
      )}
    </>
  );
}
