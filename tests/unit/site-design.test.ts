import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  defaultLayout,
  LAYOUT_VERSION,
  upgradeLayout,
  type StorefrontLayout,
} from '@/shared/storefront/layout';
import { ZLayout } from '@/features/storefront/layout.schemas';
import { designProblems, linkedProductIds } from '@/features/storefront/server/site-links';
import { duplicated, moved, pageSlug } from '@/features/storefront/client/builder/design-edit';
import { readableShade, contrastWithWhite, MIN_CONTRAST } from '@/shared/storefront/colors';

describe('the stored design', () => {
  it('upgrades a version 1 layout (session 24) without losing the seller’s work', () => {
    const v1 = {
      version: 1,
      sections: [
        {
          id: 'header',
          type: 'header',
          settings: { showsSearch: false },
          blocks: [{ id: 'l1', type: 'link', settings: { label: 'Livraison', target: 'page:livraison' } }],
        },
        {
          id: 'banner',
          type: 'banner',
          settings: {
            title: 'Awa',
            subtitle: '',
            buttonLabel: 'Voir',
            buttonTarget: 'catalogue',
            imageUrl: '',
          },
          blocks: [],
        },
        {
          id: 'mode',
          type: 'featured_products',
          settings: { title: 'Mode', categoryId: 'cat1', count: 4 },
          blocks: [],
        },
        {
          id: 'new',
          type: 'featured_products',
          settings: { title: 'Nouveautés', categoryId: '', count: 8 },
          blocks: [],
        },
        { id: 'footer', type: 'footer', settings: { text: 'Merci' }, blocks: [] },
      ],
      legacy: {
        primaryColor: '#1d4ed8',
        tagline: 'Le meilleur de Dakar',
        pages: { livraison: 'Dakar & banlieue\n\nLe jour même <vite>' },
      },
    };
    const next = upgradeLayout(v1 as never, 'Boutique Awa');
    expect(next.version).toBe(LAYOUT_VERSION);
    expect(next.primaryColor).toBe('#1d4ed8');
    expect(next.home.seo.description).toBe('Le meilleur de Dakar');
    expect(next.header).toEqual({
      showsSearch: false,
      menu: [{ id: 'l1', label: 'Livraison', target: 'page:livraison' }],
    });
    expect(next.footer.text).toBe('Merci');
    expect(next.home.sections.map((s) => s.type)).toEqual(['banner', 'collection', 'featured_products']);
    const livraison = next.pages.find((p) => p.id === 'livraison')!;
    expect(livraison.sections[0]).toMatchObject({
      type: 'rich_text',
      settings: { html: '<p>Dakar &amp; banlieue</p><p>Le jour même &lt;vite&gt;</p>' },
    });
    // What it becomes is a valid design: the builder can save and publish it as it is.
    expect(ZLayout.safeParse(next).success).toBe(true);
    // A picture is an upload of ours or an https address: never another scheme, nor `//host/…`.
    for (const imageUrl of ['//evil.example/x.png', 'javascript:alert(1)', 'http://x.sn/a.png']) {
      const banner = {
        ...next.home.sections[0]!,
        settings: { ...next.home.sections[0]!.settings, imageUrl },
      };
      expect(ZLayout.safeParse({ ...next, home: { ...next.home, sections: [banner] } }).success).toBe(false);
    }
    expect(designProblems(next, { categoryIds: new Set(['cat1']), productIds: new Set() })).toEqual({});
  });

  it('finds every link that leads nowhere, by field', () => {
    const layout: StorefrontLayout = {
      ...defaultLayout('Awa'),
      header: {
        showsSearch: true,
        menu: [
          { id: 'a', label: 'Ok', target: 'page:contact' },
          { id: 'b', label: 'Perdu', target: 'page:disparue' },
          { id: 'c', label: 'Robe', target: 'product:p1' },
          { id: 'd', label: 'Vieille', target: 'category:c9' },
        ],
      },
    };
    layout.home.sections.push({
      id: 's',
      type: 'slideshow',
      settings: { title: '' },
      blocks: [
        {
          id: 'x',
          type: 'slide',
          settings: { imageUrl: '/uploads/a.webp', title: '', target: 'product:p2' },
        },
      ],
    });
    layout.pages.push({ ...layout.pages[0]!, id: 'copie' });
    const problems = designProblems(layout, { categoryIds: new Set(), productIds: new Set(['p1']) });
    expect(Object.keys(problems).sort()).toEqual(
      [
        'header.menu.1.target',
        'header.menu.3.target',
        `home.sections.${layout.home.sections.length - 1}.blocks.0.settings.target`,
        'pages.4.slug',
        // The copied page's sections kept their ids.
        'sections',
      ].sort(),
    );
    expect(problems['header.menu.1.target']).toContain('page supprimée');
    expect(linkedProductIds(layout)).toEqual(['p1', 'p2']);
  });

  it('moves, duplicates and names pages as the builder’s buttons do', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer(), { minLength: 1, maxLength: 12 }),
        fc.nat(),
        fc.integer({ min: -1, max: 12 }),
        (items, from, to) => {
          const i = from % items.length;
          const next = moved(items, i, to);
          expect([...next].sort()).toEqual([...items].sort());
          if (to >= 0 && to < items.length) expect(next[to]).toBe(items[i]);
          else expect(next).toBe(items);
        },
      ),
    );
    const sections = defaultLayout('Awa').home.sections;
    const copy = duplicated(sections, 0);
    expect(copy).toHaveLength(sections.length + 1);
    expect(copy[1]!.id).not.toBe(copy[0]!.id);
    expect(copy[1]!.settings).toEqual(copy[0]!.settings);
    expect(pageSlug(defaultLayout('Awa'), 'Contact')).toBe('contact-2');
    expect(pageSlug(defaultLayout('Awa'), 'Nos engagements')).toBe('nos-engagements');
  });

  it('darkens any colour until white text reads on it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), (n) => {
        const shade = readableShade(`#${n.toString(16).padStart(6, '0')}`);
        expect(contrastWithWhite(shade)).toBeGreaterThanOrEqual(MIN_CONTRAST);
      }),
    );
  });
});
