import { describe, expect, it } from 'vitest';
import { frenchTypography } from '@/shared/typography';
import { LEGAL_ID_PATTERN, legalIdLabels, legalIdsLine } from '@/shared/legal-ids';

describe('the shop’s legal identifiers', () => {
  it('are named as the shop’s country names them', () => {
    expect(legalIdLabels('SN')).toMatchObject({ taxId: 'NINEA', tradeRegister: 'RCCM' });
    expect(legalIdLabels('CI')).toMatchObject({ taxId: 'NCC', taxIdHelp: 'Numéro de compte contribuable' });
    expect(legalIdLabels('CM')).toMatchObject({ taxId: 'NIU', tradeRegister: 'RCCM' });
    expect(legalIdLabels('FR')).toMatchObject({
      taxId: 'Identifiant fiscal',
      tradeRegister: 'Registre du commerce',
    });
  });

  it('print as one line, only those given', () => {
    expect(
      frenchTypography(legalIdsLine('SN', { taxId: '0012345 2G3', tradeRegister: 'SN-DKR-2019-B-1234' })),
    ).toBe('NINEA\u00a0: 0012345 2G3 · RCCM\u00a0: SN-DKR-2019-B-1234');
    expect(legalIdsLine('CM', { taxId: '', tradeRegister: 'RC/DLA/2020/B/77' })).toBe(
      'RCCM : RC/DLA/2020/B/77',
    );
    expect(legalIdsLine('SN', {})).toBe('');
  });

  it('accept what registers write, not formulas nor stray signs', () => {
    for (const ok of [
      '0012345 2G3',
      'SN-DKR-2019-B-1234',
      'RC/DLA/2020/B/77',
      'CI-ABJ-03-2021-B12-04567',
      'M.123',
    ])
      expect(LEGAL_ID_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['=1+1', '-12', '12-', '@x', 'a;b', ' 12'])
      expect(LEGAL_ID_PATTERN.test(bad), bad).toBe(false);
  });
});
