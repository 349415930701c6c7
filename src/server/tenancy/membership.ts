import { and, asc, eq } from 'drizzle-orm';
import { runPrepared, type Executor } from '@/server/db';
import { agents } from '@/server/db/schema/agent';
import { shops } from '@/server/db/schema/shop';
import { users } from '@/server/db/schema/user';

/**
 * Tenancy: who the caller is and which shop they act in, as every request (the route wrapper, the
 * socket server, sign-in) needs before any module runs. It reads the user, agent and shop tables
 * of those modules on purpose: the HTTP layer cannot depend on feature code, and these few joins
 * are the platform's, not a module's.
 */
export type UserRow = typeof users.$inferSelect;
export type AgentRow = typeof agents.$inferSelect;
export type ShopRow = typeof shops.$inferSelect;

/** An active agent of a shop, with that shop. */
export interface MembershipRow {
  agent: AgentRow;
  shop: ShopRow;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
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
 * The caller and, when they are an active agent of `shopId`, that membership: one round trip for
 * the two lookups every shop-scoped request starts with.
 */
export async function findUserWithMembership(
  db: Executor,
  userId: string,
  shopId: string,
): Promise<{ user: typeof users.$inferSelect | null; membership: MembershipRow | null }> {
  // Every request naming a shop starts here: kept prepared (see runPrepared).
  const [row] = await runPrepared(
    db
      .select({ user: users, agent: agents, shop: shops })
      .from(users)
      .leftJoin(
        agents,
        and(eq(agents.userId, users.id), eq(agents.shopId, shopId), eq(agents.isActive, true)),
      )
      .leftJoin(shops, eq(shops.id, agents.shopId))
      .where(eq(users.id, userId))
      .limit(1),
  );
  if (!row) return { user: null, membership: null };
  return { user: row.user, membership: row.agent && row.shop ? { agent: row.agent, shop: row.shop } : null };
}
