import type { Html } from '@/server/http/html-page';
import { html } from '@/server/http/html-page';
import type { SitePage } from '@/shared/storefront/layout';
import { absoluteUrl, shopPath, type StorefrontContext } from '../context';
import { storefrontPage } from './layout';
import { renderSections, type SectionNotice, type SectionProducts } from './sections';

export function homeDescription(ctx: StorefrontContext): string {
  return (
    ctx.store.layout.home.seo.description ||
    `${ctx.shop.name} : commandez en ligne, payez par mobile money ou à la livraison.`
  );
}

export function renderHome(
  ctx: StorefrontContext,
  products: SectionProducts,
  notices: Record<string, SectionNotice> = {},
): Html {
  const { home } = ctx.store.layout;
  // A banner first carries the page's title (h1); otherwise the shop's name does, for readers only.
  const opensWithBanner = home.sections.find((s) => !s.hidden)?.type === 'banner';
  return storefrontPage(
    ctx,
    {
      title: home.seo.title || ctx.shop.name,
      description: homeDescription(ctx),
      canonicalPath: '',
      image: home.seo.imageUrl || null,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Store',
        name: ctx.shop.name,
        url: absoluteUrl(ctx),
        ...(ctx.shop.logoUrl ? { logo: new URL(ctx.shop.logoUrl, ctx.origin).href } : {}),
        ...(ctx.shop.phone ? { telephone: ctx.shop.phone } : {}),
        ...(ctx.shop.address ? { address: ctx.shop.address } : {}),
      },
      current: shopPath(ctx),
    },
    html`${opensWithBanner ? '' : html`<h1 class="skip">${ctx.shop.name}</h1>`}
    ${renderSections(ctx, home.sections, products, opensWithBanner, notices)}`,
  );
}

/** One of the shop's other pages (À propos, Contact, a page of its own): its title, its sections. */
export function renderSitePage(
  ctx: StorefrontContext,
  page: SitePage,
  products: SectionProducts,
  notices: Record<string, SectionNotice> = {},
): Html {
  return storefrontPage(
    ctx,
    {
      title: page.seo.title || page.title,
      description: page.seo.description || `${page.title} · ${ctx.shop.name}`,
      canonicalPath: `/pages/${page.slug}`,
      image: page.seo.imageUrl || null,
      current: shopPath(ctx, `/pages/${page.slug}`),
    },
    html`<div class="page">
      <h1>${page.title}</h1>
      ${renderSections(ctx, page.sections, products, false, notices)}
    </div>`,
  );
}
