import type { Executor } from '@/server/db';
import { html, type Html } from '@/server/http/html-page';
import { findPublicProducts, type PublicProductCard } from '@/features/product/server/public-catalogue';
import type { LayoutSection } from '@/shared/storefront/layout';
import { absoluteUrl, shopPath, whatsappLink, type StorefrontContext } from '../context';
import { productGrid } from './catalogue';
import { storefrontPage, targetHref } from './layout';

/** Text as paragraphs: a blank line between two. */
export function paragraphs(text: string): Html[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => html`<p>${p}</p>`);
}

/** The products each « Produits mis en avant » section shows, read before the page is drawn. */
export async function loadHome(
  db: Executor,
  ctx: StorefrontContext,
): Promise<Map<string, PublicProductCard[]>> {
  const featured = ctx.store.layout.sections.filter((s) => s.type === 'featured_products');
  const lists = await Promise.all(
    featured.map((s) =>
      findPublicProducts(db, ctx.shop.id, {
        categoryId: ctx.categories.some((c) => c.id === s.settings.categoryId)
          ? s.settings.categoryId
          : undefined,
        limit: Math.min(24, Math.max(1, s.settings.count)),
      }),
    ),
  );
  return new Map(featured.map((s, i) => [s.id, lists[i]!.items]));
}

function section(
  ctx: StorefrontContext,
  s: LayoutSection,
  products: Map<string, PublicProductCard[]>,
  isFirst: boolean,
): Html | '' {
  switch (s.type) {
    case 'header':
    case 'footer':
      return '';
    case 'banner': {
      const href = targetHref(ctx, s.settings.buttonTarget);
      const heading = isFirst ? html`<h1>${s.settings.title}</h1>` : html`<h2>${s.settings.title}</h2>`;
      return html`<section class="banner">
        <div class="text">
          ${heading}${s.settings.subtitle ? html`<p>${s.settings.subtitle}</p>` : ''}
          ${href && s.settings.buttonLabel ? html`<a class="btn" href="${href}">${s.settings.buttonLabel}</a>` : ''}
        </div>
        ${s.settings.imageUrl ? html`<img src="${s.settings.imageUrl}" alt="" fetchpriority="high" width="800" height="600" />` : ''}
      </section>`;
    }
    case 'featured_products': {
      const items = products.get(s.id) ?? [];
      if (!items.length) return '';
      return html`<section>
        <h2>${s.settings.title}</h2>
        ${productGrid(ctx, items, isFirst ? 2 : 0)}
        <p class="center"><a class="btn ghost" href="${shopPath(ctx, '/catalogue')}">Tout le catalogue</a></p>
      </section>`;
    }
    case 'category_grid': {
      const top = ctx.categories.filter((c) => !c.parentId);
      if (!top.length) return '';
      return html`<section>
        <h2>${s.settings.title}</h2>
        <ul class="cats">
          ${top.map((c) => html`<li><a href="${shopPath(ctx, `/c/${c.id}`)}">${c.name}</a></li>`)}
        </ul>
      </section>`;
    }
    case 'text_image':
      return html`<section class="split">
        ${s.settings.imageSide === 'left' && s.settings.imageUrl ? html`<img src="${s.settings.imageUrl}" alt="" loading="lazy" />` : ''}
        <div>
          <h2>${s.settings.title}</h2>
          ${paragraphs(s.settings.text)}
        </div>
        ${s.settings.imageSide === 'right' && s.settings.imageUrl ? html`<img src="${s.settings.imageUrl}" alt="" loading="lazy" />` : ''}
      </section>`;
    case 'testimonials':
      if (!s.blocks.length) return '';
      return html`<section>
        <h2>${s.settings.title}</h2>
        <ul class="quotes">
          ${s.blocks.map(
            (b) =>
              html`<li>
                <blockquote>« ${b.settings.quote} »</blockquote>
                <strong>${b.settings.author}</strong>
              </li>`,
          )}
        </ul>
      </section>`;
    case 'whatsapp_button': {
      const href = whatsappLink(ctx.shop.phone, s.settings.message);
      if (!href) return '';
      return html`<p class="center">
        <a class="btn wa" href="${href}" rel="noopener">${s.settings.label}</a>
      </p>`;
    }
  }
}

export function renderHome(ctx: StorefrontContext, products: Map<string, PublicProductCard[]>): Html {
  const body = ctx.store.layout.sections.filter((s) => s.type !== 'header' && s.type !== 'footer');
  const hasHeading = body[0]?.type === 'banner';
  return storefrontPage(
    ctx,
    {
      title: ctx.shop.name,
      description:
        ctx.store.tagline ||
        `${ctx.shop.name} : commandez en ligne, payez par mobile money ou à la livraison.`,
      canonicalPath: '',
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
    html`${hasHeading ? '' : html`<h1 class="skip">${ctx.shop.name}</h1>`}
    ${body.map((s, i) => section(ctx, s, products, i === 0))}`,
  );
}
