import { sql, type SQL } from 'drizzle-orm';
import { Errors } from '@/server/http/errors';

/**
 * A change feed's cursor: the last (updated_at, id) seen, for the tills that copy a shop's tables
 * page by page. A row's updated_at is set before its transaction commits, so a slow writer can
 * commit a row older than the cursor: a finished read hands back a cursor this far behind, and the
 * next one reads those minutes again (the reader merges by id).
 */
const SETTLE_MS = 2 * 60 * 1000;

/** Microseconds since 1970 (PostgreSQL keeps them; a Date would round them off) and the id. */
export interface ChangeCursor {
  micros: bigint;
  id: string;
}

/** The cursor a client sent back (`micros~id`), or the start; a malformed one is a 422 on `since`. */
export function readChangeCursor(since: string | undefined): ChangeCursor {
  if (!since) return { micros: 0n, id: '' };
  const [micros, id = ''] = since.split('~');
  if (!micros || !/^\d{1,20}$/.test(micros))
    throw Errors.validation({ since: 'Curseur de synchronisation invalide.' });
  return { micros: BigInt(micros), id };
}

/** Where the next call starts: just after this page, or a settle window back once all is read. */
export function nextChangeCursor(
  last: { micros: string; id: string } | undefined,
  since: ChangeCursor,
  hasMore: boolean,
): string {
  if (hasMore && last) return `${last.micros}~${last.id}`;
  const newest = last && BigInt(last.micros) > since.micros ? BigInt(last.micros) : since.micros;
  const settled = newest - BigInt(SETTLE_MS * 1000);
  return `${settled > 0n ? settled : 0n}~`;
}

/** A timestamp column as microseconds since 1970, in text (a JS number cannot hold them all). */
export const microsOf = (column: unknown): SQL<string> =>
  sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;

// Integer arithmetic on purpose: a double cannot hold every microsecond of an epoch.
export const instantOf = (c: ChangeCursor): SQL =>
  sql`('epoch'::timestamptz + ${c.micros.toString()}::bigint * interval '1 microsecond')`;

/** Rows changed after the cursor, in (updated_at, id) order. */
export const changedAfter = (table: { updatedAt: unknown; id: unknown }, c: ChangeCursor): SQL =>
  sql`(${table.updatedAt}, ${table.id}) > (${instantOf(c)}, ${c.id})`;
