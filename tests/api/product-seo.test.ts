import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '@/server/db/schema';
import { setupApiTestbed } from '../helpers/api-testbed';
import { catalogueCalls, createOk, simpleProduct, type ProductBody } from '../helpers/catalogue';
import { createShopFixture, type ShopFixture } from '../helpers/fixtures';
import { plain } from '../helpers/orders';

/*
 * A product's « Référencement (Google) »: its own title and description for search engines, saved
 * with the product, bounded (70 and 320 characters) and shown in its public page's <title> and
 * meta description; empty, the page keeps the product's name and description.
 */

const bed = setupApiTestbed();
const api = catalogueCalls(bed);

const SEO_TITLE = 'Robe wax été, coton léger, livrée à Dakar';
const SEO_DESCRIPTION =
  'Une robe en wax imprimé, coupée et cousue à Dakar, livrée chez vous en 24 heures. Tailles S à XL.';

/** Opens the shop's online shop; nothing else of its settings is sent. */
async function publish(fixture: ShopFixture) {
  const opened = await bed.server.call('POST', '/api/storefront/updateSettings', {
    token: fixture.members.admin.token,
    body: { shopId: fixture.shop.id, isPublished: true },
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
}

async function publicPage(path: string) {
  const response = await fetch(`${bed.server.url}${path}`);
  return { status: response.status, text: await response.text() };
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const metaOf = (html: string, attribute: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1];

/** A product body with the two fields, which the shared helpers' type does not list. */
const withSeo = (product: ProductBody, seo: { seoTitle?: string; seoDescription?: string }): ProductBody => ({
  ...product,
  ...seo,
});

async function storedSeo(productId: string) {
  const [row] = await bed.database.db
    .select({ seoTitle: products.seoTitle, seoDescription: products.seoDescription })
    .from(products)
    .where(eq(products.id, productId));
  return row;
}

describe('a product’s search-engine title and description', () => {
  it('are saved trimmed, returned, kept when left out, and shown on the public page', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Référencée');
    const token = fixture.members.admin.token!;
    const shopId = fixture.shop.id;

    const robe = await createOk(
      bed,
      token,
      shopId,
      withSeo(
        {
          ...simpleProduct('Robe wax', 12_500, { stock: 4 }),
          descriptionHtml: '<p>Une robe <strong>légère</strong> pour l’été.</p>',
        },
        { seoTitle: `  ${SEO_TITLE}  `, seoDescription: `${SEO_DESCRIPTION}\n` },
      ),
    );
    expect(robe).toMatchObject({ slug: 'robe-wax', seoTitle: SEO_TITLE, seoDescription: SEO_DESCRIPTION });
    const read = await api.get(token, shopId, robe._id);
    expect(read.body).toMatchObject({ seoTitle: SEO_TITLE, seoDescription: SEO_DESCRIPTION });

    // Without them, the product has none: the page falls back on its name and description.
    const sac = await createOk(bed, token, shopId, {
      ...simpleProduct('Sac en raphia', 7_000, { stock: 2 }),
      descriptionHtml: '<p>Tressé à la main au Sénégal.</p>',
    });
    expect(sac).toMatchObject({ seoTitle: '', seoDescription: '' });

    // An update that leaves them out (as the CSV import does) keeps them; one that sends '' clears them.
    const renamed = await api.update(token, shopId, robe._id, {
      ...simpleProduct('Robe wax été', 12_500),
      descriptionHtml: '<p>Une robe <strong>légère</strong> pour l’été.</p>',
      variants: [{ id: robe.variants[0]._id, optionValues: [], price: 12_500 }],
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({
      slug: 'robe-wax',
      seoTitle: SEO_TITLE,
      seoDescription: SEO_DESCRIPTION,
    });
    const sacBody = {
      ...simpleProduct('Sac en raphia', 7_000),
      descriptionHtml: '<p>Tressé à la main au Sénégal.</p>',
      variants: [{ id: sac.variants[0]._id as string, optionValues: [], price: 7_000 }],
    };
    const titled = await api.update(token, shopId, sac._id, withSeo(sacBody, { seoTitle: 'Sac provisoire' }));
    expect(titled.body.seoTitle).toBe('Sac provisoire');
    const emptied = await api.update(
      token,
      shopId,
      sac._id,
      withSeo(sacBody, { seoTitle: '   ', seoDescription: '' }),
    );
    expect(emptied.body).toMatchObject({ seoTitle: '', seoDescription: '' });

    await publish(fixture);
    const page = await publicPage(`/${fixture.shop.slug}/p/${robe.slug}`);
    expect(page.status).toBe(200);
    expect(titleOf(page.text)).toContain(SEO_TITLE);
    expect(metaOf(page.text, 'name', 'description')).toBe(SEO_DESCRIPTION);
    expect(metaOf(page.text, 'property', 'og:title')).toContain(SEO_TITLE);
    expect(metaOf(page.text, 'property', 'og:description')).toBe(SEO_DESCRIPTION);
    // The page itself still shows the product's name.
    expect(page.text).toContain('<h1>Robe wax été</h1>');

    const plainPage = await publicPage(`/${fixture.shop.slug}/p/${sac.slug}`);
    expect(plainPage.status).toBe(200);
    expect(titleOf(plainPage.text)).toContain('Sac en raphia');
    expect(metaOf(plainPage.text, 'name', 'description')).toBe('Tressé à la main au Sénégal.');
  });

  it('refuses a title over 70 characters or a description over 320, in French, and saves nothing', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Trop Longue');
    const token = fixture.members.admin.token!;
    const shopId = fixture.shop.id;

    const tooLong = await api.create(
      token,
      shopId,
      withSeo(simpleProduct('Pagne tissé', 9_000, { stock: 1 }), { seoTitle: 'T'.repeat(71) }),
    );
    expect(tooLong.status, JSON.stringify(tooLong.body)).toBe(422);
    expect(Object.keys(tooLong.body.error.details)).toEqual(['seoTitle']);
    expect(plain(tooLong.body.error.details.seoTitle)).toBe(
      'Le titre pour les moteurs de recherche ne peut pas dépasser 70 caractères.',
    );
    const created = await bed.database.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.shopId, shopId), eq(products.name, 'Pagne tissé')));
    expect(created).toEqual([]);

    // At the bound: accepted. Then an edit past it changes nothing.
    const pagne = await createOk(
      bed,
      token,
      shopId,
      withSeo(simpleProduct('Pagne tissé', 9_000, { stock: 1 }), {
        seoTitle: 'T'.repeat(70),
        seoDescription: 'D'.repeat(320),
      }),
    );
    const edit = (seo: { seoTitle?: string; seoDescription?: string }) =>
      api.update(
        token,
        shopId,
        pagne._id,
        withSeo(
          {
            ...simpleProduct('Pagne tissé renommé', 9_500),
            variants: [{ id: pagne.variants[0]._id as string, optionValues: [], price: 9_500 }],
          },
          seo,
        ),
      );
    const refusedTitle = await edit({ seoTitle: 'Titre '.repeat(12) });
    expect(refusedTitle.status).toBe(422);
    expect(plain(refusedTitle.body.error.details.seoTitle)).toBe(
      'Le titre pour les moteurs de recherche ne peut pas dépasser 70 caractères.',
    );
    const refusedDescription = await edit({ seoDescription: 'D'.repeat(321) });
    expect(refusedDescription.status).toBe(422);
    expect(plain(refusedDescription.body.error.details.seoDescription)).toBe(
      'La description pour les moteurs de recherche ne peut pas dépasser 320 caractères.',
    );
    expect(await storedSeo(pagne._id)).toEqual({ seoTitle: 'T'.repeat(70), seoDescription: 'D'.repeat(320) });
    const read = await api.get(token, shopId, pagne._id);
    expect(read.body).toMatchObject({ name: 'Pagne tissé', seoTitle: 'T'.repeat(70) });
    expect(read.body.variants[0].price).toBe(9_000);
  });
});
