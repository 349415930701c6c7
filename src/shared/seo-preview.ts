/*
 * What a page's search-engine fields may hold, and how a Google result would show them (the
 * preview under « Référencement (Google) »). Pure, for the browser and the server alike.
 */

/** The longest title and description the server keeps. */
export const SEO_TITLE_MAX = 70;
export const SEO_DESCRIPTION_MAX = 320;

/** About where Google cuts them in a result: the form's counters warn past these. */
export const SERP_TITLE_LENGTH = 60;
export const SERP_DESCRIPTION_LENGTH = 160;

/** A description under this many characters says little in a result. */
export const SERP_DESCRIPTION_SHORT = 50;

/** The length the server checks against the maximums: the text trimmed, in UTF-16 units as zod counts. */
export function characterCount(text: string): number {
  return text.trim().length;
}

/** Runs of ordinary spaces and line breaks as one space; no-break spaces stay (French punctuation holds to its word). */
function collapseSpaces(text: string): string {
  return text.replace(/[ \t\r\n\f\v]+/g, ' ').replace(/^ | $/g, '');
}

/**
 * `text` as a result line shows it: spaces collapsed and, past `max` characters, cut at the last
 * word that fits, with « … » (the ellipsis included in `max`). A single word longer than the room
 * is cut inside.
 */
export function truncateForSerp(text: string, max: number): string {
  const clean = collapseSpaces(text);
  const chars = Array.from(clean);
  if (chars.length <= max) return clean;
  if (max <= 1) return max === 1 ? '…' : '';
  const room = chars.slice(0, max - 1).join('');
  // A word boundary within the last half of the room; else the cut falls inside a word.
  const lastSpace = room.lastIndexOf(' ');
  const cut = lastSpace >= room.length / 2 ? room.slice(0, lastSpace) : room;
  return `${cut.replace(/[\s,;:.\-–—]+$/u, '')}…`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The words of a product description written as HTML: tags dropped, entities read, spaces collapsed. */
export function textOfHtml(html: string): string {
  return collapseSpaces(
    html.replace(/<[^>]*>/g, ' ').replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? entity;
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }),
  );
}

/**
 * The address line of a result, as Google writes it: the host, then the path's parts
 * (« boutique.example › awa › p › robe-wax »). An address that cannot be read is shown as given.
 */
export function serpUrlLine(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url.split('/').filter(Boolean).join(' › ');
  }
  const parts = parsed.pathname
    .split('/')
    .filter(Boolean)
    .map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    });
  return [parsed.host, ...parts].join(' › ');
}
