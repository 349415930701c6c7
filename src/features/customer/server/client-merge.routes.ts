import { defineRoute } from '@/server/http/define-route';
import {
  ZAddClientNoteBody,
  ZClientNoteEvent,
  ZClientNoteEvents,
  ZClientNoteEventsQuery,
  ZMergeClientsAnswer,
  ZMergeClientsBody,
} from '../client-merge.schemas';
import { addClientNote, listClientEvents } from './client-events';
import { requireClient } from './client-profile';
import { toClientDetail } from './customer.dto';
import { mergeClients } from './merge-clients';

/* « Fusionner » and the notes of a client's page: admin, supervisor, seller (`clients:manage`). */

export const mergeClientsRoute = defineRoute({
  method: 'POST',
  path: '/api/client/merge',
  tag: 'client',
  summary:
    'Fusionne deux clients en une transaction : les commandes (ardoise comprise), l’avoir, les étiquettes, les notes et les consentements du client fusionné passent au client gardé, puis il est supprimé. Jamais refusé pour un avoir ou une ardoise. La fusion apparaît dans l’historique du client gardé.',
  shop: { from: 'body', key: 'shopId' },
  permission: 'clients:manage',
  body: ZMergeClientsBody,
  response: ZMergeClientsAnswer,
  handle: async ({ db, membership, user, body }) => {
    const { client, ordersMoved } = await mergeClients(db, membership!.shop, user!.id, body);
    return { client: toClientDetail(client), ordersMoved };
  },
});

export const addClientNoteRoute = defineRoute({
  method: 'POST',
  path: '/api/client/addNote',
  tag: 'client',
  summary: 'Ajoute une note datée à l’historique d’un client.',
  shop: { from: 'body', key: 'shopId' },
  permission: 'clients:manage',
  body: ZAddClientNoteBody,
  response: ZClientNoteEvent,
  handle: ({ db, membership, user, body }) =>
    addClientNote(db, membership!.shop.id, user!.id, { clientId: body.clientId, text: body.text }),
});

export const listClientEventsRoute = defineRoute({
  method: 'GET',
  path: '/api/client/events',
  tag: 'client',
  summary: 'Les notes et les fusions d’un client, de la plus récente à la plus ancienne, par curseur.',
  shop: { from: 'query', key: 'shopId' },
  permission: 'clients:manage',
  query: ZClientNoteEventsQuery,
  response: ZClientNoteEvents,
  handle: async ({ db, membership, query }) => {
    await requireClient(db, membership!.shop.id, query.clientId);
    return listClientEvents(db, membership!.shop.id, query.clientId, query);
  },
});
