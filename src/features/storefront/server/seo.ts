import { escapeHtml } from '@/server/http/html-page';
import type { PublicCategory } from '@/features/product/server/public-catalogue';
import type { SitePage } from '@/shared/storefront/layout';
import { absoluteUrl, type StorefrontContext } from './context';

/** The shop's sitemap: home, catalogue, categories, pages with something in them, every active product. */
export function sitemapXml(
  ctx: StorefrontContext,
  input: {
    products: Array<{ slug: string; updatedAt: Date }>;
    categories: PublicCategory[];
    pages: SitePage[];
  },
): string {
  const url = (path: string, lastmod?: Date) =>
    `<url><loc>${escapeHtml(absoluteUrl(ctx, path))}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    url(''),
    url('/catalogue'),
    ...input.categories.map((c) => url(`/c/${c.id}`)),
    ...input.pages.map((p) => url(`/pages/${p.slug}`)),
    ...input.products.map((p) => url(`/p/${p.slug}`, p.updatedAt)),
    '</urlset>',
  ].join('\n');
}

/**
 * Robots may read the shop's pages, not its cart, checkout and confirmations. On the pro host the
 * file is per shop (`/<slug>/robots.txt`, linked from nowhere robots look): a shop's own domain
 * is where it matters.
 */
export function robotsTxt(ctx: StorefrontContext): string {
  const at = (path: string) => `${ctx.base}${path}`;
  return [
    'User-agent: *',
    `Disallow: ${at('/panier')}`,
    `Disallow: ${at('/commande')}`,
    `Disallow: ${at('/merci/')}`,
    `Sitemap: ${absoluteUrl(ctx, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
