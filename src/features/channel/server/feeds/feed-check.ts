import {
  FEED_LIMITS,
  charCount,
  feedGtin,
  feedLine,
  feedText,
  sizeAndColor,
  type FeedItem,
  type FeedPlatform,
} from './feed-item';

export interface FeedProblem {
  productId: string;
  /** The product name (not the variant's) for display. */
  productName: string;
  platforms: FeedPlatform[];
  /** An error keeps the item out of the platform; a warning lets it in, shown less or cut. */
  severity: 'error' | 'warning';
  /** French, one sentence naming what to fix, e.g. « Aucune image : Meta et Google refusent un produit sans photo. » */
  message: string;
  /** Which field to fix, for the link: 'image' | 'title' | 'brand' | 'identifier' | 'description' | 'price' | 'link'. */
  field: string;
}

const BOTH: FeedPlatform[] = ['meta', 'google'];
const META_MIN_IMAGE = 500;
/** Google's minimum is higher for clothing; a size option is the sign of it the item carries. */
const GOOGLE_MIN_IMAGE = { apparel: 250, other: 100 };

// Narrow no-break spaces, as in « 12 500 FCFA »: a size never breaks across two lines.
const numbers = new Intl.NumberFormat('fr-FR');
const pixels = (width: number, height: number) =>
  `${numbers.format(width)}\u202f×\u202f${numbers.format(height)}`;

function isWebAddress(text: string | null): boolean {
  if (!text) return false;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

type Found = Pick<FeedProblem, 'platforms' | 'severity' | 'field' | 'message'>;
type Severity = FeedProblem['severity'];

const issue = (platforms: FeedPlatform[], severity: Severity, field: string, message: string): Found => ({
  platforms,
  severity,
  field,
  message,
});

const { meta: META, google: GOOGLE } = FEED_LIMITS;

const MESSAGES = {
  noImage: 'Aucune image : Meta et Google refusent un produit sans photo.',
  badImage: 'Adresse de l’image invalide : Meta et Google ne peuvent pas télécharger la photo.',
  noTitle: 'Titre vide : Meta et Google refusent un produit sans nom.',
  titleOverMeta: `Titre de plus de ${META.title} caractères : Meta le coupera, et Google dès ${GOOGLE.title}.`,
  titleOverGoogle: `Titre de plus de ${GOOGLE.title} caractères : Google le coupera.`,
  noDescription:
    'Description vide : le titre est envoyé à sa place, mais Google et Meta montrent mieux un produit décrit.',
  descriptionOverMeta: `Description de plus de ${numbers.format(META.description)} caractères : Meta et Google la couperont.`,
  descriptionOverGoogle: `Description de plus de ${numbers.format(GOOGLE.description)} caractères : Google la coupera.`,
  restrictedGtin:
    'Code-barres interne ou invalide : il n’est pas envoyé comme GTIN, seul celui du fabricant compte.',
  noBrandForGoogle:
    'Marque manquante : Google la demande pour la plupart des produits (le nom de votre boutique si vous le fabriquez).',
  noBrandForMeta:
    'Marque manquante : Meta refuse un produit sans marque, code-barres ni référence (le nom de votre boutique si vous le fabriquez).',
  noIdentifier:
    'Ni code-barres (GTIN) ni référence (MPN) : Google l’acceptera avec identifier_exists=no, mais il sera moins visible.',
  noPrice: 'Prix nul : Meta et Google refusent un produit sans prix.',
  badSalePrice: 'Prix promotionnel nul ou pas plus bas que le prix : la promotion n’est pas envoyée.',
  badLink: 'Lien de la page produit invalide : Meta et Google demandent son adresse complète (https://…).',
};

function imageProblems(item: FeedItem): Found[] {
  if (!item.imageLink) return [issue(BOTH, 'error', 'image', MESSAGES.noImage)];
  if (!isWebAddress(item.imageLink)) return [issue(BOTH, 'error', 'image', MESSAGES.badImage)];
  const { imageWidth: width, imageHeight: height } = item;
  if (width === null || height === null) return [];
  const smallest = Math.min(width, height);
  if (smallest >= META_MIN_IMAGE) return [];
  const googleMin = sizeAndColor(item.options).size ? GOOGLE_MIN_IMAGE.apparel : GOOGLE_MIN_IMAGE.other;
  const said = `Image trop petite (${pixels(width, height)} pixels) : Meta demande au moins ${pixels(META_MIN_IMAGE, META_MIN_IMAGE)} pixels`;
  return smallest < googleMin
    ? [issue(BOTH, 'error', 'image', `${said}, Google au moins ${pixels(googleMin, googleMin)}.`)]
    : [issue(['meta'], 'error', 'image', `${said}.`)];
}

// The writers cut what is too long, so the item goes in: a warning that it will read cut short.
function textProblems(item: FeedItem): Found[] {
  const found: Found[] = [];
  const title = charCount(feedLine(item.title));
  if (!title) found.push(issue(BOTH, 'error', 'title', MESSAGES.noTitle));
  else if (title > META.title) found.push(issue(BOTH, 'warning', 'title', MESSAGES.titleOverMeta));
  else if (title > GOOGLE.title) found.push(issue(['google'], 'warning', 'title', MESSAGES.titleOverGoogle));
  const description = charCount(feedText(item.description).trim());
  // Both writers send the title instead, so the item goes in, with less for the buyer to read.
  if (!description) found.push(issue(BOTH, 'warning', 'description', MESSAGES.noDescription));
  else if (description > META.description) {
    found.push(issue(BOTH, 'warning', 'description', MESSAGES.descriptionOverMeta));
  } else if (description > GOOGLE.description) {
    found.push(issue(['google'], 'warning', 'description', MESSAGES.descriptionOverGoogle));
  }
  return found;
}

function identifierProblems(item: FeedItem): Found[] {
  const found: Found[] = [];
  const gtin = feedGtin(item);
  const hasBrand = feedLine(item.brand) !== '';
  const hasMpn = feedLine(item.mpn) !== '';
  if (item.gtin && !gtin) found.push(issue(BOTH, 'warning', 'identifier', MESSAGES.restrictedGtin));
  if (!hasBrand && !gtin) {
    found.push(
      hasMpn
        ? issue(['google'], 'warning', 'brand', MESSAGES.noBrandForGoogle)
        : issue(BOTH, 'error', 'brand', MESSAGES.noBrandForMeta),
    );
  }
  if (!gtin && !hasMpn) found.push(issue(['google'], 'warning', 'identifier', MESSAGES.noIdentifier));
  return found;
}

function priceProblems(item: FeedItem): Found[] {
  if (!(item.price > 0)) return [issue(BOTH, 'error', 'price', MESSAGES.noPrice)];
  const { salePrice, price } = item;
  if (salePrice !== null && !(salePrice > 0 && salePrice < price)) {
    return [issue(BOTH, 'warning', 'price', MESSAGES.badSalePrice)];
  }
  return [];
}

/** What Meta and Google would refuse, cut or show less in this item, as the feeds write it. */
export function checkFeedItem(item: FeedItem, productName: string): FeedProblem[] {
  return [
    ...imageProblems(item),
    ...textProblems(item),
    ...identifierProblems(item),
    ...priceProblems(item),
    ...(isWebAddress(item.link) ? [] : [issue(BOTH, 'error', 'link', MESSAGES.badLink)]),
  ].map((found) => ({ productId: item.productId, productName, ...found }));
}

/** One line per product and problem, however many of its variants share it. */
export function dedupeProblems(problems: FeedProblem[]): FeedProblem[] {
  const byKey = new Map<string, FeedProblem>();
  for (const problem of problems) {
    const key = `${problem.productId}\u0000${problem.field}\u0000${problem.message}`;
    const seen = byKey.get(key);
    if (!seen) {
      byKey.set(key, { ...problem, platforms: [...problem.platforms] });
      continue;
    }
    for (const platform of problem.platforms) {
      if (!seen.platforms.includes(platform)) seen.platforms.push(platform);
    }
    if (problem.severity === 'error') seen.severity = 'error';
  }
  return [...byKey.values()];
}
