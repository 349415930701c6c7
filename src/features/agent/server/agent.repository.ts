import { and, asc, eq, sql } from 'drizzle-orm';
import { runPrepared, type Executor } from '@/server/db';
import { agents } from '@/server/db/schema/agent';
import { shops } from '@/server/db/schema/shop';
import { users } from '@/server/db/schema/user';
import { newId } from '@/server/ids';
import type { ShopRow } from '@/features/shop/server/shop.repository';

export type AgentRow = typeof agents.$inferSelect;
export interface MembershipRow {
  agent: AgentRow;
  shop: ShopRow;
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

export async function findAgentsOfShop(db: Executor, shopId: string): Promise<AgentRow[]> {
  return db
    .select()
    .from(agents)
    .where(eq(agents.shopId, shopId))
    .orderBy(asc(agents.createdAt), asc(agents.id));
}

export async function countActiveAgents(db: Executor, shopId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(agents)
    .where(and(eq(agents.shopId, shopId), eq(agents.isActive, true)));
  return Number(row?.n ?? 0);
}

export async function insertAgent(
  db: Executor,
  values: Pick<AgentRow, 'shopId' | 'userId' | 'role' | 'phone' | 'firstName' | 'lastName'> &
    Partial<Pick<AgentRow, 'email' | 'profilePictureUrl' | 'isActive'>>,
): Promise<AgentRow> {
  const [row] = await db
    .insert(agents)
    .values({ id: newId(), ...values })
    .returning();
  return row!;
}

export async function updateAgentProfile(
  db: Executor,
  agentId: string,
  values: { firstName: string; lastName: string; email?: string | null },
): Promise<AgentRow> {
  const [row] = await db.update(agents).set(values).where(eq(agents.id, agentId)).returning();
  return row!;
}

export async function setAgentProfilePicture(db: Executor, agentId: string, url: string): Promise<AgentRow> {
  const [row] = await db
    .update(agents)
    .set({ profilePictureUrl: url })
    .where(eq(agents.id, agentId))
    .returning();
  return row!;
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
