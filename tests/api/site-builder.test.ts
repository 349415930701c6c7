import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { smsConsents } from '@/server/db/schema';
import type { StorefrontLayout } from '@/shared/storefront/layout';
import { setupApiTestbed } from '../helpers/api-testbed';
import { createShopFixture } from '../helpers/fixtures';
import { as, sellable, type Actor } from '../helpers/orders';
import { noisePng } from '../helpers/uploads';
import { visitor } from '../helpers/storefront';

/*
 * The site builder (Site web › Éditeur): a draft saved as the seller edits, published when they
 * say so if its links lead somewhere and its pages stay within the weight budget, each publication
 * kept as a version that can be brought back; rich text sanitised before any buyer sees it.
 */

const bed = setupApiTestbed();
const visit = visitor(bed);

const call = (a: Actor, path: string, body: Record<string, unknown> = {}) =>
  bed.server.call('POST', `/api/storefront/${path}`, { token: a.token, body: { shopId: a.shopId, ...body } });
const design = async (a: Actor) => {
  const answer = await bed.server.call('GET', `/api/storefront/design?shopId=${a.shopId}`, {
    token: a.token,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as {
    layout: StorefrontLayout;
    hasUnpublishedChanges: boolean;
    problems: Record<string, string>;
  };
};
const versions = async (a: Actor) =>
  (await bed.server.call('GET', `/api/storefront/versions?shopId=${a.shopId}`, { token: a.token })).body
    .items as Array<{ number: number; restoredFromNumber: number | null; isLive: boolean }>;

async function openShop(name: string) {
  const fixture = await createShopFixture(bed.database.db, name);
  const a = as(fixture);
  await sellable(bed, a, 'Robe wax été', 12_500, { stock: 5 });
  const opened = await bed.server.call('POST', '/api/storefront/updateSettings', {
    token: a.token,
    body: { shopId: a.shopId, isPublished: true },
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  return { fixture, a, slug: opened.body.slug as string };
}

const featured = (id: string, title: string) => ({
  id,
  type: 'featured_products' as const,
  settings: { title, count: 4 },
  blocks: [],
});

describe('the site builder', () => {
  it('saves a draft buyers do not see, publishes it, and restores an earlier version', async () => {
    const { a, slug } = await openShop('Boutique Éditeur');
    const start = await design(a);
    expect(start.layout.version).toBe(2);
    expect(start.hasUnpublishedChanges).toBe(false);

    // The seller changes the theme and colour and puts a « Produits mis en avant » section first.
    const first: StorefrontLayout = {
      ...start.layout,
      theme: 'audacieux',
      primaryColor: '#1d4ed8',
      home: {
        ...start.layout.home,
        sections: [featured('pick', 'Sélection du moment'), ...start.layout.home.sections],
      },
    };
    const saved = await call(a, 'saveDraft', { layout: first });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.hasUnpublishedChanges).toBe(true);
    expect((await visit(`/${slug}`)).text).not.toContain('Sélection du moment');

    const published = await call(a, 'publish');
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.hasUnpublishedChanges).toBe(false);
    const home = (await visit(`/${slug}`)).text;
    expect(home).toContain('Sélection du moment');
    expect(home).toContain('--c:#1d4ed8');
    expect(home.indexOf('Sélection du moment')).toBeLessThan(home.indexOf('Nouveautés'));

    // A second publication, then the first one brought back.
    const second = {
      ...first,
      home: { ...first.home, sections: [featured('pick', 'Soldes d’été'), ...first.home.sections.slice(1)] },
    };
    expect((await call(a, 'saveDraft', { layout: second })).status).toBe(200);
    expect((await call(a, 'publish')).status).toBe(200);
    expect((await visit(`/${slug}`)).text).toContain('Soldes d’été');
    expect((await versions(a)).map((v) => v.number)).toEqual([2, 1]);

    const restored = await call(a, 'restoreVersion', { number: 1 });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.layout.home.sections[0].settings.title).toBe('Sélection du moment');
    const after = (await visit(`/${slug}`)).text;
    expect(after).toContain('Sélection du moment');
    expect(after).not.toContain('Soldes d’été');
    const history = await versions(a);
    expect(history[0]).toMatchObject({ number: 3, restoredFromNumber: 1, isLive: true });
    expect((await call(a, 'restoreVersion', { number: 99 })).status).toBe(404);
  });

  it('keeps scripts out of rich text: in the draft, the preview and the public page', async () => {
    const { a, slug } = await openShop('Boutique Texte');
    const { layout } = await design(a);
    const dirty =
      '<p>Bonjour <strong>Dakar</strong></p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">piège</a><p onclick="alert(4)">fin</p>';
    const pages = layout.pages.map((p) =>
      p.id === 'a-propos'
        ? {
            ...p,
            sections: [
              { id: 'texte', type: 'rich_text' as const, settings: { title: '', html: dirty }, blocks: [] },
            ],
          }
        : p,
    );
    const saved = await call(a, 'saveDraft', { layout: { ...layout, pages } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const kept = saved.body.layout.pages.find((p: { id: string }) => p.id === 'a-propos').sections[0].settings
      .html;
    expect(kept).toContain('<strong>Dakar</strong>');
    for (const bad of ['<script', 'onerror', 'javascript:', 'onclick', '<img'])
      expect(kept).not.toContain(bad);

    const preview = await call(a, 'preview', { layout: { ...layout, pages }, page: 'a-propos' });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.html).toContain('Bonjour');
    expect(preview.body.html).not.toContain('alert(');

    expect((await call(a, 'publish')).status).toBe(200);
    const page = await visit(`/${slug}/pages/a-propos`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<strong>Dakar</strong>');
    expect(page.text).not.toContain('alert(');
  });

  it('refuses bad input naming the field, and publishes nothing', async () => {
    const { a, slug } = await openShop('Boutique Refus Éditeur');
    const { layout } = await design(a);
    const refused = async (changes: Partial<StorefrontLayout>, field: string, words: string) => {
      const answer = await call(a, 'saveDraft', { layout: { ...layout, ...changes } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      expect(answer.body.error.details[field], JSON.stringify(answer.body.error.details)).toContain(words);
    };
    await refused({ primaryColor: '#ffee88' }, 'layout.primaryColor', 'trop claire');
    await refused(
      { pages: [{ ...layout.pages[0]!, slug: 'À propos!' }] },
      'layout.pages.0.slug',
      'lettres minuscules',
    );
    await refused(
      { brand: { ...layout.brand, social: { ...layout.brand.social, facebook: 'facebook.com/x' } } },
      'layout.brand.social.facebook',
      'https://',
    );
    expect((await design(a)).hasUnpublishedChanges).toBe(false);

    // A menu link to a page deleted since: saved as a draft, shown as a problem, never published.
    const dangling = {
      ...layout,
      header: { ...layout.header, menu: [{ id: 'm1', label: 'Histoire', target: 'page:notre-histoire' }] },
    };
    const saved = await call(a, 'saveDraft', { layout: dangling });
    expect(saved.status).toBe(200);
    expect(saved.body.problems['header.menu.0.target']).toContain('page supprimée');
    const publish = await call(a, 'publish');
    expect(publish.status).toBe(422);
    expect(publish.body.error.details['header.menu.0.target']).toMatch(/«\s*Histoire\s*»/);
    expect(await versions(a)).toEqual([]);
    expect((await visit(`/${slug}`)).text).not.toContain('Histoire');

    // An upload that is not an image.
    const upload = await bed.server.call('POST', `/api/storefront/uploadImage?shopId=${a.shopId}`, {
      token: a.token,
      rawBody: Buffer.from('<html>pas une image</html>'),
      headers: { 'content-type': 'image/png' },
    });
    expect(upload.status).toBe(422);
    expect(upload.body.error.details.image).toContain('JPEG, PNG ou WebP');
  });

  it('refuses to publish a page over the weight budget, saying which section costs what', async () => {
    const { a, slug } = await openShop('Boutique Lourde');
    const { layout } = await design(a);
    const urls: string[] = [];
    // Random pixels do not compress: three photos of them pass the budget (made in AVIF: slow).
    for (let i = 0; i < 3; i += 1) {
      const upload = await bed.server.call('POST', `/api/storefront/uploadImage?shopId=${a.shopId}`, {
        token: a.token,
        rawBody: await noisePng(1000, 700),
        headers: { 'content-type': 'image/png' },
      });
      expect(upload.status, JSON.stringify(upload.body)).toBe(200);
      expect(upload.body.url).toMatch(/^\/uploads\/site\/.+\.webp$/);
      urls.push(upload.body.url);
    }
    const slideshow = {
      id: 'slides',
      type: 'slideshow' as const,
      settings: { title: 'Arrivages' },
      blocks: urls.map((imageUrl, i) => ({
        id: `s${i}`,
        type: 'slide' as const,
        settings: { imageUrl, title: '', target: '' },
      })),
    };
    const heavy = { ...layout, home: { ...layout.home, sections: [slideshow, ...layout.home.sections] } };
    const preview = await call(a, 'preview', { layout: heavy, page: 'home' });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.weight.total).toBeGreaterThan(500 * 1024);
    expect(preview.body.weight.sections[0].name).toMatch(/^Diaporama «\s*Arrivages\s*»$/);
    expect(preview.body.weight.fonts).toBe(0);

    expect((await call(a, 'saveDraft', { layout: heavy })).status).toBe(200);
    const refused = await call(a, 'publish');
    expect(refused.status).toBe(422);
    expect(refused.body.error.details.home).toMatch(
      /Page d’accueil pèse [\d\s]+Ko .*500\sKo au plus.*Diaporama «\s*Arrivages\s*» [\d\s]+Ko/,
    );
    expect((await visit(`/${slug}`)).text).not.toContain('Arrivages');

    // One slide is light enough.
    const light = {
      ...heavy,
      home: {
        ...heavy.home,
        sections: [{ ...slideshow, blocks: slideshow.blocks.slice(0, 1) }, ...layout.home.sections],
      },
    };
    expect((await call(a, 'saveDraft', { layout: light })).status).toBe(200);
    const published = await call(a, 'publish');
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect((await visit(`/${slug}`)).text).toContain('Arrivages');
  }, 90_000);

  it('gives an address to one shop only, even when two ask at once', async () => {
    const [one, two] = await Promise.all([
      createShopFixture(bed.database.db, 'Rivale Un'),
      createShopFixture(bed.database.db, 'Rivale Deux'),
    ]);
    const ask = (fixture: typeof one) =>
      bed.server.call('POST', '/api/storefront/updateSettings', {
        token: fixture.members.admin.token,
        body: { shopId: fixture.shop.id, slug: 'la-meilleure-boutique' },
      });
    const answers = await Promise.all([ask(one), ask(two)]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 422]);
    expect(answers.find((x) => x.status === 422)!.body.error.details.slug).toContain('déjà prise');
  });

  it('records an SMS newsletter sign-up with the words agreed to, only when the box is ticked', async () => {
    const { fixture, a, slug } = await openShop('Boutique Nouvelles');
    const { layout } = await design(a);
    const section = {
      id: 'sms',
      type: 'newsletter' as const,
      settings: { title: 'Nos offres par SMS', text: '' },
      blocks: [],
    };
    expect(
      (
        await call(a, 'saveDraft', {
          layout: { ...layout, home: { ...layout.home, sections: [...layout.home.sections, section] } },
        })
      ).status,
    ).toBe(200);
    expect((await call(a, 'publish')).status).toBe(200);
    expect((await visit(`/${slug}`)).text).toContain('J’accepte de recevoir par SMS');

    const unticked = await visit(`/${slug}/newsletter`, { form: { section: 'sms', phone: '77 555 12 34' } });
    expect(unticked.status).toBe(303);
    expect(unticked.location).toContain('etat=accord');
    expect((await visit(unticked.location!)).text).toContain('Cochez la case');
    const rows = () =>
      bed.database.db
        .select()
        .from(smsConsents)
        .where(and(eq(smsConsents.shopId, fixture.shop.id)));
    expect(await rows()).toHaveLength(0);

    const ticked = await visit(`/${slug}/newsletter`, {
      form: { section: 'sms', phone: '77 555 12 34', consent: '1' },
    });
    expect(ticked.location).toContain('etat=ok');
    expect((await visit(ticked.location!)).text).toMatch(/Merci\s!/);
    const [row] = await rows();
    expect(row).toMatchObject({ phone: '+221775551234', source: 'site' });
    expect(row!.wording).toContain('Boutique Nouvelles');
  });

  it('lets only those who manage the site change it', async () => {
    const { fixture, a } = await openShop('Boutique Rôles');
    const { layout } = await design(a);
    const cashier = as(fixture, 'cashier');
    expect((await call(cashier, 'saveDraft', { layout })).status).toBe(403);
    expect((await call(cashier, 'publish')).status).toBe(403);
    const stranger = as(await createShopFixture(bed.database.db, 'Boutique Étrangère'));
    expect((await call({ ...stranger, shopId: a.shopId }, 'publish')).status).toBe(404);
  });
});
