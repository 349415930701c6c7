/**
 * A name as an address: without accents, lower-case, words joined by dashes (« Robe Wax été » →
 * « robe-wax-ete »); `fallback` when nothing is left of it.
 */
export function slugify(name: string, fallback: string, maxLength = 48): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
  return slug || fallback;
}
