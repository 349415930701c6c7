// The browser suite's servers, started side by side. Playwright starts the entries of its
// `webServer` one after the other, each waited for before the next: five of them took a minute
// before the first test. This one entry starts them all at once, then answers 200 on its own port
// once every one of them answers. Stopping it (Playwright's teardown) stops them all.
//
// Opening an empty data folder (PGlite's initdb and every migration) was most of a server's start,
// and the demo shop's seed the rest. So a template server opens and seeds one folder, stops, and
// the servers that want a demo shop start on copies of it, while the others start beside it.
//
// E2E_SERVERS: a JSON list of { name, command, cwd?, env, url, dataDir?, fromTemplate? };
// E2E_TEMPLATE: { name, command, env, url, dataDir } (playwright.config.ts writes both).
// E2E_READY_PORT: where to say they are all up.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]');
const template = JSON.parse(process.env.E2E_TEMPLATE ?? 'null');
const readyPort = Number(process.env.E2E_READY_PORT);
if (!servers.length || !template || !readyPort)
  throw new Error('E2E_SERVERS, E2E_TEMPLATE et E2E_READY_PORT sont requis');

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

/** Starts one entry; its stopping on its own stops the run, unless `expectExit` says it may. */
function start({ name, command, cwd, env }, { expectExit = false } = {}) {
  const child = spawn(command, {
    shell: true,
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr.on('data', (chunk) => process.stderr.write(`[${name}] ${chunk}`));
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      resolve(code);
      if (stopping || (expectExit && code === 0)) return;
      // One gone means the suite cannot run as planned: the others are stopped with it.
      console.error(`[${name}] s’est arrêté (code ${code}, signal ${signal})`);
      stopAll(1);
    });
  });
  return { child, exited };
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

async function allAnswer(urls) {
  const pending = new Set(urls);
  while (pending.size) {
    for (const url of [...pending]) if (await answers(url)) pending.delete(url);
    if (pending.size) await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const copies = servers.filter((s) => s.fromTemplate);
for (const server of servers.filter((s) => !s.fromTemplate)) start(server);

const made = start(template, { expectExit: true });
await allAnswer([template.url]);
// Its graceful stop closes the database, so the folder is whole when copied.
made.child.kill('SIGTERM');
if ((await made.exited) !== 0) stopAll(1);
for (const server of copies) {
  fs.rmSync(server.dataDir, { recursive: true, force: true });
  fs.cpSync(template.dataDir, server.dataDir, { recursive: true });
  // Each server makes its own session secret and writes its own text messages.
  for (const own of ['auth-secret', 'sms.jsonl']) fs.rmSync(path.join(server.dataDir, own), { force: true });
  start(server);
}

await allAnswer(servers.map((s) => s.url));
http.createServer((_req, res) => res.end('ok')).listen(readyPort, '127.0.0.1');
