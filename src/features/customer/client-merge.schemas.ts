import { ZId, z } from '@/shared/validation';
import { ZClientDetail } from './customer.schemas';

/** POST /api/client/merge: `mergeId`'s orders, credit, tags, notes and consents go to `keepId`. */
export const ZMergeClientsBody = z.object({ shopId: ZId, keepId: ZId, mergeId: ZId });
export type TMergeClientsBody = z.infer<typeof ZMergeClientsBody>;
export const ZMergeClientsAnswer = z.object({ client: ZClientDetail, ordersMoved: z.number().int() });
export type TMergeClientsAnswer = z.infer<typeof ZMergeClientsAnswer>;

/** POST /api/client/addNote: a dated note on the client's timeline. */
export const ZAddClientNoteBody = z.object({
  shopId: ZId,
  clientId: ZId,
  text: z.string().trim().min(1, { error: 'La note est vide.' }).max(2000),
});

export const CLIENT_NOTE_EVENT_TYPES = ['note', 'merge', 'message'] as const;
/** A note, a merge or an SMS sent, as the client's page shows it. */
export const ZClientNoteEvent = z.object({
  id: z.string(),
  type: z.enum(CLIENT_NOTE_EVENT_TYPES),
  at: z.string(),
  /** The note, or « Fusionné avec Awa Diop (+221…) : 3 commandes reprises. » for a merge. */
  text: z.string(),
  userId: z.string().nullable(),
});
export type TClientNoteEvent = z.infer<typeof ZClientNoteEvent>;

/** GET /api/client/events: the client's notes, merges and SMS sent, newest first, by cursor. */
export const ZClientNoteEventsQuery = z.object({
  shopId: ZId,
  clientId: ZId,
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const ZClientNoteEvents = z.object({
  items: z.array(ZClientNoteEvent),
  nextCursor: z.string().nullable(),
});
