/**
 * The browser's configuration: NEXT_PUBLIC_* variables, inlined by Next at build time. The one
 * place client code reads them (the server has src/server/env.ts).
 */
export const publicEnv = {
  mixpanelToken: process.env.NEXT_PUBLIC_MIXPANEL_TOKEN || null,
};
