import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { posOps } from '@/server/db/schema/pos';
import type { OpResult } from '../pos.schemas';

/** What an op already applied made (its log row), or null: sync answers replays with it, and a sale or refund finds the client or sale an earlier op made. */
export async function findOpResult(db: Executor, shopId: string, opId: string) {
  const [row] = await db
    .select({ result: posOps.result })
    .from(posOps)
    .where(and(eq(posOps.shopId, shopId), eq(posOps.id, opId)));
  return (row?.result as Omit<OpResult, 'id'> | undefined) ?? null;
}
