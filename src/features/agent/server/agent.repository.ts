import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { agents } from '@/server/db/schema/agent';
import { newId } from '@/server/ids';
import { forgetCallers } from '@/server/tenancy/caller-cache';

export type AgentRow = typeof agents.$inferSelect;

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

/** Someone besides `userId` (the owner) was ever added to the shop's team, active or not since. */
export async function hasOtherAgents(db: Executor, shopId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.shopId, shopId), ne(agents.userId, userId)))
    .limit(1);
  return !!row;
}

/** Active agents of each shop named (a shop with none is absent). */
export async function countActiveAgentsOfShops(
  db: Executor,
  shopIds: string[],
): Promise<Map<string, number>> {
  if (!shopIds.length) return new Map();
  const rows = await db
    .select({ shopId: agents.shopId, n: sql<number>`count(*)::int` })
    .from(agents)
    .where(and(inArray(agents.shopId, shopIds), eq(agents.isActive, true)))
    .groupBy(agents.shopId);
  return new Map(rows.map((r) => [r.shopId, Number(r.n)]));
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
  forgetCallers({ shopId: row!.shopId, userId: row!.userId });
  return row!;
}

export async function setAgentProfilePicture(db: Executor, agentId: string, url: string): Promise<AgentRow> {
  const [row] = await db
    .update(agents)
    .set({ profilePictureUrl: url })
    .where(eq(agents.id, agentId))
    .returning();
  forgetCallers({ shopId: row!.shopId, userId: row!.userId });
  return row!;
}
