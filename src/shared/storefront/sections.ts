import type { LayoutSection, SectionType } from './layout';
import { formatCount } from '../numbers';

/*
 * The French catalogue of sections the site builder offers, each with what a new one holds: the
 * seller adds a section that already shows something sensible, then edits it.
 */

export interface SectionKind {
  label: string;
  description: string;
  create(id: string): LayoutSection;
}

export const SECTION_CATALOGUE: Record<SectionType, SectionKind> = {
  banner: {
    label: 'Bannière avec image',
    description: 'Un grand titre, une phrase, un bouton et une photo.',
    create: (id) => ({
      id,
      type: 'banner',
      settings: {
        title: 'Nouvelle collection',
        subtitle: '',
        buttonLabel: 'Découvrir',
        buttonTarget: 'catalogue',
        imageUrl: '',
      },
      blocks: [],
    }),
  },
  slideshow: {
    label: 'Diaporama',
    description: 'Plusieurs photos qui défilent du doigt, chacune avec son lien.',
    create: (id) => ({ id, type: 'slideshow', settings: { title: '' }, blocks: [] }),
  },
  featured_products: {
    label: 'Produits mis en avant',
    description: 'Vos derniers produits, en grille.',
    create: (id) => ({
      id,
      type: 'featured_products',
      settings: { title: 'Nos produits', count: 8 },
      blocks: [],
    }),
  },
  collection: {
    label: 'Collection / catégorie',
    description: 'Les produits d’une catégorie, avec un lien vers toute la catégorie.',
    create: (id) => ({
      id,
      type: 'collection',
      settings: { title: 'Notre sélection', categoryId: '', count: 8 },
      blocks: [],
    }),
  },
  category_grid: {
    label: 'Grille de catégories',
    description: 'Un bouton par catégorie principale.',
    create: (id) => ({ id, type: 'category_grid', settings: { title: 'Nos rayons' }, blocks: [] }),
  },
  rich_text: {
    label: 'Texte',
    description: 'Un titre et un texte mis en forme.',
    create: (id) => ({ id, type: 'rich_text', settings: { title: 'À propos', html: '' }, blocks: [] }),
  },
  text_image: {
    label: 'Texte + image',
    description: 'Un texte à côté d’une photo.',
    create: (id) => ({
      id,
      type: 'text_image',
      settings: { title: 'Notre histoire', text: '', imageUrl: '', imageSide: 'right' },
      blocks: [],
    }),
  },
  testimonials: {
    label: 'Témoignages',
    description: 'Ce que vos clients disent de vous.',
    create: (id) => ({
      id,
      type: 'testimonials',
      settings: { title: 'Ils nous font confiance' },
      blocks: [],
    }),
  },
  faq: {
    label: 'FAQ',
    description: 'Les questions qu’on vous pose souvent, et vos réponses.',
    create: (id) => ({ id, type: 'faq', settings: { title: 'Questions fréquentes' }, blocks: [] }),
  },
  whatsapp_button: {
    label: 'Bouton WhatsApp',
    description: 'Un bouton qui ouvre une discussion avec vous.',
    create: (id) => ({
      id,
      type: 'whatsapp_button',
      settings: { label: 'Écrivez-nous sur WhatsApp', message: 'Bonjour, j’ai une question.' },
      blocks: [],
    }),
  },
  map_hours: {
    label: 'Plan, adresse et horaires',
    description: 'Où vous trouver, quand, avec un lien vers la carte.',
    create: (id) => ({
      id,
      type: 'map_hours',
      settings: { title: 'Nous trouver', address: '', hours: 'Du lundi au samedi, de 9 h à 19 h' },
      blocks: [],
    }),
  },
  newsletter: {
    label: 'Newsletter par SMS',
    description: 'Vos clients laissent leur numéro pour recevoir vos offres ; leur accord est gardé.',
    create: (id) => ({
      id,
      type: 'newsletter',
      settings: {
        title: 'Nos offres par SMS',
        text: 'Recevez nos nouveautés et promotions, au plus deux fois par mois.',
      },
      blocks: [],
    }),
  },
};

/** The page weight a page may not pass to be published (first load on a phone). */
export const PAGE_BUDGET_BYTES = 500 * 1024;
export const JS_BUDGET_BYTES = 150 * 1024;

export const formatKb = (bytes: number) =>
  `${bytes === 0 ? 0 : formatCount(Math.max(1, Math.round(bytes / 1024)))} Ko`;

/** How a section is named to the seller: its title, else its kind. */
export function sectionName(section: LayoutSection): string {
  const title = 'title' in section.settings ? section.settings.title : '';
  return title
    ? `${SECTION_CATALOGUE[section.type].label} « ${title} »`
    : SECTION_CATALOGUE[section.type].label;
}
