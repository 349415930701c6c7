import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { guardFormula } from './formula';

/** A phone as two cells: the number as its country writes it, and its calling code. */
export interface PhoneCells {
  /** « 77 214 67 40 »: spaced digits a spreadsheet keeps as text (leading 0 included). */
  national: string;
  /**
   * « 221 »: the calling code's digits. With its « + » the cell would need the formula guard and
   * read « '+221 » in a spreadsheet; under the « Indicatif » header the digits say it all.
   */
  countryCode: string;
}

const EMPTY: PhoneCells = { national: '', countryCode: '' };

/**
 * « +221772146740 » in one cell is a number to a spreadsheet (a formula once guarded): exports
 * write the national form and the calling code apart. Parsing costs some microseconds, and an
 * export repeats the same clients' phones: each formatter keeps what it parsed, up to a bound,
 * so a big export neither parses a phone twice nor holds more than a few thousand of them.
 */
export function phoneCellsFormatter(maxKept = 5_000): (e164: string | null) => PhoneCells {
  const kept = new Map<string, PhoneCells>();
  return (e164) => {
    if (!e164) return EMPTY;
    const known = kept.get(e164);
    if (known) return known;
    const parsed = parsePhoneNumberFromString(e164);
    const cells: PhoneCells = parsed
      ? {
          national: guardFormula(parsed.formatNational()),
          countryCode: parsed.countryCallingCode,
        }
      : { national: guardFormula(e164), countryCode: '' };
    if (kept.size >= maxKept) kept.clear();
    kept.set(e164, cells);
    return cells;
  };
}
