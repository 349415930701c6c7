import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { smsEncoding, smsParts, withoutAccents } from '@/shared/sms-parts';

/*
 * The SMS composer's counter and its « sans accents » rewrite. The numbers below are the ones an
 * operator bills: 160 / 153 septets a part in GSM-7, 70 / 67 UTF-16 units in UCS-2.
 */

// GSM 03.38 default alphabet, written again here from the standard (code order, 0x1B escape left
// out) so that a typo in the module's table does not pass unnoticed.
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅå' +
  'Δ_ΦΓΛΩΠΨΣΘΞ' +
  'ÆæßÉ' +
  ' !"#¤%&\'()*+,-./' +
  '0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNO' +
  'PQRSTUVWXYZÄÖÑÜ§' +
  '¿abcdefghijklmno' +
  'pqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '\f^{}\\[~]|€';

const FRENCH_LOWER = 'àâäçéèêëîïôöùûüÿæœ';
const FRENCH_UPPER = 'ÀÂÄÇÉÈÊËÎÏÔÖÙÛÜŸÆŒ';
const FRENCH_PUNCTUATION = ' .,;:!?\'"()-/%&@\n’‘«»“”…–—•°€\u00a0\u202f';
const ASCII_LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

describe('smsEncoding', () => {
  it('has the 127 characters of the default alphabet and the 10 of the extension table', () => {
    expect([...GSM7_BASIC]).toHaveLength(127);
    expect(new Set(GSM7_BASIC).size).toBe(127);
    expect([...GSM7_EXTENSION]).toHaveLength(10);
    for (const char of GSM7_BASIC + GSM7_EXTENSION)
      expect(smsEncoding(char), JSON.stringify(char)).toBe('gsm7');
    expect(smsEncoding(GSM7_BASIC + GSM7_EXTENSION)).toBe('gsm7');
  });

  it('refuses the characters next to the alphabet: lookalikes, French typography, the escape itself', () => {
    const outside = [
      'ç',
      '`',
      '\t',
      '\u001b',
      '’',
      '‘',
      '«',
      '»',
      '“',
      '”',
      '…',
      '–',
      '—',
      '\u00a0',
      '\u202f',
      '•',
      '°',
      'Α', // Greek capital alpha, not A
      '\u2126', // Ohm sign, not the Omega of the alphabet
      'µ',
      '😀',
    ];
    for (const char of outside) expect(smsEncoding(`abc${char}`), JSON.stringify(char)).toBe('ucs2');
  });

  it('is GSM-7 for the empty text and for plain French without the letters it lacks', () => {
    expect(smsEncoding('')).toBe('gsm7');
    expect(smsEncoding('Votre commande à Abidjan est expédiée. Ça arrive vite, Élodie !')).toBe('gsm7');
  });
});

// Every French letter: whether GSM-7 has it, and its « sans accents » form.
const FRENCH_LETTERS: Array<[letter: string, gsm7: boolean, plain: string]> = [
  ['à', true, 'à'],
  ['â', false, 'a'],
  ['ä', true, 'ä'],
  ['ç', false, 'c'],
  ['é', true, 'é'],
  ['è', true, 'è'],
  ['ê', false, 'e'],
  ['ë', false, 'e'],
  ['î', false, 'i'],
  ['ï', false, 'i'],
  ['ô', false, 'o'],
  ['ö', true, 'ö'],
  ['ù', true, 'ù'],
  ['û', false, 'u'],
  ['ü', true, 'ü'],
  ['ÿ', false, 'y'],
  ['æ', true, 'æ'],
  ['œ', false, 'oe'],
  ['À', false, 'A'],
  ['Â', false, 'A'],
  ['Ä', true, 'Ä'],
  ['Ç', true, 'Ç'],
  ['É', true, 'É'],
  ['È', false, 'E'],
  ['Ê', false, 'E'],
  ['Ë', false, 'E'],
  ['Î', false, 'I'],
  ['Ï', false, 'I'],
  ['Ô', false, 'O'],
  ['Ö', true, 'Ö'],
  ['Ù', false, 'U'],
  ['Û', false, 'U'],
  ['Ü', true, 'Ü'],
  ['Ÿ', false, 'Y'],
  ['Æ', true, 'Æ'],
  ['Œ', false, 'OE'],
];

describe('French letters', () => {
  it('covers every accented letter of French, in both cases', () => {
    expect(FRENCH_LETTERS.map(([letter]) => letter).join('')).toBe(FRENCH_LOWER + FRENCH_UPPER);
  });

  it.each(FRENCH_LETTERS)('%s: GSM-7 %s, « sans accents » %s', (letter, gsm7, plain) => {
    expect(smsEncoding(letter)).toBe(gsm7 ? 'gsm7' : 'ucs2');
    expect(withoutAccents(letter)).toBe(plain);
    expect(smsEncoding(withoutAccents(letter))).toBe('gsm7');
  });
});

describe('smsParts', () => {
  it('counts nothing for an empty text', () => {
    expect(smsParts('')).toEqual({ encoding: 'gsm7', units: 0, parts: 0, perPart: 160, left: 160 });
  });

  it('fits 160 GSM-7 characters in one SMS, then cuts in parts of 153', () => {
    expect(smsParts('a'.repeat(160))).toEqual({
      encoding: 'gsm7',
      units: 160,
      parts: 1,
      perPart: 160,
      left: 0,
    });
    // 161 = 153 + 8: the second part has 145 left.
    expect(smsParts('a'.repeat(161))).toEqual({
      encoding: 'gsm7',
      units: 161,
      parts: 2,
      perPart: 153,
      left: 145,
    });
    expect(smsParts('a'.repeat(306))).toMatchObject({ parts: 2, left: 0 });
    expect(smsParts('a'.repeat(307))).toMatchObject({ parts: 3, left: 152 });
  });

  it('keeps é in GSM-7, while one ê turns the text to UCS-2', () => {
    expect(smsParts('é'.repeat(160))).toMatchObject({ encoding: 'gsm7', units: 160, parts: 1 });
    expect(smsParts(`${'a'.repeat(69)}ê`)).toMatchObject({ encoding: 'ucs2', units: 70, parts: 1, left: 0 });
    expect(smsParts('ê'.repeat(70))).toEqual({ encoding: 'ucs2', units: 70, parts: 1, perPart: 70, left: 0 });
    // 71 = 67 + 4.
    expect(smsParts('ê'.repeat(71))).toEqual({
      encoding: 'ucs2',
      units: 71,
      parts: 2,
      perPart: 67,
      left: 63,
    });
    expect(smsParts('ê'.repeat(134))).toMatchObject({ parts: 2, left: 0 });
    expect(smsParts('ê'.repeat(135))).toMatchObject({ parts: 3, left: 66 });
  });

  it('counts an extension character as 2 septets', () => {
    expect(smsParts('€')).toMatchObject({ encoding: 'gsm7', units: 2, parts: 1, left: 158 });
    expect(smsParts(GSM7_EXTENSION)).toMatchObject({ encoding: 'gsm7', units: 20 });
    expect(smsParts('€'.repeat(80))).toMatchObject({ units: 160, parts: 1, left: 0 });
    // 162 septets: part 1 takes 76 € (152 septets, a 77th would need 154), part 2 the 5 others (10).
    expect(smsParts('€'.repeat(81))).toEqual({
      encoding: 'gsm7',
      units: 162,
      parts: 2,
      perPart: 153,
      left: 143,
    });
  });

  it('never cuts an extension character between two parts', () => {
    // 152 + 2 + 1 = 155 septets: that still fits one 160-septet SMS, no part boundary at all.
    expect(smsParts(`${'a'.repeat(152)}€a`)).toMatchObject({ units: 155, parts: 1, left: 5 });
    // 152 + 2 + 10 = 164 septets, so parts of 153. Septet 153 would be the escape of € with its
    // code in part 2: the € goes wholly to part 2, part 1 keeps 152 septets and part 2 holds
    // 2 + 10 = 12, so 141 left (142 if the € were cut).
    expect(smsParts(`${'a'.repeat(152)}€${'a'.repeat(10)}`)).toMatchObject({
      units: 164,
      parts: 2,
      left: 141,
    });
    // 152 + 2 + 152 = 306 septets, exactly 2 × 153, yet 3 parts: 152, then € + 151 a = 153, then 1 a.
    expect(smsParts(`${'a'.repeat(152)}€${'a'.repeat(152)}`)).toMatchObject({
      units: 306,
      parts: 3,
      left: 152,
    });
    // Ending a part exactly on the € is fine: 151 a + € = 153 septets, then 3 a.
    expect(smsParts(`${'a'.repeat(151)}€${'a'.repeat(10)}`)).toMatchObject({
      units: 163,
      parts: 2,
      left: 143,
    });
  });

  it('counts an emoji as 2 UTF-16 units and never cuts it between two parts', () => {
    expect(smsParts('😀')).toEqual({ encoding: 'ucs2', units: 2, parts: 1, perPart: 70, left: 68 });
    // 66 + 2 = 68 ≤ 70: one SMS.
    expect(smsParts(`${'a'.repeat(66)}😀`)).toMatchObject({ encoding: 'ucs2', units: 68, parts: 1, left: 2 });
    // 69 + 2 = 71 > 70: parts of 67, 67 a then 2 a + 😀 = 4 units.
    expect(smsParts(`${'a'.repeat(69)}😀`)).toMatchObject({ units: 71, parts: 2, perPart: 67, left: 63 });
    // 66 a + 😀 + 4 a = 72 units. Unit 67 would be the first half of the pair: the emoji goes
    // wholly to part 2, part 1 keeps 66 units and part 2 holds 2 + 4 = 6, so 61 left (62 if cut).
    expect(smsParts(`${'a'.repeat(66)}😀${'a'.repeat(4)}`)).toMatchObject({ units: 72, parts: 2, left: 61 });
    // 66 + 2 + 66 = 134 units, exactly 2 × 67, yet 3 parts: 66, then 😀 + 65 a = 67, then 1 a.
    expect(smsParts(`${'a'.repeat(66)}😀${'a'.repeat(66)}`)).toMatchObject({
      units: 134,
      parts: 3,
      left: 66,
    });
  });

  it('fills parts greedily: never fewer than units / perPart, never more than with one unit lost a part', () => {
    const text = fc.string({
      unit: fc.constantFrom(...'aé€[😀ê'),
      maxLength: 400,
    });
    fc.assert(
      fc.property(text, (s) => {
        const { units, parts, perPart, left } = smsParts(s);
        expect(left).toBeGreaterThanOrEqual(0);
        expect(left).toBeLessThanOrEqual(perPart);
        if (parts > 1) {
          expect(parts).toBeGreaterThanOrEqual(Math.ceil(units / perPart));
          expect(parts).toBeLessThanOrEqual(Math.ceil(units / (perPart - 1)));
        }
      }),
    );
  });
});

describe('withoutAccents', () => {
  it('keeps the accents GSM-7 has: é è à ù, É and Ç', () => {
    const text = 'Élodie, votre colis est arrivé à Dakar. Ça part où ? Après-demain. Très bien.';
    expect(smsEncoding(text)).toBe('gsm7');
    expect(withoutAccents(text)).toBe(text);
    expect(withoutAccents('éèàùÉÇ')).toBe('éèàùÉÇ');
  });

  it('writes French typography with the plain characters', () => {
    expect(withoutAccents('l’équipe ‘ok’ «\u00a0oui\u00a0» “non” attendez… 10–12 — fin • a\u202f!')).toBe(
      'l\'équipe \'ok\' " oui " "non" attendez... 10-12 - fin - a !',
    );
    expect(withoutAccents('commande n°12\tprête\u2009: cœur, Œuvre')).toBe(
      'commande no12 prete : coeur, OEuvre',
    );
  });

  it('composes a decomposed letter into its GSM-7 form, and strips only the accents GSM-7 lacks', () => {
    expect(withoutAccents('e\u0301te\u0302')).toBe('éte');
    expect(withoutAccents('Ì Ò Á ó ë ǘ')).toBe('I O A o e ü');
  });

  it('leaves emoji and other scripts as they are: the counter still says UCS-2', () => {
    expect(withoutAccents('Merci 😀 ❤️ 1️⃣ ê')).toBe('Merci 😀 ❤️ 1️⃣ e');
    expect(smsEncoding(withoutAccents('Merci 😀'))).toBe('ucs2');
    expect(withoutAccents('شكرا')).toBe('شكرا');
  });

  it('turns a real French message into GSM-7, in fewer parts', () => {
    // 137 characters, all in the BMP, with ï ° ê, a narrow no-break space before « ! », a
    // no-break space before « : » and inside the guillemets, « », ’ and …: UCS-2, 137 units,
    // more than 70, so parts of 67: 67 + 67 + 3 = 3 SMS, 64 left in the last.
    const message =
      'Bonjour Aïssatou, votre commande n°1042 est prête\u202f! Retrait\u00a0: boutique «\u00a0Chez Fatou\u00a0», ' +
      'Plateau. L’équipe vous remercie de votre fidélité…';
    expect(smsParts(message)).toEqual({ encoding: 'ucs2', units: 137, parts: 3, perPart: 67, left: 64 });

    // Each of those 11 characters becomes one GSM-7 character, except … which becomes ... (+2):
    // 139 septets, none from the extension table, ≤ 160: one SMS, 21 left. é stays.
    const plain = withoutAccents(message);
    expect(plain).toBe(
      'Bonjour Aissatou, votre commande no1042 est prete ! Retrait : boutique " Chez Fatou ", ' +
        "Plateau. L'équipe vous remercie de votre fidélité...",
    );
    expect(smsParts(plain)).toEqual({ encoding: 'gsm7', units: 139, parts: 1, perPart: 160, left: 21 });
  });

  it('gives GSM-7 for any French text', () => {
    const french = fc.string({
      unit: fc.constantFrom(...(ASCII_LETTERS + FRENCH_LOWER + FRENCH_UPPER + FRENCH_PUNCTUATION)),
    });
    fc.assert(fc.property(french, (s) => smsEncoding(withoutAccents(s)) === 'gsm7'));
  });

  it('never costs more parts than the original French text', () => {
    /*
     * Every rewrite gives 1 or 2 septets for 1 UTF-16 unit (œ → oe, € is 2 septets), except
     * … → ... (3 septets), left out of this alphabet: 2 × 67 = 134 septets fit in a GSM-7 part of
     * at least 152, so a UCS-2 message never needs more parts once rewritten. With … it can,
     * see the next test.
     */
    const alphabet = ASCII_LETTERS + FRENCH_LOWER + FRENCH_UPPER + FRENCH_PUNCTUATION.replace('…', '');
    const french = fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 600 });
    fc.assert(
      fc.property(french, (s) => smsParts(s).parts >= smsParts(withoutAccents(s)).parts),
      { numRuns: 300 },
    );
  });

  it('can cost one more part when the text is mostly … (3 septets for 1 UCS-2 unit)', () => {
    // 70 × … = 70 UCS-2 units, one SMS; 70 × ... = 210 septets, two. No real message does this.
    const dots = '…'.repeat(70);
    expect(smsParts(dots)).toMatchObject({ encoding: 'ucs2', parts: 1 });
    expect(smsParts(withoutAccents(dots))).toMatchObject({ encoding: 'gsm7', units: 210, parts: 2 });
  });

  it('leaves GSM-7 text unchanged and is idempotent on any text', () => {
    const gsm = fc.string({ unit: fc.constantFrom(...(GSM7_BASIC + GSM7_EXTENSION)) });
    fc.assert(fc.property(gsm, (s) => withoutAccents(s) === s));
    // Any code point, lone surrogates included (fc.string({ unit: 'binary' }) takes seconds to generate).
    const anyText = fc
      .array(fc.nat({ max: 0x10ffff }), { maxLength: 40 })
      .map((codePoints) => String.fromCodePoint(...codePoints));
    fc.assert(
      fc.property(anyText, (s) => {
        const once = withoutAccents(s);
        return withoutAccents(once) === once;
      }),
    );
  });
});
