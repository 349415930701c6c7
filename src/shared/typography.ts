/**
 * French typography (PRODUCT.md): a no-break space before « : », and a narrow one before « ; ? ! »
 * and inside guillemets; the typographic apostrophe (’) between letters. Source strings are
 * written with ordinary spaces and pass through here, so the rule is applied in one place rather
 * than hidden characters in every literal.
 */
export function frenchTypography(text: string): string {
  return text
    .replace(/(\p{L})'(?=\p{L})/gu, '$1’')
    .replace(/ :(?=\s|$)/g, '\u00a0:')
    .replace(/ ([;?!])/g, '\u202f$1')
    .replace(/« /g, '«\u00a0')
    .replace(/ »/g, '\u00a0»');
}
