import { sql, type SQL } from 'drizzle-orm';
import { executePrepared, type Executor } from '@/server/db';
import { clientEvents, type ClientEventType } from '@/server/db/schema/customer';
import { newId } from '@/server/ids';
import { Errors } from '@/server/http/errors';
import type { TClientNoteEvent } from '../client-merge.schemas';
import { requireClient } from './client-profile';

/*
 * The client's own history (notes by the team, merges), beside their orders' which the order
 * module reads from its tables. Both end up on the one timeline: see clientEventsForTimeline.
 */

export async function insertClientEvent(
  tx: Executor,
  event: {
    shopId: string;
    clientId: string;
    type: ClientEventType;
    data: Record<string, unknown>;
    userId: string | null;
  },
): Promise<typeof clientEvents.$inferSelect> {
  const [row] = await tx
    .insert(clientEvents)
    .values({ id: newId(), ...event })
    .returning();
  return row!;
}

/** What the page reads of an event: the note or the SMS as sent, or a sentence telling the merge. */
export function clientEventText(type: string, data: Record<string, unknown>): string {
  if (type === 'note' || type === 'message') return typeof data.text === 'string' ? data.text : '';
  const name = typeof data.mergedName === 'string' ? data.mergedName : 'un client';
  const phone = typeof data.mergedPhone === 'string' && data.mergedPhone ? ` (${data.mergedPhone})` : '';
  const moved = typeof data.ordersMoved === 'number' ? data.ordersMoved : 0;
  const orders = moved === 0 ? 'aucune commande' : moved === 1 ? '1 commande' : `${moved} commandes`;
  return `Fusionné avec ${name}${phone}\u00a0: ${orders} reprise${moved > 1 ? 's' : ''}.`;
}

export async function addClientNote(
  db: Executor,
  shopId: string,
  userId: string,
  input: { clientId: string; text: string },
): Promise<TClientNoteEvent> {
  await requireClient(db, shopId, input.clientId);
  const row = await insertClientEvent(db, {
    shopId,
    clientId: input.clientId,
    type: 'note',
    data: { text: input.text },
    userId,
  });
  return toNoteEvent({ ...row, at_key: '' });
}

/**
 * An SMS the shop sent a client (`purpose`: an « ardoise » reminder, a till receipt), on their
 * history with the text as it left. Written after the gateway took it: a refused SMS is no event.
 */
export async function recordClientMessage(
  db: Executor,
  message: {
    shopId: string;
    clientId: string;
    /** A reminder or receipt sent by an agent; a CRM campaign's or automation's message (no agent). */
    purpose: 'reminder' | 'receipt' | 'campaign' | 'automation';
    text: string;
    userId: string | null;
  },
): Promise<void> {
  await insertClientEvent(db, {
    shopId: message.shopId,
    clientId: message.clientId,
    type: 'message',
    data: { purpose: message.purpose, text: message.text },
    userId: message.userId,
  });
}

/** A merged client's events become the kept one's (in the merge's transaction). */
export async function moveClientEvents(tx: Executor, shopId: string, fromId: string, toId: string) {
  await executePrepared(
    tx,
    sql`update client_events set client_id = ${toId}
      where shop_id = ${shopId} and client_id = ${fromId} returning id`,
  );
}

/**
 * For the order module's timeline (`/api/client/timeline`): the client's notes and merges as rows
 * of its union — id, type, at, order_id (null), order_number (null), amount (0), detail (the text).
 * `union all` it beside the orders, payments and refunds; the cursor (at, id) works the same.
 */
export function clientEventsForTimeline(shopId: string, clientId: string): SQL {
  return sql`select ev.id, ev.type, ev.at, null::text as order_id, null::int as order_number,
      0::bigint as amount,
      case when ev.type in ('note', 'message') then ev.data->>'text' else 'Fusion avec ' || coalesce(ev.data->>'mergedName', '') end as detail
    from client_events ev where ev.shop_id = ${shopId} and ev.client_id = ${clientId}`;
}

type EventRow = {
  id: string;
  type: string;
  at: string | Date;
  data: Record<string, unknown>;
  user_id?: string | null;
  userId?: string | null;
  at_key: string;
};

function toNoteEvent(row: EventRow): TClientNoteEvent {
  return {
    id: row.id,
    type: row.type as TClientNoteEvent['type'],
    at: new Date(row.at).toISOString(),
    text: clientEventText(row.type, row.data),
    userId: row.user_id ?? row.userId ?? null,
  };
}

/** The client's notes and merges, newest first; the page after a cursor (time, id) goes on. */
export async function listClientEvents(
  db: Executor,
  shopId: string,
  clientId: string,
  page: { after?: string; limit: number },
): Promise<{ items: TClientNoteEvent[]; nextCursor: string | null }> {
  let cursor: [string, string] | null = null;
  if (page.after) {
    try {
      cursor = JSON.parse(Buffer.from(page.after, 'base64url').toString('utf8')) as [string, string];
    } catch {
      cursor = null;
    }
    if (!Array.isArray(cursor) || typeof cursor[0] !== 'string' || typeof cursor[1] !== 'string')
      throw Errors.validation({ after: 'Curseur de pagination invalide.' });
  }
  const after = cursor ? sql`and (at, id) < (${cursor[0]}::timestamptz, ${cursor[1]})` : sql``;
  const rows = await executePrepared<EventRow>(
    db,
    sql`select id, type, at, data, user_id, at::text as at_key from client_events
      where shop_id = ${shopId} and client_id = ${clientId} ${after}
      order by at desc, id desc limit ${page.limit + 1}`,
  );
  const last = rows[page.limit - 1];
  return {
    items: rows.slice(0, page.limit).map(toNoteEvent),
    nextCursor:
      rows.length > page.limit && last
        ? Buffer.from(JSON.stringify([last.at_key, last.id])).toString('base64url')
        : null,
  };
}

/**
 * The client a deleted one was merged into, if it was: for callers holding an old id (a till's copy
 * of the clients, an offline sale made before the merge) that should land on the kept client
 * rather than fail. Null for an id never merged.
 */
export async function findMergedInto(db: Executor, shopId: string, clientId: string): Promise<string | null> {
  const [row] = await executePrepared<{ client_id: string }>(
    db,
    sql`select client_id from client_events
      where shop_id = ${shopId} and type = 'merge' and data->>'mergedId' = ${clientId}
      order by at desc limit 1`,
  );
  return row?.client_id ?? null;
}
