import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Executor } from '@/server/db';
import { verifyAccessToken } from '@/server/auth/access-token';
import { callerCacheState, findCaller, forgetCallers } from '@/server/tenancy/caller-cache';
import { setupApiTestbed } from '../helpers/api-testbed';
import { createShopFixture, type Member } from '../helpers/fixtures';

/*
 * Requests find their caller (user, sign-in, membership, shop) in memory (issue 20: « membership
 * cached with invalidation on role change or deactivation »). What changes those rows is heard at
 * once, even a change made straight in the database, by any code or at a SQL prompt.
 */
const bed = setupApiTestbed();

const team = (shopId: string, member: Member) =>
  bed.server.call('GET', `/api/agent/getAllAgents/${shopId}`, { token: member.token });

/** A write straight to the database, as a person at a SQL prompt (no code of ours told). */
const rawWrite = (db: Executor, statement: ReturnType<typeof sql>) => db.execute(statement);

/**
 * The answer once the change is heard: PostgreSQL's notification comes on a connection of its own,
 * a moment after the commit (PGlite's as the statement ends), so the first tries may precede it.
 */
async function eventually(ask: () => Promise<{ status: number }>, status: number): Promise<number> {
  const until = Date.now() + 2_000;
  let last = await ask();
  while (last.status !== status && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    last = await ask();
  }
  return last.status;
}

describe('callers kept in memory', () => {
  it('serves a caller from memory once the database confirmed them', async () => {
    const shop = await createShopFixture(bed.database.db, 'Cache Serve');
    const supervisor = shop.members.supervisor;
    expect((await team(shop.shop.id, supervisor)).status).toBe(200);
    expect(callerCacheState()).toMatchObject({ listening: true });
    expect(callerCacheState().size).toBeGreaterThan(0);

    // A change no trigger reports (triggers off for this transaction) is not seen: the answer
    // comes from memory, not from the database.
    await bed.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`update agents set role = 'cashier' where shop_id = ${shop.shop.id} and user_id = ${supervisor.user.id}`,
      );
    });
    expect((await team(shop.shop.id, supervisor)).status).toBe(200);

    // Forgotten, it is read again: the cashier may not see the team.
    forgetCallers({ shopId: shop.shop.id, userId: supervisor.user.id });
    expect((await team(shop.shop.id, supervisor)).status).toBe(403);
  });

  it('hears a role changed straight in the database', async () => {
    const shop = await createShopFixture(bed.database.db, 'Cache Role');
    const supervisor = shop.members.supervisor;
    expect((await team(shop.shop.id, supervisor)).status).toBe(200);
    await rawWrite(
      bed.database.db,
      sql`update agents set role = 'seller' where shop_id = ${shop.shop.id} and user_id = ${supervisor.user.id}`,
    );
    expect(await eventually(() => team(shop.shop.id, supervisor), 403)).toBe(403);
  });

  it('hears a deactivation, a blocked shop and a revoked sign-in made straight in the database', async () => {
    const shop = await createShopFixture(bed.database.db, 'Cache Access');
    const { admin, supervisor, seller } = shop.members;
    for (const member of [admin, supervisor]) expect((await team(shop.shop.id, member)).status).toBe(200);
    const orders = () =>
      bed.server.call('GET', `/api/order/list?shopId=${shop.shop.id}`, { token: seller.token });
    expect((await orders()).status).toBe(200);

    await rawWrite(
      bed.database.db,
      sql`update agents set is_active = false where shop_id = ${shop.shop.id} and user_id = ${supervisor.user.id}`,
    );
    expect(await eventually(() => team(shop.shop.id, supervisor), 404)).toBe(404);

    const { sessionId } = (await verifyAccessToken(seller.token))!;
    await rawWrite(bed.database.db, sql`update auth_sessions set revoked_at = now() where id = ${sessionId}`);
    expect(await eventually(orders, 401)).toBe(401);

    await rawWrite(bed.database.db, sql`update shops set is_blocked = true where id = ${shop.shop.id}`);
    const blocked = await eventually(() => team(shop.shop.id, admin), 403);
    expect(blocked).toBe(403);
    expect((await team(shop.shop.id, admin)).body).toMatchObject({ error: { code: 'SHOP_BLOCKED' } });
  });

  it('hears a role changed through the API on its very next request', async () => {
    const shop = await createShopFixture(bed.database.db, 'Cache Api');
    const { admin, supervisor } = shop.members;
    expect((await team(shop.shop.id, supervisor)).status).toBe(200);
    const agents = (await team(shop.shop.id, admin)).body as Array<{ _id: string; userId: string }>;
    const agentId = agents.find((a) => a.userId === supervisor.user.id)!._id;
    const changed = await bed.server.call('POST', '/api/agent/updateAgentRole', {
      token: admin.token,
      body: { shopId: shop.shop.id, agentId, role: 'seller' },
    });
    expect(changed.status).toBe(200);
    // No waiting: this server forgot the supervisor as it changed them.
    expect((await team(shop.shop.id, supervisor)).status).toBe(403);
  });

  it('keeps nothing a lookup read before a change it has not seen', async () => {
    const shop = await createShopFixture(bed.database.db, 'Cache Race');
    const session = (await verifyAccessToken(shop.members.seller.token))!;
    forgetCallers({});
    // The lookup is under way when the change is heard: what it read may be the old row.
    const lookup = findCaller(bed.database.db, session, shop.shop.id);
    forgetCallers({ shopId: shop.shop.id });
    expect((await lookup).membership?.agent.role).toBe('seller');
    expect(callerCacheState().size).toBe(0);
    // The next lookup, after the change, is kept.
    await findCaller(bed.database.db, session, shop.shop.id);
    expect(callerCacheState().size).toBe(1);
  });
});
