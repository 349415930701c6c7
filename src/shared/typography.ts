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

// Texts SPEC gives word for word, straight apostrophe included: they stay as written.
const VERBATIM = new Set(["Chargé de l'inventaire"]);

const FAULTS: Array<{ pattern: RegExp; fault: string; proseOnly?: boolean }> = [
  { pattern: /\p{L}'\p{L}/u, fault: 'apostrophe droite au lieu de ’' },
  { pattern: /[ \t\r\n][:;?!](?=\s|$)/, fault: 'espace ordinaire devant « : ; ? ! »' },
  { pattern: /«[ \t\r\n]|[ \t\r\n]»/, fault: 'espace ordinaire dans les guillemets' },
  { pattern: /\p{L}[;?!](?=\s|$)/u, fault: 'pas d’espace insécable devant « ; ? ! »', proseOnly: true },
];
// Only French sentences are held to the spacing before « ; ? ! »: not media types nor URLs.
const FRENCH_PROSE = /[àâçéèêëîïôûùüÿœÀÂÇÉÈÊÎÔÛ’«»]/;

/** What a French text breaks of the rules above (empty when it is well set). */
export function typographyFaults(text: string): string[] {
  if (VERBATIM.has(text)) return [];
  const isProse = FRENCH_PROSE.test(text);
  return FAULTS.filter((f) => (!f.proseOnly || isProse) && f.pattern.test(text)).map((f) => f.fault);
}
