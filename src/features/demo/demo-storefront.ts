import type { Database } from '@/server/db';
import { defaultLayout, starterPage, textToHtml, type StorefrontLayout } from '@/shared/storefront/layout';
import {
  findPublicCategories,
  findPublicProducts,
  findPublicVariants,
} from '@/features/product/server/public-catalogue';
import { findPublicProduct } from '@/features/product/server/public-catalogue';
import { recordCartContact } from '@/features/storefront/server/abandoned-carts';
import { saveStorefront } from '@/features/storefront/server/storefront.repository';
import { publishDraft, saveDraft } from '@/features/storefront/server/site-design';
import type { ShopRow } from '@/features/shop/server/shop.repository';

/**
 * Boutique Awa's online shop, open at /boutique-awa: a home page with a menu of its rayons, a
 * « Mode » collection, its clients' words, a FAQ, its address and hours and an SMS newsletter;
 * its pages; two published versions; and two carts left at checkout yesterday for « Paniers
 * abandonnés ».
 */
export async function seedDemoStorefront(db: Database, shop: ShopRow): Promise<void> {
  const categories = await findPublicCategories(db, shop.id);
  const top = categories.filter((c) => !c.parentId);
  const fashion = top.find((c) => c.name === 'Mode') ?? top[0];
  const base = defaultLayout(shop.name);
  const page = (id: string, text: string) => {
    const starter = base.pages.find((p) => p.id === id)!;
    return starterPage(starter.id, starter.title, textToHtml(text));
  };
  const layout: StorefrontLayout = {
    ...base,
    primaryColor: '#9a3412',
    brand: {
      ...base.brand,
      social: {
        facebook: 'https://www.facebook.com/boutiqueawa',
        instagram: 'https://www.instagram.com/boutiqueawa',
        tiktok: '',
      },
    },
    header: {
      showsSearch: true,
      menu: [
        { id: 'menu-all', label: 'Tout le catalogue', target: 'catalogue' },
        ...top.slice(0, 5).map((c) => ({ id: `menu-${c.id}`, label: c.name, target: `category:${c.id}` })),
        { id: 'menu-livraison', label: 'Livraison', target: 'page:livraison' },
      ],
    },
    home: {
      seo: {
        title: '',
        description:
          'Mode, épicerie fine et beauté, livrées à Dakar. Paiement Wave, Orange Money ou à la livraison.',
        imageUrl: '',
      },
      sections: [
        {
          id: 'banner',
          type: 'banner',
          settings: {
            title: 'Boutique Awa, le meilleur de Dakar livré chez vous',
            subtitle: 'Mode, épicerie fine et beauté. Payez par Wave, Orange Money ou à la livraison.',
            buttonLabel: 'Voir le catalogue',
            buttonTarget: 'catalogue',
            imageUrl: '',
          },
          blocks: [],
        },
        ...base.home.sections.filter((s) => s.type === 'featured_products'),
        ...(fashion
          ? [
              {
                id: 'featured-fashion',
                type: 'collection' as const,
                settings: { title: `${fashion.name} : nos coups de cœur`, categoryId: fashion.id, count: 4 },
                blocks: [],
              },
            ]
          : []),
        ...base.home.sections.filter((s) => s.type === 'category_grid'),
        {
          id: 'about',
          type: 'text_image',
          settings: {
            title: 'Une boutique de quartier, en ligne',
            text: 'Depuis 2019, Awa choisit chaque article elle-même, au marché Sandaga comme chez les artisans de Thiès.\n\nCommandez avant 14 h : livré le jour même à Dakar.',
            imageUrl: '',
            imageSide: 'right',
          },
          blocks: [],
        },
        {
          id: 'reviews',
          type: 'testimonials',
          settings: { title: 'Ils nous font confiance' },
          blocks: [
            {
              id: 't1',
              type: 'testimonial',
              settings: {
                quote: 'Livrée en deux heures aux Almadies, et le boubou est magnifique.',
                author: 'Mariama K.',
              },
            },
            {
              id: 't2',
              type: 'testimonial',
              settings: {
                quote: 'J’ai payé par Wave, tout simplement. Je recommande.',
                author: 'Ibrahima S.',
              },
            },
            {
              id: 't3',
              type: 'testimonial',
              settings: { quote: 'Le bissap est le meilleur de Dakar !', author: 'Khady D.' },
            },
          ],
        },
        {
          id: 'faq',
          type: 'faq',
          settings: { title: 'Questions fréquentes' },
          blocks: [
            {
              id: 'q1',
              type: 'question',
              settings: {
                question: 'Livrez-vous en dehors de Dakar ?',
                answer:
                  'Oui, à Thiès et Mbour deux fois par semaine. Les frais s’affichent avant de commander.',
              },
            },
            {
              id: 'q2',
              type: 'question',
              settings: {
                question: 'Puis-je payer à la livraison ?',
                answer: 'Oui, en espèces ou par Wave au livreur, jusqu’à 150 000 F CFA.',
              },
            },
          ],
        },
        {
          id: 'visit',
          type: 'map_hours',
          settings: {
            title: 'Nous trouver',
            address: '12, rue Carnot, Dakar Plateau',
            hours: 'Du lundi au samedi, de 9 h à 19 h 30\nLe dimanche, de 10 h à 14 h',
          },
          blocks: [],
        },
        {
          id: 'sms',
          type: 'newsletter',
          settings: {
            title: 'Nos offres par SMS',
            text: 'Les nouveautés et les promotions de la boutique, deux SMS par mois au plus.',
          },
          blocks: [],
        },
        ...base.home.sections.filter((s) => s.type === 'whatsapp_button'),
      ],
    },
    pages: [
      page(
        'a-propos',
        'Boutique Awa est née en 2019 au Plateau, rue Carnot.\n\nNous sélectionnons des articles de qualité, faits au Sénégal autant que possible.',
      ),
      page(
        'contact',
        'Téléphone et WhatsApp : 33 821 00 00.\n\nBoutique : 12, rue Carnot, Dakar Plateau, du lundi au samedi de 9 h à 19 h 30.',
      ),
      page(
        'conditions-de-vente',
        'Les prix sont en francs CFA, toutes taxes comprises.\n\nUn article peut être échangé sous 7 jours, dans son emballage d’origine, sur présentation du numéro de commande.',
      ),
      page(
        'livraison',
        'Nous livrons Dakar et sa banlieue, du lundi au samedi. Les frais dépendent de votre commune et s’affichent avant de commander.\n\nVous pouvez aussi retirer votre commande à la boutique, sans frais.',
      ),
    ],
  };
  // Two versions in « Historique »: the site as it first opened, then as Awa arranged it.
  await saveStorefront(db, shop, { isPublished: true, cashOnDeliveryMax: 150_000 });
  await publishDraft(db, shop, shop.sellerId);
  await saveDraft(db, shop, layout);
  await publishDraft(db, shop, shop.sellerId);

  // Two buyers who stopped at checkout yesterday.
  const { items } = await findPublicProducts(db, shop.id, { limit: 3 });
  const products = await Promise.all(items.map((p) => findPublicProduct(db, shop.id, p.slug, false)));
  const variantIds = products.flatMap((p) => (p ? [p.variants[0]!.id] : []));
  const variants = await findPublicVariants(db, shop.id, variantIds);
  const lineOf = (id: string, quantity: number) => {
    const v = variants.get(id)!;
    const name = v.optionValues.length ? `${v.productName} (${v.optionValues.join(' / ')})` : v.productName;
    return { variantId: id, name, quantity, unitPrice: v.price };
  };
  const carts = [
    { phone: '+221776543210', name: 'Ndèye Fall', lines: variantIds.slice(0, 2).map((id) => lineOf(id, 1)) },
    {
      phone: '+221701112233',
      name: 'Cheikh Diallo',
      lines: variantIds.slice(2, 3).map((id) => lineOf(id, 2)),
    },
  ];
  for (const cart of carts) {
    if (!cart.lines.length) continue;
    await recordCartContact(
      db,
      shop.id,
      {
        ...cart,
        total: cart.lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0),
      },
      new Date(Date.now() - 20 * 3600_000),
    );
  }
}
