import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { builtOnceFor, PREPARED, runPrepared, type Executor } from '@/server/db';
import { agents } from '@/server/db/schema/agent';
import { authSessions } from '@/server/db/schema/auth';
import { shops } from '@/server/db/schema/shop';
import { users } from '@/server/db/schema/user';
import type { SessionRef } from '@/server/auth/access-token';

/**
 * Tenancy: who the caller is and which shop they act in, as every request (the route wrapper, the
 * socket server, sign-in) needs before any module runs. It reads the user, agent and shop tables
 * of those modules, and auth's sign-in sessions, on purpose: the HTTP layer cannot depend on feature
 * code, and these few joins are the platform's, not a module's.
 */
export type UserRow = typeof users.$inferSelect;
export type AgentRow = typeof agents.$inferSelect;
export type ShopRow = typeof shops.$inferSelect;

/** An active agent of a shop, with that shop. */
export interface MembershipRow {
  agent: AgentRow;
  shop: ShopRow;
}

/** The caller's session, joined so that a revoked or unknown sign-in finds no user at all. */
function openSession(session: SessionRef) {
  return and(
    eq(authSessions.id, session.sessionId),
    eq(authSessions.userId, users.id),
    isNull(authSessions.revokedAt),
  );
}

/** The signed-in user, or null when the user is gone or that sign-in was revoked. */
export async function findSessionUser(db: Executor, session: SessionRef): Promise<UserRow | null> {
  // Every request not naming a shop, and every session refetch, starts here: kept prepared.
  const [row] = await runPrepared(
    db
      .select({ user: users })
      .from(users)
      .innerJoin(authSessions, openSession(session))
      .where(eq(users.id, session.userId))
      .limit(1),
  );
  return row?.user ?? null;
}

export async function findActiveMembership(
  db: Executor,
  userId: string,
  shopId: string,
): Promise<MembershipRow | null> {
  const [row] = await db
    .select({ agent: agents, shop: shops })
    .from(agents)
    .innerJoin(shops, eq(shops.id, agents.shopId))
    .where(and(eq(agents.userId, userId), eq(agents.shopId, shopId), eq(agents.isActive, true)))
    .limit(1);
  return row ?? null;
}

/** The shop a caller acts on when none is named: the first one they joined. */
export async function findFirstActiveMembership(db: Executor, userId: string): Promise<MembershipRow | null> {
  const [row] = await db
    .select({ agent: agents, shop: shops })
    .from(agents)
    .innerJoin(shops, eq(shops.id, agents.shopId))
    .where(and(eq(agents.userId, userId), eq(agents.isActive, true)))
    .orderBy(asc(agents.createdAt), asc(agents.id))
    .limit(1);
  return row ?? null;
}

export async function findMembershipsOfUser(db: Executor, userId: string): Promise<MembershipRow[]> {
  return db
    .select({ agent: agents, shop: shops })
    .from(agents)
    .innerJoin(shops, eq(shops.id, agents.shopId))
    .where(and(eq(agents.userId, userId), eq(agents.isActive, true)))
    .orderBy(asc(agents.createdAt), asc(agents.id));
}

/**
 * The signed-in caller (null when that sign-in was revoked) and, when they are an active agent of
 * `shopId`, that membership: one round trip for the lookups every shop-scoped request starts with.
 */
export async function findSessionUserWithMembership(
  db: Executor,
  session: SessionRef,
  shopId: string,
): Promise<{ user: UserRow | null; membership: MembershipRow | null }> {
  // Every request naming a shop starts here: built once, kept prepared (see runPrepared).
  const query = builtOnceFor(db, 'sessionUserWithMembership', () =>
    db
      .select({ user: users, agent: agents, shop: shops })
      .from(users)
      .innerJoin(
        authSessions,
        and(
          eq(authSessions.id, sql.placeholder('sessionId')),
          eq(authSessions.userId, users.id),
          isNull(authSessions.revokedAt),
        ),
      )
      .leftJoin(
        agents,
        and(
          eq(agents.userId, users.id),
          eq(agents.shopId, sql.placeholder('shopId')),
          eq(agents.isActive, true),
        ),
      )
      .leftJoin(shops, eq(shops.id, agents.shopId))
      .where(eq(users.id, sql.placeholder('userId')))
      .limit(1)
      .prepare(PREPARED),
  );
  const [row] = await query.execute({ sessionId: session.sessionId, userId: session.userId, shopId });
  if (!row) return { user: null, membership: null };
  return { user: row.user, membership: row.agent && row.shop ? { agent: row.agent, shop: row.shop } : null };
}
