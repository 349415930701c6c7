import type { ComponentType, ReactNode } from 'react';
import type { Session } from 'next-auth';
import { BackOfficeProviders } from './BackOfficeProviders';
import type { ShellData } from './shell-seed';

/** What `_app` draws a page in, when the page names one (the light pages name none). */
export type PageShell = ComponentType<{
  session?: Session | null;
  shellData?: ShellData;
  children: ReactNode;
}>;

/**
 * A back-office page drawn wholly with `@/client/ui`: its screen inside the back office's providers,
 * without Chakra or its theme (issue 20). The providers travel with the page's own chunks (the
 * light pages, sign-in, never load them), and `_app` keeps them mounted from one such page to the
 * next, since every page names the same shell. A screen still drawn with Chakra uses backOfficePage.
 */
export function uiBackOfficePage<P extends object>(Screen: ComponentType<P>) {
  function Page(props: P) {
    return <Screen {...props} />;
  }
  Page.displayName = `BackOffice(${Screen.displayName ?? Screen.name})`;
  Page.shell = BackOfficeProviders as PageShell;
  return Page;
}
