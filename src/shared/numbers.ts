/*
 * Numbers as French writes them (« 12 500 », « 3,5 »), the text `Intl.NumberFormat('fr-FR')`
 * gives, without building one. A browser's first NumberFormat loads ICU's number data: 70 to 180 ms
 * of main thread on Lighthouse's 4× slower phone, in the middle of a page's start, for figures the
 * server has already drawn (issue 20). tests/unit/numbers.test.ts holds it to Intl's output.
 */

/** Between groups of three digits, as fr-FR: a narrow no-break space. */
const GROUP_SEPARATOR = '\u202f';

export type NumberFormatOptions = {
  /** Digits always shown after the comma (0 unless said). */
  minFractionDigits?: number;
  /** Digits shown at most after the comma, rounded half away from zero (3 unless said, as Intl). */
  maxFractionDigits?: number;
};

/**
 * The decimal digits of a non-negative finite number, as its shortest round-trip text has them
 * (« 1.005 » stays 1.005, where its binary value is 1.00499…): the digits ICU rounds.
 */
function decimalDigits(value: number): { whole: string; fraction: string } {
  const text = String(value);
  const exponent = text.indexOf('e');
  if (exponent === -1) {
    const [whole = '0', fraction = ''] = text.split('.');
    return { whole, fraction };
  }
  // 1e21 and more, or under 1e-6: move the point by hand.
  const [mantissa = '0', power = '0'] = [text.slice(0, exponent), text.slice(exponent + 1)];
  const [head = '0', tail = ''] = mantissa.split('.');
  const digits = head + tail;
  const point = head.length + Number(power);
  if (point <= 0) return { whole: '0', fraction: '0'.repeat(-point) + digits };
  if (point >= digits.length) return { whole: digits + '0'.repeat(point - digits.length), fraction: '' };
  return { whole: digits.slice(0, point), fraction: digits.slice(point) };
}

/** Adds one to a string of digits (« 199 » → « 200 »), which may grow by one digit. */
function incremented(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

/** « 1234567 » → « 1 234 567 ». */
function grouped(whole: string): string {
  let out = '';
  for (let i = 0; i < whole.length; i++) {
    if (i > 0 && (whole.length - i) % 3 === 0) out += GROUP_SEPARATOR;
    out += whole[i];
  }
  return out;
}

/** `value` as fr-FR writes it: « 12 500 », « 3,5 », « -3,5 » (a hyphen-minus, as Intl). */
export function formatNumber(value: number, options: NumberFormatOptions = {}): string {
  const minFraction = options.minFractionDigits ?? 0;
  const maxFraction = Math.max(options.maxFractionDigits ?? Math.max(3, minFraction), minFraction);
  if (Number.isNaN(value)) return 'NaN';
  const negative = value < 0 || Object.is(value, -0);
  if (!Number.isFinite(value)) return `${negative ? '-' : ''}∞`;
  let { whole, fraction } = decimalDigits(Math.abs(value));
  if (fraction.length > maxFraction) {
    const roundUp = fraction.charCodeAt(maxFraction) >= 53; // '5' or more: half away from zero
    fraction = fraction.slice(0, maxFraction);
    if (roundUp) {
      const bumped = incremented(whole + fraction);
      whole = bumped.slice(0, bumped.length - maxFraction);
      fraction = bumped.slice(bumped.length - maxFraction);
    }
  }
  fraction = fraction.replace(/0+$/, '');
  if (fraction.length < minFraction) fraction = fraction.padEnd(minFraction, '0');
  const text = grouped(whole) + (fraction ? `,${fraction}` : '');
  return negative ? `-${text}` : text;
}

/** A count: « 1 234 ». */
export function formatCount(value: number): string {
  return formatNumber(value);
}
