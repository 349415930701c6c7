import { describe, expect, it } from 'vitest';
import { parseOrderMessage, type ParsedMessage } from '@/features/channel/paste/parse-message';
import { CatalogueMatcher, type MatchableVariant } from '@/features/channel/paste/catalogue-matcher';

type Product = [productId: string, name: string, variants: Array<[variantId: string, options: string[]]>];

const PRODUCTS: Product[] = [
  ['p-kaola', 'Savon Kaola', [['savon-kaola', []]]],
  ['p-savon-noir', 'Savon noir', [['savon-noir', []]]],
  ['p-savon-chevre', 'Savon au lait de chèvre', [['savon-chevre', []]]],
  ['p-coco-50', 'Huile de coco 50cl', [['coco-50', []]]],
  ['p-coco-100', 'Huile de coco 100cl', [['coco-100', []]]],
  ['p-palme', 'Huile de palme 1 L', [['palme', []]]],
  ['p-karite-250', 'Beurre de karité 250 g', [['karite-250', []]]],
  ['p-karite-500', 'Beurre de karité 500 g', [['karite-500', []]]],
  ['p-creme-karite', 'Crème de karité visage', [['creme-karite', []]]],
  [
    'p-boubou',
    'Boubou brodé',
    [
      ['boubou-s', ['S']],
      ['boubou-m', ['M']],
      ['boubou-l', ['L']],
    ],
  ],
  ['p-thiouraye', 'Thiouraye', [['thiouraye', []]]],
  ['p-encens', 'Encens Gowé', [['encens', []]]],
  ['p-bissap', 'Bissap 1 L', [['bissap', []]]],
  [
    'p-gingembre',
    'Jus de gingembre',
    [
      ['gingembre-50', ['50 cl']],
      ['gingembre-1l', ['1 L']],
    ],
  ],
  ['p-wax-6', 'Wax Hollandais 6 yards', [['wax-6', []]]],
  ['p-wax-12', 'Wax Hollandais 12 yards', [['wax-12', []]]],
  ['p-attieke', 'Attiéké 1 kg', [['attieke', []]]],
  ['p-gari', 'Gari 1 kg', [['gari', []]]],
  [
    'p-sac',
    'Sac à main cuir',
    [
      ['sac-noir', ['Noir']],
      ['sac-marron', ['Marron']],
    ],
  ],
  ['p-lait', 'Lait caillé 1 L', [['lait', []]]],
  ['p-cafe', 'Café Touba 250 g', [['cafe-touba', []]]],
  ['p-the', 'Thé vert Ataya', [['the-ataya', []]]],
  ['p-riz', 'Riz parfumé 5 kg', [['riz', []]]],
  ['p-pagne', 'Pagne tissé', [['pagne', []]]],
  [
    'p-bazin',
    'Bazin riche',
    [
      ['bazin-blanc', ['Blanc']],
      ['bazin-bleu', ['Bleu']],
    ],
  ],
  [
    'p-sandales',
    'Sandales en cuir',
    [
      ['sandale-40', ['40']],
      ['sandale-41', ['41']],
      ['sandale-42', ['42']],
    ],
  ],
  ['p-bouye', 'Poudre de bouye 500 g', [['bouye', []]]],
  ['p-meches', 'Mèches brésiliennes', [['meches', []]]],
  [
    'p-tshirt',
    'Tee-shirt Comptoir',
    [
      ['tshirt-m', ['M']],
      ['tshirt-l', ['L']],
      ['tshirt-xl', ['XL']],
    ],
  ],
  ['p-miel', 'Miel pur 500 g', [['miel', []]]],
  ['p-kong', 'Kong fumé', [['kong', []]]],
  ['p-piment', 'Piment séché', [['piment', []]]],
  ['p-moringa', 'Moringa en poudre', [['moringa', []]]],
];

const SKUS: Record<string, string> = { 'savon-kaola': 'KAO-01', 'the-ataya': 'ATA-250' };

const CATALOGUE: MatchableVariant[] = PRODUCTS.flatMap(([productId, productName, variants]) =>
  variants.map(([variantId, optionValues], k) => ({
    variantId,
    productId,
    productName,
    optionValues,
    sku: SKUS[variantId] ?? null,
    price: 1000 + 500 * k,
    stock: variantId === 'coco-100' ? 0 : k === 2 ? null : 10,
  })),
);

const matcher = new CatalogueMatcher(CATALOGUE);

interface Case {
  text: string;
  /** [variant id, quantity] in the order written. */
  lines: Array<[string, number]>;
  phones?: string[];
  name?: string | null;
  place?: string | null;
  note?: string;
}

function check(c: Case): ParsedMessage {
  const parsed = parseOrderMessage(c.text);
  const matched = matcher.matchMessage(parsed).map((m) => [m.best?.variantId ?? null, m.line.quantity]);
  expect(matched, JSON.stringify(parsed.lines)).toEqual(c.lines);
  expect(parsed.phones).toEqual(c.phones ?? []);
  expect(parsed.name).toBe(c.name ?? null);
  expect(parsed.place).toBe(c.place ?? null);
  if (c.note !== undefined) expect(parsed.note).toBe(c.note);
  return parsed;
}

const FRENCH: Record<string, Case> = {
  'the example order, all details in one sentence': {
    text: "Bonjour, je veux 2 savons kaola et 1 huile de coco 50cl, livraison à Yopougon, c'est Aminata 0708091011",
    lines: [
      ['savon-kaola', 2],
      ['coco-50', 1],
    ],
    phones: ['0708091011'],
    name: 'Aminata',
    place: 'Yopougon',
    note: '',
  },
  'items without commas, a quantity before each': {
    text: '2 savon kaola 1 huile coco 100cl 3 thiouraye',
    lines: [
      ['savon-kaola', 2],
      ['coco-100', 1],
      ['thiouraye', 3],
    ],
  },
  'quantities after the product, « x3 »': {
    text: 'savon kaola x3, huile de coco 50cl x2',
    lines: [
      ['savon-kaola', 3],
      ['coco-50', 2],
    ],
  },
  'quantities after the product, bare numbers and no commas': {
    text: 'Savon noir 2 huile de palme 1 litre 4',
    lines: [
      ['savon-noir', 2],
      ['palme', 4],
    ],
  },
  '« 3x » before the product': {
    text: '3x thiouraye stp',
    lines: [['thiouraye', 3]],
  },
  'quantities in words': {
    text: 'Deux savons kaola et trois bissap svp',
    lines: [
      ['savon-kaola', 2],
      ['bissap', 3],
    ],
  },
  '« une douzaine de »': {
    text: 'Il me faut une douzaine de savons noirs merci',
    lines: [['savon-noir', 12]],
  },
  '« un » and « une », sizes by option': {
    text: 'Bjr, je voudrais un boubou brodé taille M et une thiouraye',
    lines: [
      ['boubou-m', 1],
      ['thiouraye', 1],
    ],
  },
  'a size written alone after the product': {
    text: 'boubou L x2',
    lines: [['boubou-l', 2]],
  },
  'typos in product words': {
    text: '2 savn kaola et 1 huil coco 50cl',
    lines: [
      ['savon-kaola', 2],
      ['coco-50', 1],
    ],
  },
  'more typos, postfix quantities': {
    text: 'tiouraye 2, bisap 1 L 3, atieke 1kg 5',
    lines: [
      ['thiouraye', 2],
      ['bissap', 3],
      ['attieke', 5],
    ],
  },
  'one item a line, no quantity': {
    text: 'Bonjour\nSavon kaola\nHuile de coco 50cl\nThiouraye\nMerci',
    lines: [
      ['savon-kaola', 1],
      ['coco-50', 1],
      ['thiouraye', 1],
    ],
  },
  'bullet lists and a name with an international number': {
    text: '- 2 boubous brodés taille S\n- 1 thiouraye\n• 3 beurre de karité 250 g\nmoi c’est Awa, +225 07 08 09 10 11',
    lines: [
      ['boubou-s', 2],
      ['thiouraye', 1],
      ['karite-250', 3],
    ],
    phones: ['+2250708091011'],
    name: 'Awa',
  },
  'name, place and time around the items': {
    text: 'Je suis Moussa Diop, à livrer à Cocody Angré avant 18h. 2 beurre de karité 500g',
    lines: [['karite-500', 2]],
    name: 'Moussa Diop',
    place: 'Cocody Angré',
    note: 'avant 18h',
  },
  '« de la part de », a colour option': {
    text: 'De la part de Fatou : 1 sac à main cuir marron',
    lines: [['sac-marron', 1]],
    name: 'Fatou',
  },
  '« quartier », a size in the product name': {
    text: 'quartier Médina, 4 attiéké 1kg',
    lines: [['attieke', 4]],
    place: 'Médina',
  },
  'a weight as the quantity': {
    text: "2 kg d'attiéké et 3 kilos de gari",
    lines: [
      ['attieke', 2],
      ['gari', 3],
    ],
  },
  'counters: « paquets de »': {
    text: 'Envoyez-moi 5 paquets de café Touba',
    lines: [['cafe-touba', 5]],
  },
  'articles and no quantity': {
    text: 'Donne-moi le thé ataya et le piment séché',
    lines: [
      ['the-ataya', 1],
      ['piment', 1],
    ],
  },
  'a shoe size after « pointure »': {
    text: 'sandales cuir pointure 42 x2',
    lines: [['sandale-42', 2]],
  },
  'an SKU': {
    text: '4 KAO-01 et ATA-250 x2',
    lines: [
      ['savon-kaola', 4],
      ['the-ataya', 2],
    ],
  },
  'a variant size written out': {
    text: '1 jus de gingembre 50cl et 2 gingembre 1 litre',
    lines: [
      ['gingembre-50', 1],
      ['gingembre-1l', 2],
    ],
  },
  'the closer product among look-alikes': {
    text: 'Bonjour je voudrais 1 crème de karité visage',
    lines: [['creme-karite', 1]],
  },
  'soft filler inside the item': {
    text: 'Juste savon au lait de chèvre x2 svp',
    lines: [['savon-chevre', 2]],
  },
  'a question about an item': {
    text: 'Vous avez encore le bissap ? Et 2 miel pur',
    lines: [
      ['bissap', 1],
      ['miel', 2],
    ],
  },
  'partitive articles, place after « je suis à »': {
    text: 'Je veux du bissap et du lait caillé, je suis à Ouakam',
    lines: [
      ['bissap', 1],
      ['lait', 1],
    ],
    place: 'Ouakam',
  },
  'payment instruction kept as a note': {
    text: 'Je prends 1 miel pur et 2 moringa en poudre. Paiement Wave.',
    lines: [
      ['miel', 1],
      ['moringa', 2],
    ],
    note: 'Paiement Wave',
  },
  'a name signed before the phone, dotted number': {
    text: '10 mèches brésiliennes\nAwa Ndiaye 07.08.09.10.11',
    lines: [['meches', 10]],
    phones: ['0708091011'],
    name: 'Awa Ndiaye',
  },
  'the same phone twice, and a second one': {
    text: "C'est Aminata 0708091011. Mon numéro 0708091011 ou 01 02 03 04 05. 1 pagne tissé",
    lines: [['pagne', 1]],
    phones: ['0708091011', '0102030405'],
    name: 'Aminata',
  },
  'sizes of clothes': {
    text: '2 tee-shirts XL et 1 tee shirt M',
    lines: [
      ['tshirt-xl', 2],
      ['tshirt-m', 1],
    ],
  },
  'a price the customer quotes': {
    text: 'Le riz parfumé à 12 500 F, j’en veux 2',
    lines: [['riz', 2]],
    note: 'à 12 500 F',
  },
  'emojis and politeness': {
    text: 'bonjour 👋🏾 svp 2 huile de palme 🙏🏾 merci',
    lines: [['palme', 2]],
  },
  'place and day, « c’est pour »': {
    text: 'Bonsoir tantie, c’est pour 2 pagnes tissés et 1 encens gowé. Livraison demain à Yop',
    lines: [
      ['pagne', 2],
      ['encens', 1],
    ],
    place: 'Yop',
    note: 'demain',
  },
  'a numbered list with « ) »': {
    text: 'Commande :\n1) savon kaola x 2\n2) huile coco 50 cl x 1',
    lines: [
      ['savon-kaola', 2],
      ['coco-50', 1],
    ],
  },
  'a numbered list with « . »': {
    text: '1. Savon noir\n2. Thiouraye x4\n3. Encens gowé',
    lines: [
      ['savon-noir', 1],
      ['thiouraye', 4],
      ['encens', 1],
    ],
  },
  'another size of the product just named': {
    text: '2 boubous brodés taille M et 1 en L',
    lines: [
      ['boubou-m', 2],
      ['boubou-l', 1],
    ],
  },
  'a form: the name above the phone, an address number': {
    text: 'Aminata Koné\n0708091011\nLivraison : Sicap Liberté 6, villa 123\n2 savons kaola',
    lines: [['savon-kaola', 2]],
    phones: ['0708091011'],
    name: 'Aminata Koné',
    place: 'Sicap Liberté 6',
    note: 'villa 123',
  },
  'a name and where she is from': {
    text: "Bonjour c'est Fatou de Yopougon, je veux 3 thiouraye",
    lines: [['thiouraye', 3]],
    name: 'Fatou',
    place: 'Yopougon',
  },
  'a question before the item': {
    text: 'Bonsoir madame svp je veux savoir si vous avez le beurre de karité 500g',
    lines: [['karite-500', 1]],
  },
  'short names, « + » between items, a size as a bare number': {
    text: 'Slt! Je veux 2 Kaola + 1 coco 50',
    lines: [
      ['savon-kaola', 2],
      ['coco-50', 1],
    ],
  },
  'quantities in brackets': {
    text: 'Bonjour. Pour la commande : Savon Kaola (2), Bissap (3)',
    lines: [
      ['savon-kaola', 2],
      ['bissap', 3],
    ],
  },
  'a day in the note': {
    text: "j'ai besoin de 2 savons kaola pour demain",
    lines: [['savon-kaola', 2]],
    note: 'pour demain',
  },
  'the size in the next piece': {
    text: 'un boubou brodé pour mon fils, taille L',
    lines: [['boubou-l', 1]],
  },
  'the colour in the next piece': {
    text: 'Svp je veux 1 sac à main cuir, couleur marron',
    lines: [['sac-marron', 1]],
  },
  'a Dakar street address': {
    text: 'Donnez moi 2 Thiouraye svp, je suis à Médina rue 22 x 15',
    lines: [['thiouraye', 2]],
    place: 'Médina rue 22 x 15',
  },
  'no place in « je suis à la maison », pairs of shoes': {
    text: 'je suis à la maison, 2 paires de sandales 41',
    lines: [['sandale-41', 2]],
    note: 'je suis à la maison',
  },
  'a container and a size': {
    text: 'Je voudrais commander 3 bouteilles de bissap de 1 litre',
    lines: [['bissap', 3]],
  },
  'sizes as bare numbers after the product': {
    text: 'Bonsoir, 2 crèmes karité visage + 1 beurre karité 250',
    lines: [
      ['creme-karite', 2],
      ['karite-250', 1],
    ],
  },
  '« une commande » is not one item': {
    text: "Yo la famille, c'est pour une commande: 6 savons noirs, 6 savons kaola, livraison vers Angré château",
    lines: [
      ['savon-noir', 6],
      ['savon-kaola', 6],
    ],
    place: 'Angré château',
  },
  'a line detailed by colour in brackets': {
    text: 'Envoyez 2 sacs à main cuir (1 noir, 1 marron)',
    lines: [
      ['sac-noir', 1],
      ['sac-marron', 1],
    ],
  },
  'a line detailed by size': {
    text: '3 boubous brodés : 1 S, 1 M et 1 L',
    lines: [
      ['boubou-s', 1],
      ['boubou-m', 1],
      ['boubou-l', 1],
    ],
  },
  'asking whether it is in stock, then how many': {
    text: "Est-ce que le beurre de karité 500g est encore dispo ? Si oui mettez m'en 3",
    lines: [['karite-500', 3]],
  },
  'texting shorthand': {
    text: 'bjr svp jveux 2 savon kaola stp',
    lines: [['savon-kaola', 2]],
  },
  'where they are and where to deliver': {
    text: 'Je suis à Cocody mais livrez à Yopougon svp, 3 thiouraye',
    lines: [['thiouraye', 3]],
    place: 'Yopougon',
    note: 'Je suis à Cocody',
  },
};

const WOLOF: Record<string, Case> = {
  'Wolof numbers and « ak »': {
    text: 'Salamaleekum, dama bëgg ñaar savon kaola ak benn bissap. Maa ngi ci Ouakam. 77 123 45 67 jërëjëf',
    lines: [
      ['savon-kaola', 2],
      ['bissap', 1],
    ],
    phones: ['771234567'],
    place: 'Ouakam',
  },
  'Wolof, a spelled measure': {
    text: 'Nanga def. Dama soxla ñett kilo gari ak juróom ñaar thiouraye',
    lines: [
      ['gari', 3],
      ['thiouraye', 7],
    ],
  },
  'Wolof-French, « yonnee ma », an international number with 00': {
    text: 'Yonnee ma 2 café touba ak 1 thé ataya ci Médina. 00221771234567',
    lines: [
      ['cafe-touba', 2],
      ['the-ataya', 1],
    ],
    phones: ['00221771234567'],
    place: 'Médina',
  },
  'Wolof, a country code without +': {
    text: 'Bëgg naa benn boubou brodé L. Sama tur Mame Diarra, 221 77 123 45 67',
    lines: [['boubou-l', 1]],
    phones: ['221771234567'],
    name: 'Mame Diarra',
  },
  'Wolof « rek », a greeting with « frère »': {
    text: 'salut frère, dama begg 2 thiouraye, 1 encens rek',
    lines: [
      ['thiouraye', 2],
      ['encens', 1],
    ],
  },
  'Wolof greeting, name and « maa ngi ci »': {
    text: 'Jamm nga am? Damay jënd 2 bissap ak 3 thiouraye, sama tur Ndeye Fatou. Maa ngi ci Grand Yoff',
    lines: [
      ['bissap', 2],
      ['thiouraye', 3],
    ],
    name: 'Ndeye Fatou',
    place: 'Grand Yoff',
  },
};

const NOUCHI: Record<string, Case> = {
  'Ivorian greetings, place, note': {
    text: 'On dit quoi mon frère, envoie-moi 3 wax hollandais 6 yards et 2 sacs à main noir. Je suis à Yop, appelez avant de venir',
    lines: [
      ['wax-6', 3],
      ['sac-noir', 2],
    ],
    place: 'Yop',
    note: 'appelez avant de venir',
  },
  'vieux père, « faut m’envoyer », dêh': {
    text: 'Vieux père on dit quoi ? Faut m’envoyer 2 boubous brodés L dêh, je suis à Abobo',
    lines: [['boubou-l', 2]],
    place: 'Abobo',
  },
  'counters « tas », postfix': {
    text: 'ma go, kong fumé 2 tas et piment séché 1 tas. Livraison à Adjamé 220 logements',
    lines: [
      ['kong', 2],
      ['piment', 1],
    ],
    place: 'Adjamé 220 logements',
  },
  'Ivorian number with spaces and the 12-yard wax': {
    text: 'Mon djo, 1 wax hollandais 12 yards. C’est Koffi, +225 05 06 07 08 09',
    lines: [['wax-12', 1]],
    phones: ['+2250506070809'],
    name: 'Koffi',
  },
  '« y a pas moyen de m’envoyer », name at the end': {
    text: "Ékié, y a pas moyen de m'envoyer 4 attiéké et 2 kong fumé ? Je suis à Koumassi, c'est Bamba",
    lines: [
      ['attieke', 4],
      ['kong', 2],
    ],
    place: 'Koumassi',
    name: 'Bamba',
  },
};

const EXPORTS: Record<string, Case> = {
  'an iPhone export: the seller’s replies are not the customer’s items': {
    text: [
      '[12/11/2026 14:03] Aminata: Bonjour',
      '[12/11/2026 14:04] Aminata: je veux une douzaine de savons kaola',
      '[12/11/2026 14:05] Boutique Awa: ok 12 savons kaola, c’est noté',
      '[12/11/2026 14:06] Aminata: livraison à Cocody Angré avant 18h',
    ].join('\n'),
    lines: [['savon-kaola', 12]],
    name: 'Aminata',
    place: 'Cocody Angré',
    note: 'avant 18h',
  },
  'an Android export, a message over several lines': {
    text: [
      '12/11/2026, 14:03 - Fatou Sow: Salut',
      '12/11/2026, 14:03 - Fatou Sow: Il me faut',
      '2 beurre de karité 250g',
      '1 bazin riche bleu',
      '12/11/2026, 14:05 - Fatou Sow: 78 765 43 21',
    ].join('\n'),
    lines: [
      ['karite-250', 2],
      ['bazin-bleu', 1],
    ],
    phones: ['787654321'],
    name: 'Fatou Sow',
  },
  'an export whose sender is saved as a number': {
    text: '[12/11/2026 09:15] +221 77 123 45 67: Salam, 2 thé ataya ak 1 café touba',
    lines: [
      ['the-ataya', 2],
      ['cafe-touba', 1],
    ],
    phones: ['+221771234567'],
  },
  'an export with WhatsApp notices and media': {
    text: [
      '12/11/2026 10:00 - Les messages et les appels sont chiffrés de bout en bout.',
      '12/11/2026 10:01 - Awa: <Médias omis>',
      '12/11/2026 10:02 - Awa: je prends 2 exemplaires du sac à main cuir noir',
    ].join('\n'),
    lines: [['sac-noir', 2]],
    name: 'Awa',
  },
  'an Android export with a 12-hour clock': {
    text: '12/11/26 2:03 PM - Mariam: 2 riz parfumé\n12/11/26 2:04 PM - Mariam: Je suis à Treichville',
    lines: [['riz', 2]],
    name: 'Mariam',
    place: 'Treichville',
  },
  'an export where the size comes in a later message': {
    text: [
      '[13/11/2026 08:30:12] Khady: Salam, 2 boubous brodés svp',
      '[13/11/2026 08:31:40] Boutique Awa: Quelle taille ?',
      '[13/11/2026 08:32:05] Khady: taille M',
      '[13/11/2026 08:32:30] Khady: livraison à Parcelles Assainies unité 15',
    ].join('\n'),
    lines: [['boubou-m', 2]],
    name: 'Khady',
    place: 'Parcelles Assainies unité 15',
  },
};

function run(cases: Record<string, Case>) {
  for (const [title, c] of Object.entries(cases)) it(title, () => check(c));
}

describe('paste-to-order: French messages', () => run(FRENCH));
describe('paste-to-order: Wolof and Wolof-French messages', () => run(WOLOF));
describe('paste-to-order: Ivorian French and Nouchi', () => run(NOUCHI));
describe('paste-to-order: WhatsApp exports', () => run(EXPORTS));

describe('paste-to-order: what is not an item', () => {
  it.each([
    'Bonjour ma sœur, ça va ? Merci beaucoup, bonne journée 🙏',
    'On dit quoi mon vieux ? On est ensemble dêh',
    'Salamaleekum, nanga def ? Jërëjëf',
    'ok merci !!',
    '👍🏾👍🏾',
    '',
  ])('chit-chat only: %j', (text) => {
    expect(parseOrderMessage(text)).toEqual({ lines: [], phones: [], name: null, place: null, note: '' });
  });

  it('a text about something else matches no product', () => {
    const parsed = parseOrderMessage("Le match d'hier était incroyable, on a gagné 3 à 1 contre le Cameroun");
    expect(matcher.matchMessage(parsed).filter((m) => m.best)).toEqual([]);
  });

  it('keeps instructions in the note, in the order written', () => {
    const parsed = parseOrderMessage(
      '2 thiouraye. Livraison à Ouakam ce soir après 20h, appelez-moi avant de venir, paiement Orange Money',
    );
    expect(parsed.lines.map((l) => l.phrase)).toEqual(['thiouraye']);
    expect(parsed.place).toBe('Ouakam');
    expect(parsed.note).toBe('ce soir, après 20h, appelez-moi avant de venir, paiement Orange Money');
  });
});

describe('paste-to-order: the parsed lines', () => {
  it('gives the words as written and the source of each item', () => {
    expect(parseOrderMessage('Bonjour, je veux 2 savons kaola et 1 huile de coco 50cl').lines).toEqual([
      { quantity: 2, phrase: 'savons kaola', raw: '2 savons kaola' },
      { quantity: 1, phrase: 'huile de coco 50cl', raw: '1 huile de coco 50cl' },
    ]);
    expect(parseOrderMessage("Savon kaola x3 svp, l'huile de coco").lines).toEqual([
      { quantity: 3, phrase: 'Savon kaola', raw: 'Savon kaola x3' },
      { quantity: 1, phrase: 'huile de coco', raw: "l'huile de coco" },
    ]);
  });

  it('reads both apostrophes alike', () => {
    const straight = parseOrderMessage("c'est Aminata, j'aimerais 2 savons, livraison à Yop");
    const curly = parseOrderMessage('c’est Aminata, j’aimerais 2 savons, livraison à Yop');
    expect(curly).toEqual(straight);
    expect(straight.name).toBe('Aminata');
  });

  it('does not take sizes, shoe sizes nor decimals for quantities', () => {
    const lines = parseOrderMessage('2 bissap 1 L, sandales pointure 41, 1,5 kg de gari, huile 50 cl').lines;
    expect(lines.map((l) => [l.quantity, l.phrase])).toEqual([
      [2, 'bissap 1 L'],
      [1, 'sandales pointure 41'],
      [1, '1,5 kg de gari'],
      [1, 'huile 50 cl'],
    ]);
  });

  it.each([
    ['07 08 09 10 11', '0708091011'],
    ['0708091011', '0708091011'],
    ['+225 07 08 09 10 11', '+2250708091011'],
    ['77 123 45 67', '771234567'],
    ['00221771234567', '00221771234567'],
    ['221 77 123 45 67', '221771234567'],
    ['+237 6 99 88 77 66', '+237699887766'],
    ['77-123-45-67', '771234567'],
  ])('reads the phone %j', (written, phone) => {
    const parsed = parseOrderMessage(`2 savons kaola, mon numéro ${written} merci`);
    expect(parsed.phones).toEqual([phone]);
    expect(parsed.lines).toEqual([{ quantity: 2, phrase: 'savons kaola', raw: '2 savons kaola' }]);
  });

  it('does not take a quantity next to a phone, nor a price, for part of it', () => {
    expect(parseOrderMessage('0708091011 2 savons').phones).toEqual(['0708091011']);
    expect(parseOrderMessage('3 0708091011').phones).toEqual(['0708091011']);
    expect(parseOrderMessage('2 sacs à 25 000 000 F').phones).toEqual([]);
  });
});

describe('paste-to-order: the catalogue matcher', () => {
  const line = (phrase: string) => ({ quantity: 1, phrase, raw: phrase });

  it('labels a variant with its options and scores between 0 and 1', () => {
    const { best } = matcher.matchLine(line('jus de gingembre 50cl'));
    expect(best).toMatchObject({
      variantId: 'gingembre-50',
      productId: 'p-gingembre',
      label: 'Jus de gingembre — 50 cl',
    });
    expect(best!.score).toBeGreaterThan(0.9);
    expect(best!.score).toBeLessThanOrEqual(1);
    expect(matcher.size).toBe(CATALOGUE.length);
  });

  it('lists the other plausible variants, best first, without the best', () => {
    const match = matcher.matchLine(line('savon'));
    expect(match.best?.variantId).toBe('savon-kaola');
    const others = match.alternatives.map((a) => a.variantId);
    expect(others).toEqual(expect.arrayContaining(['savon-noir', 'savon-chevre']));
    expect(others).not.toContain('savon-kaola');
    expect(match.alternatives.length).toBeLessThanOrEqual(4);
    const scores = match.alternatives.map((a) => a.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('offers the other sizes when none is said', () => {
    const match = matcher.matchLine(line('boubou brodé'));
    expect(match.best?.variantId).toBe('boubou-s');
    expect(match.alternatives.slice(0, 2).map((a) => a.variantId)).toEqual(['boubou-m', 'boubou-l']);
  });

  it('prefers the size, colour or shoe size asked for', () => {
    expect(matcher.matchLine(line('boubou M')).best?.variantId).toBe('boubou-m');
    expect(matcher.matchLine(line('BOUBOU BRODE TAILLE L')).best?.variantId).toBe('boubou-l');
    expect(matcher.matchLine(line('sac cuir marron')).best?.variantId).toBe('sac-marron');
    expect(matcher.matchLine(line('bazin bleu')).best?.variantId).toBe('bazin-bleu');
    expect(matcher.matchLine(line('sandales 40')).best?.variantId).toBe('sandale-40');
    expect(matcher.matchLine(line('huile de coco 100 cl')).best?.variantId).toBe('coco-100');
  });

  it('prefers a variant in stock when the request does not tell them apart', () => {
    const m = new CatalogueMatcher([
      {
        variantId: 'a',
        productId: 'p',
        productName: 'Pagne wax',
        optionValues: ['Rouge'],
        sku: null,
        price: 1,
        stock: 0,
      },
      {
        variantId: 'b',
        productId: 'p',
        productName: 'Pagne wax',
        optionValues: ['Vert'],
        sku: null,
        price: 1,
        stock: 3,
      },
    ]);
    expect(m.matchLine(line('pagne wax')).best?.variantId).toBe('b');
    expect(m.matchLine(line('pagne wax rouge')).best?.variantId).toBe('a');
  });

  it('finds a product by its SKU, any case, with full confidence', () => {
    const match = matcher.matchLine(line('kao-01'));
    expect(match.best).toMatchObject({ variantId: 'savon-kaola', score: 1 });
  });

  it('ignores accents, case and plurals, and tolerates typos', () => {
    for (const phrase of ['ATTIEKE', 'attiéké', 'atieke', 'attiékés']) {
      expect(matcher.matchLine(line(phrase)).best?.variantId).toBe('attieke');
    }
    expect(matcher.matchLine(line('savons noirs')).best?.variantId).toBe('savon-noir');
    expect(matcher.matchLine(line('koala')).best?.variantId).toBe('savon-kaola');
    expect(matcher.matchLine(line('meche bresilienne')).best?.variantId).toBe('meches');
  });

  it('answers null for what is not in the catalogue, and for nothing', () => {
    expect(matcher.matchLine(line('téléviseur samsung')).best).toBeNull();
    expect(matcher.matchLine(line('')).best).toBeNull();
    expect(new CatalogueMatcher([]).matchLine(line('savon')).best).toBeNull();
  });
});

describe('paste-to-order: a large catalogue', () => {
  it('finds the right variants among 20 000 products', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const kinds = [
      'Savon',
      'Huile',
      'Crème',
      'Pagne',
      'Jus',
      'Lait',
      'Boubou',
      'Sac',
      'Thé',
      'Beurre',
      'Poudre',
    ];
    const qualities = [
      'bio',
      'naturel',
      'premium',
      'parfumé',
      'brodé',
      'de karité',
      'de coco',
      'de palme',
      'noir',
    ];
    const syllables = ['ka', 'ko', 'la', 'mi', 'na', 'so', 'to', 'ba', 'di', 'fa', 'ma', 'ri', 'zo', 'ne'];
    const options = [
      ['S', 'M', 'L'],
      ['50 cl', '1 L', '2 L'],
      ['Noir', 'Marron', 'Blanc'],
    ];
    const synthetic: MatchableVariant[] = [];
    for (let p = 0; p < 20_000; p++) {
      const productName = `${pick(kinds)} ${pick(qualities)} ${pick(syllables)}${pick(syllables)}${pick(syllables)}`;
      const values = pick(options);
      for (const [k, value] of values.entries()) {
        synthetic.push({
          variantId: `s${p}-${k}`,
          productId: `s${p}`,
          productName,
          optionValues: [value],
          sku: null,
          price: 1000,
          stock: 5,
        });
      }
    }
    const big = new CatalogueMatcher([...synthetic, ...CATALOGUE]);
    expect(big.size).toBe(60_000 + CATALOGUE.length);
    const parsed = parseOrderMessage(
      'Bonjour, je veux 2 savons kaola, 1 huil de coco 50cl, tiouraye x3 et 1 boubou brodé taille M',
    );
    const matches = big.matchMessage(parsed).map((m) => [m.best?.variantId, m.line.quantity]);
    expect(matches).toEqual([
      ['savon-kaola', 2],
      ['coco-50', 1],
      ['thiouraye', 3],
      ['boubou-m', 1],
    ]);
  });
});
