// npm test drives Debian's Chromium; install it when missing (Playwright's own download is not
// reachable here). The browser suite runs its « headless shell » (a package of its own, the same
// version); the benches and the screenshots use the full browser.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const PACKAGES = {
  chromium: '/usr/bin/chromium',
  'chromium-headless-shell': '/usr/bin/chromium-headless-shell',
};

const missing = Object.entries(PACKAGES).filter(([, binary]) => !existsSync(binary));
if (missing.length > 0) {
  const names = missing.map(([name]) => name).join(' ');
  console.log(`Chromium absent : installation des paquets Debian ${names}…`);
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${names} fonts-liberation`,
    { stdio: 'inherit' },
  );
}
for (const binary of Object.values(PACKAGES)) {
  if (!existsSync(binary)) {
    console.error(`${binary} est introuvable après installation.`);
    process.exit(1);
  }
}
