/**
 * The browser's configuration: NEXT_PUBLIC_* variables, inlined by Next at build time. The one
 * place client code reads them (the server has src/server/env.ts).
 */
export const publicEnv = {
  mixpanelToken: process.env.NEXT_PUBLIC_MIXPANEL_TOKEN || null,
  /** The till's service worker caches Next's files, which only a production build names by hash. */
  isProduction: process.env.NODE_ENV === 'production',
};
