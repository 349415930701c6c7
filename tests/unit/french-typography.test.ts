import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { typographyFaults } from '@/shared/typography';
import { textsOfSource, writtenTexts } from '../helpers/french-strings';

const ROOT = path.resolve(__dirname, '../..');

describe('French typography of every text the code writes', () => {
  it('finds the faults in a sample, so the scan below can fail', () => {
    const sample = [
      'const a = "Devise : XOF";',
      "const b = 'Côte d\\'Ivoire';",
      'const c = <p>Vous êtes sûr ?</p>;',
      "const d = 'Merci d’être venu!';",
      "const e = '« Vendre »';",
      'const ok = "Devise\u00a0: XOF, l’équipe, prêt\u202f?";',
      'logger.info("it\'s for developers : not scanned");',
    ].join('\n');
    const faulty = textsOfSource('sample.tsx', sample).filter((t) => typographyFaults(t.text).length);
    expect(faulty.map((t) => t.line)).toEqual([1, 2, 3, 4, 5]);
  });

  it('has no straight apostrophe nor ordinary space before « : ; ? ! » in src/ and server.ts', () => {
    const faults = writtenTexts(ROOT)
      .map((t) => ({ ...t, faults: typographyFaults(t.text) }))
      .filter((t) => t.faults.length)
      .map((t) => `${t.file}:${t.line} ${JSON.stringify(t.text.slice(0, 80))} — ${t.faults.join(', ')}`);
    // `npm run fix:typography` rewrites the spaces and apostrophes in place.
    expect(faults).toEqual([]);
  });
});
