// npm test drives Debian's Chromium; install it when missing (Playwright's own download is not reachable here).
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  console.log('Chromium absent : installation du paquet Debian « chromium »…');
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation`,
    {
      stdio: 'inherit',
    },
  );
}
if (!existsSync(CHROMIUM)) {
  console.error(`${CHROMIUM} est introuvable après installation.`);
  process.exit(1);
}
