/*
 * Numbers as French writes them (« 12 500 », « 3,5 »), the text `Intl.NumberFormat('fr-FR')`
 * gives, without building one. A browser's first NumberFormat loads ICU's number data: 70 to 180 ms
 * of main thread on Lighthouse's 4× slower phone, in the middle of a page's start, for figures the
 * server has already drawn (issue 20). tests/unit/numbers.test.ts holds it to Intl's output.
 */

export type NumberFormatOptions = {
  /** Digits always shown after the comma (0 unless said). */
  minFractionDigits?: number;
  /** Digits shown at most after the comma, rounded half away from zero (3 unless said, as Intl). */
  maxFractionDigits?: number;
};

/** `value` as fr-FR writes it: « 12 500 », « 3,5 », « -3,5 » (a hyphen-minus, as Intl). */
export function formatNumber(value: number, options: NumberFormatOptions = {}): string {
  const min = options.minFractionDigits ?? 0;
  const max = Math.max(options.maxFractionDigits ?? Math.max(3, min), min);
  // The shortest text that reads back as the number (« 1.005 », where the binary value is
  // 1.00499…): the digits ICU rounds. NaN, infinities and numbers written with an exponent (under
  // 1e-6, from 1e21) are left to Intl: they are not what a page shows.
  const text = String(Math.abs(value));
  if (!/^\d+(\.\d+)?$/.test(text))
    return new Intl.NumberFormat('fr-FR', { minimumFractionDigits: min, maximumFractionDigits: max }).format(
      value,
    );
  const [whole = '0', fraction = ''] = text.split('.');
  let digits = whole + fraction.slice(0, max).padEnd(max, '0');
  // Half away from zero, on the digits (a number's arithmetic would round its binary value).
  if (fraction.charCodeAt(max) >= 53)
    digits = String(BigInt(digits) + BigInt(1)).padStart(digits.length, '0');
  const kept = digits
    .slice(digits.length - max)
    .replace(/0+$/, '')
    .padEnd(min, '0');
  // Groups of three digits parted by a narrow no-break space, as fr-FR.
  const grouped = digits.slice(0, digits.length - max).replace(/\B(?=(\d{3})+$)/g, '\u202f');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${grouped}${kept ? `,${kept}` : ''}`;
}

/** A count: « 1 234 ». */
export function formatCount(value: number): string {
  return formatNumber(value);
}
