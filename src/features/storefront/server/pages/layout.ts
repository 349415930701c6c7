import { Html, html } from '@/server/http/html-page';
import { CATALOGUE_TARGET, pageHasContent, type MenuLink } from '@/shared/storefront/layout';
import { absoluteUrl, shopPath, shopWhatsapp, whatsappLink, type StorefrontContext } from '../context';
import { ENHANCE_ELEMENT } from './enhance';
import { storefrontCss } from './theme';

export interface PageMeta {
  title: string;
  description: string;
  /** The page's one address, shop-relative (`/p/robe-wax`); null for pages not to index. */
  canonicalPath: string | null;
  image?: string | null;
  type?: 'website' | 'product';
  jsonLd?: unknown;
  /** The menu entry to mark as the current page. */
  current?: string;
  /** The title as the seller wrote it for search engines: not followed by the shop's name. */
  exactTitle?: boolean;
}

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/** Where a menu or button target leads, or null when it leads nowhere now (a page deleted). */
export function targetHref(ctx: StorefrontContext, target: string): string | null {
  if (target === 'home') return shopPath(ctx);
  if (target === CATALOGUE_TARGET) return shopPath(ctx, '/catalogue');
  if (target === 'search') return shopPath(ctx, '/recherche');
  const [kind, id = ''] = target.split(/:(.*)/s);
  if (kind === 'category') return ctx.categories.some((c) => c.id === id) ? shopPath(ctx, `/c/${id}`) : null;
  if (kind === 'product') {
    const slug = ctx.productSlugs?.get(id);
    return slug ? shopPath(ctx, `/p/${slug}`) : null;
  }
  if (kind === 'page') {
    const page = ctx.store.layout.pages.find((p) => p.id === id);
    return page && pageHasContent(page) ? shopPath(ctx, `/pages/${page.slug}`) : null;
  }
  return null;
}

function links(ctx: StorefrontContext, menu: MenuLink[]): Array<{ label: string; href: string }> {
  return menu
    .map((l) => ({ label: l.label, href: targetHref(ctx, l.target) }))
    .filter((l): l is { label: string; href: string } => Boolean(l.href && l.label));
}

function menuOf(ctx: StorefrontContext): Array<{ label: string; href: string }> {
  const chosen = links(ctx, ctx.store.layout.header.menu);
  if (chosen.length) return chosen;
  // No menu chosen: the whole catalogue, then the top categories.
  return [
    { label: 'Tout le catalogue', href: shopPath(ctx, '/catalogue') },
    ...ctx.categories
      .filter((c) => !c.parentId)
      .slice(0, 8)
      .map((c) => ({ label: c.name, href: shopPath(ctx, `/c/${c.id}`) })),
  ];
}

function headerOf(ctx: StorefrontContext, current: string | undefined): Html {
  const { showsSearch } = ctx.store.layout.header;
  return html`<header class="top">
    <div class="wrap">
      <div class="bar">
        <a class="brand" href="${shopPath(ctx)}">
          ${
            ctx.shop.logoUrl ? html`<img src="${ctx.shop.logoUrl}" alt="" width="36" height="36" />` : ''
          }<span>${ctx.shop.name}</span>
        </a>
        <span class="grow"></span>
        <a class="cart-link" href="${shopPath(ctx, '/panier')}"
          >Panier <span class="badge" data-cart-count hidden>0</span></a
        >
      </div>
      <nav class="menu" aria-label="Rayons">
        ${menuOf(ctx).map(
          (l) =>
            html`<a href="${l.href}" ${l.href === current ? new Html('aria-current="page"') : ''}
              >${l.label}</a
            >`,
        )}
      </nav>
      ${
        showsSearch
          ? html`<form class="search" role="search" action="${shopPath(ctx, '/recherche')}">
              <label class="skip" for="q">Rechercher un produit</label>
              <input id="q" name="q" type="search" placeholder="Rechercher un produit" maxlength="100" />
              <button class="btn ghost" type="submit">Rechercher</button>
            </form>`
          : ''
      }
    </div>
  </header>`;
}

const SOCIAL_LABELS = { facebook: 'Facebook', instagram: 'Instagram', tiktok: 'TikTok' } as const;

function footerOf(ctx: StorefrontContext): Html {
  const { footer, brand, pages } = ctx.store.layout;
  const wa = whatsappLink(shopWhatsapp(ctx), `Bonjour ${ctx.shop.name}`);
  // No menu chosen: every page with something written in it.
  const chosen = footer.menu.length
    ? links(ctx, footer.menu)
    : pages.filter(pageHasContent).map((p) => ({ label: p.title, href: shopPath(ctx, `/pages/${p.slug}`) }));
  const social = (Object.keys(SOCIAL_LABELS) as Array<keyof typeof SOCIAL_LABELS>).filter(
    (k) => brand.social[k],
  );
  return html`<footer class="bottom">
    <div class="wrap">
      <nav aria-label="Informations">
        ${chosen.map((l) => html`<a href="${l.href}">${l.label}</a>`)}
        ${wa ? html`<a href="${wa}" rel="noopener">WhatsApp</a>` : ''}
        ${social.map((k) => html`<a href="${brand.social[k]}" rel="noopener me">${SOCIAL_LABELS[k]}</a>`)}
      </nav>
      ${footer.text ? html`<p>${footer.text}</p>` : ''}
      <p>© ${new Date().getFullYear()} ${ctx.shop.name}</p>
    </div>
  </footer>`;
}

/** JSON in a script element: « </script> » inside a product name must not end it. */
function jsonScript(value: unknown): Html {
  return new Html(
    `<script type="application/ld+json">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`,
  );
}

export function storefrontPage(ctx: StorefrontContext, meta: PageMeta, body: Html): Html {
  const canonical = meta.canonicalPath === null ? null : absoluteUrl(ctx, meta.canonicalPath);
  const image = meta.image ? new URL(meta.image, ctx.origin).href : null;
  const title =
    meta.exactTitle || meta.title === ctx.shop.name ? meta.title : `${meta.title} · ${ctx.shop.name}`;
  const { layout } = ctx.store;
  const icon = layout.brand.faviconUrl || ctx.shop.logoUrl;
  return html`<html lang="fr">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>${title}</title>
      <meta name="description" content="${meta.description}" />
      ${canonical ? html`<link rel="canonical" href="${canonical}" />` : html`<meta name="robots" content="noindex" />`}
      <meta property="og:type" content="${meta.type ?? 'website'}" />
      <meta property="og:title" content="${title}" />
      <meta property="og:description" content="${meta.description}" />
      <meta property="og:site_name" content="${ctx.shop.name}" />
      <meta property="og:locale" content="fr_FR" />
      ${canonical ? html`<meta property="og:url" content="${canonical}" />` : ''}
      ${image ? html`<meta property="og:image" content="${image}" />` : ''}
      <meta name="theme-color" content="${layout.primaryColor}" />
      <link rel="icon" href="${icon || 'data:,'}" />
      <style>
        ${new Html(storefrontCss(layout.theme, layout.primaryColor, ctx.isPreview))}
      </style>
      ${meta.jsonLd ? jsonScript(meta.jsonLd) : ''}
    </head>
    <body>
      <a class="skip" href="#contenu">Aller au contenu</a>
      ${headerOf(ctx, meta.current)}
      <main id="contenu" class="wrap">${body}</main>
      ${footerOf(ctx)} ${ctx.isPreview ? '' : ENHANCE_ELEMENT}
    </body>
  </html>`;
}
