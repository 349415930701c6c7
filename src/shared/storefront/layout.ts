/*
 * The online shop's design as stored: its theme and colour, its brand (favicon, WhatsApp, social
 * links), its header and footer menus, and its pages (the home page and the others), each a list
 * of sections with their settings and blocks (the shape of Shopify's Online Store 2.0 JSON
 * templates). The storefront renders it; the site builder edits a draft of it and publishes it.
 * A change of shape raises LAYOUT_VERSION and upgrades stored layouts when they are read
 * (upgradeLayout), so an old layout never breaks a shop.
 */

export const LAYOUT_VERSION = 2 as const;

/** Three themes, each a coherent set of fonts, spacing and section styles; all use system fonts. */
export const THEMES = ['classique', 'elegant', 'audacieux'] as const;
export type ThemeId = (typeof THEMES)[number];
export const THEME_LABELS: Record<ThemeId, { name: string; description: string }> = {
  classique: { name: 'Classique', description: 'Sobre et lisible, coins arrondis, pour tout vendre.' },
  elegant: { name: 'Élégant', description: 'Titres à empattements, grands espaces, lignes fines.' },
  audacieux: { name: 'Audacieux', description: 'Gros titres, couleur franche, boutons marqués.' },
};

export const SECTION_TYPES = [
  'banner',
  'slideshow',
  'featured_products',
  'collection',
  'category_grid',
  'rich_text',
  'text_image',
  'testimonials',
  'faq',
  'whatsapp_button',
  'map_hours',
  'newsletter',
] as const;
export type SectionType = (typeof SECTION_TYPES)[number];

interface SectionOf<T extends SectionType, S, B = never> {
  id: string;
  type: T;
  /** Kept in the page but not shown: the seller may bring it back as it was. */
  hidden?: boolean;
  settings: S;
  blocks: B[];
}

interface BlockOf<T extends string, S> {
  id: string;
  type: T;
  settings: S;
}
export type SlideBlock = BlockOf<'slide', { imageUrl: string; title: string; target: string }>;
export type TestimonialBlock = BlockOf<'testimonial', { quote: string; author: string }>;
export type QuestionBlock = BlockOf<'question', { question: string; answer: string }>;

export type LayoutSection =
  | SectionOf<
      'banner',
      { title: string; subtitle: string; buttonLabel: string; buttonTarget: string; imageUrl: string }
    >
  | SectionOf<'slideshow', { title: string }, SlideBlock>
  | SectionOf<'featured_products', { title: string; count: number }>
  | SectionOf<'collection', { title: string; categoryId: string; count: number }>
  | SectionOf<'category_grid', { title: string }>
  /** html: sanitised on the server when saved (see sanitize-rich-text.ts), drawn as it is. */
  | SectionOf<'rich_text', { title: string; html: string }>
  | SectionOf<'text_image', { title: string; text: string; imageUrl: string; imageSide: 'left' | 'right' }>
  | SectionOf<'testimonials', { title: string }, TestimonialBlock>
  | SectionOf<'faq', { title: string }, QuestionBlock>
  | SectionOf<'whatsapp_button', { label: string; message: string }>
  | SectionOf<'map_hours', { title: string; address: string; hours: string }>
  | SectionOf<'newsletter', { title: string; text: string }>;

/**
 * Where a menu entry or a button leads: `home`, `catalogue`, `search`, `category:<id>`,
 * `product:<id>` or `page:<page id>`. One that leads nowhere (a page deleted) is refused at publish.
 */
export interface MenuLink {
  id: string;
  label: string;
  target: string;
}
export const CATALOGUE_TARGET = 'catalogue';

export interface PageSeo {
  /** Empty: the page's title. */
  title: string;
  /** Empty: the shop's description. */
  description: string;
  /** The image a link to this page shows on WhatsApp or Facebook; empty: the logo. */
  imageUrl: string;
}

export interface SitePage {
  /** Stable: menus link to it, its address (slug) may change. */
  id: string;
  slug: string;
  title: string;
  seo: PageSeo;
  sections: LayoutSection[];
}

export interface StorefrontLayout {
  version: typeof LAYOUT_VERSION;
  theme: ThemeId;
  primaryColor: string;
  brand: {
    faviconUrl: string;
    /** Empty: the shop's phone. */
    whatsappPhone: string;
    social: { facebook: string; instagram: string; tiktok: string };
  };
  header: { showsSearch: boolean; menu: MenuLink[] };
  footer: { text: string; menu: MenuLink[] };
  home: { seo: PageSeo; sections: LayoutSection[] };
  pages: SitePage[];
}

/** The brand's orange at the shade white text reads on (4.5:1 and more). */
export const DEFAULT_PRIMARY_COLOR = '#c2410c';

/** The pages every new shop starts with; empty ones are not shown until the seller writes them. */
export const STARTER_PAGES = [
  { id: 'a-propos', title: 'À propos' },
  { id: 'contact', title: 'Contact' },
  { id: 'conditions-de-vente', title: 'Conditions générales de vente' },
  { id: 'livraison', title: 'Livraison' },
] as const;

export const emptySeo = (): PageSeo => ({ title: '', description: '', imageUrl: '' });

/** A page whose sections are all hidden or empty shows nothing: it is neither linked nor listed. */
export function starterPage(id: string, title: string, html = ''): SitePage {
  return {
    id,
    slug: id,
    title,
    seo: emptySeo(),
    sections: [{ id: `${id}-texte`, type: 'rich_text', settings: { title: '', html }, blocks: [] }],
  };
}

/** A new shop's design: enough to sell from the first minute, in the order buyers expect. */
export function defaultLayout(shopName: string): StorefrontLayout {
  return {
    version: LAYOUT_VERSION,
    theme: 'classique',
    primaryColor: DEFAULT_PRIMARY_COLOR,
    brand: { faviconUrl: '', whatsappPhone: '', social: { facebook: '', instagram: '', tiktok: '' } },
    header: { showsSearch: true, menu: [] },
    footer: { text: '', menu: [] },
    home: {
      seo: emptySeo(),
      sections: [
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
          settings: { title: 'Nouveautés', count: 8 },
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
      ],
    },
    pages: STARTER_PAGES.map((p) => starterPage(p.id, p.title)),
  };
}

/* ---- Version 1 (session 24): home sections with a header and a footer section; colour, tagline
 * and plain-text static pages in columns of their own, folded into the layout by migration 0042
 * under `legacy`. */

interface V1Section {
  id: string;
  type: string;
  settings: Record<string, unknown>;
  blocks: Array<{ id: string; type: string; settings: Record<string, string> }>;
}
interface V1Layout {
  version: 1;
  sections: V1Section[];
  legacy?: { primaryColor?: string; tagline?: string; pages?: Record<string, string | undefined> };
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain text as HTML paragraphs: a blank line between two, a line break kept. */
export function textToHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

function upgradeV1(old: V1Layout, shopName: string): StorefrontLayout {
  const next = defaultLayout(shopName);
  const header = old.sections.find((s) => s.type === 'header');
  const footer = old.sections.find((s) => s.type === 'footer');
  next.primaryColor = old.legacy?.primaryColor ?? DEFAULT_PRIMARY_COLOR;
  next.home.seo.description = old.legacy?.tagline ?? '';
  next.header = {
    showsSearch: header?.settings.showsSearch !== false,
    menu: (header?.blocks ?? []).map((b) => ({
      id: b.id,
      label: b.settings.label ?? '',
      // Version 1 named static pages by their address, which is now their id too.
      target: b.settings.target ?? '',
    })),
  };
  next.footer.text = typeof footer?.settings.text === 'string' ? footer.settings.text : '';
  next.home.sections = old.sections.flatMap((s): LayoutSection[] => {
    if (s.type === 'header' || s.type === 'footer') return [];
    if (s.type === 'featured_products') {
      const { title, categoryId, count } = s.settings as { title: string; categoryId: string; count: number };
      return categoryId
        ? [{ id: s.id, type: 'collection', settings: { title, categoryId, count }, blocks: [] }]
        : [{ id: s.id, type: 'featured_products', settings: { title, count }, blocks: [] }];
    }
    return [s as unknown as LayoutSection];
  });
  next.pages = STARTER_PAGES.map((p) =>
    starterPage(p.id, p.title, textToHtml(old.legacy?.pages?.[p.id] ?? '')),
  );
  return next;
}

/** A stored layout in today's shape. */
export function upgradeLayout(layout: StorefrontLayout | V1Layout, shopName: string): StorefrontLayout {
  if (layout.version === 1) return upgradeV1(layout, shopName);
  return layout;
}

/** Where a page's fields are in the design, as error details name them (`home`, `pages.2`). */
export function pagePath(layout: StorefrontLayout, pageId: 'home' | string): string {
  return pageId === 'home' ? 'home' : `pages.${layout.pages.findIndex((p) => p.id === pageId)}`;
}

/** Every section of the design, wherever it is, with the page it is on. */
export function allSections(
  layout: StorefrontLayout,
): Array<{ page: SitePage | null; section: LayoutSection }> {
  return [
    ...layout.home.sections.map((section) => ({ page: null, section })),
    ...layout.pages.flatMap((page) => page.sections.map((section) => ({ page, section }))),
  ];
}

/** A page has something to show: one visible section that is not an empty text. */
export function pageHasContent(page: SitePage): boolean {
  return page.sections.some(
    (s) => !s.hidden && !(s.type === 'rich_text' && !s.settings.html.replace(/<[^>]*>/g, '').trim()),
  );
}
