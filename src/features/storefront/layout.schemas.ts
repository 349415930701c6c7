import { z } from '@/shared/validation';
import { contrastWithWhite, MIN_CONTRAST } from '@/shared/storefront/colors';
import { LAYOUT_VERSION, THEMES } from '@/shared/storefront/layout';

/* The design as the site builder sends it, checked whole on every draft save and again at publish. */

const text = (max: number) => z.string().trim().max(max);
const title = (max = 120) => text(max).min(1, { error: 'Indiquez un titre.' });
const ZId = z.string().trim().min(1).max(40);
const ZTarget = text(80);
const ZImageUrl = text(500).refine(
  (v) => v === '' || (v.startsWith('/') && !v.startsWith('//')) || v.startsWith('https://'),
  {
    error: 'Indiquez une image envoyée dans Comptoir ou une adresse https.',
  },
);
const ZHttpsUrl = text(300).refine((v) => v === '' || /^https:\/\/[^\s/]+\.[^\s]+$/.test(v), {
  error: 'Indiquez une adresse complète qui commence par https://.',
});
const noBlocks = z.array(z.never()).max(0);
const block = <T extends string, S extends z.ZodRawShape>(type: T, settings: S) =>
  z.object({ id: ZId, type: z.literal(type), settings: z.object(settings) });
const section = <T extends string, S extends z.ZodRawShape, B extends z.ZodTypeAny>(
  type: T,
  settings: S,
  blocks: B,
) =>
  z.object({
    id: ZId,
    type: z.literal(type),
    hidden: z.boolean().optional(),
    settings: z.object(settings),
    blocks,
  });
const ZCount = z
  .number()
  .int()
  .min(1, { error: 'Au moins 1 produit.' })
  .max(24, { error: '24 produits au plus.' });

const ZLayoutSection = z.discriminatedUnion('type', [
  section(
    'banner',
    {
      title: title(),
      subtitle: text(300),
      buttonLabel: text(40),
      buttonTarget: ZTarget,
      imageUrl: ZImageUrl,
    },
    noBlocks,
  ),
  section(
    'slideshow',
    { title: text(120) },
    z
      .array(block('slide', { imageUrl: ZImageUrl, title: text(120), target: ZTarget }))
      .max(8, { error: '8 diapositives au plus.' }),
  ),
  section('featured_products', { title: title(), count: ZCount }, noBlocks),
  section(
    'collection',
    { title: title(), categoryId: text(64).min(1, { error: 'Choisissez une catégorie.' }), count: ZCount },
    noBlocks,
  ),
  section('category_grid', { title: title() }, noBlocks),
  section('rich_text', { title: text(120), html: text(20_000) }, noBlocks),
  section(
    'text_image',
    { title: title(), text: text(3000), imageUrl: ZImageUrl, imageSide: z.enum(['left', 'right']) },
    noBlocks,
  ),
  section(
    'testimonials',
    { title: title() },
    z
      .array(
        block('testimonial', {
          quote: text(500).min(1, { error: 'Écrivez le témoignage.' }),
          author: text(80).min(1, { error: 'Indiquez qui le dit.' }),
        }),
      )
      .max(12, { error: '12 témoignages au plus.' }),
  ),
  section(
    'faq',
    { title: title() },
    z
      .array(
        block('question', {
          question: text(200).min(1, { error: 'Écrivez la question.' }),
          answer: text(2000).min(1, { error: 'Écrivez la réponse.' }),
        }),
      )
      .max(30, { error: '30 questions au plus.' }),
  ),
  section('whatsapp_button', { label: title(80), message: text(300) }, noBlocks),
  section('map_hours', { title: title(), address: text(300), hours: text(1000) }, noBlocks),
  section('newsletter', { title: title(), text: text(300) }, noBlocks),
]);

const ZMenuLink = z.object({
  id: ZId,
  label: text(40).min(1, { error: 'Indiquez le texte du lien.' }),
  target: ZTarget.min(1, { error: 'Choisissez où mène le lien.' }),
});
const ZMenu = z.array(ZMenuLink).max(12, { error: '12 liens au plus.' });

const ZPageSeo = z.object({
  title: text(70),
  description: text(320),
  imageUrl: ZImageUrl,
});

const ZSections = z.array(ZLayoutSection).max(30, { error: '30 sections au plus par page.' });

const ZPageSlug = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { error: 'Indiquez l’adresse de la page.' })
  .max(60)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, {
    error: 'L’adresse ne peut contenir que des lettres minuscules sans accent, des chiffres et des tirets.',
  });

export const ZLayout = z.object({
  version: z.literal(LAYOUT_VERSION),
  theme: z.enum(THEMES, { error: 'Choisissez un des trois thèmes.' }),
  primaryColor: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^#[0-9a-f]{6}$/, { error: 'Choisissez une couleur au format #rrggbb.' })
    .refine((c) => contrastWithWhite(c) >= MIN_CONTRAST, {
      error:
        'Cette couleur est trop claire : le texte blanc des boutons ne se lirait pas. Choisissez une teinte plus foncée.',
    }),
  brand: z.object({
    faviconUrl: ZImageUrl,
    whatsappPhone: text(20).refine((p) => p === '' || p.replace(/\D/g, '').length >= 8, {
      error: 'Indiquez le numéro WhatsApp avec l’indicatif du pays, par exemple +221 77 123 45 67.',
    }),
    social: z.object({ facebook: ZHttpsUrl, instagram: ZHttpsUrl, tiktok: ZHttpsUrl }),
  }),
  header: z.object({ showsSearch: z.boolean(), menu: ZMenu }),
  footer: z.object({ text: text(500), menu: ZMenu }),
  home: z.object({ seo: ZPageSeo, sections: ZSections }),
  pages: z
    .array(
      z.object({
        id: ZId,
        slug: ZPageSlug,
        title: title(80),
        seo: ZPageSeo,
        sections: ZSections,
      }),
    )
    .max(30, { error: '30 pages au plus.' }),
});
