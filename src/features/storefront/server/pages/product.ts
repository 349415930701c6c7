import { Html, html } from '@/server/http/html-page';
import { formatMoney, toMajorUnits } from '@/shared/money';
import type { PublicProduct } from '@/features/product/server/public-catalogue';
import { absoluteUrl, shopPath, shopWhatsapp, whatsappLink, type StorefrontContext } from '../context';
import { orderRequestText } from '@/features/channel/whatsapp-text';
import { MAX_QUANTITY } from '../cart';
import { productImage } from './catalogue';
import { storefrontPage } from './layout';

function variantName(product: PublicProduct, values: string[]): string {
  return values.length ? values.join(' / ') : product.name;
}

function availability(ctx: StorefrontContext, v: PublicProduct['variants'][number]): string {
  if (!v.isAvailable) return 'Épuisé';
  if (v.stock !== null && v.stock <= 5) return `Plus que ${v.stock} en stock`;
  return 'Disponible';
}

export function renderProduct(
  ctx: StorefrontContext,
  product: PublicProduct,
  notice: { error?: string; added?: boolean } = {},
): Html {
  const money = (n: number) => formatMoney(n, ctx.shop.currency);
  const url = absoluteUrl(ctx, `/p/${product.slug}`);
  const category = ctx.categories.find((c) => c.id === product.categoryId);
  const firstAvailable = product.variants.find((v) => v.isAvailable) ?? product.variants[0]!;
  const prices = product.variants.map((v) => v.price);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const anyAvailable = product.variants.some((v) => v.isAvailable);
  const wa = whatsappLink(
    shopWhatsapp(ctx),
    orderRequestText(
      ctx.shop.name,
      [
        {
          productName: product.name,
          variantLabel: firstAvailable.optionValues.length ? firstAvailable.optionValues.join(' / ') : null,
          price: money(firstAvailable.price),
        },
      ],
      null,
      url,
    ),
  );
  const image = product.images[0] ?? null;
  const body = html`<p class="crumbs">
      <a href="${shopPath(ctx)}">Accueil</a> ›
      ${category ? html`<a href="${shopPath(ctx, `/c/${category.id}`)}">${category.name}</a> ›` : ''}
      <span aria-current="page">${product.name}</span>
    </p>
    <div class="product">
      <div class="gallery">
        ${productImage(image, product.name, { eager: true, hero: true, sizes: '(min-width: 64rem) 34rem, 100vw' })}
        ${
          product.images.length > 1
            ? html`<div class="thumbs">
                ${product.images.map(
                  (img, i) =>
                    html`<a href="${img.zoom}"
                      ><img
                        src="${img.list}"
                        alt="${product.name}, photo ${i + 1}"
                        width="64"
                        height="64"
                        loading="lazy"
                    /></a>`,
                )}
              </div>`
            : ''
        }
      </div>
      <div>
        <h1>${product.name}</h1>
        <p class="big-price">
          ${high > low ? `${money(low)} – ${money(high)}` : money(low)}
          ${
            product.variants.length === 1 && firstAvailable.compareAtPrice
              ? html`<span class="was"
                  ><span class="skip">Au lieu de </span>${money(firstAvailable.compareAtPrice)}</span
                >`
              : ''
          }
        </p>
        ${notice.error ? html`<p class="notice" role="alert">${notice.error}</p>` : ''}
        ${
          notice.added
            ? html`<p class="notice ok" role="status">
                Ajouté au panier. <a href="${shopPath(ctx, '/panier')}">Voir le panier</a>
              </p>`
            : ''
        }
        <form method="post" action="${shopPath(ctx, '/panier/ajouter')}">
          ${
            product.variants.length > 1
              ? html`<fieldset>
                  <legend>${product.options.map((o) => o.name).join(' / ') || 'Modèle'}</legend>
                  <div class="choices">
                    ${product.variants.map(
                      (v) =>
                        html`<label class="choice">
                          <input
                            type="radio"
                            name="variantId"
                            value="${v.id}"
                            ${v.id === firstAvailable.id ? html`checked` : ''}
                            ${v.isAvailable ? '' : html`disabled`}
                          />
                          <span
                            >${variantName(product, v.optionValues)}${high > low ? ` · ${money(v.price)}` : ''}${
                              v.isAvailable ? '' : ' · épuisé'
                            }</span
                          >
                        </label>`,
                    )}
                  </div>
                </fieldset>`
              : html`<input type="hidden" name="variantId" value="${firstAvailable.id}" />
                  <p class="${firstAvailable.isAvailable ? 'hint' : 'out'}">
                    ${availability(ctx, firstAvailable)}
                  </p>`
          }
          ${
            anyAvailable
              ? html`<label for="quantity">Quantité</label>
                  <input
                    id="quantity"
                    name="quantity"
                    type="number"
                    inputmode="numeric"
                    min="1"
                    max="${MAX_QUANTITY}"
                    value="1"
                    style="max-width:7rem"
                  />
                  <div class="actions">
                    <button class="btn block" type="submit">Ajouter au panier</button>
                    ${wa ? html`<a class="btn wa block" href="${wa}" rel="noopener">Commander sur WhatsApp</a>` : ''}
                  </div>`
              : html`<p class="out">Ce produit est épuisé pour le moment.</p>
                  ${wa ? html`<a class="btn wa block" href="${wa}" rel="noopener">Demander sur WhatsApp</a>` : ''}`
          }
        </form>
        ${product.descriptionHtml ? html`<div class="desc">${new Html(product.descriptionHtml)}</div>` : ''}
      </div>
    </div>`;
  const text = product.descriptionHtml
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // The merchant's own words for search engines first (« Référencement (Google) » of the product form).
  const description =
    product.seoDescription ||
    (text || `${product.name} chez ${ctx.shop.name}, à ${money(low)}.`).slice(0, 160);
  const offer = (v: PublicProduct['variants'][number]) => ({
    '@type': 'Offer',
    price: String(toMajorUnits(v.price, ctx.shop.currency)),
    priceCurrency: ctx.shop.currency,
    availability: v.isAvailable ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    url,
  });
  return storefrontPage(
    ctx,
    {
      title: product.seoTitle || product.name,
      exactTitle: Boolean(product.seoTitle),
      description,
      canonicalPath: `/p/${product.slug}`,
      image: image?.card ?? null,
      type: 'product',
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name,
        description,
        url,
        ...(product.images.length
          ? { image: product.images.map((i) => new URL(i.card, ctx.origin).href) }
          : {}),
        ...(category ? { category: category.name } : {}),
        brand: { '@type': 'Brand', name: ctx.shop.name },
        offers:
          product.variants.length === 1
            ? offer(product.variants[0]!)
            : {
                '@type': 'AggregateOffer',
                lowPrice: String(toMajorUnits(low, ctx.shop.currency)),
                highPrice: String(toMajorUnits(high, ctx.shop.currency)),
                priceCurrency: ctx.shop.currency,
                offerCount: product.variants.length,
                availability: anyAvailable ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
              },
      },
    },
    body,
  );
}
