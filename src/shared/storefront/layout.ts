/*
 * The online shop's home page as stored: a versioned list of sections, each with its settings and
 * its blocks (the shape of Shopify's Online Store 2.0 JSON templates). The storefront renders it;
 * the site builder edits it. A change of shape raises LAYOUT_VERSION and upgrades stored layouts
 * when they are read (upgradeLayout), so old layouts never break a shop.
 */

export const LAYOUT_VERSION = 1 as const;

export const SECTION_TYPES = [
  'header',
  'banner',
  'featured_products',
  'category_grid',
  'text_image',
  'testimonials',
  'whatsapp_button',
  'footer',
] as const;
export type SectionType = (typeof SECTION_TYPES)[number];

interface SectionOf<T extends SectionType, S, B = never> {
  id: string;
  type: T;
  settings: S;
  blocks: B[];
}

/** A menu entry: a category, one of the static pages, or the whole catalogue. */
export interface MenuLinkBlock {
  id: string;
  type: 'link';
  settings: { label: string; target: string };
}
export interface TestimonialBlock {
  id: string;
  type: 'testimonial';
  settings: { quote: string; author: string };
}

export type LayoutSection =
  | SectionOf<'header', { showsSearch: boolean }, MenuLinkBlock>
  | SectionOf<
      'banner',
      { title: string; subtitle: string; buttonLabel: string; buttonTarget: string; imageUrl: string }
    >
  | SectionOf<'featured_products', { title: string; categoryId: string; count: number }>
  | SectionOf<'category_grid', { title: string }>
  | SectionOf<'text_image', { title: string; text: string; imageUrl: string; imageSide: 'left' | 'right' }>
  | SectionOf<'testimonials', { title: string }, TestimonialBlock>
  | SectionOf<'whatsapp_button', { label: string; message: string }>
  | SectionOf<'footer', { text: string }>;

export interface StorefrontLayout {
  version: typeof LAYOUT_VERSION;
  sections: LayoutSection[];
}

/** The static pages every shop has; their text is plain, paragraphs separated by blank lines. */
export const STATIC_PAGES = ['a-propos', 'contact', 'conditions-de-vente', 'livraison'] as const;
export type StaticPageSlug = (typeof STATIC_PAGES)[number];
export const STATIC_PAGE_TITLES: Record<StaticPageSlug, string> = {
  'a-propos': 'À propos',
  contact: 'Contact',
  'conditions-de-vente': 'Conditions de vente',
  livraison: 'Livraison',
};
export type StaticPages = Partial<Record<StaticPageSlug, string>>;

/**
 * Menu targets: `catalogue`, `category:<id>`, `page:<static page>`, or `search`. Anything else is
 * dropped when the menu is drawn (a category deleted since, say).
 */
export const CATALOGUE_TARGET = 'catalogue';

/** A new shop's home page: enough to sell from the first minute, in the order buyers expect. */
export function defaultLayout(shopName: string): StorefrontLayout {
  return {
    version: LAYOUT_VERSION,
    sections: [
      { id: 'header', type: 'header', settings: { showsSearch: true }, blocks: [] },
      {
        id: 'banner',
        type: 'banner',
        settings: {
          title: shopName,
          subtitle: 'Commandez en ligne, payez par mobile money ou à la livraison.',
          buttonLabel: 'Voir le catalogue',
          buttonTarget: CATALOGUE_TARGET,
          imageUrl: '',
        },
        blocks: [],
      },
      {
        id: 'featured',
        type: 'featured_products',
        settings: { title: 'Nouveautés', categoryId: '', count: 8 },
        blocks: [],
      },
      { id: 'categories', type: 'category_grid', settings: { title: 'Nos rayons' }, blocks: [] },
      {
        id: 'whatsapp',
        type: 'whatsapp_button',
        settings: {
          label: 'Une question ? Écrivez-nous sur WhatsApp',
          message: 'Bonjour, j’ai une question.',
        },
        blocks: [],
      },
      { id: 'footer', type: 'footer', settings: { text: '' }, blocks: [] },
    ],
  };
}

/** A stored layout in today's shape (version 1 is today's: nothing to upgrade yet). */
export function upgradeLayout(layout: StorefrontLayout): StorefrontLayout {
  return { ...layout, version: LAYOUT_VERSION };
}
