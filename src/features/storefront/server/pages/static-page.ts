import { html, type Html } from '@/server/http/html-page';
import { STATIC_PAGE_TITLES, type StaticPageSlug } from '@/shared/storefront/layout';
import type { StorefrontContext } from '../context';
import { paragraphs } from './home';
import { storefrontPage } from './layout';

export function renderStaticPage(ctx: StorefrontContext, page: StaticPageSlug, text: string): Html {
  const title = STATIC_PAGE_TITLES[page];
  return storefrontPage(
    ctx,
    { title, description: `${title} · ${ctx.shop.name}`, canonicalPath: `/pages/${page}` },
    html`<article style="max-width:42rem">
      <h1>${title}</h1>
      ${paragraphs(text)}
    </article>`,
  );
}
