/** A « contains » LIKE pattern: LIKE's own characters in a search term are searched for, not interpreted. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
