import { ORDER_CHANNELS } from '@/features/order/order.constants';
import { z } from '@/shared/validation';

/*
 * A segment: rules over a shop's clients and their figures, all of them (« toutes ») or any
 * (« au moins une ») to match. The CRM composes and saves them; this module, which owns the
 * clients, turns them into SQL (server/client-segments.ts). Shared with the browser.
 */

const ZWhole = (what: string, max: number) =>
  z
    .number({ error: `Indiquez ${what}.` })
    .int(`${what[0]!.toUpperCase()}${what.slice(1)} doit être un nombre entier.`)
    .min(0, `${what[0]!.toUpperCase()}${what.slice(1)} ne peut pas être négatif.`)
    .max(max, `${what[0]!.toUpperCase()}${what.slice(1)} est trop grand.`);
const ZDays = z
  .number({ error: 'Indiquez un nombre de jours.' })
  .int('Le nombre de jours doit être entier.')
  .min(1, 'Au moins 1 jour.')
  .max(3650, 'Au plus 3 650 jours (dix ans).');
const ZCompare = z.enum(['gte', 'lte']);
const ZWords = (what: string) =>
  z
    .array(z.string().trim().min(1).max(120))
    .min(1, `Choisissez au moins ${what}.`)
    .max(50, `Au plus 50 valeurs.`);

export const ZSegmentRule = z.discriminatedUnion('field', [
  z.object({ field: z.literal('totalSpent'), op: ZCompare, value: ZWhole('un montant', 1_000_000_000_000) }),
  z.object({
    field: z.literal('ordersCount'),
    op: ZCompare,
    value: ZWhole('un nombre de commandes', 1_000_000),
  }),
  /** within: ordered in the last N days; before: has ordered, not in the last N days; never. */
  z.object({
    field: z.literal('lastOrder'),
    op: z.enum(['within', 'before', 'never']),
    days: ZDays.optional(),
  }),
  /** First order in the last N days: a new client. */
  z.object({ field: z.literal('firstOrder'), days: ZDays }),
  z.object({
    field: z.literal('firstChannel'),
    channels: z.array(z.enum(ORDER_CHANNELS)).min(1, 'Choisissez au moins un canal.'),
  }),
  z.object({ field: z.literal('commune'), communes: ZWords('une commune') }),
  z.object({ field: z.literal('tags'), op: z.enum(['any', 'all', 'none']), tags: ZWords('une étiquette') }),
  z.object({ field: z.literal('balance'), has: z.boolean() }),
  z.object({ field: z.literal('birthdayThisMonth') }),
  z.object({ field: z.literal('consent'), channel: z.enum(['sms', 'whatsapp']), given: z.boolean() }),
  /** Cash-on-delivery parcels refused or not collected (orders « retournée »). */
  z.object({ field: z.literal('refusedCod'), op: ZCompare, value: ZWhole('un nombre de colis', 100_000) }),
]);
export type TSegmentRule = z.infer<typeof ZSegmentRule>;
export type SegmentField = TSegmentRule['field'];

export const ZSegmentDefinition = z
  .object({
    match: z.enum(['all', 'any']),
    rules: z.array(ZSegmentRule).min(1, 'Ajoutez au moins une règle.').max(20, 'Au plus 20 règles.'),
  })
  .superRefine((definition, ctx) => {
    definition.rules.forEach((rule, i) => {
      if (rule.field === 'lastOrder' && rule.op !== 'never' && rule.days === undefined)
        ctx.addIssue({ code: 'custom', path: ['rules', i, 'days'], message: 'Indiquez un nombre de jours.' });
    });
  });
export type TSegmentDefinition = z.infer<typeof ZSegmentDefinition>;

/** Ready-made segments, in French, that a seller opens and may save as their own. */
export const PRESET_SEGMENTS: ReadonlyArray<{
  key: string;
  name: string;
  description: string;
  definition: TSegmentDefinition;
}> = [
  {
    key: 'meilleurs',
    name: 'Meilleurs clients',
    description: 'Ceux qui ont le plus dépensé, sur au moins 3 commandes.',
    definition: {
      match: 'all',
      rules: [
        { field: 'totalSpent', op: 'gte', value: 100_000 },
        { field: 'ordersCount', op: 'gte', value: 3 },
      ],
    },
  },
  {
    key: 'fideles',
    name: 'Clients fidèles',
    description: 'Au moins 3 commandes, dont une dans les 90 derniers jours.',
    definition: {
      match: 'all',
      rules: [
        { field: 'ordersCount', op: 'gte', value: 3 },
        { field: 'lastOrder', op: 'within', days: 90 },
      ],
    },
  },
  {
    key: 'a-risque',
    name: 'À risque',
    description: 'Pas d’achat depuis 60 jours, après au moins 2 commandes.',
    definition: {
      match: 'all',
      rules: [
        { field: 'ordersCount', op: 'gte', value: 2 },
        { field: 'lastOrder', op: 'before', days: 60 },
      ],
    },
  },
  {
    key: 'nouveaux',
    name: 'Nouveaux clients',
    description: 'Première commande dans les 30 derniers jours.',
    definition: { match: 'all', rules: [{ field: 'firstOrder', days: 30 }] },
  },
  {
    key: 'anniversaires',
    name: 'Anniversaires du mois',
    description: 'Les clients dont l’anniversaire tombe ce mois-ci.',
    definition: { match: 'all', rules: [{ field: 'birthdayThisMonth' }] },
  },
];

/** A ready-made segment's rules, by its key (« meilleurs », « a-risque »…). */
export function presetSegment(key: (typeof PRESET_SEGMENTS)[number]['key']): TSegmentDefinition {
  const preset = PRESET_SEGMENTS.find((p) => p.key === key);
  if (!preset) throw new Error(`Modèle de segment inconnu : ${key}`);
  return preset.definition;
}
