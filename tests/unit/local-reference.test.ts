import { describe, expect, it } from 'vitest';
import {
  LOCAL_REFERENCE_PATTERN,
  localReferenceInSearch,
  localReferenceOf,
  localTicketLabel,
  newTicketSeries,
} from '@/shared/local-reference';

describe('the local ticket a till prints before the server numbers the sale', () => {
  it('draws a four-letter series without I nor O, whatever the random bytes', () => {
    for (const byte of [0, 8, 14, 23, 24, 255]) {
      const series = newTicketSeries((n) => new Uint8Array(n).fill(byte));
      expect(series, String(byte)).toMatch(/^[A-HJ-NP-Z]{4}$/);
    }
    expect(LOCAL_REFERENCE_PATTERN.test(localReferenceOf('KQFT', 12))).toBe(true);
  });

  it('finds the reference in a search typed as printed, or alone', () => {
    const printed = localTicketLabel(localReferenceOf('KQFT', 2));
    expect(printed).toBe('Ticket local n° KQFT-2');
    for (const typed of [printed, 'ticket local n°kqft-2', 'KQFT-2', ' kqft - 2 ', 'n° KQFT-2'])
      expect(localReferenceInSearch(typed), typed).toBe('KQFT-2');
    // Names, phones and order numbers are not references (no I nor O in a series: « Diop-1 »).
    for (const other of ['Diop-1', '77 123 45 67', '#1042', 'KQFT', 'KQFT-', 'KQFTX-2', 'Awa Diop'])
      expect(localReferenceInSearch(other), other).toBeNull();
  });
});
