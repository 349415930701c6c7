import {
  allSections,
  CATALOGUE_TARGET,
  type MenuLink,
  type StorefrontLayout,
} from '@/shared/storefront/layout';

/* The links of a design (menus, buttons, slides): what they point at, and which lead nowhere. */

interface TargetUse {
  /** The field, as the site builder names it in its errors (`header.menu.2.target`). */
  path: string;
  /** How the seller recognises it, in a sentence. */
  what: string;
  target: string;
}

function targetUses(layout: StorefrontLayout): TargetUse[] {
  const menu = (where: 'header' | 'footer', links: MenuLink[]) =>
    links.map((l, i) => ({
      path: `${where}.menu.${i}.target`,
      what: `Le lien « ${l.label} » du menu ${where === 'header' ? 'du haut' : 'du bas'}`,
      target: l.target,
    }));
  const uses: TargetUse[] = [...menu('header', layout.header.menu), ...menu('footer', layout.footer.menu)];
  const pagePath = (pageIndex: number | null) => (pageIndex === null ? 'home' : `pages.${pageIndex}`);
  allSections(layout).forEach(({ page, section }) => {
    const pageIndex = page ? layout.pages.indexOf(page) : null;
    const sections = page ? page.sections : layout.home.sections;
    const at = `${pagePath(pageIndex)}.sections.${sections.indexOf(section)}`;
    if (section.type === 'banner' && section.settings.buttonLabel)
      uses.push({
        path: `${at}.settings.buttonTarget`,
        what: `Le bouton « ${section.settings.buttonLabel} »`,
        target: section.settings.buttonTarget,
      });
    if (section.type === 'slideshow')
      section.blocks.forEach((b, i) => {
        if (b.settings.target)
          uses.push({
            path: `${at}.blocks.${i}.settings.target`,
            what: `La diapositive ${i + 1} du diaporama`,
            target: b.settings.target,
          });
      });
    if (section.type === 'collection')
      uses.push({
        path: `${at}.settings.categoryId`,
        what: `La section « ${section.settings.title} »`,
        target: `category:${section.settings.categoryId}`,
      });
  });
  return uses;
}

/** The products a design links to, whose addresses the shop's pages need. */
export function linkedProductIds(layout: StorefrontLayout): string[] {
  return targetUses(layout)
    .filter((u) => u.target.startsWith('product:'))
    .map((u) => u.target.slice('product:'.length));
}

/**
 * Every link that leads nowhere (a page, a category or a product deleted since; an unknown kind),
 * and every page address used twice, as French errors by field. Empty: the design may be published.
 */
export function designProblems(
  layout: StorefrontLayout,
  known: { categoryIds: ReadonlySet<string>; productIds: ReadonlySet<string> },
): Record<string, string> {
  const problems: Record<string, string> = {};
  const pageIds = new Set(layout.pages.map((p) => p.id));
  for (const use of targetUses(layout)) {
    const [kind, id = ''] = use.target.split(/:(.*)/s);
    const fixed = [CATALOGUE_TARGET, 'home', 'search'].includes(use.target);
    const missing =
      kind === 'page'
        ? !pageIds.has(id)
        : kind === 'category'
          ? !known.categoryIds.has(id)
          : kind === 'product'
            ? !known.productIds.has(id)
            : !fixed;
    if (!missing) continue;
    const gone =
      kind === 'page'
        ? 'une page supprimée'
        : kind === 'category'
          ? 'une catégorie supprimée ou sans produit en vente'
          : kind === 'product'
            ? 'un produit supprimé ou désactivé'
            : 'une destination inconnue';
    problems[use.path] = `${use.what} mène à ${gone} : choisissez une autre destination.`;
  }
  const seen = new Map<string, number>();
  layout.pages.forEach((p, i) => {
    const first = seen.get(p.slug);
    if (first !== undefined)
      problems[`pages.${i}.slug`] =
        `L’adresse « ${p.slug} » est déjà celle de la page « ${layout.pages[first]!.title} ».`;
    else seen.set(p.slug, i);
  });
  const sectionIds = new Set<string>();
  for (const { section } of allSections(layout)) {
    if (sectionIds.has(section.id)) problems.sections = 'Deux sections portent le même identifiant.';
    sectionIds.add(section.id);
  }
  return problems;
}
