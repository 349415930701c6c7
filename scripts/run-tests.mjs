// `npm test`: types, lint and the production build side by side, the pages' JavaScript budgets,
// then the unit and API suite, then the browser suite. tsc and ESLint each keep one core busy while
// `next build` swings between one and two, so running the three together takes about a minute less
// on 2 cores than one after the other; the suites with time limits (vitest, Playwright) then run
// alone, so no test times out because a compiler was sharing its core. The first phase that fails
// stops the run.
import { spawn } from 'node:child_process';

/** Runs `npm run <script>`, its output held back so parallel jobs don't interleave; resolves its status. */
function run(script, { env = {}, quiet = false } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      env: { ...process.env, ...env },
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const chunks = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      if (quiet) process.stdout.write(Buffer.concat(chunks));
      console.log(`== ${script} : ${code === 0 ? 'réussi' : `ÉCHEC (code ${code})`} en ${seconds} s`);
      resolve(code === 0);
    });
  });
}

async function phase(jobs) {
  const results = await Promise.all(jobs.map(([script, options]) => run(script, options)));
  if (results.includes(false)) process.exit(1);
}

console.log('== typecheck, lint et build en parallèle');
await phase([
  ['typecheck', { quiet: true }],
  ['lint', { quiet: true }],
  ['build', { quiet: true, env: { BUILD_CHECKED: '1' } }],
]);
// Each page's first-load JavaScript against its budget (reads the build's Brotli files: instant).
await phase([['test:bundles', { quiet: true }]]);
await phase([['test:unit']]);
await phase([['test:e2e']]);
