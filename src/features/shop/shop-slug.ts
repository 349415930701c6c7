/*
 * A shop's slug is the first segment of its online shop's address on the pro host
 * (`/boutique-awa`). It shares that space with the back office's pages and the server's own
 * paths: those words can never be a shop's. tests/unit/shop-slug.test.ts checks every page and
 * public file is listed here.
 */

export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  // The back office and the sign-in pages (src/pages), and the menu's pages still to come.
  '404',
  '500',
  'index',
  'login',
  'otp',
  'confirmer-informations',
  'console',
  'point-de-vente',
  'statistiques',
  'livraison',
  'mes-clients',
  'mes-commandes',
  'mes-produits',
  'paiement',
  'parametres',
  'payer',
  'reductions',
  'website',
  'canaux-de-vente',
  'crm',
  'clients',
  // The server's own paths and public files.
  'api',
  '_next',
  'uploads',
  'suivi',
  'livreur',
  'static',
  'public',
  'socket-io',
  'socket.io',
  'logo.svg',
  'pos-sw.js',
  'pos.webmanifest',
  'favicon.ico',
  'robots.txt',
  'sitemap.xml',
  'boutique-assets',
  'www',
  'admin',
  'aide',
  'support',
  'comptoir',
]);

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/;

/** Why a slug a shop asks for cannot be its address, in French; null when it can. */
export function shopSlugError(slug: string): string | null {
  if (!SLUG_PATTERN.test(slug))
    return 'L’adresse ne peut contenir que des lettres minuscules sans accent, des chiffres et des tirets (2 à 48 caractères, sans tiret au début ni à la fin).';
  if (slug.length < 2) return 'L’adresse doit compter au moins 2 caractères.';
  if (RESERVED_SLUGS.has(slug)) return `« ${slug} » est réservé par Comptoir : choisissez une autre adresse.`;
  return null;
}
