import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { agents, shops } from '@/server/db/schema';
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
