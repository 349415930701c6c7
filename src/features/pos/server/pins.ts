import { pbkdf2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { agentPins } from '@/server/db/schema/pos';
import { can } from '@/shared/permissions';
import type { AgentRole } from '@/shared/roles';
import { findAgentsOfShop } from '@/features/agent/server/agent.repository';

const derive = promisify(pbkdf2);
/**
 * Stretched so that a till's copy of the hashes (kept for checks without network) is slow to try
 * against every PIN; low enough that a tablet checks one PIN in well under a second.
 */
export const PIN_ITERATIONS = 150_000;

async function hashPin(pin: string, salt: string, iterations: number): Promise<string> {
  return (await derive(pin, Buffer.from(salt, 'hex'), iterations, 32, 'sha256')).toString('hex');
}

export async function setAgentPin(db: Executor, agent: { id: string; shopId: string }, pin: string) {
  const salt = randomBytes(16).toString('hex');
  const values = { salt, hash: await hashPin(pin, salt, PIN_ITERATIONS), iterations: PIN_ITERATIONS };
  await db
    .insert(agentPins)
    .values({ agentId: agent.id, shopId: agent.shopId, ...values })
    .onConflictDoUpdate({ target: agentPins.agentId, set: { ...values, updatedAt: new Date() } });
}

/** The active admins and supervisors of the shop who have a PIN: whoever may approve at the till. */
export async function findApprovers(db: Executor, shopId: string) {
  const [pins, agents] = await Promise.all([
    db.select().from(agentPins).where(eq(agentPins.shopId, shopId)),
    findAgentsOfShop(db, shopId),
  ]);
  const byId = new Map(agents.map((agent) => [agent.id, agent]));
  return pins.flatMap((pin) => {
    const agent = byId.get(pin.agentId);
    return agent?.isActive && can(agent.role as AgentRole, 'pos:approve') ? [{ agent, pin }] : [];
  });
}

/** Whose PIN this is among the shop's approvers (their user id), or null. */
export async function approverOfPin(db: Executor, shopId: string, pin: string): Promise<string | null> {
  for (const { agent, pin: stored } of await findApprovers(db, shopId)) {
    const hash = Buffer.from(await hashPin(pin, stored.salt, stored.iterations), 'hex');
    const expected = Buffer.from(stored.hash, 'hex');
    if (hash.length === expected.length && timingSafeEqual(hash, expected)) return agent.userId;
  }
  return null;
}
