import { defineRoute } from '@/server/http/define-route';
import {
  ZClientStatement,
  ZClientStatementQuery,
  ZClientTimeline,
  ZClientTimelineQuery,
  ZPayClientBalanceAnswer,
  ZPayClientBalanceBody,
} from '@/features/customer/customer.schemas';
import { requireClient } from '@/features/customer/server/client-profile';
import { clientTimeline, payClientBalance } from './client-balance';
import { sendBalanceReminder } from './client-reminder';
import { clientStatement } from './client-statement';
import { ZId, z } from '@/shared/validation';

/*
 * The parts of a client's page that are their orders (this module's tables): the history and the
 * « ardoise » payments. On the client's page, so with its permission.
 */
export const clientTimelineRoute = defineRoute({
  method: 'GET',
  path: '/api/client/timeline',
  tag: 'client',
  summary:
    'L’historique d’un client, du plus récent au plus ancien : commandes de tous les canaux, paiements, remboursements.',
  shop: { from: 'query', key: 'shopId' },
  permission: 'clients:manage',
  query: ZClientTimelineQuery,
  response: ZClientTimeline,
  handle: async ({ db, membership, query }) => {
    await requireClient(db, membership!.shop.id, query.clientId);
    return clientTimeline(db, membership!.shop.id, query.clientId, query);
  },
});

export const payClientBalanceRoute = defineRoute({
  method: 'POST',
  path: '/api/order/payClientBalance',
  tag: 'order',
  summary:
    'Un paiement sur l’ardoise d’un client (partiel possible), réparti sur ses commandes impayées de la plus ancienne à la plus récente ; jamais plus que l’ardoise.',
  shop: { from: 'body', key: 'shopId' },
  permission: 'clients:manage',
  body: ZPayClientBalanceBody,
  response: ZPayClientBalanceAnswer,
  handle: ({ db, membership, user, body }) => payClientBalance(db, membership!.shop, user!.id, body),
});

export const sendBalanceReminderRoute = defineRoute({
  method: 'POST',
  path: '/api/client/sendReminder',
  tag: 'client',
  summary:
    'Envoie au client un SMS rappelant son ardoise et les commandes qu’elle couvre (compté dans les SMS du forfait).',
  shop: { from: 'body', key: 'shopId' },
  permission: 'clients:manage',
  body: z.object({ shopId: ZId, clientId: ZId }),
  response: z.object({ phone: z.string(), balance: z.number() }),
  handle: ({ db, membership, user, body }) =>
    sendBalanceReminder(db, membership!.shop, user!.id, body.clientId),
});

export const clientStatementRoute = defineRoute({
  method: 'GET',
  path: '/api/client/statement',
  tag: 'client',
  summary:
    'Le relevé de l’ardoise d’un client sur une période (une année au plus) : solde au début, commandes et paiements avec le solde après chacun, solde à la fin.',
  shop: { from: 'query', key: 'shopId' },
  permission: 'clients:manage',
  query: ZClientStatementQuery,
  response: ZClientStatement,
  handle: ({ db, membership, query }) => clientStatement(db, membership!.shop, query),
});
