import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SessionRef } from '@/server/auth/access-token';
import type { Executor } from '@/server/db';
import type { OpenedDatabase } from '@/server/db/client';
import type { StopListening } from '@/server/db/notifications';
import { runtime } from '@/server/runtime';
import {
  findSessionUser,
  findSessionUserWithMembership,
  type MembershipRow,
  type UserRow,
} from './membership';

/**
 * Who called, without asking the database each time: every signed-in request starts by reading its
 * user, sign-in, membership and shop (one round trip, three wide rows to parse): a tenth to a
 * sixth of a list request's CPU. Those rows change rarely (a role, a deactivation, a sign-out, a shop's settings);
 * when they do, the database tells every server (migration 0040: triggers on users, shops, agents
 * and auth_sessions notify `comptoir_callers` at commit), and the code that changed them here also
 * says so at once (`forgetCallers`), so this server never serves a removed role on its next request.
 *
 * Only what the database confirmed is kept: a caller refused (revoked sign-in, not a member) is
 * asked again each time. The cache serves only while the notifications are heard: a lost listening
 * connection empties it and turns it off until it is back.
 */
export const CALLER_CHANNEL = 'comptoir_callers';

/** A kept answer lives this long even if no change is heard: a safety net, not the rule. */
const TTL_MS = 5 * 60_000;
/** Enough for every agent signed in on a busy server; past it the oldest entries go. */
const MAX_ENTRIES = 10_000;

interface Caller {
  user: UserRow;
  membership: MembershipRow | null;
}

interface Entry extends Caller {
  sessionId: string;
  shopId: string;
  expiresAt: number;
}

class CallerCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every forgetting: a lookup that started before it must not keep what it read. */
  generation = 0;
  /** True only while this server hears the database's notifications. */
  listening = false;
  /** The marks callerChangesHeard waits for, by mark. */
  readonly awaitedMarks = new Map<string, () => void>();

  get(session: SessionRef, shopId: string): Caller | undefined {
    if (!this.listening) return undefined;
    const key = keyOf(session, shopId);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(session: SessionRef, shopId: string, caller: Caller, startedAt: number): void {
    if (!this.listening || startedAt !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(keyOf(session, shopId), {
      ...caller,
      sessionId: session.sessionId,
      shopId,
      expiresAt: Date.now() + TTL_MS,
    });
  }

  /** Forgets the entries `matches` picks (all of them without it). */
  forget(matches?: (entry: Entry) => boolean): void {
    this.generation++;
    if (!matches) return this.entries.clear();
    for (const [key, entry] of this.entries) if (matches(entry)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

function keyOf(session: SessionRef, shopId: string): string {
  return `${session.sessionId}\u0000${session.userId}\u0000${shopId}`;
}

// One per process: server.ts and what Next bundles itself (next-auth's sign-out) share it.
const holder = runtime as typeof runtime & { callerCache?: CallerCache };
const cache = (holder.callerCache ??= new CallerCache());

/**
 * The signed-in caller (null when the sign-in was revoked or the user is gone) and, when `shopId`
 * is named, their active membership of it (null when they have none). `db` must be the process's
 * database, never a transaction: a transaction may see rows not yet committed.
 */
export async function findCaller(
  db: Executor,
  session: SessionRef,
  shopId: string | undefined,
): Promise<{ user: UserRow | null; membership: MembershipRow | null | undefined }> {
  const kept = cache.get(session, shopId ?? '');
  if (kept) return { user: kept.user, membership: shopId === undefined ? undefined : kept.membership };
  const startedAt = cache.generation;
  if (shopId === undefined) {
    const user = await findSessionUser(db, session);
    if (user) cache.set(session, '', { user, membership: null }, startedAt);
    return { user, membership: undefined };
  }
  const found = await findSessionUserWithMembership(db, session, shopId);
  if (found.user && found.membership)
    cache.set(session, shopId, { user: found.user, membership: found.membership }, startedAt);
  return found;
}

/** What a change notified on `comptoir_callers` (see migration 0040) makes this server forget. */
export function forgetNotified(payload: string): void {
  const [kind, id, second] = payload.split(':');
  if (kind === 'heard' && id) cache.awaitedMarks.get(id)?.();
  else if (kind === 'user' && id) forgetCallers({ userId: id });
  else if (kind === 'shop' && id) forgetCallers({ shopId: id });
  else if (kind === 'member' && id && second) forgetCallers({ shopId: id, userId: second });
  else if (kind === 'session' && id) forgetCallers({ sessionIds: [id] });
  else forgetCallers({});
}

/**
 * Forgets what this server kept of a user, a shop, a member of a shop or some sign-ins (everything,
 * given nothing). Code that changes them calls it right after, so this server's next request reads
 * them afresh even before the database's notification comes back.
 */
export function forgetCallers(which: { userId?: string; shopId?: string; sessionIds?: string[] }): void {
  const { userId, shopId, sessionIds } = which;
  if (sessionIds) {
    const ids = new Set(sessionIds);
    return cache.forget((e) => ids.has(e.sessionId));
  }
  if (!userId && !shopId) return cache.forget();
  cache.forget(
    (e) => (userId === undefined || e.user.id === userId) && (shopId === undefined || e.shopId === shopId),
  );
}

/**
 * Resolves once this server has heard every change committed before the call: it notifies a mark
 * of its own and waits for it (notifications arrive in commit order). For code, and tests, that
 * write straight to the database and ask the API at once; on PGlite it is heard as it is sent.
 */
export async function callerChangesHeard(db: Executor): Promise<void> {
  if (!cache.listening) return;
  const mark = randomUUID();
  const heard = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 2_000);
    cache.awaitedMarks.set(mark, () => {
      clearTimeout(timer);
      resolve();
    });
  });
  try {
    await db.execute(sql`select pg_notify(${CALLER_CHANNEL}, ${`heard:${mark}`})`);
    await heard;
  } finally {
    cache.awaitedMarks.delete(mark);
  }
}

/**
 * Turns the cache on while the database's notifications are heard, off (and empty) when they are
 * not: called by the listening connection as it starts, stops or is lost.
 */
export function setCallerCacheListening(listening: boolean): void {
  cache.forget();
  cache.listening = listening;
}

/** For tests and diagnostics: how many callers are kept, and whether the cache serves. */
export function callerCacheState(): { size: number; listening: boolean } {
  return { size: cache.size, listening: cache.listening };
}

/**
 * Keeps callers for as long as this server hears the changes of `opened` (server start-up, the API
 * tests' database); the returned function stops, emptying the cache.
 */
export function watchCallerChanges(opened: Pick<OpenedDatabase, 'listen'>): Promise<StopListening> {
  return opened.listen(CALLER_CHANNEL, { onNotify: forgetNotified, onHearing: setCallerCacheListening });
}
