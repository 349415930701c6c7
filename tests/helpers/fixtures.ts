import { randomInt } from 'node:crypto';
import type { Database } from '@/server/db';
import { signAccessToken } from '@/server/auth/access-token';
import { openSession } from '@/features/auth/server/open-session';
import { insertUser, type UserRow } from '@/features/user/server/user.repository';
import { insertAgent } from '@/features/agent/server/agent.repository';
import { createShopWithOwner } from '@/features/shop/server/create-shop';
import { updateShop, type ShopRow } from '@/features/shop/server/shop.repository';
import { AGENT_ROLES, type AgentRole } from '@/shared/roles';

export interface Member {
  user: UserRow;
  token: string;
}

export interface ShopFixture {
  shop: ShopRow;
  members: Record<AgentRole, Member>;
}

/** A valid Senegalese mobile number no other fixture uses. */
export function uniquePhone(): string {
  return `+22177${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
}

/** An access token as a sign-in hands it out: through a session of its own (auth_sessions). */
export async function signedInToken(db: Database, userId: string): Promise<string> {
  const sessionId = await openSession(db, userId);
  return (await signAccessToken({ userId, sessionId })).token;
}

/**
 * Inserts a user under a fresh random number. The API suites share one PostgreSQL database across
 * their files, and thousands of fixture users drawn from ten million numbers do meet now and then
 * (the birthday problem): a taken number is drawn again rather than failing the test.
 */
async function insertUserWithFreshPhone(
  db: Database,
  values: Omit<Parameters<typeof insertUser>[1], 'phone'>,
): Promise<UserRow> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await insertUser(db, { ...values, phone: uniquePhone() });
    } catch (error) {
      if (attempt >= 5 || !isPhoneTaken(error)) throw error;
    }
  }
}

function isPhoneTaken(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

export async function createUser(db: Database, firstName = 'Test'): Promise<Member> {
  const user = await insertUserWithFreshPhone(db, { firstName, lastName: 'Utilisateur' });
  return { user, token: await signedInToken(db, user.id) };
}

/** A platform operator (the console's user), signed in. */
export async function createOperator(db: Database): Promise<Member> {
  const user = await insertUserWithFreshPhone(db, {
    firstName: 'Opératrice',
    lastName: 'Plateforme',
    isPlatformOperator: true,
  });
  return { user, token: await signedInToken(db, user.id) };
}

/** A shop with one agent per role; the admin is its owner. */
export async function createShopFixture(db: Database, name = 'Boutique Test'): Promise<ShopFixture> {
  const owner = await createUser(db, 'Admin');
  const { shop } = await createShopWithOwner(db, { owner: owner.user, name, country: 'SN', currency: 'XOF' });
  const members = { admin: owner } as Record<AgentRole, Member>;
  for (const role of AGENT_ROLES.filter((r) => r !== 'admin')) {
    const member = await createUser(db, role);
    await insertAgent(db, {
      shopId: shop.id,
      userId: member.user.id,
      role,
      phone: member.user.phone,
      firstName: role,
      lastName: 'Agent',
    });
    members[role] = member;
  }
  return { shop, members };
}

/** As the console's « Bloquer » does (through the repository: this server hears it at once). */
export async function blockShop(db: Database, shopId: string, isBlocked = true): Promise<void> {
  await updateShop(db, shopId, { isBlocked });
}
