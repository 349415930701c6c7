// The browser suite's servers, started side by side. Playwright starts the entries of its
// `webServer` one after the other, each waited for before the next: five of them took a minute
// before the first test. This one entry starts them all at once, then answers 200 on its own port
// once every one of them answers. Stopping it (Playwright's teardown) stops them all.
//
// E2E_SERVERS: a JSON list of { name, command, cwd?, env, url } (playwright.config.ts writes it).
// E2E_READY_PORT: where to say they are all up.
import { spawn } from 'node:child_process';
import http from 'node:http';

const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]');
const readyPort = Number(process.env.E2E_READY_PORT);
if (!servers.length || !readyPort) throw new Error('E2E_SERVERS et E2E_READY_PORT sont requis');

// All in this script's process group, which Playwright's teardown stops as one.
let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  try {
    process.kill(0, 'SIGTERM');
  } finally {
    process.exit(code);
  }
}
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => stopAll(0));

for (const { name, command, cwd, env } of servers) {
  const child = spawn(command, {
    shell: true,
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr.on('data', (chunk) => process.stderr.write(`[${name}] ${chunk}`));
  // One gone means the suite cannot run as planned: the others are stopped with it.
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[${name}] s’est arrêté (code ${code}, signal ${signal})`);
    stopAll(1);
  });
}

async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    // Any answer but a server error: the emulator's root answers 200, the app's /login too.
    return response.status < 500;
  } catch {
    return false;
  }
}

const pending = new Set(servers.map((s) => s.url));
while (pending.size) {
  for (const url of [...pending]) if (await answers(url)) pending.delete(url);
  if (pending.size) await new Promise((resolve) => setTimeout(resolve, 250));
}
http.createServer((_req, res) => res.end('ok')).listen(readyPort, '127.0.0.1');
