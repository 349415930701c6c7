import type { LayoutSection, MenuLink, SitePage, StorefrontLayout } from '@/shared/storefront/layout';
import { slugify } from '@/shared/slug';

/* Pure edits of a design, as the builder's buttons make them; every one returns a new design. */

export type PageKey = 'home' | string;

export function sectionsOf(layout: StorefrontLayout, page: PageKey): LayoutSection[] {
  return page === 'home' ? layout.home.sections : (layout.pages.find((p) => p.id === page)?.sections ?? []);
}

export function withSections(
  layout: StorefrontLayout,
  page: PageKey,
  sections: LayoutSection[],
): StorefrontLayout {
  if (page === 'home') return { ...layout, home: { ...layout.home, sections } };
  return { ...layout, pages: layout.pages.map((p) => (p.id === page ? { ...p, sections } : p)) };
}

/** An id no other section, block, page or link of the design has. */
export function freshId(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export function moved<T>(items: T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length) return items;
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** A copy under new ids, just after the original. */
export function duplicated(sections: LayoutSection[], index: number): LayoutSection[] {
  const original = sections[index]!;
  const copy = {
    ...structuredClone(original),
    id: freshId(original.type),
    blocks: original.blocks.map((b) => ({ ...structuredClone(b), id: freshId('bloc') })),
  } as LayoutSection;
  return [...sections.slice(0, index + 1), copy, ...sections.slice(index + 1)];
}

/** A new page's address from its title, not taken by another page. */
export function pageSlug(layout: StorefrontLayout, title: string): string {
  const base = slugify(title, 'page', 50);
  let slug = base;
  for (let n = 2; layout.pages.some((p) => p.slug === slug); n += 1) slug = `${base}-${n}`;
  return slug;
}

export function newPage(layout: StorefrontLayout, title: string): SitePage {
  return {
    id: freshId('page'),
    slug: pageSlug(layout, title),
    title,
    seo: { title: '', description: '', imageUrl: '' },
    sections: [{ id: freshId('texte'), type: 'rich_text', settings: { title: '', html: '' }, blocks: [] }],
  };
}

export interface TargetOption {
  value: string;
  label: string;
  group?: string;
}

/** Where a link or a button may lead besides a product: fixed pages, the design's pages, categories. */
export function targetOptions(
  layout: StorefrontLayout,
  categories: Array<{ id: string; name: string }>,
): TargetOption[] {
  return [
    { value: 'home', label: 'Accueil' },
    { value: 'catalogue', label: 'Tout le catalogue' },
    { value: 'search', label: 'Recherche' },
    ...layout.pages.map((p) => ({ value: `page:${p.id}`, label: p.title, group: 'Pages' })),
    ...categories.map((c) => ({ value: `category:${c.id}`, label: c.name, group: 'Catégories' })),
  ];
}

export function newLink(): MenuLink {
  return { id: freshId('lien'), label: '', target: 'catalogue' };
}
