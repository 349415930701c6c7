import { test } from '@playwright/test';

/** The server the running test's project talks to (see the projects of playwright.config.ts). */
function server(): { port: number; dataDir: string } {
  return test.info().project.metadata as { port: number; dataDir: string };
}

/** Its data folder: where its file SMS driver writes. */
export const serverDataDir = () => server().dataDir;

/** Its port, for a URL the test writes out in full (another host name, an exact redirect). */
export const serverPort = () => server().port;
