// The namespace import: bundlers keep only what is used of it, not zod's every locale (see below).
import * as z from 'zod';
import frenchLocale from 'zod/v4/locales/fr.js';
import { REQUIRED_MESSAGE, tooLongMessage, tooShortMessage } from './validation-messages';

/** French labels for field names, so an error can name the field the way the form does. */
export const FIELD_LABELS: Record<string, string> = {
  shopId: 'Boutique',
  seoTitle: 'Titre pour les moteurs de recherche',
  seoDescription: 'Description pour les moteurs de recherche',
  id: 'Identifiant',
  sellerId: 'Vendeur',
  notificationsArray: 'Notifications',
  fmcId: 'Identifiant de l’appareil',
  phone: 'Téléphone',
  code: 'Code',
  firstName: 'Prénom',
  lastName: 'Nom',
  shopName: 'Nom de la boutique',
  country: 'Pays',
  currency: 'Devise',
  email: 'E-mail',
  name: 'Nom',
  timeZone: 'Fuseau horaire',
  role: 'Rôle',
  agentId: 'Agent',
  isActive: 'Statut',
  file: 'Fichier',
  photo: 'Photo',
  logo: 'Logo',
  plan: 'Forfait',
  months: 'Durée',
  paymentId: 'Paiement',
  position: 'Position GPS',
  outcome: 'Résultat',
  token: 'Lien de paiement',
  method: 'Moyen de paiement',
  receiptFooter: 'Message des tickets de caisse',
  taxId: 'Identifiant fiscal',
  tradeRegister: 'Registre du commerce',
  idempotencyKey: 'Clé de requête',
  subscriptionPlan: 'Forfait',
  shopExpiresAt: 'Fin d’abonnement',
  freeTrialExpiresAt: 'Fin d’essai',
  isBlocked: 'Blocage',
  search: 'Recherche',
  after: 'Curseur',
  price: 'Prix',
  compareAtPrice: 'Prix barré',
  costPrice: 'Prix de revient',
  sku: 'SKU',
  barcode: 'Code-barres',
  variants: 'Variantes',
  options: 'Options',
  values: 'Valeurs',
  optionValues: 'Valeurs d’option',
  descriptionHtml: 'Description',
  status: 'Statut',
  categoryId: 'Catégorie',
  parentId: 'Catégorie parente',
  tags: 'Étiquettes',
  trackStock: 'Suivi du stock',
  lowStockThreshold: 'Seuil de stock faible',
  weightGrams: 'Poids',
  quantity: 'Quantité',
  reason: 'Motif',
  note: 'Note',
  counts: 'Comptage',
  counted: 'Quantité comptée',
  productId: 'Produit',
  productIds: 'Produits',
  variantIds: 'Variantes',
  categoryIds: 'Catégories',
  percentage: 'Pourcentage',
  amount: 'Montant',
  startsAt: 'Début',
  endsAt: 'Fin',
  products: 'Produits',
  customers: 'Clients',
  count: 'Nombre de codes',
  prefix: 'Préfixe',
  variantId: 'Variante',
  stock: 'Stock',
  sort: 'Tri',
  limit: 'Nombre',
  image: 'Image',
  imageUrl: 'Image',
  fee: 'Frais de livraison',
  deliveryFee: 'Frais de livraison',
  deliveryFeeReason: 'Raison des frais',
  freeFrom: 'Livraison offerte dès',
  minOrder: 'Commande minimum',
  delay: 'Délai',
  areas: 'Communes et quartiers',
  commune: 'Commune',
  quartier: 'Quartier',
  city: 'Ville',
  address: 'Adresse',
  hours: 'Horaires',
  goods: 'Montant des articles',
  vehicle: 'Moyen de transport',
  kind: 'Statut du livreur',
  carrier: 'Transporteur',
  notes: 'Notes',
};

export function fieldLabel(path: string): string {
  const last =
    path
      .split('.')
      .filter((p) => !/^\d+$/.test(p))
      .pop() ?? path;
  return FIELD_LABELS[last] ?? last;
}

/** Plain French messages for the common cases; zod's own French locale covers the rest. */
function frenchIssue(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? REQUIRED_MESSAGE : 'Valeur invalide.';
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 || issue.input === ''
          ? REQUIRED_MESSAGE
          : tooShortMessage(issue.minimum);
      if (issue.origin === 'array')
        return Number(issue.minimum) <= 1
          ? 'La liste ne peut pas être vide.'
          : `Au moins ${issue.minimum} éléments.`;
      return `La valeur doit être au moins ${issue.minimum}.`;
    case 'too_big':
      if (issue.origin === 'string') return tooLongMessage(issue.maximum);
      if (issue.origin === 'array') return `Au plus ${issue.maximum} éléments.`;
      return `La valeur doit être au plus ${issue.maximum}.`;
    case 'invalid_value':
      return 'Cette valeur n’est pas autorisée.';
    case 'invalid_format':
      return issue.format === 'email' ? 'Adresse e-mail invalide.' : 'Format invalide.';
    case 'unrecognized_keys':
      return `Champ inconnu : ${issue.keys.join(', ')}.`;
    default:
      return undefined;
  }
}

let configured = false;
export function configureFrenchValidation(): void {
  if (configured) return;
  configured = true;
  // The French messages alone: `z.locales` would bring every language zod speaks (about 300 KB of
  // script to every page with a form).
  z.config(frenchLocale());
  z.config({ customError: frenchIssue });
}
configureFrenchValidation();

/** `{ field: message }` from a zod error, the shape of the API's 422 details and of form errors. */
export function issuesToDetails(error: z.ZodError, prefix = ''): Record<string, string> {
  const details: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || prefix || '_';
    details[key] ??= issue.message;
  }
  return details;
}

/** « Téléphone : ce champ est obligatoire. » — one sentence naming the first faulty field. */
export function describeDetails(details: Record<string, string>): string {
  const [first] = Object.entries(details);
  if (!first) return 'Certaines informations sont invalides.';
  const [path, message] = first;
  return `${fieldLabel(path)} : ${message.charAt(0).toLowerCase()}${message.slice(1)}`;
}

/** Every id the API takes (ours are 20 characters; some tests and seeds use others). */
export const ZId = z.string().trim().min(1).max(64);

export { z };
