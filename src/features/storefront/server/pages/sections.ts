import type { Executor } from '@/server/db';
import { Html, html } from '@/server/http/html-page';
import { findPublicProducts, type PublicProductCard } from '@/features/product/server/public-catalogue';
import type { LayoutSection } from '@/shared/storefront/layout';
import { shopPath, shopWhatsapp, whatsappLink, type StorefrontContext } from '../context';
import { productGrid, productImage } from './catalogue';
import { targetHref } from './layout';

/** The products each product section shows, read before the page is drawn. */
export type SectionProducts = Map<string, PublicProductCard[]>;

export async function loadSectionProducts(
  db: Executor,
  ctx: StorefrontContext,
  sections: LayoutSection[],
): Promise<SectionProducts> {
  const lists = sections.filter(
    (s): s is Extract<LayoutSection, { type: 'featured_products' | 'collection' }> =>
      !s.hidden && (s.type === 'featured_products' || s.type === 'collection'),
  );
  const found = await Promise.all(
    lists.map((s) => {
      const categoryId = s.type === 'collection' ? s.settings.categoryId : undefined;
      // A collection whose category was deleted shows nothing rather than every product.
      if (categoryId !== undefined && !ctx.categories.some((c) => c.id === categoryId))
        return { items: [] as PublicProductCard[] };
      return findPublicProducts(db, ctx.shop.id, {
        categoryId,
        limit: Math.min(24, Math.max(1, s.settings.count)),
      });
    }),
  );
  return new Map(lists.map((s, i) => [s.id, found[i]!.items]));
}

/** Text as paragraphs: a blank line between two. */
export function paragraphs(text: string): Html[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => html`<p>${p}</p>`);
}

/** A picture the seller uploaded, at the width the screen needs (full width on a phone). */
function sectionImage(ctx: StorefrontContext, src: string, eager: boolean): Html {
  return productImage({ list: src, card: src, zoom: src }, '', {
    eager,
    hero: true,
    sizes: '(min-width: 72rem) 72rem, 100vw',
    ledger: ctx.ledger,
  });
}

function heading(level: 1 | 2, text: string): Html | '' {
  if (!text) return '';
  return level === 1 ? html`<h1>${text}</h1>` : html`<h2>${text}</h2>`;
}

function mapsUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** What a section says to the buyer who just used it (the newsletter's sign-up). */
export interface SectionNotice {
  ok: boolean;
  text: string;
}

/** What the buyer agrees to by ticking the box; kept word for word with their number. */
export function newsletterWording(shopName: string): string {
  return `J’accepte de recevoir par SMS les nouveautés et offres de ${shopName}. Je peux me désinscrire à tout moment en répondant STOP.`;
}

/**
 * One section as HTML, or '' when it has nothing to show (a collection without products, a
 * WhatsApp button without a number). `isFirst`: the section opens the page (its title is the h1,
 * its picture loads first).
 */
export function renderSection(
  ctx: StorefrontContext,
  s: LayoutSection,
  products: SectionProducts,
  isFirst: boolean,
  notice?: SectionNotice,
): Html | '' {
  if (s.hidden) return '';
  const level = isFirst ? 1 : 2;
  switch (s.type) {
    case 'banner': {
      const href = targetHref(ctx, s.settings.buttonTarget);
      return html`<section class="banner">
        <div class="text">
          ${heading(level, s.settings.title)}${s.settings.subtitle ? html`<p>${s.settings.subtitle}</p>` : ''}
          ${href && s.settings.buttonLabel ? html`<a class="btn" href="${href}">${s.settings.buttonLabel}</a>` : ''}
        </div>
        ${s.settings.imageUrl ? sectionImage(ctx, s.settings.imageUrl, isFirst) : ''}
      </section>`;
    }
    case 'slideshow': {
      const slides = s.blocks.filter((b) => b.settings.imageUrl);
      if (!slides.length) return '';
      return html`<section aria-roledescription="carrousel" aria-label="${s.settings.title || 'Diaporama'}">
        ${heading(level, s.settings.title)}
        <ul class="slides">
          ${slides.map((b, i) => {
            const href = targetHref(ctx, b.settings.target);
            const inner = html`${sectionImage(ctx, b.settings.imageUrl, isFirst && i === 0)}${
              b.settings.title ? html`<span class="caption">${b.settings.title}</span>` : ''
            }`;
            return html`<li aria-label="${i + 1} sur ${slides.length}">
              ${href ? html`<a href="${href}">${inner}</a>` : inner}
            </li>`;
          })}
        </ul>
      </section>`;
    }
    case 'featured_products':
    case 'collection': {
      const items = products.get(s.id) ?? [];
      if (!items.length) return '';
      const more =
        s.type === 'collection'
          ? html`<a class="btn ghost" href="${shopPath(ctx, `/c/${s.settings.categoryId}`)}"
              >Voir toute la collection</a
            >`
          : html`<a class="btn ghost" href="${shopPath(ctx, '/catalogue')}">Tout le catalogue</a>`;
      return html`<section>
        ${heading(level, s.settings.title)} ${productGrid(ctx, items, isFirst ? 2 : 0)}
        <p class="center">${more}</p>
      </section>`;
    }
    case 'category_grid': {
      const top = ctx.categories.filter((c) => !c.parentId);
      if (!top.length) return '';
      return html`<section>
        ${heading(level, s.settings.title)}
        <ul class="cats">
          ${top.map((c) => html`<li><a href="${shopPath(ctx, `/c/${c.id}`)}">${c.name}</a></li>`)}
        </ul>
      </section>`;
    }
    case 'rich_text':
      if (!s.settings.html.trim() && !s.settings.title) return '';
      // Sanitised when it was saved (sanitize-rich-text.ts): drawn as it is.
      return html`<section class="prose">
        ${heading(level, s.settings.title)}${new Html(s.settings.html)}
      </section>`;
    case 'text_image': {
      const image = s.settings.imageUrl ? sectionImage(ctx, s.settings.imageUrl, isFirst) : '';
      return html`<section class="split ${s.settings.imageSide}">
        ${s.settings.imageSide === 'left' ? image : ''}
        <div>${heading(level, s.settings.title)} ${paragraphs(s.settings.text)}</div>
        ${s.settings.imageSide === 'right' ? image : ''}
      </section>`;
    }
    case 'testimonials':
      if (!s.blocks.length) return '';
      return html`<section>
        ${heading(level, s.settings.title)}
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
    case 'faq':
      if (!s.blocks.length) return '';
      return html`<section class="faq">
        ${heading(level, s.settings.title)}
        ${s.blocks.map(
          (b) =>
            html`<details>
              <summary>${b.settings.question}</summary>
              ${paragraphs(b.settings.answer)}
            </details>`,
        )}
      </section>`;
    case 'whatsapp_button': {
      const href = whatsappLink(shopWhatsapp(ctx), s.settings.message);
      if (!href) return '';
      return html`<p class="center">
        <a class="btn wa" href="${href}" rel="noopener">${s.settings.label}</a>
      </p>`;
    }
    case 'map_hours': {
      const address = s.settings.address || ctx.shop.address;
      if (!address && !s.settings.hours) return '';
      return html`<section class="visit">
        ${heading(level, s.settings.title)}
        ${
          address
            ? html`<div>
                <h3>Adresse</h3>
                <p class="pre">${address}</p>
                <a class="btn ghost" href="${mapsUrl(address)}" rel="noopener">Voir sur la carte</a>
              </div>`
            : ''
        }
        ${
          s.settings.hours
            ? html`<div>
                <h3>Horaires</h3>
                <p class="pre">${s.settings.hours}</p>
              </div>`
            : ''
        }
      </section>`;
    }
    case 'newsletter':
      return html`<section class="newsletter" id="sms-${s.id}">
        ${heading(level, s.settings.title)} ${s.settings.text ? html`<p>${s.settings.text}</p>` : ''}
        ${
          notice?.ok
            ? html`<p class="ok" role="status">${notice.text}</p>`
            : html`${notice ? html`<p class="notice" role="alert">${notice.text}</p>` : ''}
                <form method="post" action="${shopPath(ctx, '/newsletter')}">
                  <input type="hidden" name="section" value="${s.id}" />
                  <label for="tel-${s.id}">Votre numéro de téléphone</label>
                  <input
                    id="tel-${s.id}"
                    name="phone"
                    type="tel"
                    inputmode="tel"
                    autocomplete="tel"
                    required
                    maxlength="20"
                  />
                  <label class="consent"
                    ><input type="checkbox" name="consent" value="1" required />
                    <span>${newsletterWording(ctx.shop.name)}</span></label
                  >
                  <button class="btn" type="submit">S’inscrire</button>
                </form>`
        }
      </section>`;
  }
}

/** A page's sections; the first visible one opens the page. */
export function renderSections(
  ctx: StorefrontContext,
  sections: LayoutSection[],
  products: SectionProducts,
  opensPage: boolean,
  notices: Record<string, SectionNotice> = {},
): Html[] {
  return sections
    .filter((s) => !s.hidden)
    .map((s, i) => renderSection(ctx, s, products, opensPage && i === 0, notices[s.id]) || new Html(''));
}
