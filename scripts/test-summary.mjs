// Sums the JSON reports of every suite (vitest and Playwright) into one closing line for CI.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? '.reports';
let passed = 0;
let failed = 0;
let skipped = 0;

function walkPlaywright(suite) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      const status = test.status ?? test.results?.at(-1)?.status;
      if (status === 'expected' || status === 'flaky') passed++;
      else if (status === 'skipped') skipped++;
      else failed++;
    }
  }
  for (const child of suite.suites ?? []) walkPlaywright(child);
}

const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
for (const file of files) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    // A suite that failed to load counts as a failure even though it ran no test.
    failed += (report.testResults ?? []).filter(
      (r) => r.status === 'failed' && (r.assertionResults ?? []).length === 0,
    ).length;
  } else if (report.suites) {
    for (const suite of report.suites) walkPlaywright(suite);
    failed += (report.errors ?? []).length;
  }
  console.log(`  ${file}: lu`);
}
const expected = Number(process.env.EXPECTED_REPORTS ?? 0);
if (files.length < expected) failed += expected - files.length;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
