import { html, type Html } from '@/server/http/html-page';
import { formatMoney } from '@/shared/money';
import type { PublicProductCard, PublicSort } from '@/features/product/server/public-catalogue';
import { shopPath, type StorefrontContext } from '../context';
import { initials, storefrontPage } from './layout';
import { UPLOADS_URL_PREFIX } from '@/server/storage/file-storage';
import { resizedUrl } from '@/server/storage/resized-images';

export const PAGE_SIZE = 24;

const CARD_WIDTHS = [160, 320, 480, 640];
const HERO_WIDTHS = [320, 480, 640, 960, 1280];

/**
 * The pictures a page shows, as a phone (390 px wide, 2 pixels per point) would load them: the
 * site builder weighs a page by them (page-weight.ts). width null: not resized here.
 */
export type ImageLedger = Array<{ src: string; width: number | null }>;

export function productImage(
  image: { list: string; card: string; zoom: string } | null,
  name: string,
  options: { eager?: boolean; sizes?: string; hero?: boolean; ledger?: ImageLedger } = {},
): Html {
  if (!image)
    return html`<div class="img" aria-hidden="true"><span class="initials">${initials(name)}</span></div>`;
  const sizes = options.sizes ?? '(min-width: 64rem) 18rem, (min-width: 40rem) 33vw, 50vw';
  const loading = options.eager ? html`fetchpriority="high"` : html`loading="lazy" decoding="async"`;
  // An upload kept here is resized on demand to the widths the page may ask for, AVIF first.
  if (image.zoom.startsWith(UPLOADS_URL_PREFIX)) {
    const widths = options.hero ? HERO_WIDTHS : CARD_WIDTHS;
    // Full width on the phone: 780 device pixels; a card, half of it.
    options.ledger?.push({ src: image.zoom, width: widths.find((w) => w >= (options.hero ? 780 : 390))! });
    const set = (format: 'avif' | 'webp') =>
      widths.map((w) => `${resizedUrl(image.zoom, w, format)} ${w}w`).join(', ');
    return html`<div class="img">
      <picture>
        <source type="image/avif" srcset="${set('avif')}" sizes="${sizes}" />
        <img
          src="${resizedUrl(image.zoom, 640, 'webp')}"
          srcset="${set('webp')}"
          sizes="${sizes}"
          alt="${name}"
          width="600"
          height="600"
          ${loading}
        />
      </picture>
    </div>`;
  }
  // Elsewhere (object storage): the three sizes every upload has (160, 600, 1600 px at most).
  options.ledger?.push({ src: image.card, width: null });
  return html`<div class="img">
    <img
      src="${image.card}"
      srcset="${image.list} 160w, ${image.card} 600w, ${image.zoom} 1600w"
      sizes="${sizes}"
      alt="${name}"
      width="600"
      height="600"
      ${loading}
    />
  </div>`;
}

export function priceOf(
  ctx: StorefrontContext,
  p: Pick<PublicProductCard, 'priceMin' | 'priceMax' | 'compareAtPrice'>,
): Html {
  const money = (n: number) => formatMoney(n, ctx.shop.currency);
  return html`<span class="price">${p.priceMax > p.priceMin ? 'À partir de ' : ''}${money(p.priceMin)}</span
    >${p.compareAtPrice ? html`<span class="was"><span class="skip">Au lieu de </span>${money(p.compareAtPrice)}</span>` : ''}`;
}

export function productGrid(ctx: StorefrontContext, items: PublicProductCard[], eagerFirst = 0): Html {
  return html`<ul class="grid">
    ${items.map(
      (p, i) =>
        html`<li>
          <a class="card" href="${shopPath(ctx, `/p/${p.slug}`)}">
            ${productImage(p.image, p.name, { eager: i < eagerFirst, ledger: ctx.ledger })}
            <div class="body">
              <span class="name">${p.name}</span>
              <span>${priceOf(ctx, p)}</span>
              ${p.isAvailable ? '' : html`<span class="out">Épuisé</span>`}
            </div>
          </a>
        </li>`,
    )}
  </ul>`;
}

export const SORT_LABELS: Record<PublicSort, string> = {
  recent: 'Nouveautés',
  price_asc: 'Prix croissant',
  price_desc: 'Prix décroissant',
  name: 'Nom (A → Z)',
};

/** The catalogue, a category or a search: a page of products, its sort and its pages. */
export function renderListing(
  ctx: StorefrontContext,
  input: {
    title: string;
    path: string;
    items: PublicProductCard[];
    total: number;
    page: number;
    sort: PublicSort;
    search?: string;
    canonical: boolean;
  },
): Html {
  const pages = Math.max(1, Math.ceil(input.total / PAGE_SIZE));
  const link = (page: number) => {
    const params = new URLSearchParams();
    if (input.search) params.set('q', input.search);
    if (input.sort !== 'recent') params.set('tri', input.sort);
    if (page > 1) params.set('page', String(page));
    const query = params.toString();
    return shopPath(ctx, `${input.path}${query ? `?${query}` : ''}`);
  };
  const count = `${input.total.toLocaleString('fr-FR')} produit${input.total > 1 ? 's' : ''}`;
  const body = html`<h1>${input.title}</h1>
    <form class="tools" action="${shopPath(ctx, input.path)}">
      ${input.search ? html`<input type="hidden" name="q" value="${input.search}" />` : ''}
      <div>
        <label for="tri">Trier par</label>
        <select id="tri" name="tri">
          ${(Object.keys(SORT_LABELS) as PublicSort[]).map(
            (s) =>
              html`<option value="${s}" ${s === input.sort ? html`selected` : ''}>${SORT_LABELS[s]}</option>`,
          )}
        </select>
      </div>
      <button class="btn ghost" type="submit">Trier</button>
      <p class="hint">${count}</p>
    </form>
    ${
      input.items.length
        ? productGrid(ctx, input.items, 2)
        : html`<p class="center">
            ${input.search ? `Aucun produit ne correspond à « ${input.search} ».` : 'Aucun produit ici pour le moment.'}
          </p>`
    }
    ${
      pages > 1
        ? html`<nav class="pager" aria-label="Pages">
            ${input.page > 1 ? html`<a class="btn ghost" href="${link(input.page - 1)}" rel="prev">← Précédents</a>` : html`<span></span>`}
            <span class="hint">Page ${input.page} sur ${pages}</span>
            ${input.page < pages ? html`<a class="btn ghost" href="${link(input.page + 1)}" rel="next">Suivants →</a>` : html`<span></span>`}
          </nav>`
        : ''
    }`;
  return storefrontPage(
    ctx,
    {
      title: input.page > 1 ? `${input.title} (page ${input.page})` : input.title,
      description: `${input.title} : ${count} chez ${ctx.shop.name}. Commandez en ligne, livraison et paiement mobile money ou à la livraison.`,
      canonicalPath: input.canonical
        ? input.page > 1
          ? `${input.path}?page=${input.page}`
          : input.path
        : null,
      current: shopPath(ctx, input.path),
    },
    body,
  );
}
