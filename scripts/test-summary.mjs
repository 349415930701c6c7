// Sums the JSON reports of every suite (vitest and Playwright) into one closing line for CI.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? '.reports';
let passed = 0;
let failed = 0;
let skipped = 0;
// Names of what failed, printed just above the closing line: CI often shows only the tail of the log.
const failures = [];

function walkPlaywright(suite, file) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      const status = test.status ?? test.results?.at(-1)?.status;
      if (status === 'expected' || status === 'flaky') passed++;
      else if (status === 'skipped') skipped++;
      else {
        failed++;
        const error = test.results?.at(-1)?.error ?? {};
        // The failing line and what was expected against what came: enough to tell a flake's cause
        // from the log alone, when the report itself is gone with the clean clone.
        const at = error.location ? ` (ligne ${error.location.line})` : '';
        failures.push(`${file}: ${spec.file}${at} › ${spec.title} — ${briefly(error.message ?? '')}`);
      }
    }
  }
  for (const child of suite.suites ?? []) walkPlaywright(child, file);
}

// Playwright and vitest messages carry ANSI colours (ESC [ … m); keep one readable line.
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

function firstLine(text) {
  return (
    String(text)
      .replace(ANSI_COLOUR, '')
      .split('\n')
      .find((l) => l.trim()) ?? ''
  );
}

/** The first line, then the « Expected / Received » lines, joined. */
function briefly(text) {
  const lines = String(text).replace(ANSI_COLOUR, '').split('\n');
  const detail = lines.filter((l) => /^\s*(Expected|Received)\b/.test(l)).map((l) => l.trim());
  return [firstLine(text), ...detail.slice(0, 2)].join(' | ');
}

const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
for (const file of files) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    // A suite that failed to load counts as a failure even though it ran no test.
    for (const result of report.testResults ?? []) {
      const where = path.relative(process.cwd(), result.name ?? '');
      // A suite that failed to load counts as a failure even though it ran no test.
      if (result.status === 'failed' && (result.assertionResults ?? []).length === 0) {
        failed++;
        failures.push(`${file}: ${where} — ${firstLine(result.message ?? '')}`);
      }
      for (const test of result.assertionResults ?? []) {
        if (test.status === 'failed') {
          failures.push(
            `${file}: ${where} › ${test.fullName} — ${firstLine(test.failureMessages?.[0] ?? '')}`,
          );
        }
      }
    }
  } else if (report.suites) {
    for (const suite of report.suites) walkPlaywright(suite, file);
    failed += (report.errors ?? []).length;
    for (const error of report.errors ?? []) failures.push(`${file}: ${firstLine(error.message ?? '')}`);
  }
  console.log(`  ${file}: lu`);
}
for (const failure of failures) console.log(`  ÉCHEC ${failure.slice(0, 600)}`);
const expected = Number(process.env.EXPECTED_REPORTS ?? 0);
if (files.length < expected) {
  failed += expected - files.length;
  console.log(
    `  ÉCHEC ${expected - files.length} rapport(s) manquant(s) : une suite n’a pas tourné jusqu’au bout.`,
  );
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
