// The cluster suite puts Debian's nginx in front of the servers, as a platform would: install it when missing.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const NGINX = '/usr/sbin/nginx';
if (!existsSync(NGINX)) {
  console.log('nginx absent : installation du paquet Debian « nginx-light »…');
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx-light`,
    { stdio: 'inherit' },
  );
}
if (!existsSync(NGINX)) {
  console.error(`${NGINX} est introuvable après installation.`);
  process.exit(1);
}
