import { normalizeForSearch } from '@/shared/search';

/**
 * The words around the items of a WhatsApp order (greetings, politeness, « je veux »…), in French,
 * Wolof and Ivorian French, written as the customers write them. Matched word by word, accents and
 * case aside, so « Jërëjëf » and « jerejef » are one entry.
 */

const words = (phrase: string) =>
  normalizeForSearch(phrase)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
const phrases = (list: string) =>
  list
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);

const GREETINGS = phrases(`
  bonjour, bonsoir, bjr, bsr, slt, salut, cc, coucou, hello, hi, hey, yo, wesh, allo, salam, salamalekum,
  salamaleekum, salamalekoum, salamaleykoum, salam aleykoum, assalamu alaykum, maleekum salaam, assalamou alaykoum, assalamou aleykoum, as salam alaykoum,
  malekum salam, jamm nga am, jamm ngeen am, nanga def, na nga def, naka nga def, mangi fi, maa ngi fi, jamm rekk, ça va, cv,
  comment ça va, comment vas-tu, comment allez-vous, vous allez bien,
  j’espère que vous allez bien, on dit quoi, on dit koi, on dit quoi même, c’est comment,
  c koman, ya fohi, y a fohi, la famille, bonne journée, bonne soirée, bonne nuit, à bientôt,
  à plus, bonne fête, on est ensemble, c’est doux
`);
const ADDRESSES = phrases(`
  mon frère, ma sœur, frère, sœur, grand frère, grande sœur, frangin, frangine, frérot, mon vieux, vieux père, vié père, ma go,
  mon gars, mon djo, djo, mon boss, boss, patron, patronne, tantie, tonton, ma chérie, ma chère,
  mon cher, mon ami, mon amie, madame, monsieur, mme, sama xarit, chef
`);
const WISHES = phrases(`
  je veux savoir si, je voudrais savoir si, savoir si, est-ce que, si vous avez, je cherche,
  je recherche, vous vendez, je suis intéressé par, je suis intéressée par, intéressé par,
  intéressée par, ça m’intéresse, envoie, envoyez, envoyer, donne, donnez, mets, mettez, prends,
  prenez, apporte, apportez, je veux, je voudrais, j’aimerais, j’aimerai, je souhaite, je souhaiterais, je désire,
  je prends, je prend, je vais prendre, je veux prendre, je voulais, moi je veux, il me faut,
  il me faudrait, j’ai besoin de, je commande, je passe commande, je voudrais commander,
  je veux commander, ma commande, commande, pour commander, envoyez-moi, envoie-moi, envoyer moi,
  envoyez-nous, envoie-nous, tu peux m’envoyer, vous pouvez m’envoyer, pouvez-vous m’envoyer,
  faut m’envoyer, m’envoyer, y a pas moyen de, pas moyen de, tu peux, vous pouvez, pouvez-vous, donne-moi, donnez-moi, mets-moi, mettez-moi, réserve-moi, réservez-moi,
  gardez-moi, garde-moi, ajoute, ajoutez, rajoute, rajoutez, ajouter, c’est pour, ce sera,
  ça sera, ce serait, vous avez, avez-vous, est-ce que vous avez, il y a, y a, il reste,
  il vous reste, c’est disponible, c’est dispo, est encore dispo, est dispo, est disponible,
  encore dispo, dispo, disponible, si oui, jveux, jvoudrais, je veut, jeveux, finalement, en plus, dama bëgg, dama bugg,
  damay bëgg, maa ngi bëgg, bëgg naa, dama soxla, damay jënd, dama bëgg jënd, bëgg jënd, jënd,
  j’en veux, j’en voudrais, j’en prends, il m’en faut, donne-m’en, donnez-m’en, envoie-m’en, envoyez-m’en, mets-m’en,
  mettez-m’en,
  yonnee ma, yonnéel ma, may ma, indil ma, indi ma, jox ma, maa ngi lay ñaan, numéro, mon numéro,
  mon num, num, tel, tél, téléphone, contact, joignable au, voici, voilà
`);
const POLITENESS = phrases(`
  merci, merci beaucoup, merci d’avance, mrc, mci, jërëjëf, dieuredieuf, djeureudjeuf, baal ma,
  ok, okay, oki, d’accord, dac, oui, waaw
`);
/** Dropped without ending the item they stand in: « 2 savons svp kaola » stays one item. */
const SOFT = phrases(`
  svp, stp, s’il vous plaît, s’il vous plait, s’il te plaît, s’il te plait, sil vous plait,
  please, pls, plz, rek, rekk, aussi, encore, également, seulement, juste, hein, dêh, gbê, weh, ékié
`);

export type FillerKind = 'hard' | 'soft';

const FILLERS = new Map<string, Array<{ words: string[]; kind: FillerKind }>>();
for (const [list, kind] of [
  [[...GREETINGS, ...ADDRESSES, ...WISHES, ...POLITENESS], 'hard'],
  [SOFT, 'soft'],
] as const) {
  for (const phrase of list) {
    const w = words(phrase);
    const first = w[0]!;
    FILLERS.set(first, [...(FILLERS.get(first) ?? []), { words: w, kind }]);
  }
}
for (const entries of FILLERS.values()) entries.sort((a, b) => b.words.length - a.words.length);

/** The filler phrase starting at `norms[i]`, longest first. */
export function fillerAt(norms: readonly string[], i: number): { length: number; kind: FillerKind } | null {
  for (const entry of FILLERS.get(norms[i] ?? '') ?? []) {
    if (entry.words.every((w, k) => norms[i + k] === w))
      return { length: entry.words.length, kind: entry.kind };
  }
  return null;
}

const set = (list: string) => new Set(words(list));

/** Words that alone make no item: a piece made only of these is chit-chat. */
export const EMPTY_WORDS = set(
  `le la les l un une des du de d ce ça cela moi toi vous nous on je j tu il elle y a au aux et ou
  bien bon voilà voici tout rien quoi oh ah eh euh hmm lol mdr donc alors bref mais c est pour mon
  ma mes ton ta votre vos sa son ses là ici comme même avec sans sur dans en par si possible nak
  rek rekk ndax bi yi ba ci ak non deedeet cool super parfait top svp stp merci suis`,
);

/** Dropped at the start of an item's words: « le savon », « de l’huile ». */
export const LEADING_WORDS = set(
  'le la les l un une des du de d mes ma mon ton ta tes votre vos son sa ses ce cet cette ces en ay',
);
export const TRAILING_WORDS = set('la là ci yi bi ba aussi encore de du et avec ok');

/**
 * A piece without a quantity that says one of these is an instruction for the seller, not an item.
 * Not « orange », « cadeau », « porte »: products are named so too (« jus d’orange »).
 */
export const NOTE_WORDS = set(
  `appel appelle appelez appeler appelé rappel rappelez rappeler sonner sonnez bipez biper avant
  après urgent urgence vite rapide rapidement payer payé paie paiement payement wave om money momo
  moov mtn cash espèce espèces monnaie livraison livrer livreur livrez combien prix total facture
  reçu emballage emballer portail immeuble étage appartement près côté derrière pharmacie mosquée
  église école carrefour venir passer récupérer attendre attends heure heures matin soir midi nuit semaine villa lot rue cité résidence
  bâtiment immeuble appt maison bureau`,
);

/** « sac à main », « machine à coudre »: the « à » that names a product, not a place. */
export const WORDS_BEFORE_A = set(
  `sac sacs machine machines fer brosse brosses pâte moulin verre verres tasse tasses boîte cuillère
  rouge fil plaque four pince robe robes chemise chemises chaussure chaussures pot planche cuiseur
  cocotte marmite poêle lampe couteau bouteille gourde stylo crème tarte glace moulin`,
);

export const NAME_STOPS = set(
  `et ak à a au aux de du des la le les l pour svp stp merci je j moi mon ma mes livraison livrer
  numéro num tel tél téléphone contact ici sur vers quartier c est qui avec suis mais donc ok oui
  client cliente voici voilà nom bon combien quoi comment là`,
);

export const PLACE_STOPS = set(
  `et ak svp stp merci c pour avant après vers demain aujourd ce cet je j moi mon livraison numéro
  num tel tél téléphone contact avec qui mais donc ok si please appelez appeler appel par car
  parce le svp`,
);
