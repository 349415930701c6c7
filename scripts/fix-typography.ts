/**
 * Rewrites, in place, the French texts of src/ and server.ts the typography test would refuse:
 * ordinary spaces before « : ; ? ! » and inside guillemets become no-break ones, straight
 * apostrophes between letters typographic ones. Only the texts the test scans are touched; a
 * missing space (« Merci! ») is left for a person to fix. Run with `npm run fix:typography`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { typographyFaults } from '../src/shared/typography';
import { applicationFiles, textsOfSource } from '../tests/helpers/french-strings';

const root = path.resolve(import.meta.dirname, '..');

function fixSpelling(raw: string): string {
  return raw
    .replace(/(\p{L})\\?'(?=\p{L})/gu, '$1’')
    .replace(/[ \t\r\n]+:(?=\s|$|["'`]|\$\{)/g, '\u00a0:')
    .replace(/[ \t\r\n]+([;?!])(?=\s|$|["'`]|\$\{)/g, '\u202f$1')
    .replace(/«[ \t\r\n]+/g, '«\u00a0')
    .replace(/[ \t\r\n]+»/g, '\u00a0»');
}

let changedFiles = 0;
// `npm run fix:typography -- tests e2e` sets the tests' expected texts the same way.
const folders = process.argv.slice(2);
for (const file of applicationFiles(root, folders)) {
  if (file.endsWith('french-typography.test.ts')) continue; // its sample is wrong on purpose
  const code = fs.readFileSync(file, 'utf8');
  // From the end, so the earlier positions stay right while the text changes length.
  const faulty = textsOfSource(file, code)
    .filter((t) => typographyFaults(t.text).length)
    .sort((a, b) => b.start - a.start);
  let fixed = code;
  for (const t of faulty) {
    // The spelling between the delimiters: quotes, or a template's « ` », « } » and « ${ ».
    const from = t.isJsxText ? t.start : t.start + 1;
    const to = t.isJsxText ? t.end : code.startsWith('${', t.end - 2) ? t.end - 2 : t.end - 1;
    fixed = fixed.slice(0, from) + fixSpelling(fixed.slice(from, to)) + fixed.slice(to);
  }
  if (fixed !== code) {
    fs.writeFileSync(file, fixed);
    changedFiles += 1;
    console.log(`corrigé : ${path.relative(root, file)}`);
  }
}
console.log(`${changedFiles} fichier(s) corrigé(s).`);
