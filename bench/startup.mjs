// npm run bench:startup — cold start of the built server on an empty data folder: time to the
// first answer, then memory after a burst of API calls. Run `npm run build` first.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const port = 3190;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-bench-'));
const started = performance.now();
const child = spawn(process.execPath, ['dist/server.js'], {
  env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: 'ignore',
});

function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(status.match(/VmRSS:\s+(\d+)/)[1]) / 1024);
}

try {
  let firstAnswerMs = null;
  while (performance.now() - started < 120_000) {
    try {
      const response = await fetch(`http://localhost:${port}/login`);
      if (response.ok) {
        firstAnswerMs = performance.now() - started;
        break;
      }
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  if (firstAnswerMs === null) throw new Error('le serveur ne répond pas');
  const idle = rssMb(child.pid);
  const t0 = performance.now();
  for (let i = 0; i < 200; i++) await fetch(`http://localhost:${port}/api/user/getInfo`);
  for (let i = 0; i < 20; i++) await fetch(`http://localhost:${port}/login`);
  const burstMs = performance.now() - t0;
  console.log(
    `démarrage à froid (base neuve, migrations, démo) jusqu'à la 1re réponse : ${(firstAnswerMs / 1000).toFixed(2)} s`,
  );
  console.log(`mémoire du serveur (RSS) au repos : ${idle} Mo ; après 220 requêtes : ${rssMb(child.pid)} Mo`);
  console.log(`220 requêtes séquentielles (200 API 401 + 20 pages /login) : ${burstMs.toFixed(0)} ms`);
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.on('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
